// What the tool and fix_text() report of one config: a reader's and
// validate()'s diagnostics, less the warnings an error contradicts. Opt-in:
// a launcher that calls validate() alone does not parse it.
#pragma once

#include <vector>

#include "npu/memory_config/enums.hpp"
#include "npu/memory_config/settings/diagnostic.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

// A reader's and validate()'s diagnostics of one config, less each warning
// that an error about the same value contradicts: a static 1 that the
// release's error calls static allocation is not also the legacy alias of 2.
[[nodiscard]] inline std::vector<Diagnostic> without_contradictions(std::vector<Diagnostic> diagnostics) {
  const auto contradicted = [&](const Diagnostic& warning) {
    if (warning.code != DiagnosticCode::legacy_value) return false;
    for (const Diagnostic& error : diagnostics) {
      if (error.severity == Severity::error && error.code == DiagnosticCode::release_difference &&
          error.field == warning.field && error.origin.same_place(warning.origin)) {
        return true;
      }
    }
    return false;
  };
  std::vector<Diagnostic> kept;
  for (const Diagnostic& diagnostic : diagnostics) {
    if (!contradicted(diagnostic)) kept.push_back(diagnostic);
  }
  return kept;
}

NPU_MEMORY_CONFIG_NAMESPACE_END
