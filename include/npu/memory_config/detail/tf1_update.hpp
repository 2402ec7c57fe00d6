// A TF1 session config in protobuf text with values of its NpuOptimizer's
// parameter_map rewritten where they stand: what a fix makes of it. The
// form is not updatable as a whole (its keys are not added or removed in
// place); a value is, every other byte kept.
#pragma once

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "npu/memory_config/config.hpp"
#include "npu/memory_config/detail/protobuf_text.hpp"
#include "npu/memory_config/detail/text_edit.hpp"
#include "npu/memory_config/detail/tf1_form.hpp"
#include "npu/memory_config/keys.hpp"
#include "npu/memory_config/tf1_parameter_map.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

// The offset of a parser position (columns in bytes from 1).
[[nodiscard]] inline std::size_t proto_offset(std::string_view text, SourcePosition position) noexcept {
  std::size_t start = 0;
  for (std::size_t line = 1; line < position.line && start != std::string_view::npos; ++line) {
    start = text.find('\n', start);
    if (start != std::string_view::npos) ++start;
  }
  return start == std::string_view::npos ? text.size() : start + position.column - 1;
}

// Just past the scalar that follows the field name at `at` ("i: 1",
// "s: 'x'", "s \"x\""): a quoted string to its closing quote, else up to a
// blank or a separator.
[[nodiscard]] inline std::size_t proto_scalar_end(std::string_view text, std::size_t at) noexcept {
  const auto identifier = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; };
  while (at < text.size() && identifier(text[at])) ++at;
  while (at < text.size() && (text[at] == ' ' || text[at] == '\t' || text[at] == ':')) ++at;
  if (at < text.size() && (text[at] == '"' || text[at] == '\'')) {
    const char quote = text[at++];
    while (at < text.size() && text[at] != quote) at += text[at] == '\\' ? 2 : 1;
    return std::min(at + 1, text.size());
  }
  while (at < text.size() && std::string_view(" \t\r\n}>;,#").find(text[at]) == std::string_view::npos) ++at;
  return at;
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
  const Tf1ParameterMap parameters = tf1_parameter_map(config);
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
          const std::size_t begin = proto_offset(text, value[0]->fields[0].position);
          std::string scalar;
          if (const std::int64_t* integer = std::get_if<std::int64_t>(&written->second)) {
            scalar = "i: " + std::to_string(*integer);
          } else {
            scalar = "s: \"" + std::get<std::string>(written->second) + "\"";
          }
          edits.push_back({begin, proto_scalar_end(text, begin), std::move(scalar)});
        }
      }
    }
  }
  if (edits.size() != rewrite.size()) return std::nullopt;
  return apply_edits(text, std::move(edits));
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
