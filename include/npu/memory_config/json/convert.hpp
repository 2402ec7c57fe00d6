// nlohmann_json integration, found by ADL: to_json/from_json for
// npu::MemoryConfig (the canonical form; every spelling a config file may
// use), to_json for a Diagnostic, and the option maps as JSON. from_json is
// as strict as read_json_config, but a DOM no longer shows duplicate keys.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "npu/memory_config/forms/option_maps.hpp"
#include "npu/memory_config/json/detail/members.hpp"
#include "npu/memory_config/validation/detail/assembler.hpp"
#include "npu/memory_config/validation/detail/code_errors.hpp"
#include "npu/memory_config/validation/detail/config_values.hpp"
#include "npu/memory_config/validation/validate.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

// The one exception type of the JSON layer: what() lists every error, one a
// line, as message_line() writes it ("job.json:3:5: static_memory_policy:
// ..."); diagnostics() gives them structured, warnings included.
class ConfigError : public std::invalid_argument {
 public:
  explicit ConfigError(std::vector<Diagnostic> diagnostics)
      : std::invalid_argument(join(diagnostics)), diagnostics_(std::move(diagnostics)) {}

  [[nodiscard]] const std::vector<Diagnostic>& diagnostics() const noexcept { return diagnostics_; }

 private:
  static std::string join(const std::vector<Diagnostic>& diagnostics) {
    std::string text;
    for (const Diagnostic& diagnostic : diagnostics) {
      if (diagnostic.severity != Severity::error) continue;
      if (!text.empty()) text += '\n';
      text += diagnostic.message_line();
    }
    return text;
  }

  std::vector<Diagnostic> diagnostics_;
};

// The canonical form: the integer fields as integers, the policy only when
// set. Throws ConfigError, naming each field and code, when a field holds an
// integer that is no value of its table.
template <class BasicJson>
void to_json(BasicJson& json, const MemoryConfig& config) {
  if (!detail::holds_table_values(config)) throw ConfigError(detail::code_errors(config));
  json = BasicJson::object();
  for (const detail::FieldInfo& field : detail::fields) {
    const detail::ValueInfo* value = detail::field_value(config, field.field);
    if (value == nullptr) continue;
    if (field.integer_valued) {
      json[std::string(field.name)] = value->code;
    } else {
      json[std::string(field.name)] = std::string(value->runtime_text);
    }
  }
}

// Throws ConfigError (a std::invalid_argument) listing every problem;
// `config` is untouched then.
template <class BasicJson>
void from_json(const BasicJson& json, MemoryConfig& config) {
  detail::ConfigAssembler assembler("JSON");
  if (!json.is_object()) {
    std::string storage;
    const std::string got = detail::describe(detail::input_value_of(json, storage));
    assembler.report({Severity::error, DiagnosticCode::not_an_object, Origin(), "", got,
                      "expected a JSON object of memory options, got " + got});
  } else {
    const detail::KeyTable keys = detail::key_table(detail::KeyForm::short_keys);
    for (auto it = json.begin(); it != json.end(); ++it) {
      std::string storage;
      detail::read_config_member(assembler, keys, it.key(), detail::input_value_of(it.value(), storage), {},
                                 detail::Spelling::library);
    }
  }
  ReadResult result = std::move(assembler).finish();
  if (!result.config) throw ConfigError(std::move(result.diagnostics));
  config = *result.config;
}

// One edit of a fix: {"action": "set_value", "setting":
// "static_memory_policy", "value": "0", "source": "job.json", "line": 3,
// "column": 5}. "value" is the text the runtime reads (null: unset, or an
// action without one); "setting" is GE_USE_STATIC_MEMORY for the variable's
// edits; "source" null for the environment the job runs in.
template <class BasicJson>
void to_json(BasicJson& json, const Edit& edit) {
  const std::optional<std::string_view> value = edit.runtime_value();
  json = BasicJson::object();
  json["action"] = std::string(enum_name(edit.action));
  json["setting"] = std::string(edit.setting());
  json["value"] = value ? BasicJson(std::string(*value)) : BasicJson();
  json["source"] = edit.at.source.empty() ? BasicJson() : BasicJson(edit.at.source_text());
  json["line"] = edit.at.position.known() ? BasicJson(edit.at.position.line) : BasicJson();
  json["column"] = edit.at.position.known() ? BasicJson(edit.at.position.column) : BasicJson();
}

// A remedy: {"edits": [...], "text": "static_memory_policy 0 (dynamic)"}.
template <class BasicJson>
void to_json(BasicJson& json, const Remedy& remedy) {
  json = BasicJson::object();
  json["edits"] = BasicJson::array();
  for (const Edit& edit : remedy.edits) json["edits"].push_back(edit);
  json["text"] = remedy.text();
}

// A diagnostic, as npu-memcfg --diagnostics json writes it, one a line:
//   {"severity": "error", "code": "invalid_value", "source": "job.json",
//    "line": 3, "column": 5, "field": ..., "value": ..., "message": ...}; line
// and column are null when the diagnostic has no position. The source names
// its level: "ge.json (session)". "fix", when there is one: its remedies.
template <class BasicJson>
void to_json(BasicJson& json, const Diagnostic& diagnostic) {
  const SourcePosition& position = diagnostic.origin.position;
  json = BasicJson::object();
  json["severity"] = std::string(enum_name(diagnostic.severity));
  json["code"] = std::string(enum_name(diagnostic.code));
  json["source"] = diagnostic.origin.source_text();
  json["line"] = position.known() ? BasicJson(position.line) : BasicJson();
  json["column"] = position.known() ? BasicJson(position.column) : BasicJson();
  json["field"] = diagnostic.key;
  json["value"] = diagnostic.value;
  json["message"] = diagnostic.message;
  if (diagnostic.fix.empty()) return;  // absent: nothing in the job's files clears it
  json["fix"] = BasicJson::array();
  for (const Remedy& remedy : diagnostic.fix) json["fix"].push_back(remedy);
}

NPU_MEMORY_CONFIG_NAMESPACE_END
