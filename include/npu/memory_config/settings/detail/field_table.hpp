// The field table everything derives from: for every setting its name,
// values, runtime spellings, meanings and default. How each target carries
// a setting is in target_table.hpp. Parsers, serializers, messages, the JSON
// schema and --explain read names and values from here; nothing else spells
// one. Not API: settings/fields.hpp gives the names and values through enum_name and
// enum_cast.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "npu/memory_config/enums.hpp"
#include "npu/memory_config/keys.hpp"
#include "npu/memory_config/provenance.hpp"
#include "npu/memory_config/settings/detail/enum_traits.hpp"
#include "npu/memory_config/settings/detail/span.hpp"
#include "npu/memory_config/settings/detail/table_rows.hpp"
#include "npu/memory_config/settings/detail/text.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

struct ValueInfo {
  std::uint8_t code;              // the enumerator's value
  std::string_view name;          // the enumerator's name, also an input spelling
  std::string_view runtime_text;  // what the runtime receives: "2", "MemoryPriority"
  std::string_view meaning;       // what it does
  bool costs_performance;         // warned about when chosen
};

// An input-only value that the runtime treats as another one.
struct LegacyAlias {
  std::uint8_t code;
  std::uint8_t canonical_code;
};

struct FieldInfo {
  Field field;
  std::string_view name;  // JSON, TF1 and TF2 key; the GE short alias (GE keys: target_table.hpp)
  bool integer_valued;    // a runtime integer (TF1 kind `i`) or a string (`s`)
  bool optional;          // may be unset: the runtime decides
  std::string_view summary;
  Span<ValueInfo> values;
  std::uint8_t default_code;        // not used when `optional`: the default is unset
  const LegacyAlias* legacy_alias;  // an input value the runtime reads as another; nullptr: none

  // The value of `code`; nullptr when it is none (the legacy alias is none).
  [[nodiscard]] constexpr const ValueInfo* value(std::uint8_t code) const noexcept {
    for (const ValueInfo& each : values) {
      if (each.code == code) return &each;
    }
    return nullptr;
  }
};

// The runtime reads static_memory_policy 1 as 2.
inline constexpr LegacyAlias static_memory_policy_legacy_alias{1, 2};

inline constexpr ValueInfo atomic_clean_policy_values[] = {
    {0, "centralized", "0", "all memset (atomic) operators' memory is cleaned together", false},
    {1, "separate", "1",
     "each memset operator is cleaned on its own; lowers peak memory when memset memory is large, may cost "
     "performance",
     true},
};

inline constexpr ValueInfo static_memory_policy_values[] = {
    {0, "dynamic", "0", "allocate by actual size", false},
    {2, "expand_static_shape", "2",
     "static-shape graphs expand memory dynamically; graphs of one session reuse memory, sized by the largest "
     "graph (a larger graph frees the previous one's memory and reallocates)",
     false},
    {3, "expand_dynamic_shape", "3",
     "dynamic-shape graphs expand memory; fixes fragmentation, lowers dynamic-shape memory use, may cost "
     "performance",
     true},
    {4, "expand_static_and_dynamic_shape", "4",
     "static- and dynamic-shape graphs both expand memory, as 2 and 3 together; may cost performance", true},
};

inline constexpr ValueInfo memory_optimization_policy_values[] = {
    {0, "balance_mode", "BalanceMode", "balance memory use against performance", false},
    {1, "memory_priority", "MemoryPriority", "minimise memory use first", false},
};

inline constexpr ValueInfo variable_use_1g_huge_page_values[] = {
    {0, "system_default", "0", "variables and constants use the system's 4 KB or 2 MB pages", false},
    {1, "require_1g", "1",
     "variables and constants use 1 GB huge pages; if that allocation fails the job stops with an error", false},
    {2, "prefer_1g", "2",
     "try 1 GB huge pages; on failure log an error and fall back to 2 MB pages; stop only if that fails too", false},
};

// Indexed by Field.
inline constexpr FieldInfo fields[] = {
    {Field::atomic_clean_policy, keys::atomic_clean_policy, true, false,
     "how the memory of memset (atomic) operators is cleaned", atomic_clean_policy_values, 0, nullptr},
    {Field::static_memory_policy, keys::static_memory_policy, true, false, "how graph memory is allocated and expanded",
     static_memory_policy_values, 0, &static_memory_policy_legacy_alias},
    {Field::memory_optimization_policy, keys::memory_optimization_policy, false, true,
     "the engine's memory optimisation strategy; unset lets the runtime decide", memory_optimization_policy_values, 0,
     nullptr},
    {Field::variable_use_1g_huge_page, keys::variable_use_1g_huge_page, true, false,
     "page size for variables and constants; 1 GB pages help embedding-heavy (recommender) models whose "
     "Gather/ScatterNd accesses are scattered: fewer page-table entries, wider TLB reach",
     variable_use_1g_huge_page_values, 0, nullptr},
};

// What the field table must hold, checked here, where a row is written.

// The enumerators of Field and of each setting's enumeration, for the
// assertions below: -Wswitch is an error in these switches whatever the
// program's warning flags are, so that an enumerator added alone names this
// table first.
#pragma GCC diagnostic push
#pragma GCC diagnostic error "-Wswitch"
[[nodiscard]] constexpr bool is_enumerator(Field field) noexcept {
  switch (field) {
    case Field::atomic_clean_policy:
    case Field::static_memory_policy:
    case Field::memory_optimization_policy:
    case Field::variable_use_1g_huge_page:
      return true;
  }
  return false;
}
[[nodiscard]] constexpr bool is_enumerator(AtomicCleanPolicy value) noexcept {
  switch (value) {
    case AtomicCleanPolicy::centralized:
    case AtomicCleanPolicy::separate:
      return true;
  }
  return false;
}
[[nodiscard]] constexpr bool is_enumerator(StaticMemoryPolicy value) noexcept {
  switch (value) {
    case StaticMemoryPolicy::dynamic:
    case StaticMemoryPolicy::expand_static_shape:
    case StaticMemoryPolicy::expand_dynamic_shape:
    case StaticMemoryPolicy::expand_static_and_dynamic_shape:
      return true;
  }
  return false;
}
[[nodiscard]] constexpr bool is_enumerator(MemoryOptimizationPolicy value) noexcept {
  switch (value) {
    case MemoryOptimizationPolicy::balance_mode:
    case MemoryOptimizationPolicy::memory_priority:
      return true;
  }
  return false;
}
[[nodiscard]] constexpr bool is_enumerator(HugePagePolicy value) noexcept {
  switch (value) {
    case HugePagePolicy::system_default:
    case HugePagePolicy::require_1g:
    case HugePagePolicy::prefer_1g:
      return true;
  }
  return false;
}
#pragma GCC diagnostic pop

// A field's values: each a distinct code and name; an integer field's
// runtime text is the decimal of its code ("2" for 2); the default is one of
// them, and the legacy alias none of them.
[[nodiscard]] constexpr bool values_consistent(const FieldInfo& field) noexcept {
  bool has_default = field.optional;
  for (std::size_t i = 0; i < field.values.size(); ++i) {
    const ValueInfo& value = field.values[i];
    if (value.name.empty() || value.runtime_text.empty()) return false;
    for (std::size_t j = 0; j < i; ++j) {
      if (field.values[j].code == value.code || field.values[j].name == value.name) return false;
    }
    if (field.integer_valued) {
      std::size_t decimal = 0;
      for (const char digit : value.runtime_text) {
        if (digit < '0' || digit > '9') return false;
        decimal = decimal * 10 + static_cast<std::size_t>(digit - '0');
      }
      if (decimal != value.code || (value.runtime_text.size() > 1 && value.runtime_text[0] == '0')) return false;
    }
    has_default = has_default || value.code == field.default_code;
    if (field.legacy_alias != nullptr && field.legacy_alias->code == value.code) return false;
  }
  return has_default;
}

[[nodiscard]] constexpr bool fields_consistent() noexcept {
  for (const FieldInfo& field : fields) {
    if (!values_consistent(field)) return false;
  }
  return true;
}

static_assert(one_row_per_enumerator(fields, &FieldInfo::field, is_enumerator),
              "field_table.hpp: fields has one row per Field, in Field's order");
static_assert(std::size(fields) == field_count,
              "field_table.hpp: detail::field_count (enum_traits.hpp) counts the fields");
static_assert(std::tuple_size_v<decltype(Provenance::fields)> == field_count,
              "field_table.hpp: Provenance (provenance.hpp) holds one origin per field");
static_assert(names_unique(fields, &FieldInfo::name), "field_table.hpp: every field's name given, and none twice");
static_assert(fields_consistent(),
              "field_table.hpp: each field's values have distinct codes and names, an integer field's runtime text is "
              "its code, the default is a value, the legacy alias none");

[[nodiscard]] constexpr const FieldInfo& field_info(Field field) noexcept {
  return row_of(fields, field, "a Field that names no field");
}

// The table entry of `code` for `field`; nullptr when it is no value (the
// legacy alias is none: see canonical_code).
[[nodiscard]] constexpr const ValueInfo* value_of(Field field, std::uint8_t code) noexcept {
  return field_info(field).value(code);
}

// A setting's enumeration E has exactly the values of its row: a code up to
// the one after the row's largest is an enumerator of E when, and only
// when, the row has a value of that code. (Not every code to 255: that
// costs each translation unit of the core a tenth of its compile time, and
// an enumerator added beyond the next code still meets the switch above.)
template <class E>
[[nodiscard]] constexpr bool values_are_enumerators() noexcept {
  unsigned largest = 0;
  for (const ValueInfo& value : field_info(field_of<E>::value).values)
    largest = value.code > largest ? value.code : largest;
  for (unsigned code = 0; code <= largest + 1; ++code) {
    const bool has_value = value_of(field_of<E>::value, static_cast<std::uint8_t>(code)) != nullptr;
    if (is_enumerator(static_cast<E>(code)) != has_value) return false;
  }
  return true;
}

static_assert(values_are_enumerators<AtomicCleanPolicy>() && values_are_enumerators<StaticMemoryPolicy>() &&
                  values_are_enumerators<MemoryOptimizationPolicy>() && values_are_enumerators<HugePagePolicy>(),
              "field_table.hpp: each setting's row has one value per enumerator of its enumeration, and no other");

// The table entry named exactly `name` ("expand_dynamic_shape"); nullptr
// when there is none.
[[nodiscard]] constexpr const ValueInfo* value_named(Field field, std::string_view name) noexcept {
  for (const ValueInfo& value : field_info(field).values) {
    if (value.name == name) return &value;
  }
  return nullptr;
}

// The code the runtime runs for `code`: the legacy alias's target, or `code`
// itself.
[[nodiscard]] constexpr std::uint8_t canonical_code(Field field, std::uint8_t code) noexcept {
  const LegacyAlias* alias = field_info(field).legacy_alias;
  return alias != nullptr && alias->code == code ? alias->canonical_code : code;
}

// How messages and --explain show values.

// How messages show an optional field that is unset.
inline constexpr std::string_view unset_description = "unset (the runtime decides)";

// "3 (expand_dynamic_shape)" for an integer field, "\"MemoryPriority\"" for
// the policy.
[[nodiscard]] inline std::string describe_value(Field field, const ValueInfo& value) {
  // (appended, not `"\"" + std::string(...)`: g++ 12 -O3 warns -Wrestrict on that)
  std::string text;
  if (!field_info(field).integer_valued) return text.append("\"").append(value.runtime_text).append("\"");
  return text.append(value.runtime_text).append(" (").append(value.name).append(")");
}

// What a field allows: "0 (dynamic), 2 (expand_static_shape),
// 3 (expand_dynamic_shape) or 4 (expand_static_and_dynamic_shape)";
// "\"BalanceMode\" or \"MemoryPriority\"".
[[nodiscard]] inline std::string allowed_values_text(Field field) {
  std::vector<std::string> values;
  for (const ValueInfo& value : field_info(field).values) values.push_back(describe_value(field, value));
  return joined(values, " or ");
}

// What the runtime receives for the value: "3", "MemoryPriority"; empty for
// an integer cast into the enumeration that is none of its values.
template <class E>
[[nodiscard]] constexpr std::string_view runtime_text(E value) noexcept {
  const ValueInfo* info = value_of(field_of_v<E>, static_cast<std::uint8_t>(value));
  return info != nullptr ? info->runtime_text : std::string_view{};
}

// The setting's default (MemoryConfig{} holds every default).
template <class E>
[[nodiscard]] constexpr E default_value() noexcept {
  return static_cast<E>(field_info(field_of_v<E>).default_code);
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
