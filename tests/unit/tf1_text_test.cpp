#include <catch2/catch.hpp>

#include <npu/memory_config.hpp>

using namespace npu;

TEST_CASE("the TF1 session config: NpuOptimizer's parameter_map in protobuf text, keys sorted", "[tf1_text]") {
  const MemoryConfig config{AtomicCleanPolicy::separate, StaticMemoryPolicy::expand_static_shape,
                            MemoryOptimizationPolicy::memory_priority, HugePagePolicy::system_default};
  CHECK(tf1_session_config_text(config) ==
        "graph_options {\n"
        "  rewrite_options {\n"
        "    custom_optimizers {\n"
        "      name: \"NpuOptimizer\"\n"
        "      parameter_map { key: \"atomic_clean_policy\" value { i: 1 } }\n"
        "      parameter_map { key: \"memory_optimization_policy\" value { s: \"MemoryPriority\" } }\n"
        "      parameter_map { key: \"static_memory_policy\" value { i: 2 } }\n"
        "      parameter_map { key: \"variable_use_1g_huge_page\" value { i: 0 } }\n"
        "    }\n"
        "  }\n"
        "}\n");
  CHECK(tf1_session_config_text(MemoryConfig{}) ==
        "graph_options {\n"
        "  rewrite_options {\n"
        "    custom_optimizers {\n"
        "      name: \"NpuOptimizer\"\n"
        "      parameter_map { key: \"atomic_clean_policy\" value { i: 0 } }\n"
        "      parameter_map { key: \"static_memory_policy\" value { i: 0 } }\n"
        "      parameter_map { key: \"variable_use_1g_huge_page\" value { i: 0 } }\n"
        "    }\n"
        "  }\n"
        "}\n");
}
