// How every option form is written from the target table: which fields a
// form states, and with which value.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "npu/memory_config/settings/config.hpp"
#include "npu/memory_config/settings/detail/target_table.hpp"
#include "npu/memory_config/settings/reflection.hpp"
#include "npu/memory_config/validation/detail/config_values.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

// `visit(field, key, value)` for each field of `target`'s form in `scope`
// (GeScope::none: outside GE's scopes) that holds a value; for an unset
// field whose target does not default to unset (MindSpore's policy), with
// nullopt: the form states it as "", which the engine reads as unset. A
// config with a code no table has gives nothing: a writer never leaves one
// field out and writes the rest (validate() says which field).
template <class Visit>
constexpr void for_each_stated(TargetRuntime target, GeScope scope, const MemoryConfig& config, Visit visit) {
  if (!holds_table_values(config)) return;
  const TargetInfo& row = target_info(target);
  for (std::size_t index = 0; index < field_count; ++index) {
    const TargetField& carried = row.fields[index];
    const bool in_form = scope == GeScope::none ? carried.scope == GeScope::none : in_scope(carried.scope, scope);
    if (carried.carriage != Carriage::option || !in_form) continue;
    const FieldInfo& field = fields[index];
    if (const ValueInfo* value = field_value(config, field.field)) {
      visit(field, carried.key, value);
    } else if (carried.code) {  // unset: field_value is nullptr only for that once the codes are checked
      visit(field, carried.key, static_cast<const ValueInfo*>(nullptr));
    }
  }
}

// A string-valued form: each key with its runtime text, sorted by key.
[[nodiscard]] inline std::map<std::string, std::string> option_entries(TargetRuntime target, GeScope scope,
                                                                       const MemoryConfig& config) {
  std::map<std::string, std::string> options;
  for_each_stated(target, scope, config,
                  [&options](const FieldInfo& /*field*/, std::string_view key, const ValueInfo* value) {
                    options.emplace(key, value ? value->runtime_text : std::string_view());
                  });
  return options;
}

// MindSpore's ascend_config: its own keys (atomic_clean_policy, an integer
// there), and ge_options by level. It states every field, an unset policy as
// "", because MindSpore's own defaults differ from the engine's.
struct MindSporeAscendConfig {
  std::map<std::string, std::string>
      top_level;  // ascend_config's own keys; an integer field's value is the integer's decimal text
  std::map<std::string, std::string> ge_global;   // ascend_config["ge_options"]["global"]
  std::map<std::string, std::string> ge_session;  // ascend_config["ge_options"]["session"]
};

[[nodiscard]] inline MindSporeAscendConfig mindspore_ascend_config(const MemoryConfig& config) {
  return {option_entries(TargetRuntime::mindspore, GeScope::none, config),
          option_entries(TargetRuntime::mindspore, GeScope::global, config),
          option_entries(TargetRuntime::mindspore, GeScope::session, config)};
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
