// The library's version, defined once (CMake reads it here), and the
// namespace of every declaration. The inline namespace puts the major version
// into every mangled name, so that a launcher and a plugin built against two
// major versions link to distinct symbols instead of breaking the ODR.
#pragma once

#define NPU_MEMORY_CONFIG_VERSION_MAJOR 2
#define NPU_MEMORY_CONFIG_VERSION_MINOR 0
#define NPU_MEMORY_CONFIG_VERSION_PATCH 0

// g++ 12 and later, at -O2 and -O3, warn about std::string's own members
// where they inline a string's move or destruction (-Wmaybe-uninitialized,
// GCC bug 105616; -Wrestrict, GCC bug 105329), in code that has no such
// fault. A launcher building with -Werror must not break on that: the
// library's own code is compiled without those two warnings under g++.
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 12
#define NPU_MEMORY_CONFIG_GCC_QUIET_BEGIN                                                    \
  _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wmaybe-uninitialized\"") \
      _Pragma("GCC diagnostic ignored \"-Wrestrict\"")
#define NPU_MEMORY_CONFIG_GCC_QUIET_END _Pragma("GCC diagnostic pop")
#else
#define NPU_MEMORY_CONFIG_GCC_QUIET_BEGIN
#define NPU_MEMORY_CONFIG_GCC_QUIET_END
#endif

// The inline namespace follows the major version: change both together.
#define NPU_MEMORY_CONFIG_NAMESPACE_BEGIN \
  NPU_MEMORY_CONFIG_GCC_QUIET_BEGIN       \
  namespace npu {                         \
  inline namespace v2 {
#define NPU_MEMORY_CONFIG_NAMESPACE_END \
  }                                     \
  }                                     \
  NPU_MEMORY_CONFIG_GCC_QUIET_END
