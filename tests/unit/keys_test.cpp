// Every key the runtime and the frameworks read, spelled as they spell it.
#include <catch2/catch.hpp>

#include <npu/memory_config.hpp>

using namespace npu;

TEST_CASE("the short keys of TF1, TF2 and config files", "[keys]") {
  CHECK(keys::atomic_clean_policy == "atomic_clean_policy");
  CHECK(keys::static_memory_policy == "static_memory_policy");
  CHECK(keys::memory_optimization_policy == "memory_optimization_policy");
  CHECK(keys::variable_use_1g_huge_page == "variable_use_1g_huge_page");
}

TEST_CASE("the graph engine's keys and levels", "[keys]") {
  CHECK(keys::ge_atomic_clean_policy == "ge.exec.atomicCleanPolicy");
  CHECK(keys::ge_static_memory_policy == "ge.exec.staticMemoryPolicy");
  CHECK(keys::ge_memory_optimization_policy == "ge.exec.memoryOptimizationPolicy");
  CHECK(keys::ge_variable_use_1g_huge_page == "ge.variableUse1gHugePage");
  CHECK(keys::ge_global_scope == "global");
  CHECK(keys::ge_session_scope == "session");
  CHECK(keys::ge_graph_scope == "graph");
}

TEST_CASE("the frameworks' names and the environment variable", "[keys]") {
  CHECK(keys::mindspore_ge_options == "ge_options");
  CHECK(keys::mslite_global_section == "ge_global_options");
  CHECK(keys::mslite_session_section == "ge_session_options");
  CHECK(keys::mslite_graph_section == "ge_graph_options");
  CHECK(keys::ge_use_static_memory_env == "GE_USE_STATIC_MEMORY");
  CHECK(keys::tf1_custom_optimizer == "NpuOptimizer");
}
