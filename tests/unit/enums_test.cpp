#include <catch2/catch.hpp>

#include <npu/memory_config.hpp>

using namespace npu;

TEST_CASE("enumerators carry the runtime's integers", "[enums]") {
  CHECK(static_cast<int>(AtomicCleanPolicy::centralized) == 0);
  CHECK(static_cast<int>(AtomicCleanPolicy::separate) == 1);
  CHECK(static_cast<int>(StaticMemoryPolicy::dynamic) == 0);
  CHECK(static_cast<int>(StaticMemoryPolicy::expand_static_shape) == 2);
  CHECK(static_cast<int>(StaticMemoryPolicy::expand_dynamic_shape) == 3);
  CHECK(static_cast<int>(StaticMemoryPolicy::expand_static_and_dynamic_shape) == 4);
  CHECK(static_cast<int>(HugePagePolicy::system_default) == 0);
  CHECK(static_cast<int>(HugePagePolicy::require_1g) == 1);
  CHECK(static_cast<int>(HugePagePolicy::prefer_1g) == 2);
  CHECK(detail::field_count == 4);
}
