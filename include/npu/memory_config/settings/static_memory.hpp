// What the engine runs for static_memory_policy: the option combined with
// the GE_USE_STATIC_MEMORY environment variable, and why.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "npu/memory_config/enums.hpp"
#include "npu/memory_config/settings/detail/engine_static_memory.hpp"
#include "npu/memory_config/settings/detail/field_table.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

// The engine's combination: static_memory_policy `option` beside
// GE_USE_STATIC_MEMORY `variable` (nullopt: not set). The variable takes the
// option's values, the legacy 1 included; static shapes expand if either
// expands them, dynamic shapes too.
[[nodiscard]] constexpr StaticMemoryPolicy effective_static_memory_policy(
    StaticMemoryPolicy option, std::optional<std::string_view> variable) noexcept {
  StaticMemoryPolicy from_variable = StaticMemoryPolicy::dynamic;
  if (variable && detail::engine_reads_static_memory_env(*variable)) {
    const auto code = static_cast<std::uint8_t>((*variable)[0] - '0');
    from_variable = static_cast<StaticMemoryPolicy>(detail::canonical_code(Field::static_memory_policy, code));
  }
  const bool expand_static = detail::expands_static_shapes(option) || detail::expands_static_shapes(from_variable);
  const bool expand_dynamic = detail::expands_dynamic_shapes(option) || detail::expands_dynamic_shapes(from_variable);
  if (expand_static && expand_dynamic) return StaticMemoryPolicy::expand_static_and_dynamic_shape;
  if (expand_static) return StaticMemoryPolicy::expand_static_shape;
  if (expand_dynamic) return StaticMemoryPolicy::expand_dynamic_shape;
  return StaticMemoryPolicy::dynamic;
}

// static_memory_policy as the engine runs it, and why.
struct StaticMemoryRun {
  StaticMemoryPolicy option = StaticMemoryPolicy::dynamic;  // what the engine is given: the config's, or the target's
  bool option_from_target = false;                          // the target sets the option itself
  std::optional<std::string_view> variable;                 // GE_USE_STATIC_MEMORY as the engine sees it
  bool variable_exported = false;                           // the target's form exports the variable
  bool variable_read = false;                               // the engine acts on it: exactly "0" to "4"
  StaticMemoryPolicy runs = StaticMemoryPolicy::dynamic;    // what the engine runs
};

NPU_MEMORY_CONFIG_NAMESPACE_END
