// The keys a reader knows, and the one lookup every reader uses for each key
// of its input: is it one of ours, and if not, is it a near miss of one?
// An option map is mostly other options, so passing over a foreign key must
// cost next to nothing: the table is indexed by key length, and one pass over
// a foreign key rules it out for all the table's keys at once.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "npu/memory_config/enums.hpp"
#include "npu/memory_config/detail/text.hpp"

namespace npu::detail {

// A key a form knows, and the field it sets.
struct KeyBinding {
  std::string_view key;
  Field field;
  bool supported;          // false: a memory key this form cannot carry (TF2's policy)
  NearMissTarget target;   // `key`, prepared for near-miss checks
};

[[nodiscard]] constexpr KeyBinding bind_key(std::string_view key, Field field, bool supported) noexcept {
  return {key, field, supported, near_miss_target(key)};
}

// Per-key facts are packed one byte lane per key into 64-bit words, so that
// a foreign key is checked against every key of the table with one addition
// per character.
template <std::size_t N>
class KeyTable {
  static_assert(N <= 8, "a key table packs one byte lane per key into 64 bits");

 public:
  // Every key is at most max_compared_length long (a longer one fails to
  // compile: the index below is built at compile time).
  constexpr explicit KeyTable(const std::array<KeyBinding, N>& bindings) noexcept : bindings_(bindings) {
    std::uint64_t foreign_kind_lanes[32] = {};
    for (std::size_t i = 0; i < N; ++i) {
      const std::size_t length = bindings_[i].key.size();
      const std::size_t budget = bindings_[i].target.budget;
      equal_length_[length] |= std::uint32_t{1} << i;
      budget_limits_ |= static_cast<std::uint64_t>(lane_high_bit + budget) << (8 * i);
      table_kinds_ |= bindings_[i].target.mask;
      for (unsigned kind = 0; kind < 32; ++kind) {
        kind_count_lanes_[kind] |= std::uint64_t{bindings_[i].target.counts.counts[kind]} << (8 * i);
        if ((bindings_[i].target.mask >> kind & 1u) == 0) foreign_kind_lanes[kind] |= std::uint64_t{1} << (8 * i);
      }
      if (budget == 0) continue;
      for (std::size_t near = length > budget ? length - budget : 0; near <= length + budget; ++near) {
        near_length_lanes_[near] |= static_cast<std::uint64_t>(lane_high_bit) << (8 * i);
      }
    }
    for (unsigned byte = 0; byte < 256; ++byte) {
      foreign_byte_lanes_[byte] = foreign_kind_lanes[char_kind(static_cast<char>(byte))];
    }
    choose_shared_prefix();
  }

  // The binding of exactly `key`; nullptr when there is none.
  [[nodiscard]] constexpr const KeyBinding* find(std::string_view key) const noexcept {
    if (key.size() > max_length) return nullptr;
    for (std::uint32_t set = equal_length_[key.size()]; set != 0; set &= set - 1) {
      const KeyBinding& binding = bindings_[lowest_bit(set)];
      // Keys of one form share their beginnings ("ge.exec."): the last
      // character tells most foreign keys of the same length apart.
      if (binding.key.back() == key.back() && binding.key == key) return &binding;
    }
    return nullptr;
  }

  // The first binding (in table order) that `key` is a near miss of; nullptr
  // when there is none. Two necessary conditions, checked for all keys at
  // once, rule out nearly every foreign key before any key is looked at on
  // its own: every character of `key` whose kind a table key lacks needs an
  // edit of its own (a substitution or a deletion), and so does every
  // character of the table key whose kind `key` lacks (a substitution or an
  // insertion).
  [[nodiscard]] constexpr const KeyBinding* near_miss(std::string_view key) const noexcept {
    if (key.size() > max_length) return nullptr;
    std::uint64_t lanes = near_length_lanes_[key.size()];
    if (lanes == 0) return nullptr;
    lanes &= within_budget(foreign_characters(key));
    if (lanes == 0) return nullptr;
    NearMissProbe probe(key);
    lanes &= within_budget(missing_characters(probe.mask()));
    for (; lanes != 0; lanes &= lanes - 1) {
      const KeyBinding& binding = bindings_[lowest_bit(lanes) / 8];
      if (is_near_miss(probe, binding.target)) return &binding;
    }
    return nullptr;
  }

  [[nodiscard]] constexpr const std::array<KeyBinding, N>& bindings() const noexcept { return bindings_; }

 private:
  static constexpr std::size_t max_length = max_compared_length + max_near_miss_edits;
  static constexpr unsigned lane_high_bit = 0x80;
  static constexpr std::uint64_t lane_high_bits = 0x8080808080808080u;
  static constexpr std::size_t shared_prefix_length = 8;

  // The beginning that most keys of the table share ("ge.exec."), if at
  // least two do: the keys of the input mostly begin with it too, and its
  // sums are added at once instead of character by character.
  constexpr void choose_shared_prefix() noexcept {
    std::size_t most_sharing = 1;
    for (const KeyBinding& candidate : bindings_) {
      if (candidate.key.size() < shared_prefix_length) continue;
      const std::string_view prefix = candidate.key.substr(0, shared_prefix_length);
      std::size_t sharing = 0;
      for (const KeyBinding& binding : bindings_) sharing += binding.key.substr(0, shared_prefix_length) == prefix ? 1 : 0;
      if (sharing <= most_sharing) continue;
      most_sharing = sharing;
      has_shared_prefix_ = true;
      shared_prefix_lanes_ = 0;
      for (std::size_t i = 0; i < shared_prefix_length; ++i) {
        shared_prefix_[i] = prefix[i];
        shared_prefix_lanes_ += foreign_byte_lanes_[static_cast<unsigned char>(prefix[i])];
      }
    }
  }

  // Per lane: the characters of `key` whose kind that table key lacks. The
  // one pass over every foreign key: a table lookup and an addition per
  // character, four at a time into two independent sums.
  [[nodiscard]] constexpr std::uint64_t foreign_characters(std::string_view key) const noexcept {
    const auto lanes_of = [this](char c) { return foreign_byte_lanes_[static_cast<unsigned char>(c)]; };
    std::uint64_t even = 0;
    std::uint64_t odd = 0;
    std::size_t i = 0;
    if (has_shared_prefix_ && key.size() >= shared_prefix_length &&
        std::char_traits<char>::compare(key.data(), shared_prefix_, shared_prefix_length) == 0) {
      even = shared_prefix_lanes_;
      i = shared_prefix_length;
    }
    for (; i + 4 <= key.size(); i += 4) {
      even += lanes_of(key[i]) + lanes_of(key[i + 2]);
      odd += lanes_of(key[i + 1]) + lanes_of(key[i + 3]);
    }
    for (; i < key.size(); ++i) even += lanes_of(key[i]);
    return even + odd;
  }

  // Per lane: the table key's characters whose kind is not in `kinds`.
  [[nodiscard]] constexpr std::uint64_t missing_characters(std::uint32_t kinds) const noexcept {
    std::uint64_t missing = 0;
    for (std::uint32_t absent = table_kinds_ & ~kinds; absent != 0; absent &= absent - 1) {
      missing += kind_count_lanes_[lowest_bit(absent)];
    }
    return missing;
  }

  // The lanes whose count is at most their key's budget: 0x80 + budget - count
  // keeps its high bit exactly then (counts stay below 0x80: max_length < 128).
  [[nodiscard]] constexpr std::uint64_t within_budget(std::uint64_t counts) const noexcept {
    return (budget_limits_ - counts) & lane_high_bits;
  }

  std::array<KeyBinding, N> bindings_;
  std::uint32_t equal_length_[max_length + 1] = {};       // by length: the keys of that length
  std::uint64_t near_length_lanes_[max_length + 1] = {};  // by length: the keys a text of it can nearly be
  std::uint64_t foreign_byte_lanes_[256] = {};            // by byte: 1 in the lanes of keys lacking its kind
  std::uint64_t kind_count_lanes_[32] = {};               // by character kind: how often each key has it
  std::uint32_t table_kinds_ = 0;                         // every kind some key has
  std::uint64_t budget_limits_ = 0;                       // per lane: 0x80 + the key's edit budget
  bool has_shared_prefix_ = false;
  char shared_prefix_[shared_prefix_length] = {};
  std::uint64_t shared_prefix_lanes_ = 0;                 // per lane: foreign_characters(shared_prefix_)
};

}  // namespace npu::detail
