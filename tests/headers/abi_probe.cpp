// A function of a launcher that takes the library's value type.
#include <npu/memory_config.hpp>

bool launch_with(const npu::MemoryConfig& config) { return config == npu::MemoryConfig{}; }
