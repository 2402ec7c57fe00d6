// Reading one field's value as given (spec section 2): an allowed integer,
// the value's name, or the canonical decimal string of an allowed integer;
// for memory_optimization_policy the runtime's own spellings or null.
// Every reader (JSON, GE, TF1, TF2, command-line flags) goes through here.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "npu/memory_config/detail/text.hpp"
#include "npu/memory_config/diagnostic.hpp"
#include "npu/memory_config/fields.hpp"

namespace npu {

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
      return detail::concat({value.negative ? "-" : "", std::to_string(value.magnitude)});
    case InputKind::string:
      return detail::quote(value.text);
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

// "0 (dynamic), 2 (expand_static_shape) or 3 (...)"; for a string field
// "\"BalanceMode\" or \"MemoryPriority\"".
[[nodiscard]] inline std::string allowed_values_text(const FieldInfo& field) {
  std::string text;
  for (std::size_t i = 0; i < field.values.size(); ++i) {
    const ValueInfo& value = field.values[i];
    if (i > 0) text += (i + 1 == field.values.size()) ? " or " : ", ";
    if (field.integer_valued) {
      text.append(value.runtime_text).append(" (").append(value.name).append(")");
    } else {
      text.append("\"").append(value.runtime_text).append("\"");
    }
  }
  return text;
}

// How an input spells "unset" for an optional field: JSON null, or the empty
// string of a GE option map.
enum class UnsetSpelling : std::uint8_t { null, empty_string };

struct ParsedValue {
  bool valid = false;
  const ValueInfo* value = nullptr;  // valid and no value: unset
};

// Where a value came from, for the diagnostics it may raise.
struct ValueOrigin {
  std::string_view source;
  std::string_view key;    // as given
  std::string_view scope;  // e.g. "global" when one source has parts; may be empty
};

// "GE options (global)": formatted only when a diagnostic needs it.
[[nodiscard]] inline std::string origin_source(const ValueOrigin& origin) {
  std::string source(origin.source);
  if (!origin.scope.empty()) source.append(" (").append(origin.scope).append(")");
  return source;
}

namespace detail {

[[nodiscard]] inline Diagnostic field_diagnostic(Severity severity, DiagnosticCode code, const ValueOrigin& origin,
                                                 const FieldInfo& field, std::string value, std::string message) {
  return Diagnostic{severity, code, origin_source(origin), field_label(field, origin.key), std::move(value),
                    std::move(message)};
}

// The closest name or runtime spelling of `field` within the near-miss budget.
[[nodiscard]] constexpr std::string_view suggest_value(const FieldInfo& field, std::string_view given) noexcept {
  NearMissProbe probe(given);
  for (const ValueInfo& value : field.values) {
    if (is_near_miss(probe, near_miss_target(value.runtime_text))) return value.runtime_text;
    if (field.integer_valued && is_near_miss(probe, near_miss_target(value.name))) return value.name;
  }
  return {};
}

// The field's value for an integer; the legacy alias maps to its target and
// sets `legacy`.
[[nodiscard]] constexpr const ValueInfo* integer_value(const FieldInfo& field, bool negative, std::uint64_t magnitude,
                                                       bool& legacy) noexcept {
  if (negative || magnitude > 255) return nullptr;
  const auto code = static_cast<std::uint8_t>(magnitude);
  if (field.legacy_alias != nullptr && field.legacy_alias->code == code) {
    legacy = true;
    return find_value(field, field.legacy_alias->canonical_code);
  }
  return find_value(field, code);
}

}  // namespace detail

// Checks `value` for `field`. Returns a valid value, or an invalid one after
// appending an error to `out`; the legacy alias is mapped and warned about.
// Allocates only when it appends a diagnostic.
[[nodiscard]] inline ParsedValue parse_field_value(const FieldInfo& field, const InputValue& value,
                                                   UnsetSpelling unset, const ValueOrigin& origin,
                                                   std::vector<Diagnostic>& out) {
  const ValueInfo* found = nullptr;
  bool legacy = false;
  switch (value.kind) {
    case InputKind::integer:
      if (field.integer_valued) found = detail::integer_value(field, value.negative, value.magnitude, legacy);
      break;
    case InputKind::string:
      if (field.optional && unset == UnsetSpelling::empty_string && value.text.empty()) return {true, nullptr};
      if (!field.integer_valued) {
        found = find_value_by_runtime_text(field, value.text);
      } else if (const detail::Decimal decimal = detail::parse_canonical_decimal(value.text); decimal.valid) {
        found = detail::integer_value(field, false, decimal.value, legacy);
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
    std::string message = detail::concat({describe(value), " is not allowed"});
    if (value.kind == InputKind::string) {
      const std::string_view suggestion = detail::suggest_value(field, value.text);
      if (!suggestion.empty()) message.append(" (did you mean \"").append(suggestion).append("\"?)");
    } else if (value.kind == InputKind::integer && !field.integer_valued) {
      message += " (a string is expected)";
    } else if (value.kind == InputKind::floating) {
      message += " (not an integer)";
    }
    message.append("; use ").append(allowed_values_text(field));
    if (field.optional) message += unset == UnsetSpelling::null ? ", or null to leave it unset" : ", or \"\" to leave it unset";
    const bool wrong_type = value.kind != InputKind::string && value.kind != InputKind::integer;
    out.push_back(detail::field_diagnostic(Severity::error,
                                           wrong_type ? DiagnosticCode::wrong_type : DiagnosticCode::invalid_value,
                                           origin, field, describe(value), std::move(message)));
    return {};
  }
  if (legacy) {
    out.push_back(detail::field_diagnostic(
        Severity::warning, DiagnosticCode::legacy_value, origin, field, describe(value),
        detail::concat({describe(value), " is a legacy alias of ", found->runtime_text, " (", found->name,
                        "); it is read as ", found->runtime_text})));
  }
  return {true, found};
}

}  // namespace npu
