// The settings' values as the runtime takes them, through the field table
// (settings/detail/field_table.hpp): the runtime's spelling of a value, the value of
// a runtime integer, a setting's default. Their names: settings/reflection.hpp.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "npu/memory_config/enums.hpp"
#include "npu/memory_config/settings/detail/field_table.hpp"
#include "npu/memory_config/settings/reflection.hpp"
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

NPU_MEMORY_CONFIG_NAMESPACE_END
