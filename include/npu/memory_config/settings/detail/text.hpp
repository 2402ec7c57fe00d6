// Text as messages show and compare it: where a valid UTF-8 sequence is, so
// that text shows as a terminal shows it and the rest as \xNN; the distance
// behind "did you mean", in edits that ignore case; lists as sentences
// write them.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

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

[[nodiscard]] constexpr char ascii_lower(char c) noexcept {
  return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

[[nodiscard]] constexpr bool equal_ignoring_case(std::string_view a, std::string_view b) noexcept {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (ascii_lower(a[i]) != ascii_lower(b[i])) return false;
  }
  return true;
}

// The longest name compared: every key and value name of the tables is
// shorter; longer text is never a near miss.
inline constexpr std::size_t max_compared_length = 64;

// Case-insensitive optimal-string-alignment distance (insert, delete,
// substitute, or swap two neighbours, each one edit), or `limit + 1` once it
// is sure to exceed `limit`.
[[nodiscard]] constexpr std::size_t bounded_edit_distance(std::string_view a, std::string_view b,
                                                          std::size_t limit) noexcept {
  if (a.size() > max_compared_length || b.size() > max_compared_length) return limit + 1;
  const auto same = [](char x, char y) { return ascii_lower(x) == ascii_lower(y); };
  while (!a.empty() && !b.empty() && same(a.front(), b.front())) {
    a.remove_prefix(1);
    b.remove_prefix(1);
  }
  while (!a.empty() && !b.empty() && same(a.back(), b.back())) {
    a.remove_suffix(1);
    b.remove_suffix(1);
  }
  const std::size_t length_difference = a.size() > b.size() ? a.size() - b.size() : b.size() - a.size();
  if (length_difference > limit) return limit + 1;
  // Row i holds the distances of a's first i characters to b's first j
  // characters, for every j; it lives in rows[(i + 1) % 3], so that the rows
  // i - 2, i - 1 and i are at hand (a swap looks two rows back).
  std::size_t rows[3][max_compared_length + 1] = {};
  for (std::size_t j = 0; j <= b.size(); ++j) rows[1][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    const std::size_t* before = rows[(i + 2) % 3];
    const std::size_t* previous = rows[i % 3];
    std::size_t* current = rows[(i + 1) % 3];
    current[0] = i;
    std::size_t row_minimum = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      std::size_t best = previous[j - 1] + (same(a[i - 1], b[j - 1]) ? 0 : 1);
      if (previous[j] + 1 < best) best = previous[j] + 1;
      if (current[j - 1] + 1 < best) best = current[j - 1] + 1;
      if (i > 1 && j > 1 && same(a[i - 1], b[j - 2]) && same(a[i - 2], b[j - 1]) && before[j - 2] + 1 < best) {
        best = before[j - 2] + 1;
      }
      current[j] = best;
      if (best < row_minimum) row_minimum = best;
    }
    if (row_minimum > limit) return limit + 1;
  }
  const std::size_t distance = rows[(a.size() + 1) % 3][b.size()];
  return distance > limit ? limit + 1 : distance;
}

// "a", "a or b", "a, b or c": `items` as a sentence lists them, with
// `last_separator` (" or ", " and ", or ", " for none) before the last.
[[nodiscard]] inline std::string joined(const std::vector<std::string>& items, std::string_view last_separator) {
  std::string text;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) text.append(i + 1 == items.size() ? last_separator : std::string_view(", "));
    text.append(items[i]);
  }
  return text;
}

// "did you mean X?", for a suggestion already shown as messages show it
// (quoted, or in brackets).
[[nodiscard]] inline std::string did_you_mean(std::string_view shown) {
  std::string text = "did you mean ";
  return text.append(shown).append("?");
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
