// Canonical decimal spellings (spec 2): "0", "12"; not "", "+1", "01", " 1".
#pragma once

#include <cstdint>
#include <string_view>

#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

struct Decimal {
  bool valid = false;
  std::uint64_t value = 0;
};

[[nodiscard]] constexpr Decimal parse_canonical_decimal(std::string_view text) noexcept {
  if (text.empty() || text.size() > 19) return {};  // 19 digits always fit in 64 bits
  if (text.size() > 1 && text[0] == '0') return {};
  std::uint64_t value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return {};
    value = value * 10 + static_cast<std::uint64_t>(c - '0');
  }
  return {true, value};
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
