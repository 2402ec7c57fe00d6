// The canonical JSON text of a config (spec 5) without a JSON library and
// without allocating: keys sorted, integers for the integer fields, the
// policy string only when set; the same text as nlohmann's dump() of to_json.
#pragma once

#include <cstddef>
#include <string_view>

#include "npu/memory_config/option_maps.hpp"

namespace npu {

// Text in a fixed buffer; large enough for any config (checked at compile time).
template <std::size_t Capacity>
class FixedText {
 public:
  constexpr void append(std::string_view text) noexcept {
    for (char c : text) data_[size_++] = c;
  }
  [[nodiscard]] constexpr std::string_view view() const noexcept { return {data_, size_}; }
  [[nodiscard]] constexpr std::size_t size() const noexcept { return size_; }

 private:
  char data_[Capacity] = {};
  std::size_t size_ = 0;
};

namespace detail {

// {"key":value,...} with every field at its longest value: an upper bound.
[[nodiscard]] constexpr std::size_t canonical_json_capacity() noexcept {
  std::size_t size = 2;  // { }
  for (const FieldInfo& field : fields) {
    std::size_t longest = 0;
    for (const ValueInfo& value : field.values) longest = value.runtime_text.size() > longest ? value.runtime_text.size() : longest;
    size += field.name.size() + longest + 6;  // quotes of key and value, colon, comma
  }
  return size;
}

}  // namespace detail

using CanonicalJson = FixedText<detail::canonical_json_capacity()>;

[[nodiscard]] constexpr CanonicalJson canonical_json_text(const MemoryConfig& config) noexcept {
  CanonicalJson text;
  text.append("{");
  bool first = true;
  detail::for_each_emitted<detail::short_key_order>(config, [&](const FieldInfo& field, const ValueInfo& value) {
    text.append(first ? "\"" : ",\"");
    first = false;
    text.append(field.name);
    text.append(field.integer_valued ? "\":" : "\":\"");
    text.append(value.runtime_text);
    if (!field.integer_valued) text.append("\"");
  });
  text.append("}");
  return text;
}

}  // namespace npu
