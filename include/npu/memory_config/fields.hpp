// The settings' names and values, through the field table
// (detail/field_table.hpp): enum_name and enum_cast for every enumeration of
// MemoryConfig and for Field, the runtime's spelling of a value, a setting's
// default.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "npu/memory_config/detail/field_table.hpp"
#include "npu/memory_config/enums.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

// The field's name: "static_memory_policy".
[[nodiscard]] constexpr std::string_view enum_name(Field field) noexcept { return detail::field_info(field).name; }

// (field_of<E>, one per setting, is beside the enumerations in enums.hpp.)
template <class E>
inline constexpr Field field_of_v = field_of<E>::value;

// The enumerator's name ("expand_dynamic_shape"); empty for an integer cast
// into the enumeration that is none of its values.
template <class E>
[[nodiscard]] constexpr std::string_view enum_name(E value) noexcept {
  const detail::ValueInfo* info = detail::value_of(field_of_v<E>, static_cast<std::uint8_t>(value));
  return info != nullptr ? info->name : std::string_view{};
}

// What the runtime receives for the value: "3", "MemoryPriority"; empty for
// an integer cast into the enumeration that is none of its values.
template <class E>
[[nodiscard]] constexpr std::string_view runtime_text(E value) noexcept {
  const detail::ValueInfo* info = detail::value_of(field_of_v<E>, static_cast<std::uint8_t>(value));
  return info != nullptr ? info->runtime_text : std::string_view{};
}

// The enumerator named exactly `name`: no aliases, no case folding.
template <class E>
[[nodiscard]] constexpr std::optional<E> enum_cast(std::string_view name) noexcept {
  const detail::ValueInfo* info = detail::value_named(field_of_v<E>, name);
  if (info == nullptr) return std::nullopt;
  return static_cast<E>(info->code);
}

// The enumerator of the runtime's integer; the legacy alias gives its target.
template <class E>
[[nodiscard]] constexpr std::optional<E> enum_cast(int code) noexcept {
  if (code < 0 || code > 255) return std::nullopt;
  const std::uint8_t canonical = detail::canonical_code(field_of_v<E>, static_cast<std::uint8_t>(code));
  if (detail::value_of(field_of_v<E>, canonical) == nullptr) return std::nullopt;
  return static_cast<E>(canonical);
}

template <class E>
[[nodiscard]] constexpr E default_value() noexcept {
  return static_cast<E>(detail::field_info(field_of_v<E>).default_code);
}

NPU_MEMORY_CONFIG_NAMESPACE_END
