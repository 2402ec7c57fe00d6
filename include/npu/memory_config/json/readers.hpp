// Readers of JSON text that never throw: config files, GE and TF2 option
// maps, MindSpore's ascend_config. Every problem is reported at its key,
// duplicate keys included. Each reads the whole document, or the value a
// JSON Pointer names in it ("/memory_config").
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

// A config file: one object with any subset of the four fields, values as
// config files may spell them. Unknown keys are errors, with a "did you
// mean". `source` (a file name) and the text must outlive the call.
[[nodiscard]] inline ReadResult read_json_config(std::string_view text, std::string_view source = "JSON",
                                                 std::string_view pointer = {}) {
  detail::ConfigAssembler assembler(source);
  const detail::JsonDocument document = detail::parse_json_document(text, pointer);
  if (detail::check_document(document, "a JSON object of memory options", assembler)) {
    const detail::KeyTable keys = detail::key_table(detail::KeyForm::short_keys);
    for (const detail::JsonMember& member : document.top.members) {
      if (member.duplicate) {
        detail::report_duplicate(member, {}, assembler);
      } else {
        detail::read_config_member(assembler, keys, member.key, member.view(), member.position);
      }
    }
  }
  return std::move(assembler).finish();
}

// A GE option map as JSON: flat, or by level {"global": {...}, "session":
// {...}, "graph": {...}}. Values are strings (or numbers); other options are
// ignored.
[[nodiscard]] inline ReadResult read_ge_options_json(std::string_view text, std::string_view source = "GE options",
                                                     std::string_view pointer = {}) {
  detail::ConfigAssembler assembler(source);
  const detail::JsonDocument document = detail::parse_json_document(text, pointer);
  if (detail::check_document(document, "a JSON object of GE options", assembler)) {
    const detail::KeyTable keys = detail::key_table(detail::KeyForm::ge);
    bool by_level = false;
    for (const detail::JsonMember& member : document.top.members)
      by_level = by_level || !detail::ge_level(member.key).empty();
    if (!by_level) {
      detail::read_json_map(document.top.members, keys, {}, assembler);
    } else {
      for (const detail::JsonMember& member : document.top.members) {
        const std::string_view level = detail::ge_level(member.key);
        if (member.duplicate) {
          assembler.report({Severity::error, DiagnosticCode::duplicate_key, detail::origin_at(member.position),
                            detail::quote(member.key), "", "level given twice; give each level once"});
        } else if (level.empty()) {
          assembler.report({Severity::error, DiagnosticCode::unknown_key, detail::origin_at(member.position),
                            detail::quote(member.key), "",
                            "GE options by level have only \"" + std::string(keys::ge_global_scope) + "\", \"" +
                                std::string(keys::ge_session_scope) + "\" and \"" + std::string(keys::ge_graph_scope) +
                                "\""});
        } else if (member.value.kind != detail::InputKind::object) {
          detail::report_not_an_object(member, {}, "an object of GE options", assembler);
        } else {
          detail::read_json_map(member.members, keys, level, assembler);
        }
      }
    }
  }
  return std::move(assembler).finish();
}

// The TF2 npu_device option map as JSON.
[[nodiscard]] inline ReadResult read_tf2_options_json(std::string_view text, std::string_view source = "TF2 options",
                                                      std::string_view pointer = {}) {
  detail::ConfigAssembler assembler(source);
  const detail::JsonDocument document = detail::parse_json_document(text, pointer);
  if (detail::check_document(document, "a JSON object of TF2 options", assembler)) {
    detail::read_json_map(document.top.members, detail::key_table(detail::KeyForm::tf2), {}, assembler);
  }
  return std::move(assembler).finish();
}

// MindSpore's ascend_config as JSON: atomic_clean_policy, the integer 0 or
// 1, and ge_options. What the text leaves out takes MindSpore's defaults
// (atomic 1, static 2, MemoryPriority, huge page 0), so that the config is
// what MindSpore runs; "" for the policy reads as unset. Other ascend_config
// keys are ignored, near misses and misplaced memory keys warned about.
[[nodiscard]] inline ReadResult read_mindspore_config_json(std::string_view text,
                                                           std::string_view source = "MindSpore ascend_config",
                                                           std::string_view pointer = {}) {
  detail::ConfigAssembler assembler(source);
  const detail::JsonDocument document = detail::parse_json_document(text, pointer);
  if (detail::check_document(document, "a JSON object: MindSpore's ascend_config", assembler)) {
    const detail::KeyTable keys = detail::key_table(detail::KeyForm::mindspore_top);
    for (const detail::JsonMember& member : document.top.members) {
      if (member.key == keys::mindspore_ge_options) {
        if (member.duplicate) {
          detail::report_duplicate(member, {}, assembler);
        } else {
          detail::read_mindspore_ge_options(member, assembler);
        }
        continue;
      }
      // MindSpore checks its own keys' values as Python ints (`in [0, 1]`).
      const detail::KeyBinding* binding = keys.find(member.key);
      const bool integer_field = binding != nullptr && binding->use == detail::KeyUse::read;
      if (integer_field && !member.duplicate && member.value.kind != detail::InputKind::integer) {
        const std::string got = detail::describe(member.view());
        assembler.report(
            {Severity::error,
             DiagnosticCode::wrong_type,
             {{}, {}, binding->key, member.position},
             std::string(enum_name(binding->field)),
             got,
             got + " is not allowed; MindSpore takes an integer: use " + detail::allowed_values_text(binding->field),
             binding->field});
        continue;
      }
      detail::read_json_map({&member, 1}, keys, {}, assembler, detail::MapValues::any);
    }
  }
  return std::move(assembler).finish(TargetRuntime::mindspore);
}

NPU_MEMORY_CONFIG_NAMESPACE_END
