// What must hold of the library's tables, as constexpr functions: the tests
// run them in static_asserts, so that a broken row fails the suite's build,
// and show each one rejecting a broken table.
#pragma once

#include <cstddef>
#include <cstdint>

#include <npu/memory_config.hpp>

namespace npu::test {

// Each enumerator of E has a row of its field's table, and nothing else does.
template <class E, class... Enumerators>
[[nodiscard]] constexpr bool one_row_per_enumerator(Enumerators... enumerators) noexcept {
  return sizeof...(Enumerators) == detail::field_info(field_of_v<E>).values.size() &&
         ((detail::value_of(field_of_v<E>, static_cast<std::uint8_t>(enumerators)) != nullptr) && ...);
}

// The rows of `table` are in Field order, one per field, each named.
[[nodiscard]] constexpr bool rows_follow_field_order(detail::Span<detail::FieldInfo> table) noexcept {
  if (table.size() != field_count) return false;
  for (std::size_t i = 0; i < table.size(); ++i) {
    if (table[i].field != static_cast<Field>(i) || table[i].name.empty()) return false;
  }
  return true;
}

// An integer field's runtime text is the decimal of its code ("2" for 2).
[[nodiscard]] constexpr bool codes_are_consistent(detail::Span<detail::FieldInfo> table) noexcept {
  for (const detail::FieldInfo& field : table) {
    for (const detail::ValueInfo& value : field.values) {
      if (!field.integer_valued) continue;
      const detail::Decimal decimal = detail::parse_canonical_decimal(value.runtime_text);
      if (!decimal.valid || decimal.value != value.code) return false;
    }
  }
  return true;
}

// One row per target, in TargetRuntime order; a key wherever the form needs
// one and none elsewhere; the framework's codes are values of the field (or
// unset where the field may be unset).
[[nodiscard]] constexpr bool targets_are_consistent(detail::Span<detail::TargetInfo> table,
                                                    std::size_t count) noexcept {
  if (table.size() != count) return false;
  for (std::size_t t = 0; t < count; ++t) {
    if (table[t].target != static_cast<TargetRuntime>(t)) return false;
    for (const detail::FieldInfo& field : detail::fields) {
      const detail::TargetField& carried = table[t].of(field.field);
      const bool needs_key =
          carried.carriage == detail::Carriage::option || carried.carriage == detail::Carriage::environment;
      if (needs_key == carried.key.empty()) return false;
      const bool code_ok = carried.code ? detail::value_of(field.field, *carried.code) != nullptr : field.optional;
      if (!code_ok) return false;
    }
  }
  return true;
}

// A table indexed by an enumeration: `count` rows, row i holding the
// enumerator i in `member`.
template <class Row, class Enum>
[[nodiscard]] constexpr bool indexed_by(detail::Span<Row> table, Enum Row::*member, std::size_t count) noexcept {
  if (table.size() != count) return false;
  for (std::size_t i = 0; i < table.size(); ++i) {
    if (static_cast<std::size_t>(table[i].*member) != i) return false;
  }
  return true;
}

}  // namespace npu::test
