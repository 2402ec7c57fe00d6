// What the engine runs (spec 4 and 9): static_memory_policy combined with
// the GE_USE_STATIC_MEMORY environment variable, and a config as a target
// runs it (its forced values and defaults, the variable its form exports).
#pragma once

#include <cstdint>
#include <string_view>

#include "npu/memory_config/config.hpp"
#include "npu/memory_config/fields.hpp"
#include "npu/memory_config/targets.hpp"
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
// GE_USE_STATIC_MEMORY as std::getenv returns it (nullptr: not set). The
// variable takes the option's values, the legacy 1 included; static shapes
// expand if either expands them, dynamic shapes too.
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

// The GE_USE_STATIC_MEMORY value that makes the engine run `wanted` beside
// the option `option` (the first in table order); nullptr when the option
// alone runs it, or when no value can.
[[nodiscard]] constexpr const ValueInfo* static_memory_env_for(StaticMemoryPolicy option,
                                                               StaticMemoryPolicy wanted) noexcept {
  if (option == wanted) return nullptr;
  for (const ValueInfo& value : field_info(Field::static_memory_policy).values) {
    if (effective_static_memory_policy(option, value.runtime_text.data()) == wanted) return &value;
  }
  return nullptr;
}

// The code `target` sets for `field` of `config`: the config's own where its
// form carries the field, else the target's (unset_code: unset).
[[nodiscard]] constexpr std::uint8_t target_code(const MemoryConfig& config, const TargetInfo& target,
                                                 Field field) noexcept {
  const TargetField& carried = target.of(field);
  if (carried.carriage != Carriage::option) return carried.code;
  const int code = field_code(config, field);
  return code < 0 ? unset_code : static_cast<std::uint8_t>(code);
}

// The GE_USE_STATIC_MEMORY value the target's form exports for `config`
// (torchair's form is that variable); nullptr when it exports none.
[[nodiscard]] constexpr const ValueInfo* exported_static_memory_env(const MemoryConfig& config,
                                                                    const TargetInfo& target) noexcept {
  const TargetField& carried = target.of(Field::static_memory_policy);
  if (carried.carriage != Carriage::environment) return nullptr;
  return static_memory_env_for(static_cast<StaticMemoryPolicy>(carried.code), config.static_memory_policy);
}

// Whether `target` runs the config's value of `field`: it carries it, forces
// the same, or its form's variable gets the engine there.
[[nodiscard]] constexpr bool target_runs_as_asked(const MemoryConfig& config, const TargetInfo& target,
                                                  Field field) noexcept {
  const int asked = field_code(config, field);
  const std::uint8_t set = target_code(config, target, field);
  if (asked < 0 ? set == unset_code : set == asked) return true;
  return field == Field::static_memory_policy && exported_static_memory_env(config, target) != nullptr;
}

// The config the engine runs when the job runs `config` through `target`
// (TargetRuntime::any: as it is), with GE_USE_STATIC_MEMORY inherited as
// `ge_use_static_memory` (nullptr: not set) unless the form exports it.
[[nodiscard]] constexpr MemoryConfig effective_config(const MemoryConfig& config, TargetRuntime target,
                                                      const char* ge_use_static_memory) noexcept {
  MemoryConfig runs = config;
  if (target != TargetRuntime::any) {
    const TargetInfo& info = target_info(target);
    for (const FieldInfo& field : fields) {
      set_field_value(runs, field.field, value_of(field.field, target_code(config, info, field.field)));
    }
    if (const ValueInfo* exported = exported_static_memory_env(config, info)) {
      ge_use_static_memory = exported->runtime_text.data();
    }
  }
  runs.static_memory_policy = effective_static_memory_policy(runs.static_memory_policy, ge_use_static_memory);
  return runs;
}

NPU_MEMORY_CONFIG_NAMESPACE_END
