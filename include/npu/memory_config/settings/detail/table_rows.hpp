// What every table indexed by an enumeration is checked for where it is
// written, and the one checked lookup of its rows: each table's header
// static_asserts these beside the table, so that a row out of order, a row
// missing or a name given twice fails to compile with a message naming the
// table.
#pragma once

#include <cstddef>
#include <string_view>

#include "npu/memory_config/settings/detail/assert.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

// Row i of `table` holds the enumerator whose value is i, for `count`
// enumerators: the table is indexed by the enumeration.
template <class Row, std::size_t N, class Enum>
[[nodiscard]] constexpr bool indexed_by(const Row (&table)[N], Enum Row::*enumerator, std::size_t count) noexcept {
  if (N != count) return false;
  for (std::size_t i = 0; i < N; ++i) {
    if (static_cast<std::size_t>(table[i].*enumerator) != i) return false;
  }
  return true;
}

// `table` has exactly one row per enumerator of E, in E's order: it is
// indexed by E, and the value after its last row is no enumerator
// (`is_enumerator`, beside the table: a switch over every enumerator of E
// in which -Wswitch is an error, whatever the program's warning flags).
// So an enumerator added to E alone fails to compile there, and once the
// switch names it, this assertion names the table until the row is written.
template <class Row, std::size_t N, class Enum>
[[nodiscard]] constexpr bool one_row_per_enumerator(const Row (&table)[N], Enum Row::*enumerator,
                                                    bool (*is_enumerator)(Enum) noexcept) noexcept {
  return indexed_by(table, enumerator, N) && !is_enumerator(static_cast<Enum>(N));
}

// Every row's `name` is given, and no two rows share one.
template <class Row, std::size_t N>
[[nodiscard]] constexpr bool names_unique(const Row (&table)[N], std::string_view Row::*name) noexcept {
  for (std::size_t i = 0; i < N; ++i) {
    if ((table[i].*name).empty()) return false;
    for (std::size_t j = 0; j < i; ++j) {
      // (sizes first: each TU evaluates this, and most names differ in size)
      if ((table[j].*name).size() == (table[i].*name).size() && table[j].*name == table[i].*name) return false;
    }
  }
  return true;
}

// The row of `value` in a table indexed by its enumeration; `what` says
// what a value out of range is ("a Product that names no product").
template <class Row, std::size_t N, class Enum>
[[nodiscard]] constexpr const Row& row_of(const Row (&table)[N], Enum value, const char* what) noexcept {
  NPU_MEMORY_CONFIG_ASSERT(static_cast<std::size_t>(value) < N, what);
  return table[static_cast<std::size_t>(value)];
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
