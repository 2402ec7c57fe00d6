// What the runtime consumes: the GE global and session options, the TF1
// NpuOptimizer parameter_map, the TF2 option map, MindSpore's ascend_config
// and the variables a torchair job exports. All derived from the target
// table; none allocates. Keys come out sorted. A config that holds a code no
// table has (a cast) gives empty maps: check_writable() names the field.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "npu/memory_config/config.hpp"
#include "npu/memory_config/detail/forms.hpp"
#include "npu/memory_config/effective.hpp"
#include "npu/memory_config/option_list.hpp"
#include "npu/memory_config/targets.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

using OptionMap = OptionList<field_count>;

struct GeOptions {
  OptionMap global;   // for GEInitialize
  OptionMap session;  // for the session that runs the graphs
};

// A TF1 AttrValue as the parameter_map holds it: `i` or `s`.
struct Tf1Value {
  enum class Kind : std::uint8_t { i, s };
  Kind kind = Kind::i;
  std::int64_t i = 0;
  std::string_view s;

  [[nodiscard]] friend constexpr bool operator==(const Tf1Value& a, const Tf1Value& b) noexcept {
    return a.kind == b.kind && (a.kind == Kind::i ? a.i == b.i : a.s == b.s);
  }
};

struct Tf1Parameter {
  std::string_view key;
  Tf1Value value;

  [[nodiscard]] friend constexpr bool operator==(const Tf1Parameter& a, const Tf1Parameter& b) noexcept {
    return a.key == b.key && a.value == b.value;
  }
};

using Tf1ParameterMap = FixedList<Tf1Parameter, field_count>;

[[nodiscard]] constexpr OptionMap ge_global_options(const MemoryConfig& config) noexcept {
  return detail::option_entries(TargetRuntime::ge, GeScope::global, config);
}

[[nodiscard]] constexpr OptionMap ge_session_options(const MemoryConfig& config) noexcept {
  return detail::option_entries(TargetRuntime::ge, GeScope::session, config);
}

[[nodiscard]] constexpr GeOptions ge_options(const MemoryConfig& config) noexcept {
  return {ge_global_options(config), ge_session_options(config)};
}

[[nodiscard]] constexpr Tf1ParameterMap tf1_parameter_map(const MemoryConfig& config) noexcept {
  return detail::emitted_list<Tf1Parameter>(
      TargetRuntime::tf1, GeScope::none, config,
      [](const FieldInfo& field, std::string_view key, const ValueInfo& value) {
        return Tf1Parameter{key, field.integer_valued ? Tf1Value{Tf1Value::Kind::i, value.code, {}}
                                                      : Tf1Value{Tf1Value::Kind::s, 0, value.runtime_text}};
      });
}

// The TF2 npu_device option map; nullopt when the config sets an option the
// TF2 adapter does not have, or holds a code no table has (never a silent
// drop): validate() with TargetRuntime::tf2 says which.
[[nodiscard]] constexpr std::optional<OptionMap> tf2_options(const MemoryConfig& config) noexcept {
  if (!holds_table_values(config)) return std::nullopt;
  for (const FieldInfo& field : fields) {
    if (!target_runs_as_asked(config, TargetRuntime::tf2, field.field)) return std::nullopt;
  }
  return detail::option_entries(TargetRuntime::tf2, GeScope::none, config);
}

// MindSpore's ascend_config: its own keys (atomic_clean_policy, an integer
// there), and ge_options by level. It states every field, an unset policy as
// "", because MindSpore's own defaults differ from the engine's.
struct MindSporeAscendConfig {
  OptionMap top_level;   // ascend_config's own keys; an integer field's value is the integer's decimal text
  GeOptions ge_options;  // ascend_config["ge_options"]: {"global": ..., "session": ...}
};

[[nodiscard]] constexpr MindSporeAscendConfig mindspore_ascend_config(const MemoryConfig& config) noexcept {
  return {detail::option_entries(TargetRuntime::mindspore, GeScope::none, config),
          {detail::option_entries(TargetRuntime::mindspore, GeScope::global, config),
           detail::option_entries(TargetRuntime::mindspore, GeScope::session, config)}};
}

// What a job script exports for `config` to run through `target`: torchair's
// form is GE_USE_STATIC_MEMORY=3 for static_memory_policy 4, and nothing for
// the 2 it forces; the other targets export nothing. validate() with the
// target says what it cannot run.
[[nodiscard]] constexpr OptionMap environment_options(const MemoryConfig& config, TargetRuntime target) noexcept {
  OptionMap variables;
  if (const ValueInfo* value = exported_static_memory_env(config, target)) {
    variables.push_back({target_info(target).of(Field::static_memory_policy).key, value->runtime_text});
  }
  return variables;
}

NPU_MEMORY_CONFIG_NAMESPACE_END
