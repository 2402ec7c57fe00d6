// What is constexpr is proven at compile time: these static_asserts fail the
// build, not a run.
#include <utility>

#include <npu/memory_config.hpp>

using namespace npu;

namespace {

constexpr MemoryConfig recommender() {
  MemoryConfig config;
  config.variable_use_1g_huge_page = HugePagePolicy::prefer_1g;
  config.memory_optimization_policy = MemoryOptimizationPolicy::memory_priority;
  return config;
}

constexpr GeOptions recommender_ge = ge_options(recommender());

}  // namespace

static_assert(recommender() != MemoryConfig{});
static_assert(enum_name(StaticMemoryPolicy::expand_static_and_dynamic_shape) == "expand_static_and_dynamic_shape");
static_assert(*enum_cast<HugePagePolicy>("require_1g") == HugePagePolicy::require_1g);
static_assert(*enum_cast<StaticMemoryPolicy>(1) == StaticMemoryPolicy::expand_static_shape);
static_assert(!enum_cast<StaticMemoryPolicy>(5).has_value());
static_assert(keys::ge_static_memory_policy == "ge.exec.staticMemoryPolicy");
static_assert(default_value<AtomicCleanPolicy>() == AtomicCleanPolicy::centralized);
// Any code is safe to look up: a read outside the table would not compile here.
static_assert(value_of(Field::static_memory_policy, 7) == nullptr);
static_assert(value_of(Field::static_memory_policy, 8) == nullptr);
static_assert(value_of(Field::variable_use_1g_huge_page, 255) == nullptr);

static_assert(recommender_ge.global.size() == 2);
static_assert(recommender_ge.global[1].key == "ge.variableUse1gHugePage" && recommender_ge.global[1].value == "2");
static_assert(recommender_ge.session.size() == 3);
static_assert(find_option(recommender_ge.session, "ge.exec.memoryOptimizationPolicy")->value == "MemoryPriority");
constexpr std::size_t tf2_size(const MemoryConfig& config) {
  OptionMap options;
  return tf2_options(config, options) ? options.size() : 0;
}
static_assert(tf2_size(recommender()) == 0);
static_assert(tf2_size(MemoryConfig{}) == 3);
static_assert(tf1_parameter_map(recommender())[1].value.s == "MemoryPriority");

static_assert(effective_static_memory_policy(StaticMemoryPolicy::expand_static_shape, "3") ==
              StaticMemoryPolicy::expand_static_and_dynamic_shape);
static_assert(product_from_soc("Ascend910B2C")->product == Product::atlas_a2);
static_assert(product_from_soc("Ascend910B")->product == Product::atlas_training);
static_assert(product_from_name("atlas-a3")->product == Product::atlas_a3);
static_assert(detail::parse_canonical_decimal("42").value == 42u);
static_assert(is_near_miss("static_memory_polcy", "static_memory_policy"));

static_assert(canonical_json_text(MemoryConfig{}).view() ==
              R"({"atomic_clean_policy":0,"static_memory_policy":0,"variable_use_1g_huge_page":0})");
static_assert(canonical_json_text(recommender()).view() ==
              R"({"atomic_clean_policy":0,"memory_optimization_policy":"MemoryPriority","static_memory_policy":0,)"
              R"("variable_use_1g_huge_page":2})");

// The longest text there is fits the fixed buffer (an overflow would not compile).
static_assert(canonical_json_text(MemoryConfig{AtomicCleanPolicy::separate,
                                               StaticMemoryPolicy::expand_static_and_dynamic_shape,
                                               MemoryOptimizationPolicy::memory_priority, HugePagePolicy::prefer_1g})
                  .view() == R"({"atomic_clean_policy":1,"memory_optimization_policy":"MemoryPriority",)"
                             R"("static_memory_policy":4,"variable_use_1g_huge_page":2})");

// noexcept where nothing can throw; readers and validators may allocate, so they are not.
static_assert(noexcept(ge_options(MemoryConfig{})));
static_assert(noexcept(tf2_options(MemoryConfig{}, std::declval<OptionMap&>())));
static_assert(noexcept(tf1_parameter_map(MemoryConfig{})));
static_assert(noexcept(canonical_json_text(MemoryConfig{})));
static_assert(noexcept(enum_cast<AtomicCleanPolicy>("separate")));
static_assert(noexcept(product_from_soc("x")));
static_assert(sizeof(MemoryConfig) <= 8, "MemoryConfig stays a small value type");
