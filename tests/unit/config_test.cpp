#include <catch2/catch.hpp>

#include <npu/memory_config.hpp>

using namespace npu;

TEST_CASE("a default MemoryConfig holds the defaults, and == compares every field", "[config]") {
  const MemoryConfig config;
  CHECK(config.atomic_clean_policy == AtomicCleanPolicy::centralized);
  CHECK(config.static_memory_policy == StaticMemoryPolicy::dynamic);
  CHECK_FALSE(config.memory_optimization_policy.has_value());
  CHECK(config.variable_use_1g_huge_page == HugePagePolicy::system_default);

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
  CHECK(other != MemoryConfig{other.atomic_clean_policy, other.static_memory_policy,
                              MemoryOptimizationPolicy::memory_priority, other.variable_use_1g_huge_page});
  other = MemoryConfig{};
  other.variable_use_1g_huge_page = HugePagePolicy::require_1g;
  CHECK(config != other);
  CHECK_FALSE(config != MemoryConfig{});
}

TEST_CASE("fields by Field: code, value, runtime text, set", "[config]") {
  MemoryConfig config;
  config.static_memory_policy = StaticMemoryPolicy::expand_dynamic_shape;
  CHECK(config.code(Field::static_memory_policy) == 3);
  CHECK(config.code(Field::memory_optimization_policy) == std::nullopt);  // unset
  CHECK(detail::field_value(config, Field::memory_optimization_policy) == nullptr);
  CHECK(detail::field_value(config, Field::static_memory_policy)->name == "expand_dynamic_shape");
  CHECK(detail::field_runtime_text(config, Field::static_memory_policy) == "3");
  CHECK(detail::field_runtime_text(config, Field::memory_optimization_policy).empty());

  config.set_code(Field::memory_optimization_policy, 1);
  CHECK(config.memory_optimization_policy == MemoryOptimizationPolicy::memory_priority);
  config.set_code(Field::memory_optimization_policy, std::nullopt);  // unsets
  CHECK_FALSE(config.memory_optimization_policy);
  config.set_code(Field::static_memory_policy, std::nullopt);  // a required field takes its default
  CHECK(config.static_memory_policy == StaticMemoryPolicy::dynamic);
  config.set_code(Field::atomic_clean_policy, 1);
  config.set_code(Field::variable_use_1g_huge_page, 2);
  CHECK(config == MemoryConfig{AtomicCleanPolicy::separate, StaticMemoryPolicy::dynamic, std::nullopt,
                               HugePagePolicy::prefer_1g});
  CHECK(detail::holds_table_values(config));
  config.variable_use_1g_huge_page = static_cast<HugePagePolicy>(3);
  CHECK_FALSE(detail::holds_table_value(config, Field::variable_use_1g_huge_page));
  CHECK(detail::holds_table_value(config, Field::memory_optimization_policy));  // unset is a table's "value"
  CHECK_FALSE(detail::holds_table_values(config));
}
