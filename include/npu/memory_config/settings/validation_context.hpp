// Where a configuration runs: the product or SoC, concurrent graphs, the
// target runtime, the CANN release, and the GE_USE_STATIC_MEMORY environment
// variable the engine combines with static_memory_policy.
#pragma once

#include <optional>
#include <string_view>

#include "npu/memory_config/cann_release.hpp"
#include "npu/memory_config/provenance.hpp"
#include "npu/memory_config/settings/detail/release_rules.hpp"
#include "npu/memory_config/settings/detail/soc.hpp"
#include "npu/memory_config/settings/detail/target_table.hpp"
#include "npu/memory_config/settings/reflection.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

// Views only: the caller owns the strings.
struct ValidationContext {
  std::optional<Product> product;
  std::string_view soc_version;  // as the runtime reports it; empty: not given. With `product`, they must agree
  bool concurrent_graphs = false;
  Form target = Form::json;  // the form the config goes out in, so its runtime; json: a config file, no runtime
  std::optional<std::string_view> ge_use_static_memory;  // the variable's value; nullopt: not set
  // Where the variable was set (a script's line), for the diagnostics about
  // it; nullptr: the environment the job runs in.
  const Origin* ge_use_static_memory_origin = nullptr;
  std::optional<CannRelease> cann_release;  // nullopt: the rules of the newest release they name

  // The product `soc_version` names; nullopt when it is empty or a chip no
  // rule knows.
  [[nodiscard]] constexpr std::optional<Product> soc_product() const noexcept {
    return detail::product_from_soc(soc_version);
  }
  // The release whose rules validation applies when `cann_release` is
  // nullopt: the newest one a rule names.
  [[nodiscard]] static constexpr CannRelease newest_rules_release() noexcept { return detail::latest_rules_release(); }
};

NPU_MEMORY_CONFIG_NAMESPACE_END
