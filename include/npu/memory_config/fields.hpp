// The single source of truth: for every field, its name, values, runtime
// spellings, meanings and default (spec sections 1 and 5); how each target
// carries it is in targets.hpp. Parsers, serializers, messages, the JSON
// schema and --explain derive from these tables; nothing else spells a name,
// key or allowed value.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <type_traits>

#include "npu/memory_config/detail/decimal.hpp"
#include "npu/memory_config/detail/span.hpp"
#include "npu/memory_config/enums.hpp"
#include "npu/memory_config/keys.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

struct ValueInfo {
  std::uint8_t code;              // the enumerator's value
  std::string_view name;          // the enumerator's name, also an input spelling
  std::string_view runtime_text;  // what the runtime receives: "2", "MemoryPriority"
  std::string_view meaning;       // what it does (spec 1 wording)
  bool costs_performance;         // reported as a warning when chosen (spec 3)
};

// An input-only value that the runtime treats as another one.
struct LegacyAlias {
  std::uint8_t code;
  std::uint8_t canonical_code;
};

struct FieldInfo {
  Field field;
  std::string_view name;  // JSON key, TF1 and TF2 key, GE short alias (the GE keys: targets.hpp)
  bool integer_valued;    // runtime integer (TF1 kind `i`) or string (`s`)
  bool optional;          // may be unset (the runtime decides)
  std::string_view summary;
  detail::Span<ValueInfo> values;
  std::uint8_t default_code;        // ignored when `optional`: the default is unset
  const LegacyAlias* legacy_alias;  // nullptr: none
};

namespace detail {

// The runtime treats static_memory_policy 1 as 2.
inline constexpr LegacyAlias static_memory_legacy_alias{1, 2};

inline constexpr ValueInfo atomic_clean_values[] = {
    {0, "centralized"sv, "0"sv, "all memset (atomic) operators' memory is cleaned together"sv, false},
    {1, "separate"sv, "1"sv,
     "each memset operator is cleaned on its own; lowers peak memory when memset memory is large, may cost "sv
     "performance"sv,
     true},
};

inline constexpr ValueInfo static_memory_values[] = {
    {0, "dynamic"sv, "0"sv, "allocate by actual size"sv, false},
    {2, "expand_static_shape"sv, "2"sv,
     "static-shape graphs expand memory dynamically; graphs of one session reuse memory, sized by the largest "sv
     "graph (a larger graph frees the previous one's memory and reallocates)"sv,
     false},
    {3, "expand_dynamic_shape"sv, "3"sv,
     "dynamic-shape graphs expand memory; fixes fragmentation, lowers dynamic-shape memory use, may cost "sv
     "performance"sv,
     true},
    {4, "expand_static_and_dynamic_shape"sv, "4"sv,
     "static- and dynamic-shape graphs both expand memory, as 2 and 3 together; may cost performance"sv, true},
};

inline constexpr ValueInfo memory_optimization_values[] = {
    {0, "balance_mode"sv, "BalanceMode"sv, "balance memory use against performance"sv, false},
    {1, "memory_priority"sv, "MemoryPriority"sv, "minimise memory use first"sv, false},
};

inline constexpr ValueInfo huge_page_values[] = {
    {0, "system_default"sv, "0"sv, "variables and constants use the system's 4 KB or 2 MB pages"sv, false},
    {1, "require_1g"sv, "1"sv,
     "variables and constants use 1 GB huge pages; if that allocation fails the job stops with an error"sv, false},
    {2, "prefer_1g"sv, "2"sv,
     "try 1 GB huge pages; on failure log an error and fall back to 2 MB pages; stop only if that fails too"sv, false},
};

}  // namespace detail

// Indexed by Field.
inline constexpr FieldInfo fields[] = {
    {Field::atomic_clean_policy, keys::atomic_clean_policy, true, false,
     "how the memory of memset (atomic) operators is cleaned"sv, detail::atomic_clean_values, 0, nullptr},
    {Field::static_memory_policy, keys::static_memory_policy, true, false,
     "how graph memory is allocated and expanded"sv, detail::static_memory_values, 0,
     &detail::static_memory_legacy_alias},
    {Field::memory_optimization_policy, keys::memory_optimization_policy, false, true,
     "the engine's memory optimisation strategy; unset lets the runtime decide"sv, detail::memory_optimization_values,
     0, nullptr},
    {Field::variable_use_1g_huge_page, keys::variable_use_1g_huge_page, true, false,
     "page size for variables and constants; 1 GB pages help embedding-heavy (recommender) models whose "sv
     "Gather/ScatterNd accesses are scattered: fewer page-table entries, wider TLB reach"sv,
     detail::huge_page_values, 0, nullptr},
};

[[nodiscard]] constexpr const FieldInfo& field_info(Field field) noexcept {
  return fields[static_cast<std::size_t>(field)];
}

[[nodiscard]] constexpr std::string_view field_name(Field field) noexcept { return field_info(field).name; }

// The code the runtime runs for `code`: the legacy alias's target, or `code`
// itself. Every reader, enum_cast and the GE_USE_STATIC_MEMORY combination
// go through here.
[[nodiscard]] constexpr std::uint8_t canonical_code(const FieldInfo& field, std::uint8_t code) noexcept {
  return field.legacy_alias != nullptr && field.legacy_alias->code == code ? field.legacy_alias->canonical_code : code;
}

namespace detail {

// Code -> table entry for every field, so that serializing is a lookup, not a
// search. Codes are the enumerators' values, all below max_code.
inline constexpr std::size_t max_code = 8;

struct ValueLookup {
  const ValueInfo* entries[field_count][max_code] = {};
};

[[nodiscard]] constexpr ValueLookup make_value_lookup() noexcept {
  ValueLookup lookup;
  for (std::size_t f = 0; f < field_count; ++f) {
    for (const ValueInfo& value : fields[f].values) lookup.entries[f][value.code] = &value;
  }
  return lookup;
}

inline constexpr ValueLookup value_lookup = make_value_lookup();

[[nodiscard]] constexpr const ValueInfo* find_value_by_name(const FieldInfo& field, std::string_view name) noexcept {
  for (const ValueInfo& value : field.values) {
    if (value.name == name) return &value;
  }
  return nullptr;
}

[[nodiscard]] constexpr const ValueInfo* find_value_by_runtime_text(const FieldInfo& field,
                                                                    std::string_view text) noexcept {
  for (const ValueInfo& value : field.values) {
    if (value.runtime_text == text) return &value;
  }
  return nullptr;
}

}  // namespace detail

// The table entry of `code` for `field`; nullptr when it is not a value
// (the legacy alias is not one: see canonical_code).
[[nodiscard]] constexpr const ValueInfo* value_of(Field field, std::uint8_t code) noexcept {
  return code < detail::max_code ? detail::value_lookup.entries[static_cast<std::size_t>(field)][code] : nullptr;
}

// --- Typed access, magic_enum style: enum <-> name via the tables above.

template <class E>
struct field_of;
template <>
struct field_of<AtomicCleanPolicy> : std::integral_constant<Field, Field::atomic_clean_policy> {};
template <>
struct field_of<StaticMemoryPolicy> : std::integral_constant<Field, Field::static_memory_policy> {};
template <>
struct field_of<MemoryOptimizationPolicy> : std::integral_constant<Field, Field::memory_optimization_policy> {};
template <>
struct field_of<HugePagePolicy> : std::integral_constant<Field, Field::variable_use_1g_huge_page> {};

template <class E>
inline constexpr Field field_of_v = field_of<E>::value;

// The enumerator's name ("expand_dynamic_shape"); empty for a value outside
// the enumeration.
template <class E>
[[nodiscard]] constexpr std::string_view enum_name(E value) noexcept {
  const ValueInfo* info = value_of(field_of_v<E>, static_cast<std::uint8_t>(value));
  return info != nullptr ? info->name : std::string_view{};
}

// What the runtime receives for the value: "3", "MemoryPriority"; empty for
// a value outside the enumeration.
template <class E>
[[nodiscard]] constexpr std::string_view runtime_text(E value) noexcept {
  const ValueInfo* info = value_of(field_of_v<E>, static_cast<std::uint8_t>(value));
  return info != nullptr ? info->runtime_text : std::string_view{};
}

// Exact enumerator name to enumerator; no aliases, no case folding.
template <class E>
[[nodiscard]] constexpr std::optional<E> enum_cast(std::string_view name) noexcept {
  const ValueInfo* info = detail::find_value_by_name(field_info(field_of_v<E>), name);
  if (info == nullptr) return std::nullopt;
  return static_cast<E>(info->code);
}

// Enumerator value to enumerator; the legacy alias maps to its canonical value.
template <class E>
[[nodiscard]] constexpr std::optional<E> enum_cast(int code) noexcept {
  if (code < 0 || code > 255) return std::nullopt;
  const std::uint8_t canonical = canonical_code(field_info(field_of_v<E>), static_cast<std::uint8_t>(code));
  if (value_of(field_of_v<E>, canonical) == nullptr) return std::nullopt;
  return static_cast<E>(canonical);
}

template <class E>
[[nodiscard]] constexpr E default_value() noexcept {
  return static_cast<E>(field_info(field_of_v<E>).default_code);
}

// --- Checks of the table against the enumerations. The test suite runs them
// in static_asserts (tests/unit/table_checks_test.cpp): a broken row fails
// its build, and no includer pays for the checks.

namespace detail {

template <class E, class... Enumerators>
[[nodiscard]] constexpr bool one_row_per_enumerator(Enumerators... enumerators) noexcept {
  const FieldInfo& field = field_info(field_of_v<E>);
  return sizeof...(Enumerators) == field.values.size() &&
         ((value_of(field.field, static_cast<std::uint8_t>(enumerators)) != nullptr) && ...);
}

// The rows of `table` are in Field order, one per field.
[[nodiscard]] constexpr bool rows_follow_field_order(Span<FieldInfo> table) noexcept {
  if (table.size() != field_count) return false;
  for (std::size_t i = 0; i < table.size(); ++i) {
    if (table[i].field != static_cast<Field>(i) || table[i].name.empty()) return false;
  }
  return true;
}

// Every code fits the lookup, and an integer field's runtime text is the
// decimal of its code ("2" for 2).
[[nodiscard]] constexpr bool codes_are_consistent(Span<FieldInfo> table) noexcept {
  for (const FieldInfo& field : table) {
    for (const ValueInfo& value : field.values) {
      if (value.code >= max_code) return false;
      if (!field.integer_valued) continue;
      const Decimal decimal = parse_canonical_decimal(value.runtime_text);
      if (!decimal.valid || decimal.value != value.code) return false;
    }
  }
  return true;
}

}  // namespace detail

NPU_MEMORY_CONFIG_NAMESPACE_END
