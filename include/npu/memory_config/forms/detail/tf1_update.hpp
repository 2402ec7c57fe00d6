// A TF1 session config in protobuf text with values of its NpuOptimizer's
// parameter_map rewritten where they stand: what a fix makes of it. The
// form is not updatable as a whole (its keys are not added or removed in
// place); a value is, every other byte kept.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "npu/memory_config/forms/detail/forms.hpp"
#include "npu/memory_config/forms/detail/protobuf_text.hpp"
#include "npu/memory_config/forms/detail/tf1_form.hpp"
#include "npu/memory_config/forms/detail/tf1_parameters.hpp"
#include "npu/memory_config/keys.hpp"
#include "npu/memory_config/settings/config.hpp"
#include "npu/memory_config/settings/detail/text_edit.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

// The offset of a position the parser gave (columns in bytes from 1).
[[nodiscard]] inline std::size_t proto_offset(std::string_view text, SourcePosition position) noexcept {
  std::size_t start = 0;
  for (std::size_t line = 1; line < position.line; ++line) start = text.find('\n', start) + 1;
  return start + position.column - 1;
}

// Where a scalar field stands, from its name at `at`, in a text the parser
// read: its name, and its value past the blanks, the colon and any comment
// between them; a string value with the literals that continue it
// ("a" "b" is "ab").
struct ProtoScalar {
  std::size_t name_end = 0;
  std::size_t value_begin = 0;
  std::size_t value_end = 0;
};

// The first byte from `at` that is no blank, colon or comment.
[[nodiscard]] inline std::size_t proto_skip_space(std::string_view text, std::size_t at) noexcept {
  for (at = text.find_first_not_of(" \t\r\n:", at); at < text.size() && text[at] == '#';) {
    at = text.find_first_not_of(" \t\r\n:", text.find('\n', at));
  }
  return std::min(at, text.size());
}

[[nodiscard]] inline ProtoScalar proto_scalar(std::string_view text, std::size_t at) noexcept {
  ProtoScalar scalar;
  scalar.name_end = text.find_first_of(" \t\r\n:#", at);
  scalar.value_begin = proto_skip_space(text, scalar.name_end);
  at = scalar.value_begin;
  if (text[at] != '"' && text[at] != '\'') {
    scalar.value_end = std::min(text.find_first_of(" \t\r\n}>;,#", at), text.size());
    return scalar;
  }
  while (at < text.size() && (text[at] == '"' || text[at] == '\'')) {
    const char quote = text[at];
    for (++at; text[at] != quote; ++at) at += text[at] == '\\' ? 1 : 0;
    scalar.value_end = ++at;
    at = proto_skip_space(text, at);
  }
  return scalar;
}

// `text` with the value of each parameter_map entry whose key field stands
// at one of `rewrite` made `config`'s, as the writer writes it (i: N for
// the integer settings, s: "..." for the policy); nullopt when the text is
// no protobuf text or a place holds no entry with a value.
[[nodiscard]] inline std::optional<std::string> tf1_edited_at(std::string_view text,
                                                              const std::vector<SourcePosition>& rewrite,
                                                              const MemoryConfig& config) {
  const ProtoText proto = parse_proto_text(text);
  if (!proto.ok) return std::nullopt;
  const auto parameters = tf1_parameters(config);
  std::vector<TextEdit> edits;
  for (const ProtoField* graph : proto_fields(proto.root, "graph_options")) {
    for (const ProtoField* rewrite_options : proto_fields(*graph, "rewrite_options")) {
      for (const ProtoField* optimizer : proto_fields(*rewrite_options, "custom_optimizers")) {
        for (const ProtoField* entry : proto_fields(*optimizer, "parameter_map")) {
          const std::vector<const ProtoField*> key = proto_fields(*entry, "key");
          const std::vector<const ProtoField*> value = proto_fields(*entry, "value");
          if (key.empty() || std::find(rewrite.begin(), rewrite.end(), key[0]->position) == rewrite.end()) continue;
          const auto written = parameters.find(key[0]->text);
          if (value.empty() || value[0]->fields.empty() || written == parameters.end()) return std::nullopt;
          // The kind and the value rewritten; what stands between them kept.
          const std::size_t begin = proto_offset(text, value[0]->fields[0].position);
          const ProtoScalar scalar = proto_scalar(text, begin);
          const std::int64_t* integer = std::get_if<std::int64_t>(&written->second);
          edits.push_back({begin, scalar.name_end, integer != nullptr ? "i" : "s"});
          edits.push_back(
              {scalar.value_begin, scalar.value_end,
               integer != nullptr ? std::to_string(*integer) : "\"" + std::get<std::string>(written->second) + "\""});
        }
      }
    }
  }
  if (edits.size() != 2 * rewrite.size()) return std::nullopt;
  return apply_edits(text, std::move(edits));
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
