// How every option form is written from the target table: which fields a
// form states, in the order of its keys.
#pragma once

#include <cstddef>
#include <string_view>

#include "npu/memory_config/config.hpp"
#include "npu/memory_config/option_list.hpp"
#include "npu/memory_config/targets.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

// The fields a form states, as indexes into `fields`.
struct FieldOrder {
  std::size_t index[field_count]{};
  std::size_t size = 0;

  [[nodiscard]] constexpr const std::size_t* begin() const noexcept { return index; }
  [[nodiscard]] constexpr const std::size_t* end() const noexcept { return index + size; }
};

// The fields `row` carries by a key in `scope` (GeScope::none: outside GE's
// scopes), sorted by that key, so that every form comes out sorted.
[[nodiscard]] constexpr FieldOrder fields_sorted_by(const TargetInfo& row, GeScope scope) noexcept {
  FieldOrder order;
  for (std::size_t i = 0; i < field_count; ++i) {
    const TargetField& carried = row.fields[i];
    const bool in_form = scope == GeScope::none ? carried.scope == GeScope::none : in_scope(carried.scope, scope);
    if (carried.carriage != Carriage::option || !in_form) continue;
    std::size_t at = order.size++;
    for (; at > 0 && carried.key < row.fields[order.index[at - 1]].key; --at) order.index[at] = order.index[at - 1];
    order.index[at] = i;
  }
  return order;
}

// How a form states an unset field whose target does not default to unset
// (MindSpore's policy): the runtime text "", which the engine reads as unset.
inline constexpr ValueInfo stated_unset{unset_code, {}, {}, {}, false};

// `item(field, key, value)` for each field of `target`'s form in `scope`
// that holds a value, in the form's order; for an unset field whose target
// default is not unset, with `stated_unset`. A config with a code no table
// has gives nothing: a writer never leaves one field out and writes the
// rest (check_writable() says which field).
template <class T, class MakeItem>
[[nodiscard]] constexpr FixedList<T, field_count> emitted_list(TargetRuntime target, GeScope scope,
                                                               const MemoryConfig& config, MakeItem item) noexcept {
  const TargetInfo& row = target_info(target);
  FixedList<T, field_count> list;
  if (!holds_table_values(config)) return list;
  for (const std::size_t index : fields_sorted_by(row, scope)) {
    const FieldInfo& field = fields[index];
    if (const ValueInfo* value = field_value(config, field.field)) {
      list.push_back(item(field, row.fields[index].key, *value));
    } else if (field_code(config, field.field) < 0 && row.fields[index].code != unset_code) {
      list.push_back(item(field, row.fields[index].key, stated_unset));
    }
  }
  return list;
}

// A string-valued form: each key with its runtime text.
[[nodiscard]] constexpr OptionList<field_count> option_entries(TargetRuntime target, GeScope scope,
                                                               const MemoryConfig& config) noexcept {
  return emitted_list<OptionEntry>(target, scope, config,
                                   [](const FieldInfo& /*field*/, std::string_view key, const ValueInfo& value) {
                                     return OptionEntry{key, value.runtime_text};
                                   });
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
