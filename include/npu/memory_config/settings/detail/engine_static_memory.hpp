// How the engine reads GE_USE_STATIC_MEMORY and what each policy expands.
#pragma once

#include <string_view>

#include "npu/memory_config/enums.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

// Whether the engine acts on a GE_USE_STATIC_MEMORY value: exactly "0" to
// "4" (an exact string compare: " 2" and "yes" do nothing).
[[nodiscard]] constexpr bool engine_reads_static_memory_env(std::string_view value) noexcept {
  return value.size() == 1 && value[0] >= '0' && value[0] <= '4';
}

// Whether a policy expands the memory of static-shape graphs (2, 4), and of
// dynamic-shape graphs (3, 4).
[[nodiscard]] constexpr bool expands_static_shapes(StaticMemoryPolicy policy) noexcept {
  return policy == StaticMemoryPolicy::expand_static_shape ||
         policy == StaticMemoryPolicy::expand_static_and_dynamic_shape;
}
[[nodiscard]] constexpr bool expands_dynamic_shapes(StaticMemoryPolicy policy) noexcept {
  return policy == StaticMemoryPolicy::expand_dynamic_shape ||
         policy == StaticMemoryPolicy::expand_static_and_dynamic_shape;
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
