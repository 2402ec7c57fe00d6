// Where a configuration runs (spec 4): the product or SoC, concurrent graphs,
// the target runtime, the CANN release, and the GE_USE_STATIC_MEMORY
// environment variable the engine combines with static_memory_policy.
#pragma once

#include <cstdint>
#include <string_view>

#include "npu/memory_config/effective.hpp"
#include "npu/memory_config/products.hpp"
#include "npu/memory_config/targets.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

// Where the configuration will run. Views only: the caller owns the strings.
struct ValidationContext {
  const ProductInfo* product = nullptr;  // a row of `products` (product_from_name); nullptr: not given
  std::string_view soc_version;          // empty: not given; with `product`, they must agree
  bool concurrent_graphs = false;
  TargetRuntime target = TargetRuntime::any;   // the runtime or framework it goes through
  const char* ge_use_static_memory = nullptr;  // the variable's value, as std::getenv gives it; nullptr: not set
  std::string_view cann_release;  // the CANN release the job runs on ("8.0.RC2"); empty: the latest rules (9.0.0)
};

NPU_MEMORY_CONFIG_NAMESPACE_END
