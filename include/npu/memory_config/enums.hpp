// The four scoped enumerations of MemoryConfig, with the runtime's integers
// as their values, and Field, which names a field generically. Their names,
// meanings and spellings live in fields.hpp.
#pragma once

#include <cstddef>
#include <cstdint>

#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

enum class AtomicCleanPolicy : std::uint8_t {
  centralized = 0,
  separate = 1,
};

// The runtime also takes 1, a legacy alias of 2; it is read as 2, never held.
enum class StaticMemoryPolicy : std::uint8_t {
  dynamic = 0,
  expand_static_shape = 2,
  expand_dynamic_shape = 3,
  expand_static_and_dynamic_shape = 4,
};

// A string option in the runtime; the values here only tell the two apart.
enum class MemoryOptimizationPolicy : std::uint8_t {
  balance_mode = 0,
  memory_priority = 1,
};

enum class HugePagePolicy : std::uint8_t {
  system_default = 0,
  require_1g = 1,
  prefer_1g = 2,
};

// One of the four fields: for tables, diagnostics and readers.
enum class Field : std::uint8_t {
  atomic_clean_policy,
  static_memory_policy,
  memory_optimization_policy,
  variable_use_1g_huge_page,
};

inline constexpr std::size_t field_count = 4;

NPU_MEMORY_CONFIG_NAMESPACE_END
