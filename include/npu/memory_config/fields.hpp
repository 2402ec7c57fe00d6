// The settings' values as the runtime takes them, through the field table
// (detail/field_table.hpp): the runtime's spelling of a value, the value of
// a runtime integer, a setting's default. Their names: reflection.hpp.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "npu/memory_config/detail/field_table.hpp"
#include "npu/memory_config/enums.hpp"
#include "npu/memory_config/reflection.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

// The enumerator of the runtime's integer; the legacy alias gives its target.
template <class E>
[[nodiscard]] constexpr std::optional<E> enum_cast(int code) noexcept {
  if (code < 0 || code > 255) return std::nullopt;
  const std::uint8_t canonical = detail::canonical_code(detail::field_of_v<E>, static_cast<std::uint8_t>(code));
  if (detail::value_of(detail::field_of_v<E>, canonical) == nullptr) return std::nullopt;
  return static_cast<E>(canonical);
}

namespace detail {

// What the runtime receives for the value: "3", "MemoryPriority"; empty for
// an integer cast into the enumeration that is none of its values.
template <class E>
[[nodiscard]] constexpr std::string_view runtime_text(E value) noexcept {
  const detail::ValueInfo* info = detail::value_of(detail::field_of_v<E>, static_cast<std::uint8_t>(value));
  return info != nullptr ? info->runtime_text : std::string_view{};
}

// The setting's default (MemoryConfig{} holds every default).
template <class E>
[[nodiscard]] constexpr E default_value() noexcept {
  return static_cast<E>(detail::field_info(detail::field_of_v<E>).default_code);
}

}  // namespace detail

NPU_MEMORY_CONFIG_NAMESPACE_END
