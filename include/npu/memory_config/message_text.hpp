// Text for messages: what the user gave, shown safely. Diagnostics are
// built from these; a launcher can use them for messages of its own.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <string>
#include <string_view>

#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

// Message text from pieces. One helper instead of chains of operator+, whose
// template instantiations would make every includer compile slower.
[[nodiscard]] inline std::string concat(std::initializer_list<std::string_view> pieces) {
  std::size_t size = 0;
  for (std::string_view piece : pieces) size += piece.size();
  std::string text;
  text.reserve(size);
  for (std::string_view piece : pieces) text.append(piece.data(), piece.size());
  return text;
}

inline constexpr char hex_digits[] = "0123456789abcdef";

}  // namespace detail

// `text` with control characters escaped (\x0a), so that a message stays one
// line whatever file name, flag or key the user gave.
[[nodiscard]] inline std::string single_line(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte == 0x7f) {
      out.append("\\x").push_back(detail::hex_digits[byte >> 4]);
      out.push_back(detail::hex_digits[byte & 0xf]);
    } else {
      out.push_back(c);
    }
  }
  return out;
}

// A value as given, for a message: quoted, with control and non-ASCII bytes
// escaped (input may be invalid UTF-8), and long text cut with its length
// said: "\"MemoryPriorty\"", "\"\\x00\\xff\"", "\"kkkk...\"... (5000 bytes)".
[[nodiscard]] inline std::string quote(std::string_view text) {
  constexpr std::size_t shown = 80;
  std::string out = "\"";
  const std::size_t n = text.size() < shown ? text.size() : shown;
  for (std::size_t i = 0; i < n; ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte == '"' || byte == '\\') {
      out += '\\';
      out += static_cast<char>(byte);
    } else if (byte < 0x20 || byte >= 0x7f) {
      out += "\\x";
      out += detail::hex_digits[byte >> 4];
      out += detail::hex_digits[byte & 0xf];
    } else {
      out += static_cast<char>(byte);
    }
  }
  out += '"';
  if (text.size() > shown) out.append("... (").append(std::to_string(text.size())).append(" bytes)");
  return out;
}

NPU_MEMORY_CONFIG_NAMESPACE_END
