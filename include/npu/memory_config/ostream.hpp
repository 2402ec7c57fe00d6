// Streams for the settings and MemoryConfig, opt-in: <ostream> is heavier to
// compile than the whole core, and most launchers never stream a config.
//   std::cout << config;  // {atomic_clean_policy: separate, static_memory_policy: dynamic, ...}
#pragma once

#include <ostream>

#include "npu/memory_config/config.hpp"
#include "npu/memory_config/detail/print_setting.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

// A value by its name; an integer cast into the enumeration that is none of
// its values by that integer.
inline std::ostream& operator<<(std::ostream& out, AtomicCleanPolicy value) {
  return detail::print_setting(out, value);
}
inline std::ostream& operator<<(std::ostream& out, StaticMemoryPolicy value) {
  return detail::print_setting(out, value);
}
inline std::ostream& operator<<(std::ostream& out, MemoryOptimizationPolicy value) {
  return detail::print_setting(out, value);
}
inline std::ostream& operator<<(std::ostream& out, HugePagePolicy value) { return detail::print_setting(out, value); }

// {atomic_clean_policy: separate, static_memory_policy: dynamic,
//  memory_optimization_policy: unset, variable_use_1g_huge_page: prefer_1g}
inline std::ostream& operator<<(std::ostream& out, const MemoryConfig& config) {
  out << '{' << enum_name(Field::atomic_clean_policy) << ": " << config.atomic_clean_policy << ", "
      << enum_name(Field::static_memory_policy) << ": " << config.static_memory_policy << ", "
      << enum_name(Field::memory_optimization_policy) << ": ";
  if (config.memory_optimization_policy) {
    out << *config.memory_optimization_policy;
  } else {
    out << "unset";
  }
  return out << ", " << enum_name(Field::variable_use_1g_huge_page) << ": " << config.variable_use_1g_huge_page << '}';
}

NPU_MEMORY_CONFIG_NAMESPACE_END
