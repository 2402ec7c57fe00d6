// What the tables index by: the settings' count, the Field each setting's
// enumeration holds, the runtimes' rows. Beside the enumerations, not in
// enums.hpp, because nothing in them is API.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "npu/memory_config/enums.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

// The settings' count, for arrays indexed by Field below the tables (users:
// enum_values<Field>().size()); the field table asserts it.
inline constexpr std::size_t field_count = 4;

// The Field whose values the enumeration E holds.
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

// The runtimes' table's rows (target_table.hpp): the forms but json. Not
// API: a Form names the runtime.
enum class TargetRuntime : std::uint8_t { tf1, ge, tf2, mindspore, torchair, mslite };

// field_of<E>'s Field, as a value.
template <class E>
inline constexpr Field field_of_v = field_of<E>::value;

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
