// What is constexpr is proven at compile time: these static_asserts fail the
// build, not a run.
#include <catch2/catch.hpp>

#include <npu/memory_config.hpp>

#include "all_configs.hpp"

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

static_assert(MemoryConfig{} == MemoryConfig{});
static_assert(recommender() != MemoryConfig{});
static_assert(enum_name(StaticMemoryPolicy::expand_static_and_dynamic_shape) == "expand_static_and_dynamic_shape");
static_assert(*enum_cast<HugePagePolicy>("require_1g") == HugePagePolicy::require_1g);
static_assert(*enum_cast<StaticMemoryPolicy>(1) == StaticMemoryPolicy::expand_static_shape);
static_assert(!enum_cast<StaticMemoryPolicy>(5).has_value());
static_assert(field_info(Field::static_memory_policy).ge_key == keys::ge_static_memory_policy);
static_assert(default_value<AtomicCleanPolicy>() == AtomicCleanPolicy::centralized);

static_assert(recommender_ge.global.size() == 2);
static_assert(recommender_ge.global[1].key == "ge.variableUse1gHugePage" && recommender_ge.global[1].value == "2");
static_assert(recommender_ge.session.size() == 3);
static_assert(find_option(recommender_ge.session, "ge.exec.memoryOptimizationPolicy")->value == "MemoryPriority");
static_assert(!tf2_options(recommender()).has_value());
static_assert(tf2_options(MemoryConfig{})->size() == 3);
static_assert(tf1_parameter_map(recommender())[1].value.s == "MemoryPriority");

static_assert(effective_static_memory_policy(StaticMemoryPolicy::expand_static_shape, std::string_view("3")) ==
              StaticMemoryPolicy::expand_static_and_dynamic_shape);
static_assert(product_from_soc("Ascend910B2C") == Product::atlas_a2);
static_assert(product_from_soc("Ascend910B") == Product::atlas_training);
static_assert(product_from_name("atlas-a3") == Product::atlas_a3);
static_assert(detail::parse_canonical_decimal("42").value == 42u);
static_assert(detail::is_near_miss("static_memory_polcy", "static_memory_policy"));

static_assert(canonical_json_text(MemoryConfig{}).view() ==
              R"({"atomic_clean_policy":0,"static_memory_policy":0,"variable_use_1g_huge_page":0})");
static_assert(canonical_json_text(recommender()).view() ==
              R"({"atomic_clean_policy":0,"memory_optimization_policy":"MemoryPriority","static_memory_policy":0,)"
              R"("variable_use_1g_huge_page":2})");

// noexcept where nothing can throw; readers and validators may allocate, so they are not.
static_assert(noexcept(ge_options(MemoryConfig{})));
static_assert(noexcept(tf2_options(MemoryConfig{})));
static_assert(noexcept(tf1_parameter_map(MemoryConfig{})));
static_assert(noexcept(canonical_json_text(MemoryConfig{})));
static_assert(noexcept(enum_cast<AtomicCleanPolicy>("separate")));
static_assert(noexcept(product_from_soc("x")));
static_assert(sizeof(MemoryConfig) <= 8, "MemoryConfig stays a small value type");

TEST_CASE("constexpr results agree with the same calls at run time", "[constexpr]") {
  const MemoryConfig config = recommender();
  CHECK(ge_options(config).global == recommender_ge.global);
  CHECK(ge_options(config).session == recommender_ge.session);
}

// The tables are computed at compile time; computing them again at run time
// must give the same, so that what the compiler folded is what the code says.
namespace {
template <class T>
T at_run_time(T value) {
  volatile bool keep = true;  // the optimizer cannot fold through this
  return keep ? value : T{};
}
}  // namespace

TEST_CASE("compile-time tables equal the same computation at run time", "[constexpr]") {
  const auto ge = at_run_time(detail::ge_key_bindings());
  const auto tf2 = at_run_time(detail::short_key_bindings(true));
  const detail::KeyTable ge_table(ge);  // built at run time: `ge` is
  for (std::size_t i = 0; i < ge.size(); ++i) {
    CHECK(ge[i].key == detail::key_table<detail::KeyForm::ge>.bindings()[i].key);
    CHECK(ge[i].target.mask == detail::key_table<detail::KeyForm::ge>.bindings()[i].target.mask);
    CHECK(ge_table.find(ge[i].key) == &ge_table.bindings()[i]);
    CHECK(detail::key_table<detail::KeyForm::ge>.find(ge[i].key) == &detail::key_table<detail::KeyForm::ge>.bindings()[i]);
  }
  for (std::size_t i = 0; i < tf2.size(); ++i) CHECK(tf2[i].supported == detail::key_table<detail::KeyForm::tf2>.bindings()[i].supported);

  const auto global_order = at_run_time(detail::fields_sorted_by(
      [](const FieldInfo& f) { return f.ge_key; }, [](const FieldInfo& f) { return in_scope(f.ge_scope, GeScope::global); }));
  CHECK(global_order.size == detail::ge_global_order.size);
  CHECK(global_order.index == detail::ge_global_order.index);

  const auto lookup = at_run_time(detail::make_value_lookup());
  for (std::size_t f = 0; f < field_count; ++f) {
    for (std::size_t code = 0; code < detail::max_code; ++code) {
      CHECK(lookup.entries[f][code] == detail::value_lookup.entries[f][code]);
    }
  }

  const auto kinds = at_run_time(detail::char_kinds::make_kind_table());
  for (unsigned byte = 0; byte < 256; ++byte) CHECK(kinds.kinds[byte] == detail::char_kinds::kind_table.kinds[byte]);

  const auto members = at_run_time(detail::make_canonical_members());
  CHECK(members.longest_text == detail::canonical_members.longest_text);
  for (std::size_t f = 0; f < field_count; ++f) {
    for (std::size_t code = 0; code < detail::max_code; ++code) {
      const detail::CanonicalMember& member = members.members[f][code];
      CHECK(std::string_view(member.text, member.size) ==
            std::string_view(detail::canonical_members.members[f][code].text, detail::canonical_members.members[f][code].size));
    }
  }

  // the canonical JSON buffer holds the longest text there is, and a block more
  std::size_t longest = 0;
  for (const MemoryConfig& config : npu::test::all_configs()) {
    const std::size_t size = canonical_json_text(config).size();
    longest = size > longest ? size : longest;
  }
  CHECK(longest == detail::canonical_members.longest_text);
  CHECK(detail::canonical_json_capacity() >= longest + detail::CanonicalMember::capacity);

  CHECK(tf1_parameter_map(recommender())[0] == tf1_parameter_map(recommender())[0]);
  CHECK_FALSE(tf1_parameter_map(recommender())[0] == tf1_parameter_map(recommender())[1]);
  CHECK(static_cast<bool>(read_ge_options(ge_global_options(recommender()))));
}
