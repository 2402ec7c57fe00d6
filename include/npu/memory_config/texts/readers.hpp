// Readers of JSON text that never throw: config files, GE and TF2 option
// maps, MindSpore's ascend_config. Every problem is reported at its key,
// duplicate keys included. Each reads the whole document, or the value a
// JSON Pointer names in it ("/memory_config"). Each form's reader works on a
// document, parsed from a text or built from a Python dict, so that both
// are read alike.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "npu/memory_config/json/detail/document.hpp"
#include "npu/memory_config/json/host_value.hpp"
#include "npu/memory_config/texts/detail/form_texts.hpp"
#include "npu/memory_config/texts/detail/host_members.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

// A config file: one object with any subset of the four fields, values as
// config files may spell them. Unknown keys are errors, with a "did you
// mean". `source` (a file name) and the text must outlive the call.
[[nodiscard]] inline ReadResult read_json_config(std::string_view text, std::string_view source = "JSON",
                                                 std::string_view pointer = {}) {
  return detail::read_json_form(detail::parse_json_document(text, pointer), Form::json, source);
}

// Values handed over in process by another language (the Python module's
// dicts and MemoryConfig(...)'s arguments): messages quote each value as
// that language writes it, and name None as what leaves the optimization
// policy unset.
// `value` read as a text of `form` is (json, ge, tf2 or mindspore: the JSON
// forms; another form is a wrong_form error), in the language's words:
// None, not null. No diagnostic has a line or a column. `source` and `value`
// must outlive the call.
[[nodiscard]] inline ReadResult read_json_config(const HostValue& value, Form form, std::string_view source) {
  if (!detail::form_info(form).json) {
    detail::ConfigAssembler assembler(source);
    assembler.report({Severity::error, DiagnosticCode::wrong_form, Origin(), "", std::string(enum_name(form)),
                      "the " + std::string(enum_name(form)) + " form is a text, not a value: it is read as a text"});
    return std::move(assembler).finish();
  }
  detail::JsonDocument document;
  document.parsed = true;
  document.found = true;
  document.spelling = detail::Spelling::python;
  document.top = detail::host_member({}, value);
  return detail::read_json_form(document, form, source);
}

NPU_MEMORY_CONFIG_NAMESPACE_END
