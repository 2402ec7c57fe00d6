// One vocabulary for every enumeration of the API: enum_name, enum_cast and
// enum_values, with the names the spec and the tool use, written out.
#include <catch2/catch.hpp>

#include <string>
#include <string_view>
#include <vector>

#include <npu/memory_config.hpp>

using namespace npu;

namespace {

// Every value's name, in enum_values' order; and each read back by its name.
template <class E>
std::vector<std::string> names_round_trip() {
  std::vector<std::string> names;
  for (const E value : enum_values<E>()) {
    names.emplace_back(enum_name(value));
    CHECK(enum_cast<E>(enum_name(value)) == value);
  }
  return names;
}

}  // namespace

static_assert(enum_values<Product>().size() == 6);
static_assert(enum_cast<Product>("atlas-a2") == Product::atlas_a2);
static_assert(enum_cast<Form>("mslite") == Form::mslite);
static_assert(enum_values<StaticMemoryPolicy>()[1] == StaticMemoryPolicy::expand_static_shape);
static_assert(enum_name(Severity::error) == "error");

TEST_CASE("every enumeration of the API has enum_name, enum_cast and enum_values", "[reflection]") {
  using Names = std::vector<std::string>;
  CHECK(names_round_trip<AtomicCleanPolicy>() == Names{"centralized", "separate"});
  CHECK(names_round_trip<StaticMemoryPolicy>() ==
        Names{"dynamic", "expand_static_shape", "expand_dynamic_shape", "expand_static_and_dynamic_shape"});
  CHECK(names_round_trip<MemoryOptimizationPolicy>() == Names{"balance_mode", "memory_priority"});
  CHECK(names_round_trip<HugePagePolicy>() == Names{"system_default", "require_1g", "prefer_1g"});
  CHECK(names_round_trip<Field>() == Names{"atomic_clean_policy", "static_memory_policy", "memory_optimization_policy",
                                           "variable_use_1g_huge_page"});
  CHECK(names_round_trip<Product>() ==
        Names{"atlas-350", "atlas-a3", "atlas-a2", "atlas-training", "atlas-200i-500-a2", "atlas-inference"});
  CHECK(names_round_trip<Form>() == Names{"json", "ge", "tf1", "tf2", "mindspore", "torchair", "mslite"});
  CHECK(names_round_trip<Severity>() == Names{"warning", "error"});
  const Names codes = names_round_trip<DiagnosticCode>();
  REQUIRE(codes.size() == 33);
  CHECK(codes.front() == "syntax_error");
  CHECK(codes[6] == "invalid_value");
  CHECK(codes.back() == "usage_error");
}

TEST_CASE("enum_cast takes a name exactly, or nothing", "[reflection]") {
  CHECK_FALSE(enum_cast<Product>("Atlas-A2"));
  CHECK_FALSE(enum_cast<Product>("atlas_a2"));
  CHECK(enum_cast<Form>("json") == Form::json);
  CHECK_FALSE(enum_cast<Severity>("Error"));
  CHECK_FALSE(enum_cast<StaticMemoryPolicy>("2"));  // a name, not the runtime's text
  CHECK(enum_cast<StaticMemoryPolicy>(2) == StaticMemoryPolicy::expand_static_shape);
  CHECK_FALSE(enum_cast<Field>(""));
  CHECK_FALSE(enum_cast<DiagnosticCode>("invalid-value"));
  CHECK_FALSE(enum_cast<AtomicCleanPolicy>("centralised"));
  CHECK_FALSE(enum_cast<MemoryOptimizationPolicy>("MemoryPriority"));  // the runtime's text, not the name
  CHECK_FALSE(enum_cast<HugePagePolicy>("prefer-1g"));
  CHECK(enum_cast<DiagnosticCode>("concurrent_graphs") == DiagnosticCode::concurrent_graphs);
  // A setting's value cast from an integer none of its values has: no name.
  CHECK(enum_name(static_cast<StaticMemoryPolicy>(7)).empty());
}

TEST_CASE("describe gives the facts of each enumerator, as the spec states them", "[reflection]") {
  const Description<StaticMemoryPolicy>& dynamic_shape = describe(StaticMemoryPolicy::expand_dynamic_shape);
  CHECK(dynamic_shape.code == 3);
  CHECK(dynamic_shape.name == "expand_dynamic_shape");
  CHECK(dynamic_shape.runtime_text == "3");
  CHECK(describe(MemoryOptimizationPolicy::memory_priority).runtime_text == "MemoryPriority");
  CHECK(describe(HugePagePolicy::prefer_1g).code == 2);

  CHECK(describe(Field::atomic_clean_policy).name == "atomic_clean_policy");
  CHECK(describe(Field::static_memory_policy).values.size() == 4);  // 0, 2, 3, 4: the legacy 1 is an input only
  CHECK(describe(Field::static_memory_policy).default_code == 0);
  CHECK(describe(Field::memory_optimization_policy).optional);
  CHECK_FALSE(describe(Field::memory_optimization_policy).integer_valued);  // TF1 kind `s`
  CHECK(describe(Field::variable_use_1g_huge_page).integer_valued);

  CHECK(describe(Product::atlas_a2).name == "atlas-a2");
  CHECK(describe(Product::atlas_a2).supports_1g_huge_page);
  CHECK(describe(Product::atlas_training).supports_memory_config);
  CHECK_FALSE(describe(Product::atlas_training).supports_1g_huge_page);
  CHECK_FALSE(describe(Product::atlas_inference).supports_memory_config);

  CHECK_FALSE(describe(Form::torchair).readable);  // torchair takes no file
  CHECK(describe(Form::tf1).readable);
  CHECK_FALSE(describe(Form::tf1).json);
  CHECK_FALSE(describe(Form::tf1).updatable);
  CHECK(describe(Form::mslite).updatable);
  CHECK(describe(Form::mindspore).json);

  CHECK(describe(DiagnosticCode::concurrent_graphs).code == DiagnosticCode::concurrent_graphs);
}

// Each table stops where its enumeration does: the value after the last
// enumerator (counted here from the spec's lists) is none, so a table one
// row short fails the check its header asserts.
TEST_CASE("every table indexed by an enumeration has one row per enumerator, and no more", "[reflection]") {
  // Every enumerator each switch names, at run time too.
  const auto all_enumerators = [](const auto& values) {
    bool all = true;
    for (const auto value : values) all = all && detail::is_enumerator(value);
    return all;
  };
  CHECK(all_enumerators(enum_values<Field>()));
  CHECK(all_enumerators(enum_values<AtomicCleanPolicy>()));
  CHECK(all_enumerators(enum_values<StaticMemoryPolicy>()));
  CHECK(all_enumerators(enum_values<MemoryOptimizationPolicy>()));
  CHECK(all_enumerators(enum_values<HugePagePolicy>()));
  CHECK(all_enumerators(enum_values<Product>()));
  CHECK(all_enumerators(enum_values<Form>()));
  CHECK(all_enumerators(enum_values<Severity>()));
  CHECK(all_enumerators(enum_values<DiagnosticCode>()));
  CHECK(all_enumerators(enum_values<CannRelease::Rule>()));
  for (const detail::TargetInfo& target : detail::targets) CHECK(detail::is_enumerator(target.target));
  CHECK(enum_values<DiagnosticCode>().size() == 33);  // the codes the manual lists
  CHECK_FALSE(detail::is_enumerator(static_cast<Product>(6)));
  CHECK_FALSE(detail::is_enumerator(static_cast<Form>(7)));
  CHECK_FALSE(detail::is_enumerator(static_cast<detail::TargetRuntime>(6)));
  CHECK_FALSE(detail::is_enumerator(static_cast<Severity>(2)));
  CHECK_FALSE(detail::is_enumerator(static_cast<DiagnosticCode>(33)));
  CHECK_FALSE(detail::is_enumerator(static_cast<CannRelease::Rule>(7)));
  CHECK(detail::is_enumerator(Product::atlas_inference));
  CHECK(detail::is_enumerator(Form::mslite));
  CHECK(detail::is_enumerator(detail::TargetRuntime::mslite));
  CHECK(detail::is_enumerator(Severity::error));
  CHECK(detail::is_enumerator(DiagnosticCode::usage_error));
  CHECK(detail::is_enumerator(CannRelease::Rule::atlas_350));

  CHECK(detail::one_row_per_enumerator(detail::products, &detail::ProductInfo::product, detail::is_enumerator));
  const detail::ProductInfo products_but_the_last[] = {detail::products[0], detail::products[1], detail::products[2],
                                                       detail::products[3], detail::products[4]};
  CHECK_FALSE(
      detail::one_row_per_enumerator(products_but_the_last, &detail::ProductInfo::product, detail::is_enumerator));
  const detail::SeverityInfo warning_only[] = {detail::severities[0]};
  CHECK_FALSE(detail::one_row_per_enumerator(warning_only, &detail::SeverityInfo::severity, detail::is_enumerator));
  const detail::SeverityInfo swapped[] = {detail::severities[1], detail::severities[0]};
  CHECK_FALSE(detail::one_row_per_enumerator(swapped, &detail::SeverityInfo::severity, detail::is_enumerator));
}
