// The four scoped enumerations of MemoryConfig (spec section 1 and 8).
// Enumerator values are the runtime's integers; their names, meanings and
// spellings live in fields.hpp, the one table everything else derives from.
#pragma once

#include <cstddef>
#include <cstdint>

#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

enum class AtomicCleanPolicy : std::uint8_t {
  centralized = 0,
  separate = 1,
};

// 1 is a legacy runtime alias of 2; it is accepted on input and never stored.
enum class StaticMemoryPolicy : std::uint8_t {
  dynamic = 0,
  expand_static_shape = 2,
  expand_dynamic_shape = 3,
  expand_static_and_dynamic_shape = 4,
};

// A string option in the runtime; the values here only order the enumerators.
enum class MemoryOptimizationPolicy : std::uint8_t {
  balance_mode = 0,
  memory_priority = 1,
};

enum class HugePagePolicy : std::uint8_t {
  system_default = 0,
  require_1g = 1,
  prefer_1g = 2,
};

// Identifies a field generically (tables, diagnostics, readers).
enum class Field : std::uint8_t {
  atomic_clean_policy,
  static_memory_policy,
  memory_optimization_policy,
  variable_use_1g_huge_page,
};

inline constexpr std::size_t field_count = 4;

NPU_MEMORY_CONFIG_NAMESPACE_END
