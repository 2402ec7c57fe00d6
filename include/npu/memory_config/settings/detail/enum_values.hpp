// enum_values<E>()'s tables: every enumeration's enumerators, in the order
// of the table that has a row for each.
#pragma once

#include <array>
#include <cstddef>
#include <type_traits>

#include "npu/memory_config/cann_release.hpp"
#include "npu/memory_config/enums.hpp"
#include "npu/memory_config/settings/detail/assert.hpp"
#include "npu/memory_config/settings/detail/diagnostic_codes.hpp"
#include "npu/memory_config/settings/detail/enum_traits.hpp"
#include "npu/memory_config/settings/detail/field_table.hpp"
#include "npu/memory_config/settings/detail/form_table.hpp"
#include "npu/memory_config/settings/detail/product_table.hpp"
#include "npu/memory_config/settings/detail/release_rules.hpp"
#include "npu/memory_config/settings/detail/target_table.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

// The enumerators a table's rows hold, in its order.
template <class E, class Row, std::size_t N>
[[nodiscard]] constexpr std::array<E, N> enumerators_of(const Row (&table)[N], E Row::*enumerator) noexcept {
  std::array<E, N> values{};
  for (std::size_t i = 0; i < N; ++i) values[i] = table[i].*enumerator;
  return values;
}

// enum_values<E>()'s table: E's enumerators, from the table that has a row
// for each. Not defined for a type that is no enumeration of the API.
template <class E, class = void>
struct EnumValues;

template <class E>
struct EnumValues<E, std::void_t<decltype(field_of<E>::value)>> {
  static constexpr std::size_t count = field_info(detail::field_of_v<E>).values.size();
  static constexpr std::array<E, count> values = [] {
    std::array<E, count> out{};
    for (std::size_t i = 0; i < count; ++i) out[i] = static_cast<E>(field_info(detail::field_of_v<E>).values[i].code);
    return out;
  }();
};

template <>
struct EnumValues<Field> {
  static constexpr auto values = enumerators_of(fields, &FieldInfo::field);
};
template <>
struct EnumValues<Product> {
  static constexpr auto values = enumerators_of(products, &ProductInfo::product);
};
template <>
struct EnumValues<Form> {
  static constexpr auto values = enumerators_of(forms, &FormInfo::form);
};
template <>
struct EnumValues<Severity> {
  static constexpr auto values = enumerators_of(severities, &SeverityInfo::severity);
};
template <>
struct EnumValues<EditAction> {
  static constexpr auto values = enumerators_of(edit_actions, &EditActionInfo::action);
};
template <>
struct EnumValues<DiagnosticCode> {
  static constexpr auto values = enumerators_of(diagnostic_codes, &DiagnosticCodeInfo::code);
};
template <>
struct EnumValues<CannRelease::Rule> {
  static constexpr auto values = enumerators_of(release_rules, &ReleaseRuleInfo::rule);
};

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
