// The canonical JSON text of a config (spec 5) without a JSON library and
// without allocating: keys sorted, integers for the integer fields, the
// policy string only when set; the same text as nlohmann's dump() of to_json.
#pragma once

#include <cstddef>
#include <string_view>

#include "npu/memory_config/option_maps.hpp"

namespace npu {

// Text in a fixed buffer; large enough for any config (checked at compile
// time). Blocks are copied whole, so the buffer keeps one block of room
// past the longest text.
template <std::size_t Capacity>
class FixedText {
 public:
  constexpr void push_back(char c) noexcept { data_[size_++] = c; }

  // The first `size` characters of `block`. Copying all of it is a few
  // fixed-size moves; copying `size` characters would be a memcpy call.
  template <std::size_t BlockSize>
  constexpr void append_block(const char (&block)[BlockSize], std::size_t size) noexcept {
    for (std::size_t i = 0; i < BlockSize; ++i) data_[size_ + i] = block[i];
    size_ += size;
  }

  [[nodiscard]] constexpr std::string_view view() const noexcept { return {data_, size_}; }
  [[nodiscard]] constexpr std::size_t size() const noexcept { return size_; }

 private:
  char data_[Capacity] = {};
  std::size_t size_ = 0;
};

namespace detail {

// `"name":value` for every field and value, made at compile time from the
// field table: writing the canonical text is one block copy per member.
struct CanonicalMember {
  static constexpr std::size_t capacity = 48;
  char text[capacity] = {};
  std::size_t size = 0;

  constexpr void append(std::string_view piece) noexcept {
    for (char c : piece) text[size++] = c;
  }
};

struct CanonicalMembers {
  CanonicalMember members[field_count][max_code] = {};
  std::size_t longest_text = 0;  // {"name":value,...} with every field at its longest value
};

[[nodiscard]] constexpr CanonicalMembers make_canonical_members() noexcept {
  CanonicalMembers table;
  table.longest_text = 2 + (field_count - 1);  // braces and commas
  for (const FieldInfo& field : fields) {
    std::size_t longest = 0;
    for (const ValueInfo& value : field.values) {
      CanonicalMember& member = table.members[static_cast<std::size_t>(field.field)][value.code];
      member.append("\"");
      member.append(field.name);
      member.append(field.integer_valued ? "\":" : "\":\"");
      member.append(value.runtime_text);
      if (!field.integer_valued) member.append("\"");
      longest = member.size > longest ? member.size : longest;
    }
    table.longest_text += longest;
  }
  return table;
}

// A member longer than CanonicalMember::capacity fails to compile here.
inline constexpr CanonicalMembers canonical_members = make_canonical_members();

[[nodiscard]] constexpr std::size_t canonical_json_capacity() noexcept {
  return canonical_members.longest_text + CanonicalMember::capacity;
}

}  // namespace detail

using CanonicalJson = FixedText<detail::canonical_json_capacity()>;

[[nodiscard]] constexpr CanonicalJson canonical_json_text(const MemoryConfig& config) noexcept {
  CanonicalJson text;
  text.push_back('{');
  bool first = true;
  detail::for_each_emitted<detail::short_key_order>(config, [&](const FieldInfo& field, const ValueInfo& value) {
    if (!first) text.push_back(',');
    first = false;
    const detail::CanonicalMember& member = detail::canonical_members.members[static_cast<std::size_t>(field.field)][value.code];
    text.append_block(member.text, member.size);
  });
  text.push_back('}');
  return text;
}

}  // namespace npu
