// What is constexpr is proven at compile time, and what cannot throw is
// noexcept: these static_asserts fail the build, not a run.
#include <optional>
#include <utility>

#include <npu/memory_config.hpp>
#include <npu/memory_config/settings/detail/near_miss.hpp>

using namespace npu;

namespace {

constexpr MemoryConfig recommender() {
  MemoryConfig config;
  config.variable_use_1g_huge_page = HugePagePolicy::prefer_1g;
  config.memory_optimization_policy = MemoryOptimizationPolicy::memory_priority;
  return config;
}

}  // namespace

static_assert(recommender() != MemoryConfig{});
static_assert(enum_name(StaticMemoryPolicy::expand_static_and_dynamic_shape) == "expand_static_and_dynamic_shape");
static_assert(enum_name(Field::variable_use_1g_huge_page) == "variable_use_1g_huge_page");
static_assert(enum_name(Product::atlas_a2) == "atlas-a2");
static_assert(enum_name(Form::mindspore) == "mindspore");
static_assert(enum_name(DiagnosticCode::costly_policy) == "costly_policy");
static_assert(enum_name(Severity::warning) == "warning");
static_assert(*enum_cast<HugePagePolicy>("require_1g") == HugePagePolicy::require_1g);
static_assert(*enum_cast<StaticMemoryPolicy>(1) == StaticMemoryPolicy::expand_static_shape);
static_assert(!enum_cast<StaticMemoryPolicy>(5).has_value());
static_assert(detail::default_value<AtomicCleanPolicy>() == AtomicCleanPolicy::centralized);
static_assert(detail::value_of(Field::static_memory_policy, 7) == nullptr);
static_assert(detail::value_of(Field::variable_use_1g_huge_page, 255) == nullptr);

static_assert(effective_static_memory_policy(StaticMemoryPolicy::expand_static_shape, "3") ==
              StaticMemoryPolicy::expand_static_and_dynamic_shape);
static_assert(effective_config(MemoryConfig{}, Form::torchair, std::nullopt).atomic_clean_policy ==
              AtomicCleanPolicy::separate);
static_assert(detail::product_from_soc("Ascend910B2C") == Product::atlas_a2);
static_assert(enum_cast<Product>("atlas-a3") == Product::atlas_a3);
static_assert(enum_cast<Form>("torchair") == Form::torchair);
static_assert(CannRelease::parse("8.0.RC2.2")->suffix_number == 2);
static_assert(detail::rule_holds(detail::ReleaseRule::concurrent_graphs_allow_4, *CannRelease::parse("8.0.RC2")));
static_assert(detail::is_near_miss("static_memory_polcy", "static_memory_policy"));
static_assert(detail::character_count("caf\xc3\xa9") == 4);

// noexcept where nothing can throw; the writers, readers and validation
// allocate standard containers, so they are not.
static_assert(noexcept(enum_cast<AtomicCleanPolicy>("separate")));
static_assert(noexcept(detail::product_from_soc("x")));
static_assert(noexcept(CannRelease::parse("x")));
static_assert(noexcept(static_memory_run(MemoryConfig{}, Form::json, std::nullopt)));
static_assert(sizeof(MemoryConfig) <= 8, "MemoryConfig stays a small value type");
