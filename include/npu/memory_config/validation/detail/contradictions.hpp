// Diagnostics of one config from a reader and from validate() together,
// without a warning an error about the same value contradicts.
#pragma once

#include <algorithm>
#include <vector>

#include "npu/memory_config/enums.hpp"
#include "npu/memory_config/settings/diagnostic.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

// `diagnostics` (a reader's and validate()'s of one config) without a
// warning that an error about the same value contradicts: a static 1 the
// release's error says is static allocation is not also the legacy alias
// of 2 there.
inline void drop_contradictions(std::vector<Diagnostic>& diagnostics) {
  const auto contradicted = [&](const Diagnostic& warning) {
    if (warning.code != DiagnosticCode::legacy_value) return false;
    return std::any_of(diagnostics.begin(), diagnostics.end(), [&](const Diagnostic& error) {
      return error.severity == Severity::error && error.code == DiagnosticCode::release_difference &&
             error.field == warning.field && error.origin.same_place(warning.origin);
    });
  };
  diagnostics.erase(std::remove_if(diagnostics.begin(), diagnostics.end(), contradicted), diagnostics.end());
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
