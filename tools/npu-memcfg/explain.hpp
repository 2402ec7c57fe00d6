// --explain: what each setting does and costs, in the words of the field
// table, and where it came from; then what runs instead under the target
// (its forced values, its defaults) and why, with static_memory_policy as
// the engine will run it, GE_USE_STATIC_MEMORY included.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <npu/memory_config.hpp>

namespace npu::memcfg {

// `form`: the --format form, whose runtime the config runs through (json:
// none).
[[nodiscard]] std::string explain(const MemoryConfig& config, const Provenance& provenance,
                                  std::optional<std::string_view> ge_use_static_memory, Form form);

}  // namespace npu::memcfg
