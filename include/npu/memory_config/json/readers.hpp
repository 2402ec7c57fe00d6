// Non-throwing readers for JSON text (spec sections 2 and 6): a config file,
// and the GE and TF2 option maps written as JSON objects (what npu-memcfg
// --format ge|tf2 prints). Every problem is reported, duplicate keys included.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "npu/memory_config/detail/assembler.hpp"
#include "npu/memory_config/json/convert.hpp"
#include "npu/memory_config/json/document.hpp"
#include "npu/memory_config/map_readers.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

namespace detail {

// Syntax errors and a top level that is not an object; true if the
// document can be read further.
[[nodiscard]] inline bool check_document(const JsonDocument& document, std::string_view source,
                                         std::string_view expected, ConfigAssembler& assembler) {
  if (!document.parsed) {
    // Name the member whose value could not be read (an invalid UTF-8 byte,
    // a truncated literal): the field is what the user needs to find.
    const std::string& key = document.syntax_error_key;
    const std::string field =
        key.empty() || key_table<detail::KeyForm::short_keys>.find(key) != nullptr ? key : quote(key);
    assembler.report({Severity::error,
                      DiagnosticCode::syntax_error,
                      std::string(source),
                      field,
                      {},
                      concat({"invalid JSON ", document.syntax_error})});
    return false;
  }
  if (document.top.kind != InputKind::object) {
    assembler.report({Severity::error,
                      DiagnosticCode::not_an_object,
                      std::string(source),
                      {},
                      describe(document.top.view()),
                      concat({"expected ", expected, " at the top level, got ", describe(document.top.view())})});
    return false;
  }
  return true;
}

// "global" or "session": a member of the scoped GE form.
[[nodiscard]] inline bool is_ge_scope(std::string_view key) noexcept {
  return key == keys::ge_global_scope || key == keys::ge_session_scope;
}

inline void report_duplicate(const JsonMember& member, const ValueOrigin& origin, ConfigAssembler& assembler) {
  assembler.report(
      {Severity::error, DiagnosticCode::duplicate_key, origin_source(origin), quote(member.key),
       describe(member.value.view()),
       concat({"key given twice (the second value is ", describe(member.value.view()), "); give each key once"})});
}

// A member list as the map readers' pairs, without the duplicates of memory
// keys (reported here instead: JSON parsers silently keep the last one).
inline void read_json_map(const std::vector<JsonMember>& members, const KeyTable& keys, std::string_view source,
                          std::string_view scope, ConfigAssembler& assembler) {
  std::vector<std::pair<std::string_view, InputValue>> entries;
  entries.reserve(members.size());
  for (const JsonMember& member : members) {
    if (member.duplicate) {
      if (keys.find(member.key) != nullptr) report_duplicate(member, {source, member.key, scope}, assembler);
      continue;
    }
    entries.emplace_back(member.key, member.value.view());
  }
  read_entries(assembler, keys, entries, source, scope, UnsetSpelling::empty_string);
}

}  // namespace detail

// A config file: one object with any subset of the four fields, values as
// spec 2 allows. Unknown keys are errors, with a "did you mean".
template <class BasicJson = nlohmann::json>
[[nodiscard]] ReadResult read_json_config(std::string_view text, std::string_view source = "JSON") {
  detail::ConfigAssembler assembler;
  const detail::JsonDocument document = detail::parse_json_document<BasicJson>(text);
  if (detail::check_document(document, source, "a JSON object of memory options", assembler)) {
    for (const detail::JsonMember& member : document.members) {
      const detail::ValueOrigin origin{source, member.key, {}};
      if (member.duplicate) {
        detail::report_duplicate(member, origin, assembler);
        continue;
      }
      detail::assign_config_member(assembler, origin, member.value.view());
    }
  }
  return std::move(assembler).finish(source);
}

// A GE option map as JSON: flat, or {"global": {...}, "session": {...}}.
// Values are strings (or integers); other options are ignored.
template <class BasicJson = nlohmann::json>
[[nodiscard]] ReadResult read_ge_options_json(std::string_view text, std::string_view source = "GE options") {
  detail::ConfigAssembler assembler;
  const detail::JsonDocument document = detail::parse_json_document<BasicJson>(text);
  if (detail::check_document(document, source, "a JSON object of GE options", assembler)) {
    bool scoped = false;
    for (const detail::JsonMember& member : document.members) {
      scoped = scoped || detail::is_ge_scope(member.key);
    }
    if (!scoped) {
      detail::read_json_map(document.members, detail::key_table<detail::KeyForm::ge>, source, {}, assembler);
    } else {
      for (const detail::JsonMember& member : document.members) {
        const bool is_scope = detail::is_ge_scope(member.key);
        if (is_scope && !member.duplicate && member.value.kind == detail::InputKind::object) {
          detail::read_json_map(member.members, detail::key_table<detail::KeyForm::ge>, source, member.key, assembler);
          continue;
        }
        const DiagnosticCode code = member.duplicate ? DiagnosticCode::duplicate_key : DiagnosticCode::not_an_object;
        std::string message =
            member.duplicate ? "scope given twice"
            : is_scope
                ? detail::concat({"expected an object of GE options, got ", detail::describe(member.value.view())})
                : detail::concat({"a scoped GE map has only \"", keys::ge_global_scope, "\" and \"",
                                  keys::ge_session_scope, "\""});
        assembler.report({Severity::error, code, std::string(source), quote(member.key),
                          detail::describe(member.value.view()), std::move(message)});
      }
    }
  }
  return std::move(assembler).finish(source);
}

// The TF2 npu_device option map as JSON.
template <class BasicJson = nlohmann::json>
[[nodiscard]] ReadResult read_tf2_options_json(std::string_view text, std::string_view source = "TF2 options") {
  detail::ConfigAssembler assembler;
  const detail::JsonDocument document = detail::parse_json_document<BasicJson>(text);
  if (detail::check_document(document, source, "a JSON object of TF2 options", assembler)) {
    detail::read_json_map(document.members, detail::key_table<detail::KeyForm::tf2>, source, {}, assembler);
  }
  return std::move(assembler).finish(source);
}

NPU_MEMORY_CONFIG_NAMESPACE_END
