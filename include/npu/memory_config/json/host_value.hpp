// Values handed over in process by another language, read as a text of a
// JSON form is: the Python module's dicts and MemoryConfig(...)'s arguments.
// Messages quote each value as that language writes it, and name None as
// what leaves the optimization policy unset.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "npu/memory_config/json/readers.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

// One value, with the members of a mapping. `other` is a kind no setting
// takes (a list, a tuple, bytes, a set): only `shown` says what it was.
struct HostValue {
  struct Member;  // a mapping's: its key and its value
  enum class Kind : std::uint8_t { null, boolean, integer, floating, string, mapping, other };

  Kind kind = Kind::null;
  std::string text;             // string: its contents; integer: its decimal digits, "-" first if negative, any size;
                                // floating: its literal ("1e+100")
  bool truth = false;           // boolean
  std::string shown;            // how the language writes it: "None", "True", "1e+100", "a list"; empty: as JSON does
  std::vector<Member> members;  // mapping: in the order given
};

// (Defined here, where HostValue is complete: a std::pair member of its own
// vector would need it complete inside its definition.)
struct HostValue::Member {
  std::string key;
  HostValue value;
};

namespace detail {

// "12", "-12": an optional minus, then at least one decimal digit.
[[nodiscard]] constexpr bool is_decimal_integer(std::string_view text) noexcept {
  if (!text.empty() && text[0] == '-') text.remove_prefix(1);
  if (text.empty()) return false;
  for (const char c : text) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

// `digits` ("-12", any length) as the readers take an integer: exact when a
// 64-bit type holds it, else by its literal (so is a text that is no decimal
// integer at all, which no setting allows).
[[nodiscard]] constexpr InputValue host_integer(std::string_view digits) noexcept {
  if (!is_decimal_integer(digits)) return InputValue::huge_integer(digits);
  const bool negative = digits[0] == '-';
  const std::string_view magnitude_digits = digits.substr(negative ? 1 : 0);
  constexpr std::uint64_t most = ~std::uint64_t{0};
  std::uint64_t magnitude = 0;
  for (const char c : magnitude_digits) {
    const auto digit = static_cast<std::uint64_t>(c - '0');
    if (magnitude > (most - digit) / 10) return InputValue::huge_integer(digits);
    magnitude = magnitude * 10 + digit;
  }
  if (negative && magnitude > (std::uint64_t{1} << 63)) return InputValue::huge_integer(digits);
  InputValue value = InputValue::unsigned_integer(magnitude);
  value.negative = negative && magnitude != 0;
  return value;
}

// `value` as the member a parsed document holds for it.
[[nodiscard]] inline JsonMember host_member(std::string key, const HostValue& value) {
  JsonMember member;
  member.key = std::move(key);
  switch (value.kind) {
    case HostValue::Kind::null:
      member.value = InputValue::null();
      break;
    case HostValue::Kind::boolean:
      member.value = InputValue::boolean(value.truth);
      break;
    case HostValue::Kind::integer:
      member.value = host_integer(value.text);
      break;
    case HostValue::Kind::floating:
      member.value = InputValue::floating({});
      break;
    case HostValue::Kind::string:
      member.value = InputValue::string({});
      break;
    case HostValue::Kind::mapping:
      member.value = InputValue::object();
      for (const HostValue::Member& inner : value.members)
        member.members.push_back(host_member(inner.key, inner.value));
      break;
    case HostValue::Kind::other:
      member.value = InputValue::array();
      break;
  }
  if (value.kind == HostValue::Kind::string || value.kind == HostValue::Kind::floating || member.value.out_of_range) {
    member.text = value.text;  // view() points the value at the member's own copy
  }
  member.value.shown = value.shown;
  return member;
}

}  // namespace detail

// `value` read as a text of `form` is (json, ge, tf2 or mindspore: the JSON
// forms; another form is a wrong_form error), in the language's words:
// None, not null. No diagnostic has a line or a column. `source` and `value`
// must outlive the call.
[[nodiscard]] inline ReadResult read_json_config(const HostValue& value, Form form, std::string_view source) {
  if (!detail::form_info(form).json) {
    detail::ConfigAssembler assembler(source);
    assembler.report({Severity::error, DiagnosticCode::wrong_form, Origin(), "", std::string(enum_name(form)),
                      "the " + std::string(enum_name(form)) + " form is a text, not a value: it is read as a text"});
    return std::move(assembler).finish();
  }
  detail::JsonDocument document;
  document.parsed = true;
  document.found = true;
  document.spelling = detail::Spelling::python;
  document.top = detail::host_member({}, value);
  return detail::read_json_form(document, form, source);
}

NPU_MEMORY_CONFIG_NAMESPACE_END
