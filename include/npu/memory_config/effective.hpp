// What the engine runs: static_memory_policy combined with the
// GE_USE_STATIC_MEMORY environment variable, and a config as a target runs
// it (its forced values and defaults, the variable its form exports).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "npu/memory_config/config.hpp"
#include "npu/memory_config/detail/form_table.hpp"
#include "npu/memory_config/detail/target_table.hpp"
#include "npu/memory_config/fields.hpp"
#include "npu/memory_config/reflection.hpp"
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

namespace detail {

// The GE_USE_STATIC_MEMORY value that makes the engine run `wanted` beside
// the option `option` (the first in table order); nullptr when the option
// alone runs it, or when no value can.
[[nodiscard]] constexpr const ValueInfo* static_memory_env_for(StaticMemoryPolicy option,
                                                               StaticMemoryPolicy wanted) noexcept {
  if (option == wanted) return nullptr;
  for (const ValueInfo& value : field_info(Field::static_memory_policy).values) {
    if (effective_static_memory_policy(option, value.runtime_text) == wanted) return &value;
  }
  return nullptr;
}

// The code `target` sets for `field` of `config`: the config's own where its
// form carries the field, else the target's (nullopt: unset).
[[nodiscard]] constexpr std::optional<std::uint8_t> target_code(const MemoryConfig& config, TargetRuntime target,
                                                                Field field) noexcept {
  const TargetField& carried = target_info(target).of(field);
  if (carried.carriage != Carriage::option) return carried.code;
  return config.code(field);
}

// The GE_USE_STATIC_MEMORY value the target's form exports for `config`
// (torchair's form is that variable); nullptr when it exports none.
[[nodiscard]] constexpr const ValueInfo* exported_static_memory_env(const MemoryConfig& config,
                                                                    TargetRuntime target) noexcept {
  const TargetField& carried = target_info(target).of(Field::static_memory_policy);
  if (carried.carriage != Carriage::environment) return nullptr;
  return static_memory_env_for(static_cast<StaticMemoryPolicy>(carried.code.value_or(0)), config.static_memory_policy);
}

// Whether `target` runs the config's value of `field`: it carries it, forces
// the same, or the variable its form exports gets the engine there.
[[nodiscard]] constexpr bool runs_as_asked(const MemoryConfig& config, TargetRuntime target, Field field) noexcept {
  if (config.code(field) == target_code(config, target, field)) return true;
  return field == Field::static_memory_policy && exported_static_memory_env(config, target) != nullptr;
}

}  // namespace detail

// static_memory_policy as the engine runs it, and why.
struct StaticMemoryRun {
  StaticMemoryPolicy option = StaticMemoryPolicy::dynamic;  // what the engine is given: the config's, or the target's
  bool option_from_target = false;                          // the target sets the option itself
  std::optional<std::string_view> variable;                 // GE_USE_STATIC_MEMORY as the engine sees it
  bool variable_exported = false;                           // the target's form exports the variable
  bool variable_read = false;                               // the engine acts on it: exactly "0" to "4"
  StaticMemoryPolicy runs = StaticMemoryPolicy::dynamic;    // what the engine runs
};

// What the engine runs for static_memory_policy when a job runs `config`
// through the runtime of `form` (json: the config's option as it is), with
// GE_USE_STATIC_MEMORY inherited as `inherited` (nullopt: not set) unless the
// form exports the variable itself.
[[nodiscard]] constexpr StaticMemoryRun static_memory_run(const MemoryConfig& config, Form form,
                                                          std::optional<std::string_view> inherited) noexcept {
  const std::optional<detail::TargetRuntime> target = detail::target_of(form);
  StaticMemoryRun run;
  run.option = config.static_memory_policy;
  run.variable = inherited;
  if (target) {
    run.option =
        static_cast<StaticMemoryPolicy>(detail::target_code(config, *target, Field::static_memory_policy).value_or(0));
    run.option_from_target =
        detail::target_info(*target).of(Field::static_memory_policy).carriage != detail::Carriage::option;
    if (const detail::ValueInfo* exported = detail::exported_static_memory_env(config, *target)) {
      run.variable = exported->runtime_text;
      run.variable_exported = true;
    }
  }
  run.variable_read = run.variable && detail::engine_reads_static_memory_env(*run.variable);
  run.runs = effective_static_memory_policy(run.option, run.variable);
  return run;
}

namespace detail {

// Whether the runtime of `form` runs the config's value of `field`: it
// carries it, forces the same, or the variable its form exports gets the
// engine there. A config file (json) carries every value.
[[nodiscard]] constexpr bool target_runs_as_asked(const MemoryConfig& config, Form form, Field field) noexcept {
  const std::optional<detail::TargetRuntime> target = detail::target_of(form);
  return !target || detail::runs_as_asked(config, *target, field);
}

}  // namespace detail

// The config the engine runs when the job runs `config` through the runtime
// of `form` (json: as it is), with GE_USE_STATIC_MEMORY inherited as
// `inherited`.
[[nodiscard]] constexpr MemoryConfig effective_config(const MemoryConfig& config, Form form,
                                                      std::optional<std::string_view> inherited) noexcept {
  const std::optional<detail::TargetRuntime> target = detail::target_of(form);
  MemoryConfig runs = config;
  if (target) {
    for (const detail::FieldInfo& field : detail::fields) {
      runs.set_code(field.field, detail::target_code(config, *target, field.field));
    }
  }
  runs.static_memory_policy = static_memory_run(config, form, inherited).runs;
  return runs;
}

NPU_MEMORY_CONFIG_NAMESPACE_END
