// Uses only the names the API promises to keep (docs/api.md); exits non-zero on a mismatch.
#include <npu/memory_config.hpp>

#include <cstdio>
#include <map>
#include <string>

int main() {
  npu::MemoryConfig config;
  config.static_memory_policy = npu::StaticMemoryPolicy::expand_dynamic_shape;
  config.variable_use_1g_huge_page = npu::HugePagePolicy::prefer_1g;
  config.memory_optimization_policy = npu::MemoryOptimizationPolicy::memory_priority;
  config.atomic_clean_policy = npu::AtomicCleanPolicy::separate;
  const bool defaults_ok = npu::MemoryConfig{} == npu::MemoryConfig{} && !(npu::MemoryConfig{} == config);
  const std::map<std::string, std::string>& global = npu::ge_options(config).global;
  const bool ok = defaults_ok && global.size() == 2 && global.at("ge.exec.staticMemoryPolicy") == "3";
  std::puts(ok ? "core consumer: ok" : "core consumer: MISMATCH");
  return ok ? 0 : 1;
}
