// Where a configuration runs (spec 4): the product or SoC, concurrent graphs,
// the target runtime, the CANN release, and the GE_USE_STATIC_MEMORY
// environment variable the engine combines with static_memory_policy.
#pragma once

#include <cstdint>
#include <string_view>

#include "npu/memory_config/fields.hpp"
#include "npu/memory_config/products.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

// Whether the engine acts on a GE_USE_STATIC_MEMORY value: exactly "0".."4".
[[nodiscard]] constexpr bool engine_reads_static_memory_env(std::string_view value) noexcept {
  return value.size() == 1 && value[0] >= '0' && value[0] <= '4';
}

// Whether a policy expands the memory of static-shape graphs (2, 4) and of
// dynamic-shape graphs (3, 4).
[[nodiscard]] constexpr bool expands_static_shapes(StaticMemoryPolicy policy) noexcept {
  return policy == StaticMemoryPolicy::expand_static_shape ||
         policy == StaticMemoryPolicy::expand_static_and_dynamic_shape;
}
[[nodiscard]] constexpr bool expands_dynamic_shapes(StaticMemoryPolicy policy) noexcept {
  return policy == StaticMemoryPolicy::expand_dynamic_shape ||
         policy == StaticMemoryPolicy::expand_static_and_dynamic_shape;
}

// static_memory_policy as the engine runs it, given the value of
// GE_USE_STATIC_MEMORY as std::getenv returns it (nullptr: not set). The variable takes the option's values, the legacy
// 1 included; static shapes expand if either expands them, dynamic shapes too.
[[nodiscard]] constexpr StaticMemoryPolicy effective_static_memory_policy(StaticMemoryPolicy option,
                                                                          const char* ge_use_static_memory) noexcept {
  StaticMemoryPolicy variable = StaticMemoryPolicy::dynamic;
  if (ge_use_static_memory != nullptr && engine_reads_static_memory_env(ge_use_static_memory)) {
    const auto code = static_cast<std::uint8_t>(ge_use_static_memory[0] - '0');
    variable = static_cast<StaticMemoryPolicy>(canonical_code(field_info(Field::static_memory_policy), code));
  }
  const bool expand_static = expands_static_shapes(option) || expands_static_shapes(variable);
  const bool expand_dynamic = expands_dynamic_shapes(option) || expands_dynamic_shapes(variable);
  if (expand_static && expand_dynamic) return StaticMemoryPolicy::expand_static_and_dynamic_shape;
  if (expand_static) return StaticMemoryPolicy::expand_static_shape;
  if (expand_dynamic) return StaticMemoryPolicy::expand_dynamic_shape;
  return StaticMemoryPolicy::dynamic;
}

enum class TargetRuntime : std::uint8_t { any, tf1, ge, tf2 };

// Where the configuration will run. Views only: the caller owns the strings.
struct ValidationContext {
  const ProductInfo* product = nullptr;  // a row of `products` (product_from_name); nullptr: not given
  std::string_view soc_version;          // empty: not given; with `product`, they must agree
  bool concurrent_graphs = false;
  TargetRuntime target = TargetRuntime::any;
  const char* ge_use_static_memory = nullptr;  // the variable's value, as std::getenv gives it; nullptr: not set
  std::string_view cann_release;  // the CANN release the job runs on ("8.0.RC2"); empty: the latest rules (9.0.0)
};

NPU_MEMORY_CONFIG_NAMESPACE_END
