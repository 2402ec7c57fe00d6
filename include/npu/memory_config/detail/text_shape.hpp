// What a text looks like when the reader of one form cannot read it, so that
// the message names the form that reads it (--from mslite for an INI file
// given as JSON, --from tf1 for a TF1 session config, a JSON form for JSON
// given as a MindSpore Lite file).
#pragma once

#include <cstdint>
#include <string_view>

#include "npu/memory_config/detail/mslite_parser.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

enum class TextShape : std::uint8_t { unknown, json, ini, tf1 };

// json: the first character that is not blank is "{". ini: the first line
// that is neither blank nor a "#" comment is a "[name]" header or a
// "key=value" line. tf1: any other text that names graph_options or
// custom_optimizers, as a TF1 session config in protobuf text does.
[[nodiscard]] constexpr TextShape text_shape(std::string_view text) noexcept {
  const bool names_tf1_fields =
      text.find("graph_options") != std::string_view::npos || text.find("custom_optimizers") != std::string_view::npos;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    const std::string_view line = lite_trimmed(text.substr(0, end));
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    if (line.empty() || line.front() == '#') continue;
    if (line.front() == '{') return TextShape::json;
    const bool header = line.size() > 2 && line.front() == '[' && line.back() == ']';
    if (header || line.find('=') != std::string_view::npos) return TextShape::ini;
    return names_tf1_fields ? TextShape::tf1 : TextShape::unknown;
  }
  return TextShape::unknown;
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
