// Reading one field's value as given (spec section 2): an allowed integer,
// the value's name, or the canonical decimal string of an allowed integer;
// for memory_optimization_policy the runtime's own spellings or null.
// Every reader (JSON, GE, TF1, TF2, command-line flags) goes through here;
// set_field_from_text is the public door for text a person typed.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "npu/memory_config/config.hpp"
#include "npu/memory_config/detail/decimal.hpp"
#include "npu/memory_config/diagnostic.hpp"
#include "npu/memory_config/fields.hpp"
#include "npu/memory_config/message_text.hpp"
#include "npu/memory_config/near_miss.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

// "3 (expand_dynamic_shape)" for an integer field, "\"MemoryPriority\"" for the
// policy: how messages and --explain show a value of the table.
[[nodiscard]] inline std::string describe_value(Field field, const ValueInfo& value) {
  if (!field_info(field).integer_valued) return quote(value.runtime_text);
  return detail::concat({value.runtime_text, " (", value.name, ")"});
}

// What a field allows, as messages list it: "0 (dynamic), 2 (expand_static_shape),
// 3 (expand_dynamic_shape) or 4 (expand_static_and_dynamic_shape)"; for the
// policy "\"BalanceMode\" or \"MemoryPriority\"".
[[nodiscard]] inline std::string allowed_values_text(Field field) {
  const FieldInfo& info = field_info(field);
  std::string text;
  for (std::size_t i = 0; i < info.values.size(); ++i) {
    if (i > 0) text += (i + 1 == info.values.size()) ? " or " : ", ";
    text += describe_value(field, info.values[i]);
  }
  return text;
}

namespace detail {

enum class InputKind : std::uint8_t { integer, string, null, boolean, floating, object, array };

// A value as some input carried it, before it is checked. Views only: the
// input outlives the read.
struct InputValue {
  InputKind kind = InputKind::null;
  std::string_view text;        // string contents; the literal of a float
  bool negative = false;        // integer: sign and magnitude, so that every
  std::uint64_t magnitude = 0;  // 64-bit value, signed or not, is exact
  bool truth = false;           // boolean

  [[nodiscard]] static constexpr InputValue string(std::string_view s) noexcept {
    return {InputKind::string, s, false, 0, false};
  }
  [[nodiscard]] static constexpr InputValue integer(std::int64_t v) noexcept {
    const bool negative = v < 0;
    const std::uint64_t magnitude =
        negative ? std::uint64_t{0} - static_cast<std::uint64_t>(v) : static_cast<std::uint64_t>(v);
    return {InputKind::integer, {}, negative, magnitude, false};
  }
  [[nodiscard]] static constexpr InputValue unsigned_integer(std::uint64_t v) noexcept {
    return {InputKind::integer, {}, false, v, false};
  }
  [[nodiscard]] static constexpr InputValue floating(std::string_view literal) noexcept {
    return {InputKind::floating, literal, false, 0, false};
  }
  [[nodiscard]] static constexpr InputValue boolean(bool b) noexcept { return {InputKind::boolean, {}, false, 0, b}; }
  [[nodiscard]] static constexpr InputValue null() noexcept { return {}; }
  [[nodiscard]] static constexpr InputValue object() noexcept { return {InputKind::object, {}, false, 0, false}; }
  [[nodiscard]] static constexpr InputValue array() noexcept { return {InputKind::array, {}, false, 0, false}; }
};

// The value as given, for a message: 5, "02", 2.0, true, null, an object.
[[nodiscard]] inline std::string describe(const InputValue& value) {
  switch (value.kind) {
    case InputKind::integer:
      return concat({value.negative ? "-" : "", std::to_string(value.magnitude)});
    case InputKind::string:
      return quote(value.text);
    case InputKind::null:
      return "null";
    case InputKind::boolean:
      return value.truth ? "true" : "false";
    case InputKind::floating:
      return std::string(value.text);
    case InputKind::object:
      return "an object";
    case InputKind::array:
      return "an array";
  }
  return {};
}

// Where a value was given, for messages: "static_memory_policy", or
// "static_memory_policy (ge.exec.staticMemoryPolicy)" when the key differs.
[[nodiscard]] inline std::string field_label(const FieldInfo& field, std::string_view key) {
  std::string label(field.name);
  if (!key.empty() && key != field.name) label.append(" (").append(key).append(")");
  return label;
}

// How an input spells "unset" for an optional field: JSON null, or the empty
// string of a GE option map.
enum class UnsetSpelling : std::uint8_t { null, empty_string };

struct ParsedValue {
  bool valid = false;
  const ValueInfo* value = nullptr;  // valid and no value: unset
  bool legacy_alias = false;         // given as the legacy alias of `value`
};

// Where a value came from, for the diagnostics it may raise.
struct ValueOrigin {
  std::string_view source;
  std::string_view key;          // as given
  std::string_view scope;        // e.g. "global" when one source has parts; may be empty
  SourcePosition position = {};  // of the key, when the source is a text
};

// "GE options (global)": formatted only when a diagnostic needs it. A value
// with a position in a text is named by the text alone ("job.json", shown
// as job.json:3:5): the position says where, and editors read the form.
[[nodiscard]] inline std::string origin_source(const ValueOrigin& origin) {
  std::string source(origin.source);
  if (!origin.scope.empty() && !origin.position.known()) source.append(" (").append(origin.scope).append(")");
  return source;
}

[[nodiscard]] inline Diagnostic field_diagnostic(Severity severity, DiagnosticCode code, const ValueOrigin& origin,
                                                 const FieldInfo& field, std::string value, std::string message) {
  return {severity,           code,           origin_source(origin), field_label(field, origin.key), std::move(value),
          std::move(message), origin.position};
}

// The closest name or runtime spelling of `field` within the near-miss budget.
[[nodiscard]] constexpr std::string_view suggest_value(const FieldInfo& field, std::string_view given) noexcept {
  for (const ValueInfo& value : field.values) {
    if (is_near_miss(given, value.runtime_text)) return value.runtime_text;
    if (field.integer_valued && is_near_miss(given, value.name)) return value.name;
  }
  return {};
}

// The field's value for an integer; the legacy alias maps to its target and
// sets `legacy`.
[[nodiscard]] constexpr const ValueInfo* integer_value(const FieldInfo& field, bool negative, std::uint64_t magnitude,
                                                       bool& legacy) noexcept {
  if (negative || magnitude > 255) return nullptr;
  const auto code = static_cast<std::uint8_t>(magnitude);
  const std::uint8_t canonical = canonical_code(field, code);
  legacy = canonical != code;
  return value_of(field.field, canonical);
}

// Checks `value` for `field`. Returns a valid value, or an invalid one after
// appending an error to `out`; the legacy alias is mapped and warned about.
// Allocates only when it appends a diagnostic.
[[nodiscard]] inline ParsedValue parse_field_value(const FieldInfo& field, const InputValue& value, UnsetSpelling unset,
                                                   const ValueOrigin& origin, std::vector<Diagnostic>& out) {
  const ValueInfo* found = nullptr;
  bool legacy = false;
  switch (value.kind) {
    case InputKind::integer:
      if (field.integer_valued) found = integer_value(field, value.negative, value.magnitude, legacy);
      break;
    case InputKind::string:
      if (field.optional && unset == UnsetSpelling::empty_string && value.text.empty()) return {true, nullptr};
      if (!field.integer_valued) {
        found = find_value_by_runtime_text(field, value.text);
      } else if (const Decimal decimal = parse_canonical_decimal(value.text); decimal.valid) {
        found = integer_value(field, false, decimal.value, legacy);
      } else {
        found = find_value_by_name(field, value.text);
      }
      break;
    case InputKind::null:
      if (field.optional && unset == UnsetSpelling::null) return {true, nullptr};
      break;
    default:
      break;
  }
  if (found == nullptr) {
    std::string message = concat({describe(value), " is not allowed"});
    if (value.kind == InputKind::string) {
      const std::string_view suggestion = suggest_value(field, value.text);
      if (!suggestion.empty()) message.append(" (did you mean \"").append(suggestion).append("\"?)");
    } else if (value.kind == InputKind::integer && !field.integer_valued) {
      message += " (a string is expected)";
    } else if (value.kind == InputKind::floating) {
      message += " (not an integer)";
    }
    message.append("; use ").append(allowed_values_text(field.field));
    if (field.optional)
      message += unset == UnsetSpelling::null ? ", or null to leave it unset" : ", or \"\" to leave it unset";
    const bool wrong_type = value.kind != InputKind::string && value.kind != InputKind::integer;
    out.push_back(field_diagnostic(Severity::error,
                                   wrong_type ? DiagnosticCode::wrong_type : DiagnosticCode::invalid_value, origin,
                                   field, describe(value), std::move(message)));
    return {};
  }
  if (legacy) {
    out.push_back(field_diagnostic(Severity::warning, DiagnosticCode::legacy_value, origin, field, describe(value),
                                   concat({describe(value), " is a legacy alias of ", found->runtime_text, " (",
                                           found->name, "); it is read as ", found->runtime_text})));
  }
  return {true, found, legacy};
}

}  // namespace detail

// Sets one field from text as a person gives it on a command line or in an
// environment variable: a value's name ("expand_dynamic_shape"), its decimal
// ("3") or runtime spelling ("MemoryPriority"), or "null" to unset
// memory_optimization_policy; checked as spec 2 says. `config` changes only
// when the text is valid. Returns the diagnostics (the legacy "1" warns),
// naming `source` (a flag, an environment variable). With `provenance`, a
// valid text also makes `source` the field's origin there.
[[nodiscard]] inline std::vector<Diagnostic> set_field_from_text(MemoryConfig& config, Field field,
                                                                 std::string_view text, std::string_view source,
                                                                 Provenance* provenance = nullptr) {
  std::vector<Diagnostic> diagnostics;
  const detail::InputValue value = text == "null" ? detail::InputValue::null() : detail::InputValue::string(text);
  const detail::ParsedValue parsed = detail::parse_field_value(field_info(field), value, detail::UnsetSpelling::null,
                                                               {source, field_name(field), {}}, diagnostics);
  if (!parsed.valid) return diagnostics;
  set_field_value(config, field, parsed.value);
  if (provenance != nullptr) provenance->of(field) = {true, std::string(source), {}, parsed.legacy_alias};
  return diagnostics;
}

NPU_MEMORY_CONFIG_NAMESPACE_END
