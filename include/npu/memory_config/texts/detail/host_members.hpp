// Another language's values as the members of a parsed JSON document.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

#include "npu/memory_config/json/detail/document.hpp"
#include "npu/memory_config/json/host_value.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
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
NPU_MEMORY_CONFIG_NAMESPACE_END
