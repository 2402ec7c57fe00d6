// Checked preconditions, as {fmt}'s FMT_ASSERT: a call that breaks one (a
// Field or a Product cast from an integer that names none) is a bug in the
// caller, stopped where it happens instead of reading past a table. It also
// tells the optimizer the index is in range: g++ -O2 would otherwise warn
// -Warray-bounds about the path it cannot rule out.
//
// A program may define NPU_MEMORY_CONFIG_ASSERT(condition, message) itself
// before including the library, to report a broken precondition its own way
// (the checks stand in noexcept functions: its handler must not return, nor
// throw), or define NPU_MEMORY_CONFIG_NO_ASSERTS to compile the checks out:
// a broken precondition is then undefined behaviour, as in the standard
// library.
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

#ifndef NPU_MEMORY_CONFIG_ASSERT
#if defined(NPU_MEMORY_CONFIG_NO_ASSERTS) && (defined(__GNUC__) || defined(__clang__))
// Still a promise to the optimizer (no -Warray-bounds), and an error where a
// constant expression breaks it.
#define NPU_MEMORY_CONFIG_ASSERT(condition, message) \
  ((condition) ? static_cast<void>(0) : (static_cast<void>(message), __builtin_unreachable()))
#elif defined(NPU_MEMORY_CONFIG_NO_ASSERTS)
#define NPU_MEMORY_CONFIG_ASSERT(condition, message) (static_cast<void>(sizeof(condition)), static_cast<void>(message))
#else
#define NPU_MEMORY_CONFIG_ASSERT(condition, message) \
  ((condition) ? static_cast<void>(0) : ::npu::detail::assertion_failed(__FILE__, __LINE__, (message)))
#endif
#endif
