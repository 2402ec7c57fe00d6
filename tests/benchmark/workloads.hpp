// What the benchmarks run: a recommender job's config, a realistic GE option
// map (40 options, 4 of them about memory) and a JSON config text.
#pragma once

#include <map>
#include <string>

#include <npu/memory_config.hpp>

namespace npu::bench {

inline MemoryConfig recommender_config() {
  MemoryConfig config;
  config.atomic_clean_policy = AtomicCleanPolicy::separate;
  config.static_memory_policy = StaticMemoryPolicy::expand_static_shape;
  config.memory_optimization_policy = MemoryOptimizationPolicy::memory_priority;
  config.variable_use_1g_huge_page = HugePagePolicy::prefer_1g;
  return config;
}

// A session's options as a TF adapter hands them to the engine: 36 that are
// not about memory, and the four memory keys.
inline std::map<std::string, std::string> realistic_ge_options() {
  return {
      {"ge.exec.deviceId", "0"},
      {"ge.exec.jobId", "10086"},
      {"ge.exec.isUseHcom", "1"},
      {"ge.exec.rankTableFile", "/etc/hccl/rank_table.json"},
      {"ge.exec.rankId", "3"},
      {"ge.exec.precision_mode", "allow_fp32_to_fp16"},
      {"ge.graphRunMode", "1"},
      {"ge.exec.enableDump", "0"},
      {"ge.exec.dumpPath", "/var/log/npu/dump"},
      {"ge.exec.dumpStep", "0|5|10"},
      {"ge.exec.dumpMode", "output"},
      {"ge.exec.enableDumpDebug", "0"},
      {"ge.exec.dumpDebugMode", "all"},
      {"ge.exec.profilingMode", "0"},
      {"ge.exec.profilingOptions", "{\"output\":\"/tmp/profiling\"}"},
      {"ge.exec.variable_acc", "1"},
      {"ge.exec.hcclFlag", "1"},
      {"ge.exec.enableScopeFusionPasses", ""},
      {"ge.exec.op_debug_level", "0"},
      {"ge.exec.dynamicGraphExecuteMode", "dynamic_execute"},
      {"ge.exec.dataInputsShapeRange", ""},
      {"ge.exec.opWaitTimeout", "0"},
      {"ge.exec.opExecuteTimeout", "0"},
      {"ge.exec.hostSchedulingMaxThreshold", "0"},
      {"ge.exec.reuseZeroCopyMemory", "0"},
      {"ge.exec.frozenInputIndexes", ""},
      {"ge.graphMemoryMaxSize", "26843545600"},
      {"ge.variableMemoryMaxSize", "5368709120"},
      {"ge.externalWeight", "0"},
      {"ge.exec.modify_mixlist", ""},
      {"ge.exec.op_select_implmode", "high_performance"},
      {"ge.exec.optypelist_for_implmode", ""},
      {"ge.opDebugConfig", ""},
      {"ge.exec.graphExecTimeout", "600000"},
      {"ge.exec.staticModelAddrFixed", "0"},
      {"ge.exec.inputReuseMemIndexes", ""},
      {"ge.exec.atomicCleanPolicy", "1"},
      {"ge.exec.staticMemoryPolicy", "2"},
      {"ge.exec.memoryOptimizationPolicy", "MemoryPriority"},
      {"ge.variableUse1gHugePage", "2"},
  };
}

inline const char* json_config_text() {
  return R"({
  "atomic_clean_policy": 1,
  "static_memory_policy": 2,
  "memory_optimization_policy": "MemoryPriority",
  "variable_use_1g_huge_page": 2
})";
}

}  // namespace npu::bench
