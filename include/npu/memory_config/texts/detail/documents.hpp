// Each JSON form's document read into an assembler: a config file's
// object, GE options (flat or by level), TF2's options, MindSpore's
// ascend_config. The form text table (form_texts.hpp) names the one of each
// form.
#pragma once

#include <string>
#include <string_view>

#include "npu/memory_config/json/detail/document.hpp"
#include "npu/memory_config/json/detail/members.hpp"
#include "npu/memory_config/keys.hpp"
#include "npu/memory_config/validation/detail/assembler.hpp"
#include "npu/memory_config/validation/detail/key_table.hpp"
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

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
