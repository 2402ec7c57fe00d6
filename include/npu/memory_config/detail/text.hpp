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
// on the stack.
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

// The kinds of characters in a text as 32 bits: each letter (either case)
// is a kind, and so are digits, '.', '_', '-' and the other bytes (two
// kinds). One edit adds at most one kind and removes at most one, so texts
// whose kinds differ by more than the budget on either side are ruled out
// before any distance is computed: that keeps near-miss detection cheap on
// option maps full of unrelated keys.
namespace char_kinds {

[[nodiscard]] constexpr std::uint8_t kind_of(unsigned char byte) noexcept {
  if (byte >= 'a' && byte <= 'z') return static_cast<std::uint8_t>(byte - 'a');
  if (byte >= 'A' && byte <= 'Z') return static_cast<std::uint8_t>(byte - 'A');
  if (byte >= '0' && byte <= '9') return 26;
  if (byte == '.') return 27;
  if (byte == '_') return 28;
  if (byte == '-') return 29;
  return static_cast<std::uint8_t>(30 + (byte & 1u));
}

struct KindTable {
  std::uint8_t kinds[256] = {};
};

[[nodiscard]] constexpr KindTable make_kind_table() noexcept {
  KindTable table;
  for (unsigned byte = 0; byte < 256; ++byte) table.kinds[byte] = kind_of(static_cast<unsigned char>(byte));
  return table;
}

inline constexpr KindTable kind_table = make_kind_table();

}  // namespace char_kinds

[[nodiscard]] constexpr unsigned char_kind(char c) noexcept {
  return char_kinds::kind_table.kinds[static_cast<unsigned char>(c)];
}

[[nodiscard]] constexpr std::uint32_t char_mask(std::string_view text) noexcept {
  // Four accumulators: independent dependency chains, so the loop runs at the
  // speed of the loads.
  std::uint32_t masks[4] = {};
  std::size_t i = 0;
  for (; i + 4 <= text.size(); i += 4) {
    for (std::size_t lane = 0; lane < 4; ++lane) masks[lane] |= std::uint32_t{1} << char_kind(text[i + lane]);
  }
  for (; i < text.size(); ++i) masks[0] |= std::uint32_t{1} << char_kind(text[i]);
  return masks[0] | masks[1] | masks[2] | masks[3];
}

// How many bits are set, without branches (no popcount instruction is
// assumed; a mispredicted branch would cost more than this whole count).
[[nodiscard]] constexpr std::uint32_t bit_count(std::uint32_t bits) noexcept {
  bits = bits - ((bits >> 1) & 0x55555555u);
  bits = (bits & 0x33333333u) + ((bits >> 2) & 0x33333333u);
  bits = (bits + (bits >> 4)) & 0x0f0f0f0fu;
  return (bits * 0x01010101u) >> 24;
}

// How many times each character kind occurs in a text of at most 255
// characters (is_near_miss counts only texts within a few characters of a
// table name's length, at most max_compared_length + max_near_miss_edits).
struct CharCounts {
  std::uint8_t counts[32] = {};
};

[[nodiscard]] constexpr CharCounts char_counts(std::string_view text) noexcept {
  CharCounts result;
  for (char c : text) ++result.counts[char_kind(c)];
  return result;
}

[[nodiscard]] constexpr std::size_t lowest_bit(std::uint64_t bits) noexcept {
#if defined(__GNUC__) || defined(__clang__)
  return static_cast<std::size_t>(__builtin_ctzll(bits));
#else
  std::size_t index = 0;
  for (; (bits & 1) == 0; bits >>= 1) ++index;
  return index;
#endif
}

// One edit changes the counts by at most two in all, so counts that differ
// by more than twice the budget rule a pair out. Only the kinds either text
// has (`kinds`) can differ.
[[nodiscard]] constexpr bool counts_within(const CharCounts& a, const CharCounts& b, std::uint32_t kinds,
                                           std::size_t budget) noexcept {
  std::size_t difference = 0;
  for (; kinds != 0; kinds &= kinds - 1) {
    const std::size_t kind = lowest_bit(kinds);
    difference += a.counts[kind] > b.counts[kind] ? a.counts[kind] - b.counts[kind] : b.counts[kind] - a.counts[kind];
    if (difference > 2 * budget) return false;
  }
  return true;
}

// A name that input is compared against, with what the comparison needs
// computed once (at compile time for the tables).
struct NearMissTarget {
  std::string_view text;
  std::uint32_t mask = 0;
  std::size_t budget = 0;
  CharCounts counts;
};

[[nodiscard]] constexpr NearMissTarget near_miss_target(std::string_view text) noexcept {
  return {text, char_mask(text), near_miss_budget(text.size()), char_counts(text)};
}

// A text being checked against many targets: its character set and counts
// are computed once, and only if a target gets that far.
class NearMissProbe {
 public:
  constexpr explicit NearMissProbe(std::string_view text) noexcept : text_(text) {}

  [[nodiscard]] constexpr std::string_view text() const noexcept { return text_; }
  [[nodiscard]] constexpr std::uint32_t mask() noexcept {
    if (!has_mask_) {
      mask_ = char_mask(text_);
      has_mask_ = true;
    }
    return mask_;
  }
  [[nodiscard]] constexpr const CharCounts& counts() noexcept {
    if (!has_counts_) {
      counts_ = char_counts(text_);
      has_counts_ = true;
    }
    return counts_;
  }

 private:
  std::string_view text_;
  std::uint32_t mask_ = 0;
  CharCounts counts_;
  bool has_mask_ = false;
  bool has_counts_ = false;
};

// Whether the probed text is a near miss of `target`: cheap tests first
// (length, character kinds, counts), the distance itself last.
[[nodiscard]] constexpr bool is_near_miss(NearMissProbe& given, const NearMissTarget& target) noexcept {
  const std::string_view text = given.text();
  if (target.budget == 0) return false;
  if (text.size() > target.text.size() + target.budget || target.text.size() > text.size() + target.budget) {
    return false;
  }
  // Every character kind that one side has and the other lacks needs an edit.
  const std::uint32_t mask = given.mask();
  if (bit_count(mask & ~target.mask) > target.budget || bit_count(target.mask & ~mask) > target.budget) return false;
  if (!counts_within(given.counts(), target.counts, mask | target.mask, target.budget)) return false;
  return text != target.text && bounded_edit_distance(text, target.text, target.budget) <= target.budget;
}

[[nodiscard]] constexpr bool is_near_miss(std::string_view given, std::string_view candidate) noexcept {
  NearMissProbe probe(given);
  return is_near_miss(probe, near_miss_target(candidate));
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

// `text` with control characters escaped (\x0a): a diagnostic stays one
// line whatever file name, flag or key the user gave.
[[nodiscard]] inline std::string single_line(std::string_view text) {
  constexpr char hex[] = "0123456789abcdef";
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte == 0x7f) {
      out.append("\\x").push_back(hex[byte >> 4]);
      out.push_back(hex[byte & 0xf]);
    } else {
      out.push_back(c);
    }
  }
  return out;
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
