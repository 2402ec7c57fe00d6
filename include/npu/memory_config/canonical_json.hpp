// The canonical JSON text of a config (spec 5) without a JSON library and
// without allocating: keys sorted, integers for the integer fields, the
// policy string only when set; the same text as nlohmann's dump() of to_json.
#pragma once

#include <cstddef>
#include <string_view>

#include "npu/memory_config/option_maps.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

// Text in a fixed buffer. Precondition of append: it fits (canonical_json_text
// sizes its buffer for the longest config at compile time).
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

// {"name":value,...} with every field at its longest value.
[[nodiscard]] constexpr std::size_t longest_canonical_json() noexcept {
  std::size_t size = 2 + (field_count - 1);  // braces and commas
  for (const FieldInfo& field : fields) {
    std::size_t longest_value = 0;
    for (const ValueInfo& value : field.values) {
      longest_value = value.runtime_text.size() > longest_value ? value.runtime_text.size() : longest_value;
    }
    size += field.name.size() + 3 + longest_value + (field.integer_valued ? 0 : 2);  // "name": and quotes
  }
  return size;
}

}  // namespace detail

using CanonicalJson = FixedText<detail::longest_canonical_json()>;

[[nodiscard]] constexpr CanonicalJson canonical_json_text(const MemoryConfig& config) noexcept {
  CanonicalJson text;
  text.append("{");
  // Sorted by name, as the TF1 form, which keys every field by its name.
  for (const std::size_t index : detail::form_order<TargetRuntime::tf1, GeScope::none>) {
    const FieldInfo& field = fields[index];
    const ValueInfo* value = field_value(config, field.field);
    if (value == nullptr) continue;
    text.append(text.size() > 1 ? ",\"" : "\"");
    text.append(field.name);
    text.append(field.integer_valued ? "\":" : "\":\"");
    text.append(value->runtime_text);
    if (!field.integer_valued) text.append("\"");
  }
  text.append("}");
  return text;
}

NPU_MEMORY_CONFIG_NAMESPACE_END
