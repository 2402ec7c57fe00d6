// What keeps a writer from writing a config: the codes no table holds.
#pragma once

#include <string_view>
#include <vector>

#include "npu/memory_config/provenance.hpp"
#include "npu/memory_config/settings/config.hpp"
#include "npu/memory_config/settings/diagnostic.hpp"
#include "npu/memory_config/settings/fix.hpp"
#include "npu/memory_config/settings/validation_context.hpp"
#include "npu/memory_config/validation/detail/remedies.hpp"
#include "npu/memory_config/validation/detail/value_checks.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

// What keeps a writer from writing `config`, as validate() reports it first:
// each field that holds an integer cast into its enumeration that is none of
// its values. Writers write nothing for such a config (no text, empty maps,
// ConfigError in the JSON layer), never the other fields without it.
[[nodiscard]] inline std::vector<Diagnostic> code_errors(const MemoryConfig& config,
                                                         std::string_view source = "config") {
  std::vector<Finding> findings;
  (void)check_codes(config, Provenance::all_from(source), findings);
  return settled(findings, config, {}, Provenance::all_from(source));
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
