// --explain: what each effective setting does and costs, in the words of the
// field table, where it came from, and static_memory_policy as the engine
// will run it.
#pragma once

#include <string>

#include <npu/memory_config.hpp>

namespace npu::memcfg {

[[nodiscard]] std::string explain(const MemoryConfig& config, const Provenance& provenance,
                                  const char* ge_use_static_memory);

}  // namespace npu::memcfg
