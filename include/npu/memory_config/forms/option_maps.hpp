// What the runtime consumes, as the standard containers it takes: the GE
// global and session options (the maps ge::GEInitialize and ge::Session
// accept), the TF1 NpuOptimizer parameter_map, the TF2 option map,
// MindSpore's ascend_config and the variables a torchair job exports. All
// derived from the target table. A config that holds a code no table has
// (a cast) gives empty maps: validate() names the field.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "npu/memory_config/forms/detail/forms.hpp"
#include "npu/memory_config/settings/config.hpp"
#include "npu/memory_config/settings/detail/form_table.hpp"
#include "npu/memory_config/settings/detail/target_table.hpp"
#include "npu/memory_config/settings/reflection.hpp"
#include "npu/memory_config/validation/detail/config_values.hpp"
#include "npu/memory_config/validation/detail/engine_run.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

struct GeOptions {
  std::map<std::string, std::string> global;   // for ge::GEInitialize
  std::map<std::string, std::string> session;  // for the ge::Session that runs the graphs
};

[[nodiscard]] inline GeOptions ge_options(const MemoryConfig& config) {
  return {detail::option_entries(detail::TargetRuntime::ge, detail::GeScope::global, config),
          detail::option_entries(detail::TargetRuntime::ge, detail::GeScope::session, config)};
}

// A TF1 NpuOptimizer parameter_map: each AttrValue as it holds it, `i` or `s`.
using Tf1ParameterMap = std::map<std::string, std::variant<std::int64_t, std::string>>;

// The TF2 npu_device option map; nullopt when the config sets an option the
// TF2 adapter does not have, or holds a code no table has (never a silent
// drop): validate() with Form::tf2 as target says which.
[[nodiscard]] inline std::optional<std::map<std::string, std::string>> tf2_options(const MemoryConfig& config) {
  if (!detail::holds_table_values(config)) return std::nullopt;
  for (const detail::FieldInfo& field : detail::fields) {
    if (!detail::target_runs_as_asked(config, Form::tf2, field.field)) return std::nullopt;
  }
  return detail::option_entries(detail::TargetRuntime::tf2, detail::GeScope::none, config);
}

// What a job script exports for `config` to run through the runtime of
// `form`: torchair's form is GE_USE_STATIC_MEMORY=3 for static_memory_policy
// 4, and nothing for the 2 it forces; the other forms export nothing.
// validate() with the form as target says what it cannot run.
[[nodiscard]] inline std::map<std::string, std::string> environment_options(const MemoryConfig& config, Form form) {
  std::map<std::string, std::string> variables;
  const std::optional<detail::TargetRuntime> target = detail::target_of(form);
  if (!target) return variables;
  if (const detail::ValueInfo* value = detail::exported_static_memory_env(config, *target)) {
    variables.emplace(detail::target_info(*target).of(Field::static_memory_policy).key, value->runtime_text);
  }
  return variables;
}

NPU_MEMORY_CONFIG_NAMESPACE_END
