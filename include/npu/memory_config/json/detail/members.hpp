// Reading the members of a JSON document, or of a DOM, into the assembler:
// what every JSON reader shares.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "npu/memory_config/forms/detail/map_entries.hpp"
#include "npu/memory_config/json/detail/document.hpp"
#include "npu/memory_config/json/detail/pointer.hpp"
#include "npu/memory_config/keys.hpp"
#include "npu/memory_config/settings/detail/span.hpp"
#include "npu/memory_config/validation/detail/assembler.hpp"
#include "npu/memory_config/validation/detail/key_table.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

// The value read: the whole document, or the one `pointer` names. False,
// with the problem reported, when there is none to read (the text is no
// JSON, the pointer names nothing or a name on its path twice), or when it
// is not an object.
[[nodiscard]] inline bool check_document(const JsonDocument& document, std::string_view expected,
                                         ConfigAssembler& assembler) {
  if (!document.pointer_valid) {
    const std::string given = quote(document.pointer_text);
    assembler.report({Severity::error, DiagnosticCode::pointer_unresolved, Origin(), "", given,
                      given + " is not a JSON Pointer: it starts with \"/\" (\"\" is the whole document), and a \"~\" "
                              "in it is \"~0\" or \"~1\""});
    return false;
  }
  if (!document.parsed && (document.shape == TextShape::ini || document.shape == TextShape::tf1)) {
    assembler.report(text_in_other_form(document.shape, "JSON"));
    return false;
  }
  if (!document.parsed) {
    // Name the member whose value could not be read: the field is what the
    // user needs to find.
    const std::string& key = document.syntax_error_key;
    const KeyTable config_keys = key_table(KeyForm::short_keys);  // outlives `setting`, which points into it
    const KeyBinding* setting = key.empty() ? nullptr : config_keys.find(key);
    const std::string shown = key.empty() || setting != nullptr ? key : quote(key);
    assembler.report({Severity::error, DiagnosticCode::syntax_error, origin_at(document.syntax_error_position), shown,
                      "", "invalid JSON: " + document.syntax_error,
                      setting != nullptr ? std::optional<Field>(setting->field) : std::nullopt});
    return false;
  }
  const std::string pointer = json_pointer_prefix(document.pointer, document.pointer.size());
  if (document.duplicate_position.known()) {
    assembler.report({Severity::error, DiagnosticCode::duplicate_key, origin_at(document.duplicate_position),
                      quote(document.duplicate_on_path), "",
                      "key given twice on the path of " + quote(pointer) +
                          ", which cannot tell them apart; give "
                          "each key once"});
    return false;
  }
  if (!document.found) {
    const std::string exists = json_pointer_prefix(document.pointer, document.tokens_found);
    assembler.report({Severity::error, DiagnosticCode::pointer_unresolved, Origin(), "", quote(pointer),
                      quote(pointer) + " names nothing; the deepest part that exists is " +
                          (exists.empty() ? std::string("the whole document") : quote(exists))});
    return false;
  }
  if (document.top.value.kind != InputKind::object) {
    const std::string got = describe(document.top.view());
    assembler.report({Severity::error, DiagnosticCode::not_an_object, origin_at(document.top.position), "", got,
                      "expected " + std::string(expected) + " at " +
                          (document.pointer.empty() ? std::string("the top level") : quote(pointer)) + ", got " + got});
    return false;
  }
  return true;
}

inline void report_duplicate(const JsonMember& member, std::string_view scope, ConfigAssembler& assembler) {
  const std::string second = describe(member.view());
  assembler.report({Severity::error, DiagnosticCode::duplicate_key, origin_at(member.position, scope),
                    quote(member.key), second,
                    "key given twice (the second value is " + second + "); give each key once"});
}

// A member that is not a JSON object where one is required.
inline void report_not_an_object(const JsonMember& member, std::string_view scope, std::string_view expected,
                                 ConfigAssembler& assembler) {
  const std::string got = describe(member.view());
  assembler.report({Severity::error, DiagnosticCode::not_an_object, origin_at(member.position, scope),
                    quote(member.key), got, "expected " + std::string(expected) + ", got " + got});
}

// Which values an option map given as JSON may hold.
enum class MapValues : std::uint8_t {
  scalars,  // strings or numbers, as the GE and TF2 readers take them
  strings,  // strings only (MindSpore's ge_options)
  any,      // anything (MindSpore's ascend_config, whose other keys hold what they like)
};

// The members of an option map: each memory key read, near misses warned
// about; a memory key given twice, and a value no option takes, reported.
// The members must outlive `assembler`.
inline void read_json_map(Span<JsonMember> members, const KeyTable& keys, std::string_view scope,
                          ConfigAssembler& assembler, MapValues values = MapValues::scalars) {
  for (const JsonMember& member : members) {
    const InputKind kind = member.value.kind;
    if (member.duplicate) {
      if (keys.find(member.key) != nullptr) report_duplicate(member, scope, assembler);
    } else if (values == MapValues::strings && kind != InputKind::string) {
      const std::string got = describe(member.view());
      assembler.report({Severity::error, DiagnosticCode::wrong_type, origin_at(member.position, scope),
                        quote(member.key), got,
                        got + " is not a string; MindSpore takes ge_options values as strings"});
    } else if (values == MapValues::scalars && (kind == InputKind::object || kind == InputKind::array)) {
      // An option map holds option values only: a container is a document
      // of another form given for this one.
      const std::string got = describe(member.view());
      Diagnostic diagnostic{Severity::error,
                            DiagnosticCode::wrong_type,
                            origin_at(member.position, scope),
                            quote(member.key),
                            got,
                            got + " is not an option value; option values are strings or numbers"};
      if (member.key == keys::mindspore_ge_options) {
        diagnostic.read_as = {Form::mindspore};
        diagnostic.message += " (this is MindSpore's ascend_config: " + read_as_text(diagnostic.read_as) + ")";
      } else if (member.key == keys::atc_compile_options || member.key == keys::atc_execute_options) {
        diagnostic.read_as = {Form::ge};
        diagnostic.read_as_pointer = "/" + std::string(member.key);  // neither key holds a "~" or a "/"
        diagnostic.message += " (this is an ATC options file: " + read_as_text(diagnostic.read_as) + " at " +
                              quote(diagnostic.read_as_pointer) + ")";
      }
      assembler.report(std::move(diagnostic));
    } else {
      read_entry(assembler, keys, member.key, member.view(), origin_at(member.position, scope), Spelling::engine,
                 ValueKinds::any);
    }
  }
}

// MindSpore's ge_options: {"global": {...}, "session": {...}}, GE keys to
// strings. Any other level, or a value that is no string, is an error (the
// framework would reject or mangle it); a short key warns, naming its GE key.
inline void read_mindspore_ge_options(const JsonMember& ge_options, ConfigAssembler& assembler) {
  if (ge_options.value.kind != InputKind::object) {
    report_not_an_object(ge_options, {}, R"(an object {"global": {...}, "session": {...}})", assembler);
    return;
  }
  for (const JsonMember& level : ge_options.members) {
    const bool known = level.key == keys::ge_global_scope || level.key == keys::ge_session_scope;
    if (level.duplicate) {
      report_duplicate(level, keys::mindspore_ge_options, assembler);
    } else if (!known) {
      assembler.report({Severity::error, DiagnosticCode::unknown_key,
                        origin_at(level.position, keys::mindspore_ge_options), quote(level.key), "",
                        "MindSpore's ge_options has only \"" + std::string(keys::ge_global_scope) + "\" and \"" +
                            std::string(keys::ge_session_scope) + "\""});
    } else if (level.value.kind != InputKind::object) {
      report_not_an_object(level, keys::mindspore_ge_options, "an object of GE options", assembler);
    } else {
      const std::string_view scope =
          level.key == keys::ge_global_scope ? keys::ge_global_scope : keys::ge_session_scope;
      read_json_map(level.members, key_table(KeyForm::mindspore_ge_options), scope, assembler, MapValues::strings);
    }
  }
}

// The level a key of the scoped GE form names; empty for none.
[[nodiscard]] constexpr std::string_view ge_level(std::string_view key) noexcept {
  for (const std::string_view level : {keys::ge_global_scope, keys::ge_session_scope, keys::ge_graph_scope}) {
    if (key == level) return level;
  }
  return {};
}

// A DOM value as an InputValue; `storage` keeps a float's literal alive.
template <class BasicJson>
[[nodiscard]] InputValue input_value_of(const BasicJson& value, std::string& storage) {
  switch (value.type()) {
    case nlohmann::json::value_t::string:
      return InputValue::string(value.template get_ref<const typename BasicJson::string_t&>());
    case nlohmann::json::value_t::number_integer:
      return InputValue::integer(value.template get<std::int64_t>());
    case nlohmann::json::value_t::number_unsigned:
      return InputValue::unsigned_integer(value.template get<std::uint64_t>());
    case nlohmann::json::value_t::number_float:
      storage = value.dump();
      return InputValue::floating(storage);
    case nlohmann::json::value_t::boolean:
      return InputValue::boolean(value.template get<bool>());
    case nlohmann::json::value_t::object:
      return InputValue::object();
    case nlohmann::json::value_t::array:
    case nlohmann::json::value_t::binary:
      return InputValue::array();
    default:
      return InputValue::null();
  }
}

// One member of a config object: a field, or an unknown key (an error, with
// a "did you mean" and the keys there are).
inline void read_config_member(ConfigAssembler& assembler, const KeyTable& keys, std::string_view key,
                               const InputValue& value, SourcePosition position, Spelling spelling) {
  if (const KeyBinding* binding = keys.find(key)) {
    assembler.assign(binding->field, {{}, {}, binding->key, position}, value, spelling);
    return;
  }
  Diagnostic diagnostic{Severity::error, DiagnosticCode::unknown_key, origin_at(position), quote(key), "",
                        "unknown key"};
  std::string& message = diagnostic.message;
  const KeyTable ge_keys = key_table(KeyForm::ge);
  const KeyBinding* ge = ge_keys.find(key);
  if (ge != nullptr && ge->use == KeyUse::read && ge->key != enum_name(ge->field)) {
    diagnostic.read_as = {Form::ge};
    message += " (a GE option, in a GE option map: " + read_as_text(diagnostic.read_as) + ")";
  } else if (const KeyBinding* near = keys.near_miss(key)) {
    message.append(" (").append(did_you_mean("\"" + std::string(near->key) + "\"")).append(")");
  }
  std::vector<std::string> names;
  for (const FieldInfo& field : fields) names.emplace_back(field.name);
  message += "; the keys are " + joined(names, " and ");
  assembler.report(std::move(diagnostic));
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
