// Text for messages: what a user gave, shown safely. Diagnostics are built
// from these; a launcher can use them for messages of its own.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "npu/memory_config/settings/detail/text.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

// `text` as one line of valid UTF-8: control characters and bytes that are
// no part of a UTF-8 character are shown as \xNN ("\x0a", "\xff"), so that a
// message stays one printable line whatever file name, flag or key it holds.
[[nodiscard]] inline std::string single_line(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const auto byte = static_cast<unsigned char>(text[i]);
    const std::size_t length = detail::utf8_sequence_length(text, i);
    if (length == 0 || byte < 0x20 || byte == 0x7f) {
      detail::append_hex_escape(out, byte);
      ++i;
    } else {
      out.append(text, i, length);
      i += length;
    }
  }
  return out;
}

// How many characters `text` shows: each UTF-8 character counts one, and so
// does each byte that is no part of one.
[[nodiscard]] constexpr std::size_t character_count(std::string_view text) noexcept {
  std::size_t count = 0;
  for (std::size_t i = 0; i < text.size(); ++count) {
    const std::size_t length = detail::utf8_sequence_length(text, i);
    i += length == 0 ? 1 : length;
  }
  return count;
}

// A value as given, for a message: quoted, `"` and `\` escaped, the rest as
// given, so that "１" or a Chinese comment reads as written; long text cut
// (at a character) with its length said: "\"MemoryPriorty\"",
// "\"kkkk...\"... (5000 bytes)". Control characters and bytes that are not
// UTF-8 stay raw: to_string() shows them as \xNN, JSON writers as JSON
// escapes and U+FFFD.
[[nodiscard]] inline std::string quote(std::string_view text) {
  constexpr std::size_t shown = 80;
  std::size_t cut = 0;
  while (cut < text.size()) {
    const std::size_t length = detail::utf8_sequence_length(text, cut);
    const std::size_t next = cut + (length == 0 ? 1 : length);
    if (next > shown) break;
    cut = next;
  }
  std::string out = "\"";
  for (const char c : text.substr(0, cut)) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  out += '"';
  if (cut < text.size()) out.append("... (").append(std::to_string(text.size())).append(" bytes)");
  return out;
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
