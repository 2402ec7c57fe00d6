// What a text looks like when the reader of one form cannot read it, and the
// one diagnostic that says so: it names the forms that read it (mslite for
// an INI file given as JSON, tf1 for a TF1 session config, the JSON forms
// for JSON given as a MindSpore Lite file), as words and as data.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "npu/memory_config/forms/detail/mslite_parser.hpp"
#include "npu/memory_config/settings/detail/form_table.hpp"
#include "npu/memory_config/settings/diagnostic.hpp"
#include "npu/memory_config/validation/detail/form_names.hpp"
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

// The forms that read a text of `shape`, in the forms table's order.
[[nodiscard]] inline std::vector<Form> forms_reading(TextShape shape) {
  std::vector<Form> reading;
  for (const FormInfo& info : forms) {
    const bool reads = shape == TextShape::json  ? info.json && info.readable
                       : shape == TextShape::ini ? info.form == Form::mslite
                       : shape == TextShape::tf1 ? info.form == Form::tf1
                                                 : false;
    if (reads) reading.push_back(info.form);
  }
  return reading;
}

// "the mslite form reads it", "the json, ge, tf2 or mindspore form reads it".
[[nodiscard]] inline std::string read_as_text(const std::vector<Form>& read_as) {
  return "the " + form_names(read_as) + " form reads it";
}

// The error for a text of `shape` (not unknown) given to the reader of
// `expected`, at its start: "a JSON text, not a MindSpore Lite config file:
// the json, ge, tf2 or mindspore form reads it".
[[nodiscard]] inline Diagnostic text_in_other_form(TextShape shape, std::string_view expected) {
  NPU_MEMORY_CONFIG_ASSERT(shape != TextShape::unknown, "a text of no known shape is in no other form");
  const std::string_view seen = shape == TextShape::json  ? "a JSON text"
                                : shape == TextShape::ini ? "a MindSpore Lite config file (INI)"
                                                          : "a TF1 session config in protobuf text";
  std::vector<Form> read_as = forms_reading(shape);
  std::string message = std::string(seen) + ", not " + std::string(expected) + ": " + read_as_text(read_as);
  return {Severity::error, DiagnosticCode::wrong_form, {{}, {}, {}, {1, 1}}, "", "", std::move(message),
          std::nullopt,    std::move(read_as)};
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
