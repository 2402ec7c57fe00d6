// A config's values as rows of the field table: what a field holds, whether
// every field holds a value of its table (an integer cast into an
// enumeration elsewhere holds none), the text the runtime reads for it.
#pragma once

#include <optional>
#include <string_view>

#include "npu/memory_config/enums.hpp"
#include "npu/memory_config/settings/config.hpp"
#include "npu/memory_config/settings/detail/field_table.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

// The table entry of the field's value; nullptr when there is none: the
// field is unset (code() says so), or holds a code that is no value
// (validate() reports that).
[[nodiscard]] constexpr const ValueInfo* field_value(const MemoryConfig& config, Field field) noexcept {
  const std::optional<std::uint8_t> code = config.code(field);
  return code ? value_of(field, *code) : nullptr;
}

// Whether the field is unset or holds a value of its table: false only for
// an integer cast into the enumeration that is none of its values.
[[nodiscard]] constexpr bool holds_table_value(const MemoryConfig& config, Field field) noexcept {
  return !config.code(field) || field_value(config, field) != nullptr;
}

// The serializers' precondition: every field holds a value of its table.
// validate() reports each field that does not; a serializer given such a
// config leaves the field out.
[[nodiscard]] constexpr bool holds_table_values(const MemoryConfig& config) noexcept {
  for (const FieldInfo& field : fields) {
    if (!holds_table_value(config, field.field)) return false;
  }
  return true;
}

// The runtime's spelling of the field's value; empty when unset.
[[nodiscard]] constexpr std::string_view field_runtime_text(const MemoryConfig& config, Field field) noexcept {
  const detail::ValueInfo* value = detail::field_value(config, field);
  return value != nullptr ? value->runtime_text : std::string_view{};
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
