// Validation in context: every problem of a config where it will run, each
// diagnostic naming where the value it is about came from.
#pragma once

#include <string_view>
#include <vector>

#include "npu/memory_config/provenance.hpp"
#include "npu/memory_config/settings/diagnostic.hpp"
#include "npu/memory_config/settings/fix.hpp"
#include "npu/memory_config/settings/validation_context.hpp"
#include "npu/memory_config/validation/detail/remedies.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

// Every problem of `config` in `context`, in the order product, CANN release,
// static memory (environment, concurrent graphs), target, costly policies;
// each names the origin in `provenance` of the field it is about, or its
// config_source, and carries the remedies that clear it in that context.
[[nodiscard]] inline std::vector<Diagnostic> validate(const MemoryConfig& config, const ValidationContext& context,
                                                      const Provenance& provenance) {
  return detail::settled(detail::findings_of(config, context, provenance), config, context, provenance);
}

// The same for a config that came whole from `source`: every diagnostic
// names it.
[[nodiscard]] inline std::vector<Diagnostic> validate(const MemoryConfig& config, const ValidationContext& context = {},
                                                      std::string_view source = "config") {
  return validate(config, context, Provenance::all_from(source));
}

NPU_MEMORY_CONFIG_NAMESPACE_END
