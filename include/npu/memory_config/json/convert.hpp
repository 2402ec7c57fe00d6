// nlohmann_json integration found by ADL: to_json/from_json for
// npu::MemoryConfig (spec 2 and 5, canonical form), and JSON objects of the
// option maps. from_json is as strict as read_json_config, except that a DOM
// can no longer show duplicate keys: read text with read_json_config.
#pragma once

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "npu/memory_config/context.hpp"
#include "npu/memory_config/detail/assembler.hpp"
#include "npu/memory_config/map_readers.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

// The one exception type of the JSON layer: what() lists every problem, one
// a line; diagnostics() gives them structured.
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
      text += to_string(diagnostic);
    }
    return text;
  }

  std::vector<Diagnostic> diagnostics_;
};

// Canonical form: the integer fields as integers, the policy only when set.
// Throws ConfigError, naming each field and code, when a field holds an
// integer that is no value of its table.
template <class BasicJson>
void to_json(BasicJson& json, const MemoryConfig& config) {
  if (!holds_table_values(config)) throw ConfigError(validate(config));
  json = BasicJson::object();
  for (const FieldInfo& field : fields) {
    const ValueInfo* value = field_value(config, field.field);
    if (value == nullptr) continue;
    if (field.integer_valued) {
      json[std::string(field.name)] = value->code;
    } else {
      json[std::string(field.name)] = std::string(value->runtime_text);
    }
  }
}

namespace detail {

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
// a "did you mean" and the list of keys).
inline void assign_config_member(ConfigAssembler& assembler, const ValueOrigin& origin, const InputValue& value) {
  if (const KeyBinding* binding = key_table<detail::KeyForm::short_keys>.find(origin.key)) {
    assembler.assign(binding->field, origin, value, UnsetSpelling::null);
    return;
  }
  std::string message = "unknown key";
  if (const KeyBinding* near = key_table<detail::KeyForm::short_keys>.near_miss(origin.key)) {
    message.append(" (did you mean \"").append(near->key).append("\"?)");
  }
  message += "; the keys are ";
  for (std::size_t i = 0; i < field_count; ++i) {
    message.append(i == 0 ? "" : (i + 1 == field_count ? " and " : ", ")).append(fields[i].name);
  }
  assembler.report({Severity::error,
                    DiagnosticCode::unknown_key,
                    origin_source(origin),
                    quote(origin.key),
                    {},
                    std::move(message),
                    origin.position});
}

}  // namespace detail

// Throws ConfigError (a std::invalid_argument) listing every problem.
template <class BasicJson>
void from_json(const BasicJson& json, MemoryConfig& config) {
  constexpr std::string_view source = "JSON";
  detail::ConfigAssembler assembler;
  if (!json.is_object()) {
    std::string storage;
    assembler.report({Severity::error,
                      DiagnosticCode::not_an_object,
                      std::string(source),
                      {},
                      {},
                      detail::concat({"expected a JSON object of memory options, got ",
                                      detail::describe(detail::input_value_of(json, storage))})});
  } else {
    for (auto it = json.begin(); it != json.end(); ++it) {
      std::string storage;
      detail::assign_config_member(assembler, {source, it.key(), {}}, detail::input_value_of(it.value(), storage));
    }
  }
  ReadResult result = std::move(assembler).finish(source);
  if (!result.config) throw ConfigError(std::move(result.diagnostics));
  config = *result.config;
}

// An option list as a JSON object of strings: {"ge.exec.staticMemoryPolicy": "2", ...}.
template <class BasicJson = nlohmann::json, std::size_t Capacity>
[[nodiscard]] BasicJson options_json(const OptionList<Capacity>& options) {
  BasicJson json = BasicJson::object();
  for (const OptionEntry& entry : options) json[std::string(entry.key)] = std::string(entry.value);
  return json;
}

// {"global": {...}, "session": {...}}: the form npu-memcfg --format ge prints.
template <class BasicJson = nlohmann::json>
[[nodiscard]] BasicJson ge_options_json(const MemoryConfig& config) {
  const GeOptions options = ge_options(config);
  return BasicJson{{std::string(keys::ge_global_scope), options_json<BasicJson>(options.global)},
                   {std::string(keys::ge_session_scope), options_json<BasicJson>(options.session)}};
}

// MindSpore's ascend_config (spec 9), what npu-memcfg --format mindspore
// prints: {"atomic_clean_policy": 1, "ge_options": {"global": {...},
// "session": {...}}}, also a valid Python literal.
template <class BasicJson = nlohmann::json>
[[nodiscard]] BasicJson mindspore_ascend_config_json(const MemoryConfig& config) {
  const MindSporeAscendConfig form = mindspore_ascend_config(config);
  BasicJson json = BasicJson::object();
  for (const OptionEntry& entry : form.top_level) {
    json[std::string(entry.key)] = detail::parse_canonical_decimal(entry.value).value;  // integers there
  }
  json[std::string(keys::mindspore_ge_options)] =
      BasicJson{{std::string(keys::ge_global_scope), options_json<BasicJson>(form.ge_options.global)},
                {std::string(keys::ge_session_scope), options_json<BasicJson>(form.ge_options.session)}};
  return json;
}

NPU_MEMORY_CONFIG_NAMESPACE_END
