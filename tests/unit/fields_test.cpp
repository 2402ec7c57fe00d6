#include <catch2/catch.hpp>

#include <npu/memory_config.hpp>

using namespace npu;

TEST_CASE("enumerators carry the runtime's integers (spec 1, 8)", "[fields]") {
  CHECK(static_cast<int>(AtomicCleanPolicy::centralized) == 0);
  CHECK(static_cast<int>(AtomicCleanPolicy::separate) == 1);
  CHECK(static_cast<int>(StaticMemoryPolicy::dynamic) == 0);
  CHECK(static_cast<int>(StaticMemoryPolicy::expand_static_shape) == 2);
  CHECK(static_cast<int>(StaticMemoryPolicy::expand_dynamic_shape) == 3);
  CHECK(static_cast<int>(StaticMemoryPolicy::expand_static_and_dynamic_shape) == 4);
  CHECK(static_cast<int>(HugePagePolicy::system_default) == 0);
  CHECK(static_cast<int>(HugePagePolicy::require_1g) == 1);
  CHECK(static_cast<int>(HugePagePolicy::prefer_1g) == 2);
}

TEST_CASE("a default MemoryConfig holds the defaults and == compares values", "[fields]") {
  const MemoryConfig config;
  CHECK(config.atomic_clean_policy == AtomicCleanPolicy::centralized);
  CHECK(config.static_memory_policy == StaticMemoryPolicy::dynamic);
  CHECK_FALSE(config.memory_optimization_policy.has_value());
  CHECK(config.variable_use_1g_huge_page == HugePagePolicy::system_default);

  // == compares every field: a change to any one makes the configs differ.
  CHECK(config == MemoryConfig{});
  MemoryConfig other;
  other.atomic_clean_policy = AtomicCleanPolicy::separate;
  CHECK(config != other);
  other = MemoryConfig{};
  other.static_memory_policy = StaticMemoryPolicy::expand_dynamic_shape;
  CHECK(config != other);
  other = MemoryConfig{};
  other.memory_optimization_policy = MemoryOptimizationPolicy::balance_mode;
  CHECK(config != other);
  other.memory_optimization_policy = MemoryOptimizationPolicy::memory_priority;
  CHECK(other != MemoryConfig{other.atomic_clean_policy, other.static_memory_policy,
                              MemoryOptimizationPolicy::balance_mode, other.variable_use_1g_huge_page});
  other = MemoryConfig{};
  other.variable_use_1g_huge_page = HugePagePolicy::require_1g;
  CHECK(config != other);
}

TEST_CASE("the field table names each field (spec 1)", "[fields]") {
  CHECK(field_info(Field::atomic_clean_policy).name == "atomic_clean_policy");
  CHECK(field_info(Field::static_memory_policy).name == "static_memory_policy");
  CHECK(field_info(Field::memory_optimization_policy).name == "memory_optimization_policy");
  CHECK(field_info(Field::variable_use_1g_huge_page).name == "variable_use_1g_huge_page");
}

TEST_CASE("enum_name and enum_cast are inverse over every value", "[fields]") {
  CHECK(enum_name(StaticMemoryPolicy::expand_dynamic_shape) == "expand_dynamic_shape");
  CHECK(enum_name(HugePagePolicy::prefer_1g) == "prefer_1g");
  CHECK(enum_name(MemoryOptimizationPolicy::memory_priority) == "memory_priority");
  CHECK(runtime_text(MemoryOptimizationPolicy::memory_priority) == "MemoryPriority");
  CHECK(runtime_text(StaticMemoryPolicy::expand_static_and_dynamic_shape) == "4");
  CHECK(enum_name(static_cast<StaticMemoryPolicy>(1)).empty());

  for (const ValueInfo& value : field_info(Field::static_memory_policy).values) {
    const auto by_name = enum_cast<StaticMemoryPolicy>(value.name);
    REQUIRE(by_name);
    CHECK(static_cast<std::uint8_t>(*by_name) == value.code);
    CHECK(enum_cast<StaticMemoryPolicy>(int{value.code}) == by_name);
  }
  CHECK(enum_cast<AtomicCleanPolicy>("separate") == AtomicCleanPolicy::separate);
  CHECK(enum_cast<HugePagePolicy>(2) == HugePagePolicy::prefer_1g);
  CHECK(enum_cast<MemoryOptimizationPolicy>("balance_mode") == MemoryOptimizationPolicy::balance_mode);
}

TEST_CASE("enum_cast rejects what is not a value, and maps the legacy alias", "[fields]") {
  CHECK(enum_cast<StaticMemoryPolicy>(1) == StaticMemoryPolicy::expand_static_shape);
  CHECK_FALSE(enum_cast<StaticMemoryPolicy>(5));
  CHECK_FALSE(enum_cast<StaticMemoryPolicy>(-1));
  CHECK_FALSE(enum_cast<StaticMemoryPolicy>(258));  // would wrap to 2 in a uint8_t
  CHECK_FALSE(enum_cast<HugePagePolicy>(3));
  CHECK_FALSE(enum_cast<StaticMemoryPolicy>("Dynamic"));
  CHECK_FALSE(enum_cast<MemoryOptimizationPolicy>("BalanceMode"));  // the runtime spelling is not a name
  CHECK_FALSE(enum_cast<AtomicCleanPolicy>(""));
}

TEST_CASE("allowed values are listed from the table", "[fields]") {
  CHECK(allowed_values_text(Field::static_memory_policy) ==
        "0 (dynamic), 2 (expand_static_shape), 3 (expand_dynamic_shape) or 4 (expand_static_and_dynamic_shape)");
  CHECK(allowed_values_text(Field::atomic_clean_policy) == "0 (centralized) or 1 (separate)");
  CHECK(allowed_values_text(Field::memory_optimization_policy) == "\"BalanceMode\" or \"MemoryPriority\"");
  CHECK(allowed_values_text(Field::variable_use_1g_huge_page) == "0 (system_default), 1 (require_1g) or 2 (prefer_1g)");
}
