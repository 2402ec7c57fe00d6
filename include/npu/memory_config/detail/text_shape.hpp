// What a text looks like when the reader of one form cannot read it, so that
// the message names the form that reads it (--from mslite for an INI file
// given as JSON, a JSON form for JSON given as a MindSpore Lite file).
#pragma once

#include <cstdint>
#include <string_view>

#include "npu/memory_config/detail/mslite_parser.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

enum class TextShape : std::uint8_t { unknown, json, ini };

// json: the first character that is not blank is "{". ini: the first line
// that is neither blank nor a "#" comment is a "[name]" header or a
// "key=value" line.
[[nodiscard]] constexpr TextShape text_shape(std::string_view text) noexcept {
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    const std::string_view line = lite_trimmed(text.substr(0, end));
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    if (line.empty() || line.front() == '#') continue;
    if (line.front() == '{') return TextShape::json;
    const bool header = line.size() > 2 && line.front() == '[' && line.back() == ']';
    return header || line.find('=') != std::string_view::npos ? TextShape::ini : TextShape::unknown;
  }
  return TextShape::unknown;
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
