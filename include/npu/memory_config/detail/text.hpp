// Bytes as messages show them: where a valid UTF-8 sequence is, so that
// text can be shown as a terminal shows it, and the rest as \xNN.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

// The length (1 to 4) of the well-formed UTF-8 sequence that starts at
// text[i], or 0 when the bytes there are none (RFC 3629: no overlong forms,
// no surrogates, nothing above U+10FFFF).
[[nodiscard]] constexpr std::size_t utf8_sequence_length(std::string_view text, std::size_t i) noexcept {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  if (lead < 0x80) return 1;
  std::size_t length = 0;
  unsigned char low = 0x80;   // the range of the second byte, which rules out
  unsigned char high = 0xBF;  // overlong forms, surrogates and values too large
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0) low = 0xA0;
    if (lead == 0xED) high = 0x9F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0) low = 0x90;
    if (lead == 0xF4) high = 0x8F;
  } else {
    return 0;
  }
  if (i + length > text.size() || byte(i + 1) < low || byte(i + 1) > high) return 0;
  for (std::size_t k = 2; k < length; ++k) {
    if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return 0;
  }
  return length;
}

// Appends `byte` as \xNN (lower-case hex digits).
inline void append_hex_escape(std::string& out, unsigned char byte) {
  constexpr std::string_view hex = "0123456789abcdef";
  out.append("\\x").append(1, hex[byte >> 4]).append(1, hex[byte & 0xf]);
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
