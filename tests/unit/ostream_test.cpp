#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <type_traits>
#include <utility>

#include <npu/memory_config.hpp>
#include <npu/memory_config/settings/ostream.hpp>

using namespace npu;

namespace {

template <class T>
std::string streamed(const T& value) {
  std::ostringstream out;
  out << value;
  return out.str();
}

template <class T, class = void>
struct streamable : std::false_type {};
template <class T>
struct streamable<T, std::void_t<decltype(std::declval<std::ostream&>() << std::declval<T>())>> : std::true_type {};

}  // namespace

// The settings' operator<< takes the four settings only: no other
// enumeration of the library streams by accident.
static_assert(streamable<HugePagePolicy>::value);
static_assert(streamable<MemoryConfig>::value);
static_assert(!streamable<Field>::value);
static_assert(!streamable<Severity>::value);
static_assert(!streamable<Form>::value);

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
