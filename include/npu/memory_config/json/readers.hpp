// Non-throwing readers for JSON text (spec sections 2, 6 and 9): a config
// file, the GE and TF2 option maps written as JSON objects, and MindSpore's
// ascend_config (what npu-memcfg --format ge|tf2|mindspore prints). Every
// problem is reported, duplicate keys included.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "npu/memory_config/detail/assembler.hpp"
#include "npu/memory_config/detail/span.hpp"
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
                      document.syntax_error.empty() ? std::string("invalid JSON")
                                                    : concat({"invalid JSON: ", document.syntax_error}),
                      document.syntax_error_position});
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

inline void report_duplicate(const JsonMember& member, std::string_view source, std::string_view scope,
                             ConfigAssembler& assembler) {
  assembler.report(
      {Severity::error, DiagnosticCode::duplicate_key, origin_source({source, member.key, scope, member.position}),
       quote(member.key), describe(member.value.view()),
       concat({"key given twice (the second value is ", describe(member.value.view()), "); give each key once"}),
       member.position});
}

// A member of an option map as the map readers take it: key, value, and
// where the key is.
struct JsonEntry {
  std::string_view key;
  InputValue value;
  SourcePosition position = {};
};

// Which values a JSON option map may hold.
enum class MapValues : std::uint8_t {
  any,      // strings or integers, as the GE and TF2 readers take them
  strings,  // strings only (MindSpore's ge_options): anything else is an error, whatever its key
};

// Members as the map readers' pairs, without the duplicates of memory keys
// (reported here instead: JSON parsers silently keep the last one). The
// members must outlive `assembler`, which keeps views of their keys.
inline void read_json_map(Span<JsonMember> members, const KeyTable& keys, std::string_view source,
                          std::string_view scope, ConfigAssembler& assembler, MapValues values = MapValues::any) {
  std::vector<JsonEntry> entries;
  entries.reserve(members.size());
  for (const JsonMember& member : members) {
    if (member.duplicate) {
      if (keys.find(member.key) != nullptr) report_duplicate(member, source, scope, assembler);
      continue;
    }
    if (values == MapValues::strings && member.value.kind != InputKind::string) {
      assembler.report({Severity::error, DiagnosticCode::wrong_type,
                        origin_source({source, {}, scope, member.position}), quote(member.key),
                        describe(member.value.view()),
                        concat({describe(member.value.view()),
                                " is not a string; MindSpore takes ge_options values "
                                "as strings"}),
                        member.position});
      continue;
    }
    entries.push_back({member.key, member.value.view(), member.position});
  }
  read_entries(assembler, keys, entries, source, scope, UnsetSpelling::empty_string);
}

// A member that is not a JSON object where one is required.
inline void report_not_an_object(const JsonMember& member, std::string_view source, std::string_view scope,
                                 std::string_view expected, ConfigAssembler& assembler) {
  assembler.report({Severity::error, DiagnosticCode::not_an_object,
                    origin_source({source, member.key, scope, member.position}), quote(member.key),
                    describe(member.value.view()),
                    concat({"expected ", expected, ", got ", describe(member.value.view())}), member.position});
}

// MindSpore's ge_options: {"global": {...}, "session": {...}}, GE keys to
// strings. Any other level, or a value that is no string, is an error (the
// framework would reject or mangle it); a short key warns, naming its GE key.
inline void read_mindspore_ge_options(const JsonMember& ge_options, std::string_view source,
                                      ConfigAssembler& assembler) {
  if (ge_options.value.kind != InputKind::object) {
    report_not_an_object(ge_options, source, {}, R"(an object {"global": {...}, "session": {...}})", assembler);
    return;
  }
  for (const JsonMember& level : ge_options.members) {
    if (level.duplicate) {
      report_duplicate(level, source, ge_options.key, assembler);
    } else if (!is_ge_scope(level.key)) {
      assembler.report({Severity::error,
                        DiagnosticCode::unknown_key,
                        origin_source({source, {}, ge_options.key, level.position}),
                        quote(level.key),
                        {},
                        concat({"MindSpore's ge_options has only \"", keys::ge_global_scope, "\" and \"",
                                keys::ge_session_scope, "\""}),
                        level.position});
    } else if (level.value.kind != InputKind::object) {
      report_not_an_object(level, source, ge_options.key, "an object of GE options", assembler);
    } else {
      read_json_map({level.members.data(), level.members.size()}, key_table<KeyForm::mindspore_ge_options>, source,
                    level.key, assembler, MapValues::strings);
    }
  }
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
      const detail::ValueOrigin origin{source, member.key, {}, member.position};
      if (member.duplicate) {
        detail::report_duplicate(member, source, {}, assembler);
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
      detail::read_json_map({document.members.data(), document.members.size()}, detail::key_table<detail::KeyForm::ge>,
                            source, {}, assembler);
    } else {
      for (const detail::JsonMember& member : document.members) {
        const bool is_scope = detail::is_ge_scope(member.key);
        if (is_scope && !member.duplicate && member.value.kind == detail::InputKind::object) {
          detail::read_json_map({member.members.data(), member.members.size()}, detail::key_table<detail::KeyForm::ge>,
                                source, member.key, assembler);
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
                          detail::describe(member.value.view()), std::move(message), member.position});
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
    detail::read_json_map({document.members.data(), document.members.size()}, detail::key_table<detail::KeyForm::tf2>,
                          source, {}, assembler);
  }
  return std::move(assembler).finish(source);
}

// MindSpore's ascend_config as JSON (spec 9): atomic_clean_policy, the
// integer 0 or 1, and ge_options. What the text leaves out takes
// MindSpore's defaults (atomic 1, static 2, MemoryPriority, huge page 0), so
// the config is what MindSpore runs; "" for the policy reads as unset. Other
// ascend_config keys are ignored, near misses and misplaced memory keys
// warned about.
template <class BasicJson = nlohmann::json>
[[nodiscard]] ReadResult read_mindspore_config_json(std::string_view text,
                                                    std::string_view source = "MindSpore ascend_config") {
  detail::ConfigAssembler assembler;
  const detail::JsonDocument document = detail::parse_json_document<BasicJson>(text);
  if (detail::check_document(document, source, "a JSON object: MindSpore's ascend_config", assembler)) {
    for (const detail::JsonMember& member : document.members) {
      if (member.key == keys::mindspore_ge_options) {
        if (member.duplicate) {
          detail::report_duplicate(member, source, {}, assembler);
        } else {
          detail::read_mindspore_ge_options(member, source, assembler);
        }
        continue;
      }
      // MindSpore checks its own keys' values as Python ints (`in [0, 1]`).
      const detail::KeyBinding* binding = detail::key_table<detail::KeyForm::mindspore_top>.find(member.key);
      const bool integer_field = binding != nullptr && binding->use == detail::KeyUse::read;
      if (integer_field && !member.duplicate && member.value.kind != detail::InputKind::integer) {
        assembler.report(detail::field_diagnostic(
            Severity::error, DiagnosticCode::wrong_type, {source, member.key, {}, member.position},
            field_info(binding->field), detail::describe(member.value.view()),
            detail::concat({detail::describe(member.value.view()), " is not allowed; MindSpore takes an integer: use ",
                            allowed_values_text(binding->field)})));
        continue;
      }
      detail::read_json_map({&member, 1}, detail::key_table<detail::KeyForm::mindspore_top>, source, {}, assembler);
    }
  }
  return std::move(assembler).finish(source, TargetRuntime::mindspore);
}

NPU_MEMORY_CONFIG_NAMESPACE_END
