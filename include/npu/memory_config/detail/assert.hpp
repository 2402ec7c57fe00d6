// Checked preconditions, as {fmt}'s FMT_ASSERT: a call that breaks one (a
// Field or TargetRuntime cast from an integer that names none) is a bug in
// the caller, stopped where it happens instead of reading past a table. It
// also tells the optimizer the index is in range: g++ -O2 would otherwise
// warn -Warray-bounds about the path it cannot rule out.
#pragma once

#include <cstdio>
#include <exception>

#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

[[noreturn]] inline void assertion_failed(const char* file, int line, const char* message) noexcept {
  std::fprintf(stderr, "%s:%d: npu-memory-config: precondition failed: %s\n", file, line, message);
  std::terminate();
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END

#define NPU_MEMORY_CONFIG_ASSERT(condition, message) \
  ((condition) ? static_cast<void>(0) : ::npu::detail::assertion_failed(__FILE__, __LINE__, (message)))
