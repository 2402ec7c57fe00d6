// The targets a config runs through, by the names --format and --from take;
// how each carries each setting is the table in detail/target_table.hpp.
#pragma once

#include <optional>
#include <string_view>

#include "npu/memory_config/detail/target_table.hpp"
#include "npu/memory_config/enums.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

// The target's name as --format and --from take it: "mindspore".
[[nodiscard]] constexpr std::string_view enum_name(TargetRuntime target) noexcept {
  return detail::target_info(target).name;
}

// The target named `name` ("mindspore"); nullopt when there is none.
[[nodiscard]] constexpr std::optional<TargetRuntime> target_from_name(std::string_view name) noexcept {
  for (const detail::TargetInfo& info : detail::targets) {
    if (info.name == name) return info.target;
  }
  return std::nullopt;
}

NPU_MEMORY_CONFIG_NAMESPACE_END
