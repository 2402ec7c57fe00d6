// A config as a target runs it: the codes each target sets, the variable
// its form exports, whether it runs what the config asks; behind
// effective.hpp, and used by the checks.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "npu/memory_config/enums.hpp"
#include "npu/memory_config/settings/config.hpp"
#include "npu/memory_config/settings/detail/field_table.hpp"
#include "npu/memory_config/settings/detail/form_table.hpp"
#include "npu/memory_config/settings/detail/target_table.hpp"
#include "npu/memory_config/settings/static_memory.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
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

// What the engine runs for static_memory_policy when a job runs `config`
// through the runtime of `form` (json: the config's option as it is), with
// GE_USE_STATIC_MEMORY inherited as `inherited` (nullopt: not set) unless the
// form exports the variable itself.
[[nodiscard]] constexpr StaticMemoryRun static_memory_run_of(const MemoryConfig& config, Form form,
                                                             std::optional<std::string_view> inherited) noexcept {
  const std::optional<TargetRuntime> target = target_of(form);
  StaticMemoryRun run;
  run.option = config.static_memory_policy;
  run.variable = inherited;
  if (target) {
    run.option = static_cast<StaticMemoryPolicy>(target_code(config, *target, Field::static_memory_policy).value_or(0));
    run.option_from_target = target_info(*target).of(Field::static_memory_policy).carriage != Carriage::option;
    if (const ValueInfo* exported = exported_static_memory_env(config, *target)) {
      run.variable = exported->runtime_text;
      run.variable_exported = true;
    }
  }
  run.variable_read = run.variable && engine_reads_static_memory_env(*run.variable);
  run.runs = effective_static_memory_policy(run.option, run.variable);
  return run;
}

// Whether the runtime of `form` runs the config's value of `field`: it
// carries it, forces the same, or the variable its form exports gets the
// engine there. A config file (json) carries every value.
[[nodiscard]] constexpr bool target_runs_as_asked(const MemoryConfig& config, Form form, Field field) noexcept {
  const std::optional<detail::TargetRuntime> target = detail::target_of(form);
  return !target || detail::runs_as_asked(config, *target, field);
}

// The config the engine runs when the job runs `config` through the runtime
// of `form` (json: as it is), with GE_USE_STATIC_MEMORY inherited as
// `inherited`.
[[nodiscard]] constexpr MemoryConfig config_as_run(const MemoryConfig& config, Form form,
                                                   std::optional<std::string_view> inherited) noexcept {
  const std::optional<TargetRuntime> target = target_of(form);
  MemoryConfig runs = config;
  if (target) {
    for (const FieldInfo& field : fields) {
      runs.set_code(field.field, target_code(config, *target, field.field));
    }
  }
  runs.static_memory_policy = static_memory_run_of(config, form, inherited).runs;
  return runs;
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
