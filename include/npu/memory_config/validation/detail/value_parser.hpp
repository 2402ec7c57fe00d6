// Reading one field's value as an input gives it: an allowed integer, the
// value's name, or the canonical decimal string of an allowed integer; for
// memory_optimization_policy the runtime's spellings, or unset. Every reader
// (JSON, GE, TF1, TF2, MindSpore Lite, command-line flags) goes through here.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "npu/memory_config/settings/detail/message_text.hpp"
#include "npu/memory_config/settings/detail/near_miss.hpp"
#include "npu/memory_config/settings/diagnostic.hpp"
#include "npu/memory_config/settings/fields.hpp"
#include "npu/memory_config/validation/detail/config_values.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

// Canonical decimal spellings: "0", "12"; not "", "+1", "01", " 1".
struct Decimal {
  bool valid = false;
  std::uint64_t value = 0;
};

[[nodiscard]] constexpr Decimal parse_canonical_decimal(std::string_view text) noexcept {
  if (text.empty() || text.size() > 19) return {};  // 19 digits always fit in 64 bits
  if (text.size() > 1 && text[0] == '0') return {};
  std::uint64_t value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return {};
    value = value * 10 + static_cast<std::uint64_t>(c - '0');
  }
  return {true, value};
}

enum class InputKind : std::uint8_t { integer, string, null, boolean, floating, object, array };

// A value as an input carried it, before it is checked. A view: the input
// outlives the read.
struct InputValue {
  InputKind kind = InputKind::null;
  std::string_view text;        // a string's contents; a float's literal; an integer's when out of range
  bool negative = false;        // integer: sign and magnitude, so that every
  std::uint64_t magnitude = 0;  // 64-bit value, signed or not, is exact
  bool out_of_range = false;    // integer: beyond 64 bits; `text` holds it
  bool truth = false;           // boolean
  std::string_view shown;       // how the input's language writes it, for messages ("None"); empty: as JSON does

  [[nodiscard]] static constexpr InputValue string(std::string_view s) noexcept {
    return {InputKind::string, s, false, 0, false, false, {}};
  }
  [[nodiscard]] static constexpr InputValue integer(std::int64_t v) noexcept {
    const bool negative = v < 0;
    const std::uint64_t magnitude =
        negative ? std::uint64_t{0} - static_cast<std::uint64_t>(v) : static_cast<std::uint64_t>(v);
    return {InputKind::integer, {}, negative, magnitude, false, false, {}};
  }
  [[nodiscard]] static constexpr InputValue unsigned_integer(std::uint64_t v) noexcept {
    return {InputKind::integer, {}, false, v, false, false, {}};
  }
  // An integer literal no 64-bit type holds: "18446744073709551616".
  [[nodiscard]] static constexpr InputValue huge_integer(std::string_view literal) noexcept {
    return {InputKind::integer, literal, !literal.empty() && literal[0] == '-', 0, true, false, {}};
  }
  [[nodiscard]] static constexpr InputValue floating(std::string_view literal) noexcept {
    return {InputKind::floating, literal, false, 0, false, false, {}};
  }
  [[nodiscard]] static constexpr InputValue boolean(bool b) noexcept {
    return {InputKind::boolean, {}, false, 0, false, b, {}};
  }
  [[nodiscard]] static constexpr InputValue null() noexcept { return {}; }
  [[nodiscard]] static constexpr InputValue object() noexcept {
    return {InputKind::object, {}, false, 0, false, false, {}};
  }
  [[nodiscard]] static constexpr InputValue array() noexcept {
    return {InputKind::array, {}, false, 0, false, false, {}};
  }
};

// The value as given, for a message: 5, "02", 2.0, true, null, an object.
[[nodiscard]] inline std::string describe(const InputValue& value) {
  if (!value.shown.empty()) return std::string(value.shown);
  switch (value.kind) {
    case InputKind::integer:
      if (value.out_of_range) return std::string(value.text);
      return (value.negative ? "-" : "") + std::to_string(value.magnitude);
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

// How a field is named in messages: "static_memory_policy", or
// "static_memory_policy (ge.exec.staticMemoryPolicy)" when it was given as a
// key of another name.
[[nodiscard]] inline std::string field_label(Field field, std::string_view key) {
  std::string label(enum_name(field));
  if (!key.empty() && key != enum_name(field)) label.append(" (").append(key).append(")");
  return label;
}

// Which texts an input's values may be. The library's own forms (JSON config
// files, the tool's flags) take every spelling the library prints: the
// runtime's texts and the values' names, null for unset. The forms a runtime
// reads (GE, TF1, TF2, MindSpore, MindSpore Lite) take the texts the engine
// compares and nothing else: "0" to "4", "BalanceMode", "MemoryPriority",
// and "" for unset; a name there is text the engine runs as its default.
// python: the library's texts given as Python values (MemoryConfig(...)):
// None for unset, and messages in Python's words.
enum class Spelling : std::uint8_t { library, engine, python };

struct ParsedValue {
  bool valid = false;
  const ValueInfo* value = nullptr;  // the table entry read; valid and none: unset (code_of gives nullopt)
  bool legacy_alias = false;         // given as the legacy alias of `value`
};

// The code of a table entry read; nullopt for none: unset.
[[nodiscard]] constexpr std::optional<std::uint8_t> code_of(const ValueInfo* value) noexcept {
  if (value == nullptr) return std::nullopt;
  return value->code;
}

// `text` with full-width digits (U+FF10 to U+FF19, as CJK input methods
// type them) made ASCII, into `out`; false when `text` holds something else.
template <std::size_t N>
[[nodiscard]] constexpr bool ascii_of_full_width_digits(std::string_view text, char (&out)[N],
                                                        std::size_t& length) noexcept {
  length = 0;
  if (text.empty() || text.size() % 3 != 0 || text.size() / 3 > N) return false;
  for (std::size_t i = 0; i < text.size(); i += 3) {
    const auto third = static_cast<unsigned char>(text[i + 2]);
    if (text.substr(i, 2) != "\xEF\xBC" || third < 0x90 || third > 0x99) return false;
    out[length++] = static_cast<char>('0' + (third - 0x90));
  }
  return true;
}

// The runtime text (or, where the library's names are read, the name) of
// the field's value `given` is a near miss of: a typo, another case, or the
// full-width digits of its code.
[[nodiscard]] constexpr std::string_view suggest_value(const FieldInfo& field, std::string_view given,
                                                       Spelling spelling) noexcept {
  char digits[4] = {};
  std::size_t length = 0;
  const bool full_width = ascii_of_full_width_digits(given, digits, length);
  for (const ValueInfo& value : field.values) {
    if (full_width && std::string_view(digits, length) == value.runtime_text) return value.runtime_text;
    if (is_near_miss(given, value.runtime_text)) return value.runtime_text;
    if (spelling != Spelling::engine && field.integer_valued && is_near_miss(given, value.name)) return value.name;
  }
  return {};
}

// The field's value for an integer; the legacy alias gives its target and
// sets `legacy`.
[[nodiscard]] constexpr const ValueInfo* integer_value(const FieldInfo& field, std::uint64_t magnitude,
                                                       bool& legacy) noexcept {
  if (magnitude > 255) return nullptr;
  const auto code = static_cast<std::uint8_t>(magnitude);
  const std::uint8_t canonical = canonical_code(field.field, code);
  legacy = canonical != code;
  return value_of(field.field, canonical);
}

// The value the runtime's text of `field` names: "2", "MemoryPriority".
[[nodiscard]] constexpr const ValueInfo* value_with_runtime_text(const FieldInfo& field,
                                                                 std::string_view text) noexcept {
  for (const ValueInfo& value : field.values) {
    if (value.runtime_text == text) return &value;
  }
  return nullptr;
}

// Why `value` is not allowed for `field`, when its kind says more than the
// value itself; empty otherwise.
[[nodiscard]] inline std::string rejection_reason(const FieldInfo& field, const InputValue& value, Spelling spelling) {
  if (value.kind == InputKind::string) {
    const std::string_view suggestion = suggest_value(field, value.text, spelling);
    return suggestion.empty() ? std::string() : " (" + did_you_mean("\"" + std::string(suggestion) + "\"") + ")";
  }
  if (value.kind == InputKind::integer && value.out_of_range) return " (out of range)";
  if (value.kind == InputKind::integer && !field.integer_valued) return " (a string is expected)";
  if (value.kind == InputKind::floating) return " (not an integer)";
  return {};
}

// What the engine runs for a text it does not read: the field's default.
[[nodiscard]] inline std::string engine_runs_text(const FieldInfo& field) {
  const ValueInfo* runs = field.optional ? nullptr : value_of(field.field, field.default_code);
  return runs != nullptr ? describe_value(field.field, *runs) : std::string(unset_description);
}

// A value's name in a form the engine reads: the engine compares texts, so
// it runs its default for it. An error that says so and what to write.
[[nodiscard]] inline Diagnostic name_in_engine_form(const FieldInfo& field, const ValueInfo& named,
                                                    const InputValue& value, const Origin& origin) {
  const std::string given = describe(value);
  Diagnostic diagnostic{Severity::error,
                        DiagnosticCode::invalid_value,
                        origin,
                        field_label(field.field, origin.key),
                        given,
                        given + " is not a value the engine reads: it runs " + engine_runs_text(field) +
                            " for it; write \"" + std::string(named.runtime_text) + "\" for " + std::string(named.name),
                        field.field};
  diagnostic.fix.push_back({{{EditAction::set_value, field.field, named.code, {}, origin}}});
  return diagnostic;
}

// What replaces a value no reader takes: each of the field's values where
// it was written, in their table's order (unset too, where it may be).
[[nodiscard]] inline std::vector<Remedy> value_remedies(const FieldInfo& field, const Origin& origin) {
  std::vector<Remedy> out;
  for (const ValueInfo& value : field.values)
    out.push_back({{{EditAction::set_value, field.field, value.code, {}, origin}}});
  if (field.optional) out.push_back({{{EditAction::set_value, field.field, std::nullopt, {}, origin}}});
  return out;
}

// Checks `value` for `field`, spelled as `spelling` allows: a valid value,
// or an invalid one after an error appended to `out`; the legacy alias is
// read as its target, with a warning. Allocates only to report.
[[nodiscard]] inline ParsedValue parse_field_value(const FieldInfo& field, const InputValue& value, Spelling spelling,
                                                   const Origin& origin, std::vector<Diagnostic>& out) {
  const ValueInfo* found = nullptr;
  bool legacy = false;
  switch (value.kind) {
    case InputKind::integer:
      if (field.integer_valued && !value.negative && !value.out_of_range) {
        found = integer_value(field, value.magnitude, legacy);
      }
      break;
    case InputKind::string:
      if (field.optional && spelling == Spelling::engine && value.text.empty()) return {true, nullptr};
      if (!field.integer_valued) {
        found = value_with_runtime_text(field, value.text);
      } else if (const Decimal decimal = parse_canonical_decimal(value.text); decimal.valid) {
        found = integer_value(field, decimal.value, legacy);
      }
      if (found == nullptr) {
        const ValueInfo* named = value_named(field.field, value.text);
        if (named != nullptr && spelling == Spelling::engine) {
          out.push_back(name_in_engine_form(field, *named, value, origin));
          return {};
        }
        found = named;
      }
      break;
    case InputKind::null:
      if (field.optional && spelling != Spelling::engine) return {true, nullptr};
      break;
    default:
      break;
  }
  if (found == nullptr) {
    const std::string given = describe(value);
    std::string message = given + " is not allowed" + rejection_reason(field, value, spelling);
    if (spelling == Spelling::engine && value.kind == InputKind::string) {  // the texts the engine compares
      message += field.optional ? "; the engine leaves it unset for it"
                                : "; the engine runs " + engine_runs_text(field) + " for it";
    }
    message += "; use " + allowed_values_text(field.field);
    if (field.optional) {
      message += spelling == Spelling::engine   ? ", or \"\" to leave it unset"
                 : spelling == Spelling::python ? ", or None to leave it unset"
                                                : ", or null to leave it unset";
    }
    const bool wrong_type = value.kind != InputKind::string && value.kind != InputKind::integer;
    out.push_back({Severity::error, wrong_type ? DiagnosticCode::wrong_type : DiagnosticCode::invalid_value, origin,
                   field_label(field.field, origin.key), given, std::move(message), field.field});
    out.back().fix = value_remedies(field, origin);
    return {};
  }
  if (legacy) {
    const std::string given = describe(value);
    out.push_back({Severity::warning, DiagnosticCode::legacy_value, origin, field_label(field.field, origin.key), given,
                   given + " is a legacy alias of " + describe_value(field.field, *found) + "; it is read as " +
                       std::string(found->runtime_text),
                   field.field});
    out.back().fix.push_back({{{EditAction::set_value, field.field, found->code, {}, origin}}});  // keeps what runs
  }
  return {true, found, legacy};
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
