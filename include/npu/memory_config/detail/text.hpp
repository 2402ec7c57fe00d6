// Small text helpers shared by the parsers: canonical decimals, bounded edit
// distance for "did you mean", and quoting of values for messages.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

namespace npu::detail {

struct Decimal {
  bool valid = false;
  std::uint64_t value = 0;
};

// The canonical decimal spelling only: "0", "12"; not "", "+1", "01", " 1".
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

[[nodiscard]] constexpr char ascii_lower(char c) noexcept {
  return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

inline constexpr std::size_t max_suggestion_length = 64;

// How many edits still count as a near miss of `candidate`: one typo for
// short names, up to three for long dotted keys ("ge.exec.staticMemPolicy").
[[nodiscard]] constexpr std::size_t near_miss_budget(std::size_t candidate_length) noexcept {
  if (candidate_length < 3) return 0;
  const std::size_t budget = candidate_length / 8;
  return budget < 1 ? 1 : (budget > 3 ? 3 : budget);
}

// Case-insensitive optimal-string-alignment distance (a transposition is one
// edit), or `limit + 1` as soon as it is certain to exceed `limit`. No heap.
[[nodiscard]] constexpr std::size_t bounded_edit_distance(std::string_view a, std::string_view b,
                                                          std::size_t limit) noexcept {
  const std::size_t over = limit + 1;
  if (a.size() > b.size() + limit || b.size() > a.size() + limit) return over;
  if (a.size() > max_suggestion_length || b.size() > max_suggestion_length) return over;
  std::size_t rows[3][max_suggestion_length + 1] = {};
  std::size_t* before = rows[0];
  std::size_t* previous = rows[1];
  std::size_t* current = rows[2];
  for (std::size_t j = 0; j <= b.size(); ++j) previous[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    current[0] = i;
    std::size_t row_minimum = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const bool same = ascii_lower(a[i - 1]) == ascii_lower(b[j - 1]);
      std::size_t best = previous[j - 1] + (same ? 0 : 1);
      if (previous[j] + 1 < best) best = previous[j] + 1;
      if (current[j - 1] + 1 < best) best = current[j - 1] + 1;
      if (i > 1 && j > 1 && ascii_lower(a[i - 1]) == ascii_lower(b[j - 2]) &&
          ascii_lower(a[i - 2]) == ascii_lower(b[j - 1]) && before[j - 2] + 1 < best) {
        best = before[j - 2] + 1;
      }
      current[j] = best;
      if (best < row_minimum) row_minimum = best;
    }
    if (row_minimum > limit) return over;
    std::size_t* recycled = before;
    before = previous;
    previous = current;
    current = recycled;
  }
  return previous[b.size()] > limit ? over : previous[b.size()];
}

// The set of (case-folded) characters in a text, folded onto 64 bits. One edit
// changes at most two bits of it, so masks that differ in more than twice
// the budget rule a pair out before any edit distance is computed: that
// keeps near-miss detection cheap on maps full of unrelated keys.
[[nodiscard]] constexpr std::uint64_t char_mask(std::string_view text) noexcept {
  std::uint64_t mask = 0;
  for (char c : text) mask |= std::uint64_t{1} << (static_cast<unsigned char>(ascii_lower(c)) % 64);
  return mask;
}

[[nodiscard]] constexpr int popcount64(std::uint64_t bits) noexcept {
  int count = 0;
  for (; bits != 0; bits &= bits - 1) ++count;
  return count;
}

// `given_mask` is char_mask(given), computed once per given text.
[[nodiscard]] constexpr bool is_near_miss(std::string_view given, std::uint64_t given_mask,
                                          std::string_view candidate) noexcept {
  if (given == candidate) return false;
  const std::size_t budget = near_miss_budget(candidate.size());
  if (budget == 0) return false;
  if (given.size() > candidate.size() + budget || candidate.size() > given.size() + budget) return false;
  if (static_cast<std::size_t>(popcount64(given_mask ^ char_mask(candidate))) > 2 * budget) return false;
  return bounded_edit_distance(given, candidate, budget) <= budget;
}

[[nodiscard]] constexpr bool is_near_miss(std::string_view given, std::string_view candidate) noexcept {
  return is_near_miss(given, char_mask(given), candidate);
}

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

// A value as given, for a message: quoted, control and non-ASCII bytes
// escaped (input may be invalid UTF-8), long text cut with its length said.
[[nodiscard]] inline std::string quote(std::string_view text) {
  constexpr std::size_t shown = 80;
  constexpr char hex[] = "0123456789abcdef";
  std::string out = "\"";
  const std::size_t n = text.size() < shown ? text.size() : shown;
  for (std::size_t i = 0; i < n; ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte == '"' || byte == '\\') {
      out += '\\';
      out += static_cast<char>(byte);
    } else if (byte < 0x20 || byte >= 0x7f) {
      out += "\\x";
      out += hex[byte >> 4];
      out += hex[byte & 0xf];
    } else {
      out += static_cast<char>(byte);
    }
  }
  out += '"';
  if (text.size() > shown) out.append("... (").append(std::to_string(text.size())).append(" bytes)");
  return out;
}

}  // namespace npu::detail
