// Small helpers the validation tests share.
#pragma once

#include <vector>

#include <npu/memory_config.hpp>

namespace npu::test {

// The diagnostics of `all` that have `code`, in order.
inline std::vector<Diagnostic> of_code(const std::vector<Diagnostic>& all, DiagnosticCode code) {
  std::vector<Diagnostic> out;
  for (const Diagnostic& d : all) {
    if (d.code == code) out.push_back(d);
  }
  return out;
}

// A default config but for its static_memory_policy.
inline MemoryConfig with_static(StaticMemoryPolicy policy) {
  MemoryConfig config;
  config.static_memory_policy = policy;
  return config;
}

}  // namespace npu::test
