// The library's version, defined once (CMake reads it here), and the
// namespace of every declaration. The inline namespace puts the major version
// into every mangled name, so that a launcher and a plugin built against two
// major versions link to distinct symbols instead of breaking the ODR.
#pragma once

#define NPU_MEMORY_CONFIG_VERSION_MAJOR 1
#define NPU_MEMORY_CONFIG_VERSION_MINOR 0
#define NPU_MEMORY_CONFIG_VERSION_PATCH 0

// The inline namespace follows the major version: change both together.
#define NPU_MEMORY_CONFIG_NAMESPACE_BEGIN \
  namespace npu {                         \
  inline namespace v1 {
#define NPU_MEMORY_CONFIG_NAMESPACE_END \
  }                                     \
  }
