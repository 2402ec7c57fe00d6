#include <catch2/catch.hpp>

#include <sstream>
#include <string>

#include <npu/memory_config.hpp>
#include <npu/memory_config/ostream.hpp>

using namespace npu;

namespace {

template <class T>
std::string streamed(const T& value) {
  std::ostringstream out;
  out << value;
  return out.str();
}

}  // namespace

TEST_CASE("streams show values by name, and a config field by field", "[config]") {
  CHECK(streamed(AtomicCleanPolicy::separate) == "separate");
  CHECK(streamed(StaticMemoryPolicy::expand_static_and_dynamic_shape) == "expand_static_and_dynamic_shape");
  CHECK(streamed(MemoryOptimizationPolicy::balance_mode) == "balance_mode");
  CHECK(streamed(HugePagePolicy::require_1g) == "require_1g");
  CHECK(streamed(static_cast<StaticMemoryPolicy>(7)) == "7");  // a cast that is no value
  CHECK(streamed(MemoryConfig{}) ==
        "{atomic_clean_policy: centralized, static_memory_policy: dynamic, memory_optimization_policy: unset, "
        "variable_use_1g_huge_page: system_default}");
  CHECK(streamed(MemoryConfig{AtomicCleanPolicy::separate, StaticMemoryPolicy::expand_static_shape,
                              MemoryOptimizationPolicy::memory_priority, HugePagePolicy::prefer_1g}) ==
        "{atomic_clean_policy: separate, static_memory_policy: expand_static_shape, memory_optimization_policy: "
        "memory_priority, variable_use_1g_huge_page: prefer_1g}");
}
