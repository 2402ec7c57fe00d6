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

#include "npu/memory_config/detail/assembler.hpp"
#include "npu/memory_config/detail/key_table.hpp"
#include "npu/memory_config/json/detail/document.hpp"
#include "npu/memory_config/json/detail/members.hpp"
#include "npu/memory_config/keys.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

inline void read_config_document(const JsonDocument& document, ConfigAssembler& assembler) {
  if (!check_document(document, "a JSON object of memory options", assembler)) return;
  const KeyTable keys = key_table(KeyForm::short_keys);
  for (const JsonMember& member : document.top.members) {
    if (member.duplicate) {
      report_duplicate(member, {}, assembler);
    } else {
      read_config_member(assembler, keys, member.key, member.view(), member.position, document.spelling);
    }
  }
}

inline void read_ge_document(const JsonDocument& document, ConfigAssembler& assembler) {
  if (!check_document(document, "a JSON object of GE options", assembler)) return;
  const KeyTable keys = key_table(KeyForm::ge);
  bool by_level = false;
  for (const JsonMember& member : document.top.members) by_level = by_level || !ge_level(member.key).empty();
  if (!by_level) {
    read_json_map(document.top.members, keys, {}, assembler);
    return;
  }
  for (const JsonMember& member : document.top.members) {
    const std::string_view level = ge_level(member.key);
    if (member.duplicate) {
      assembler.report({Severity::error, DiagnosticCode::duplicate_key, origin_at(member.position), quote(member.key),
                        "", "level given twice; give each level once"});
    } else if (level.empty()) {
      assembler.report({Severity::error, DiagnosticCode::unknown_key, origin_at(member.position), quote(member.key), "",
                        "GE options by level have only \"" + std::string(keys::ge_global_scope) + "\", \"" +
                            std::string(keys::ge_session_scope) + "\" and \"" + std::string(keys::ge_graph_scope) +
                            "\""});
    } else if (member.value.kind != InputKind::object) {
      report_not_an_object(member, {}, "an object of GE options", assembler);
    } else {
      read_json_map(member.members, keys, level, assembler);
    }
  }
}

inline void read_tf2_document(const JsonDocument& document, ConfigAssembler& assembler) {
  if (!check_document(document, "a JSON object of TF2 options", assembler)) return;
  read_json_map(document.top.members, key_table(KeyForm::tf2), {}, assembler);
}

inline void read_mindspore_document(const JsonDocument& document, ConfigAssembler& assembler) {
  if (!check_document(document, "a JSON object: MindSpore's ascend_config", assembler)) return;
  const KeyTable keys = key_table(KeyForm::mindspore_top);
  for (const JsonMember& member : document.top.members) {
    if (member.key == keys::mindspore_ge_options) {
      if (member.duplicate) {
        report_duplicate(member, {}, assembler);
      } else {
        read_mindspore_ge_options(member, assembler);
      }
      continue;
    }
    // MindSpore checks its own keys' values as Python ints (`in [0, 1]`).
    const KeyBinding* binding = keys.find(member.key);
    const bool integer_field = binding != nullptr && binding->use == KeyUse::read;
    if (integer_field && !member.duplicate && member.value.kind != InputKind::integer) {
      const std::string got = describe(member.view());
      assembler.report({Severity::error,
                        DiagnosticCode::wrong_type,
                        {{}, {}, binding->key, member.position},
                        std::string(enum_name(binding->field)),
                        got,
                        got + " is not allowed; MindSpore takes an integer: use " + allowed_values_text(binding->field),
                        binding->field});
      continue;
    }
    read_json_map({&member, 1}, keys, {}, assembler, MapValues::any);
  }
}

// `document` read as `form`, one of the JSON forms. MindSpore's reader
// gives what the text leaves out MindSpore's defaults. `source` must outlive
// the call.
[[nodiscard]] inline ReadResult read_json_form(const JsonDocument& document, Form form, std::string_view source) {
  NPU_MEMORY_CONFIG_ASSERT(form_info(form).json, "read_json_form reads the JSON forms");
  ConfigAssembler assembler(source);
  if (form == Form::ge) {
    read_ge_document(document, assembler);
  } else if (form == Form::tf2) {
    read_tf2_document(document, assembler);
  } else if (form == Form::mindspore) {
    read_mindspore_document(document, assembler);
    return std::move(assembler).finish(detail::TargetRuntime::mindspore);
  } else {
    read_config_document(document, assembler);
  }
  return std::move(assembler).finish();
}

}  // namespace detail

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
