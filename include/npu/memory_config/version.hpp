// The library's version, defined once (CMake reads it from here), and the
// namespace every declaration lives in. The inline namespace carries the
// major version into every mangled name: a launcher and an adapter plugin
// built against two major versions link to distinct symbols instead of
// silently breaking the one-definition rule. Users still write npu::X.
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
