// What the engine runs: a config as a target runs it (its forced values and
// defaults, the variable its form exports). The combination of the option
// with GE_USE_STATIC_MEMORY alone: settings/static_memory.hpp.
#pragma once

#include <optional>
#include <string_view>

#include "npu/memory_config/enums.hpp"
#include "npu/memory_config/settings/config.hpp"
#include "npu/memory_config/settings/static_memory.hpp"
#include "npu/memory_config/validation/detail/engine_run.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

// What the engine runs for static_memory_policy when a job runs `config`
// through the runtime of `form` (json: the config's option as it is), with
// GE_USE_STATIC_MEMORY inherited as `inherited` (nullopt: not set) unless the
// form exports the variable itself.
[[nodiscard]] constexpr StaticMemoryRun static_memory_run(const MemoryConfig& config, Form form,
                                                          std::optional<std::string_view> inherited) noexcept {
  return detail::static_memory_run_of(config, form, inherited);
}

// The config the engine runs when the job runs `config` through the runtime
// of `form` (json: as it is), with GE_USE_STATIC_MEMORY inherited as
// `inherited`.
[[nodiscard]] constexpr MemoryConfig effective_config(const MemoryConfig& config, Form form,
                                                      std::optional<std::string_view> inherited) noexcept {
  return detail::config_as_run(config, form, inherited);
}

NPU_MEMORY_CONFIG_NAMESPACE_END
