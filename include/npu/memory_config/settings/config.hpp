// npu::MemoryConfig: the value type, mirroring the upstream Python
// MemoryConfig(atomic_clean_policy=0, static_memory_policy=0,
//              memory_optimization_policy=None, variable_use_1g_huge_page=0).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "npu/memory_config/enums.hpp"
#include "npu/memory_config/settings/fields.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

struct MemoryConfig {
  AtomicCleanPolicy atomic_clean_policy = detail::default_value<AtomicCleanPolicy>();
  StaticMemoryPolicy static_memory_policy = detail::default_value<StaticMemoryPolicy>();
  std::optional<MemoryOptimizationPolicy> memory_optimization_policy;  // unset: the runtime decides
  HugePagePolicy variable_use_1g_huge_page = detail::default_value<HugePagePolicy>();

  // Generic access by Field, for code that walks enum_values<Field>(): the code
  // the field holds; nullopt when it is unset. A code cast into the
  // enumeration elsewhere may be no value of the table.
  [[nodiscard]] constexpr std::optional<std::uint8_t> code(Field field) const noexcept {
    switch (field) {
      case Field::atomic_clean_policy:
        return static_cast<std::uint8_t>(atomic_clean_policy);
      case Field::static_memory_policy:
        return static_cast<std::uint8_t>(static_memory_policy);
      case Field::memory_optimization_policy:
        if (!memory_optimization_policy) return std::nullopt;
        return static_cast<std::uint8_t>(*memory_optimization_policy);
      case Field::variable_use_1g_huge_page:
        return static_cast<std::uint8_t>(variable_use_1g_huge_page);
    }
    return std::nullopt;
  }

  // Sets the field to `value`, a code of its table; nullopt unsets an optional
  // field (a required field then takes its default).
  constexpr void set_code(Field field, std::optional<std::uint8_t> value) noexcept {
    const std::uint8_t set = value.value_or(detail::field_info(field).default_code);
    switch (field) {
      case Field::atomic_clean_policy:
        atomic_clean_policy = static_cast<AtomicCleanPolicy>(set);
        break;
      case Field::static_memory_policy:
        static_memory_policy = static_cast<StaticMemoryPolicy>(set);
        break;
      case Field::memory_optimization_policy:
        // (a whole optional assigned: optional::reset() is constexpr only from C++20)
        memory_optimization_policy = value ? std::optional(static_cast<MemoryOptimizationPolicy>(set))
                                           : std::optional<MemoryOptimizationPolicy>();
        break;
      case Field::variable_use_1g_huge_page:
        variable_use_1g_huge_page = static_cast<HugePagePolicy>(set);
        break;
    }
  }
};

// Equal when every field holds the same code, or both leave it unset.
[[nodiscard]] constexpr bool operator==(const MemoryConfig& a, const MemoryConfig& b) noexcept {
  for (const detail::FieldInfo& field : detail::fields) {
    if (a.code(field.field) != b.code(field.field)) return false;
  }
  return true;
}
[[nodiscard]] constexpr bool operator!=(const MemoryConfig& a, const MemoryConfig& b) noexcept { return !(a == b); }

NPU_MEMORY_CONFIG_NAMESPACE_END
