// npu::MemoryConfig: the value type, mirroring the upstream Python
// MemoryConfig(atomic_clean_policy=0, static_memory_policy=0,
//              memory_optimization_policy=None, variable_use_1g_huge_page=0).
#pragma once

#include <cstdint>
#include <optional>

#include "npu/memory_config/enums.hpp"
#include "npu/memory_config/fields.hpp"

namespace npu {

struct MemoryConfig {
  AtomicCleanPolicy atomic_clean_policy = default_value<AtomicCleanPolicy>();
  StaticMemoryPolicy static_memory_policy = default_value<StaticMemoryPolicy>();
  std::optional<MemoryOptimizationPolicy> memory_optimization_policy;  // unset: the runtime decides
  HugePagePolicy variable_use_1g_huge_page = default_value<HugePagePolicy>();

  [[nodiscard]] friend constexpr bool operator==(const MemoryConfig& a, const MemoryConfig& b) noexcept {
    return a.atomic_clean_policy == b.atomic_clean_policy && a.static_memory_policy == b.static_memory_policy &&
           a.memory_optimization_policy == b.memory_optimization_policy &&
           a.variable_use_1g_huge_page == b.variable_use_1g_huge_page;
  }
  [[nodiscard]] friend constexpr bool operator!=(const MemoryConfig& a, const MemoryConfig& b) noexcept {
    return !(a == b);
  }
};

// Generic access by Field, for code that walks the field table. The code is
// the enumerator's value; nullopt means unset (optional fields only).
[[nodiscard]] constexpr std::optional<std::uint8_t> field_code(const MemoryConfig& config, Field field) noexcept {
  switch (field) {
    case Field::atomic_clean_policy:
      return static_cast<std::uint8_t>(config.atomic_clean_policy);
    case Field::static_memory_policy:
      return static_cast<std::uint8_t>(config.static_memory_policy);
    case Field::memory_optimization_policy:
      if (!config.memory_optimization_policy) return std::nullopt;
      return static_cast<std::uint8_t>(*config.memory_optimization_policy);
    case Field::variable_use_1g_huge_page:
      return static_cast<std::uint8_t>(config.variable_use_1g_huge_page);
  }
  return std::nullopt;
}

// Precondition: `code` is one of the field's values (or nullopt for an
// optional field); the readers check that before they call it.
constexpr void set_field_code(MemoryConfig& config, Field field, std::optional<std::uint8_t> code) noexcept {
  switch (field) {
    case Field::atomic_clean_policy:
      config.atomic_clean_policy = static_cast<AtomicCleanPolicy>(code.value_or(0));
      break;
    case Field::static_memory_policy:
      config.static_memory_policy = static_cast<StaticMemoryPolicy>(code.value_or(0));
      break;
    case Field::memory_optimization_policy:
      config.memory_optimization_policy =
          code ? std::optional<MemoryOptimizationPolicy>(static_cast<MemoryOptimizationPolicy>(*code))
               : std::nullopt;
      break;
    case Field::variable_use_1g_huge_page:
      config.variable_use_1g_huge_page = static_cast<HugePagePolicy>(code.value_or(0));
      break;
  }
}

// The runtime's spelling of a field's current value; empty when unset.
[[nodiscard]] constexpr std::string_view field_runtime_text(const MemoryConfig& config, Field field) noexcept {
  const std::optional<std::uint8_t> code = field_code(config, field);
  if (!code) return {};
  const ValueInfo* value = find_value(field_info(field), *code);
  return value != nullptr ? value->runtime_text : std::string_view{};
}

}  // namespace npu
