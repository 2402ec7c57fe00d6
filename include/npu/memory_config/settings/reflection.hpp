// One vocabulary for every enumeration of the API, as magic_enum gives it,
// backed by the library's tables instead of compiler intrinsics (which cost
// include time): enum_name(value), enum_cast<E>(name) and enum_values<E>()
// for the settings' values, Field, Product, Form, Severity, EditAction, DiagnosticCode and
// CannRelease::Rule; describe(value), the facts its table holds of it.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <type_traits>
#include <utility>

#include "npu/memory_config/enums.hpp"
#include "npu/memory_config/settings/detail/assert.hpp"
#include "npu/memory_config/settings/detail/diagnostic_codes.hpp"
#include "npu/memory_config/settings/detail/enum_values.hpp"
#include "npu/memory_config/settings/detail/field_table.hpp"
#include "npu/memory_config/settings/detail/form_table.hpp"
#include "npu/memory_config/settings/detail/product_table.hpp"
#include "npu/memory_config/settings/detail/release_rules.hpp"
#include "npu/memory_config/settings/detail/target_table.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

// The setting's name: "static_memory_policy".
[[nodiscard]] constexpr std::string_view enum_name(Field field) noexcept { return detail::field_info(field).name; }

// A setting's value's name ("expand_dynamic_shape"); empty for an integer
// cast into the enumeration that is none of its values.
template <class E, class = decltype(detail::field_of<E>::value)>
[[nodiscard]] constexpr std::string_view enum_name(E value) noexcept {
  const detail::ValueInfo* info = detail::value_of(detail::field_of_v<E>, static_cast<std::uint8_t>(value));
  return info != nullptr ? info->name : std::string_view{};
}

// The product's name as --product takes it: "atlas-a2".
[[nodiscard]] constexpr std::string_view enum_name(Product product) noexcept {
  return detail::product_info(product).name;
}

// The form's name, as --from and --format take it: "json", "mslite".
[[nodiscard]] constexpr std::string_view enum_name(Form form) noexcept {
  const std::optional<detail::TargetRuntime> target = detail::target_of(form);
  return target ? detail::target_info(*target).name : std::string_view("json");
}

// "warning", "error".
[[nodiscard]] constexpr std::string_view enum_name(Severity severity) noexcept {
  return detail::row_of(detail::severities, severity, "a Severity that names none").name;
}

// "set_value", "unset_variable".
[[nodiscard]] constexpr std::string_view enum_name(EditAction action) noexcept {
  return detail::row_of(detail::edit_actions, action, "an EditAction that names none").name;
}

// The code's stable name: "invalid_value".
[[nodiscard]] constexpr std::string_view enum_name(DiagnosticCode code) noexcept {
  return detail::diagnostic_code_info(code).name;
}

// The rule's name: "legacy_1_is_static_allocation".
[[nodiscard]] constexpr std::string_view enum_name(CannRelease::Rule rule) noexcept {
  return detail::release_rule_info(rule).name;
}

// Every enumerator of E, in its table's order (the forms in the order
// --format lists them), as a std::array.
template <class E>
[[nodiscard]] constexpr const auto& enum_values() noexcept {
  return detail::EnumValues<E>::values;
}

// The read-only facts of one enumerator, as its table holds them (its
// row): for a setting's value its code, name, runtime text and meaning; for
// a Field its name, summary, values and default; for a Product its
// description and what it supports; for a Form whether a text of it is
// read, is JSON, is updated in place, its framework; for a DiagnosticCode
// its summary; for a CannRelease::Rule the release where it turns.
[[nodiscard]] constexpr const detail::FieldInfo& describe(Field field) noexcept { return detail::field_info(field); }
[[nodiscard]] constexpr const detail::ProductInfo& describe(Product product) noexcept {
  return detail::product_info(product);
}
[[nodiscard]] constexpr const detail::FormInfo& describe(Form form) noexcept { return detail::form_info(form); }
[[nodiscard]] constexpr const detail::DiagnosticCodeInfo& describe(DiagnosticCode code) noexcept {
  return detail::diagnostic_code_info(code);
}
[[nodiscard]] constexpr const detail::ReleaseRuleInfo& describe(CannRelease::Rule rule) noexcept {
  return detail::release_rule_info(rule);
}

// A setting's value; precondition: one of its enumerators, not an integer
// cast into the enumeration (enum_cast<E>(int) checks one).
template <class E, class = decltype(detail::field_of<E>::value)>
[[nodiscard]] constexpr const detail::ValueInfo& describe(E value) noexcept {
  const detail::ValueInfo* info = detail::value_of(detail::field_of_v<E>, static_cast<std::uint8_t>(value));
  NPU_MEMORY_CONFIG_ASSERT(info != nullptr, "a value that is none of its setting's enumerators");
  return *info;
}

// The type describe(E) gives, to name it: Description<Field>.
template <class E>
using Description = std::remove_cv_t<std::remove_reference_t<decltype(describe(std::declval<E>()))>>;

// The enumerator named exactly `name` ("expand_dynamic_shape", "atlas-a2",
// "mindspore", "error"): no aliases, no case folding; nullopt when none is.
template <class E>
[[nodiscard]] constexpr std::optional<E> enum_cast(std::string_view name) noexcept {
  for (const E value : enum_values<E>()) {
    if (enum_name(value) == name) return value;
  }
  return std::nullopt;
}

NPU_MEMORY_CONFIG_NAMESPACE_END
