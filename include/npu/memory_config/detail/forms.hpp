// How every option form is written from the target table: which fields a
// form states, and with which value.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "npu/memory_config/config.hpp"
#include "npu/memory_config/detail/target_table.hpp"
#include "npu/memory_config/reflection.hpp"
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
      visit(field, carried.key, std::optional<ValueInfo>(*value));
    } else if (carried.code) {  // unset: field_value is nullptr only for that once the codes are checked
      visit(field, carried.key, std::optional<ValueInfo>());
    }
  }
}

// A string-valued form: each key with its runtime text, sorted by key.
[[nodiscard]] inline std::map<std::string, std::string> option_entries(TargetRuntime target, GeScope scope,
                                                                       const MemoryConfig& config) {
  std::map<std::string, std::string> options;
  for_each_stated(target, scope, config,
                  [&options](const FieldInfo& /*field*/, std::string_view key, const std::optional<ValueInfo>& value) {
                    options.emplace(key, value ? value->runtime_text : std::string_view());
                  });
  return options;
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
