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
#include "npu/memory_config/json/detail/form_texts.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

// A config file: one object with any subset of the four fields, values as
// config files may spell them. Unknown keys are errors, with a "did you
// mean". `source` (a file name) and the text must outlive the call.
[[nodiscard]] inline ReadResult read_json_config(std::string_view text, std::string_view source = "JSON",
                                                 std::string_view pointer = {}) {
  return detail::read_json_form(detail::parse_json_document(text, pointer), Form::json, source);
}

namespace detail {

// A GE option map as JSON: flat, or by level {"global": {...}, "session":
// {...}, "graph": {...}}. Values are strings (or numbers); other options are
// ignored.
[[nodiscard]] inline ReadResult read_ge_options_json(std::string_view text, std::string_view source = "GE options",
                                                     std::string_view pointer = {}) {
  return detail::read_json_form(detail::parse_json_document(text, pointer), Form::ge, source);
}

// The TF2 npu_device option map as JSON.
[[nodiscard]] inline ReadResult read_tf2_options_json(std::string_view text, std::string_view source = "TF2 options",
                                                      std::string_view pointer = {}) {
  return detail::read_json_form(detail::parse_json_document(text, pointer), Form::tf2, source);
}

// MindSpore's ascend_config as JSON: atomic_clean_policy, the integer 0 or
// 1, and ge_options. What the text leaves out takes MindSpore's defaults
// (atomic 1, static 2, MemoryPriority, huge page 0), so that the config is
// what MindSpore runs; "" for the policy reads as unset. Other ascend_config
// keys are ignored, near misses and misplaced memory keys warned about.
[[nodiscard]] inline ReadResult read_mindspore_config_json(std::string_view text,
                                                           std::string_view source = "MindSpore ascend_config",
                                                           std::string_view pointer = {}) {
  return detail::read_json_form(detail::parse_json_document(text, pointer), Form::mindspore, source);
}

}  // namespace detail

NPU_MEMORY_CONFIG_NAMESPACE_END
