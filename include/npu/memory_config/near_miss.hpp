// "Did you mean": whether a text is a near miss of a name (a typo, a case
// slip, a few letters dropped from a long dotted key). Readers use it for
// keys and values; a launcher can use it for its own flags.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

[[nodiscard]] constexpr char ascii_lower(char c) noexcept {
  return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

// How many edits still count as a near miss of a candidate of this length:
// one typo for short names, up to three for long dotted keys
// ("ge.exec.staticMemPolicy" for "ge.exec.staticMemoryPolicy").
inline constexpr std::size_t max_near_miss_edits = 3;

[[nodiscard]] constexpr std::size_t near_miss_budget(std::size_t candidate_length) noexcept {
  if (candidate_length < 3) return 0;
  const std::size_t budget = candidate_length / 8;
  return budget < 1 ? 1 : (budget > max_near_miss_edits ? max_near_miss_edits : budget);
}

// The longest name compared against (a key or a value name of the tables).
inline constexpr std::size_t max_compared_length = 64;

// Case-insensitive optimal-string-alignment distance (a transposition is one
// edit), or `limit + 1` as soon as it is certain to exceed `limit` (at most
// max_near_miss_edits). A common prefix and suffix cost nothing and are
// skipped; of the rest only the diagonal band |i - j| <= limit is computed,
// on the stack. Option maps are mostly unrelated keys, and this gives up on
// each of them after a few characters.
[[nodiscard]] constexpr std::size_t bounded_edit_distance(std::string_view a, std::string_view b,
                                                          std::size_t limit) noexcept {
  if (limit > max_near_miss_edits) limit = max_near_miss_edits;
  const std::size_t over = limit + 1;
  while (!a.empty() && !b.empty() && ascii_lower(a.front()) == ascii_lower(b.front())) {
    a.remove_prefix(1);
    b.remove_prefix(1);
  }
  while (!a.empty() && !b.empty() && ascii_lower(a.back()) == ascii_lower(b.back())) {
    a.remove_suffix(1);
    b.remove_suffix(1);
  }
  if (a.size() > b.size() + limit || b.size() > a.size() + limit) return over;
  if (a.empty() || b.empty()) return a.size() + b.size();
  if (b.size() > max_compared_length) return over;
  char lower_b[max_compared_length] = {};
  for (std::size_t j = 0; j < b.size(); ++j) lower_b[j] = ascii_lower(b[j]);

  constexpr std::size_t band = 2 * max_near_miss_edits + 1;
  const std::size_t width = 2 * limit + 1;
  // rows[r][d] is the distance of a[0, i) and b[0, j) with j = i + d - limit.
  std::size_t rows[3][band] = {};
  std::size_t* before = rows[0];
  std::size_t* previous = rows[1];
  std::size_t* current = rows[2];
  for (std::size_t d = 0; d < width; ++d) previous[d] = (d >= limit && d - limit <= b.size()) ? d - limit : over;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    const char ai = ascii_lower(a[i - 1]);
    const char ai_before = i > 1 ? ascii_lower(a[i - 2]) : '\0';
    std::size_t row_minimum = over;
    for (std::size_t d = 0; d < width; ++d) {
      if (i + d < limit || i + d - limit > b.size()) {  // j outside 0..b.size()
        current[d] = over;
        continue;
      }
      const std::size_t j = i + d - limit;
      std::size_t best = i;  // j == 0: delete all of a[0, i)
      if (j > 0) {
        best = previous[d] + (ai == lower_b[j - 1] ? 0 : 1);
        if (d + 1 < width && previous[d + 1] + 1 < best) best = previous[d + 1] + 1;
        if (d > 0 && current[d - 1] + 1 < best) best = current[d - 1] + 1;
        if (i > 1 && j > 1 && ai == lower_b[j - 2] && ai_before == lower_b[j - 1] && before[d] + 1 < best) {
          best = before[d] + 1;
        }
      }
      current[d] = best < over ? best : over;
      if (current[d] < row_minimum) row_minimum = current[d];
    }
    if (row_minimum > limit) return over;
    std::size_t* recycled = before;
    before = previous;
    previous = current;
    current = recycled;
  }
  return previous[b.size() + limit - a.size()];
}

// The kinds of characters a text has, one bit each: every letter (either
// case), digits, '.', '_', '-', and anything else.
[[nodiscard]] constexpr std::uint32_t character_kinds(std::string_view text) noexcept {
  std::uint32_t kinds = 0;
  for (char c : text) {
    const char lower = ascii_lower(c);
    unsigned kind = 30;
    if (lower >= 'a' && lower <= 'z') kind = static_cast<unsigned>(lower - 'a');
    if (lower >= '0' && lower <= '9') kind = 26;
    if (lower == '.') kind = 27;
    if (lower == '_') kind = 28;
    if (lower == '-') kind = 29;
    kinds |= std::uint32_t{1} << kind;
  }
  return kinds;
}

// Whether texts with these kinds of characters can be within `budget` edits
// of each other: every kind that one has and the other lacks needs an edit
// of its own. Ruling pairs out this way costs a few instructions; the
// distance costs a hundred times more.
[[nodiscard]] constexpr bool kinds_within_edits(std::uint32_t a, std::uint32_t b, std::size_t budget) noexcept {
  std::size_t only_a = 0;
  std::size_t only_b = 0;
  for (std::uint32_t bits = a & ~b; bits != 0; bits &= bits - 1) ++only_a;
  for (std::uint32_t bits = b & ~a; bits != 0; bits &= bits - 1) ++only_b;
  return only_a <= budget && only_b <= budget;
}

}  // namespace detail

// Whether `given` is within a few edits of `candidate` but not equal to it:
// one edit for names shorter than 16 characters, two up to 23, three beyond
// (case differences count as none). Names of fewer than 3 characters have no
// near misses.
[[nodiscard]] constexpr bool is_near_miss(std::string_view given, std::string_view candidate) noexcept {
  const std::size_t budget = detail::near_miss_budget(candidate.size());
  return budget > 0 && given != candidate && detail::bounded_edit_distance(given, candidate, budget) <= budget;
}

NPU_MEMORY_CONFIG_NAMESPACE_END
