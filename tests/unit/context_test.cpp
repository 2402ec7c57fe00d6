#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include <npu/memory_config.hpp>

#include "all_configs.hpp"
#include "diagnostics_of.hpp"

using namespace npu;
using test::of_code;
using test::with_static;

TEST_CASE("product names", "[context]") {
  CHECK(product_from_name("atlas-350") == &product_info(Product::atlas_350));
  CHECK(product_from_name("atlas-a3") == &product_info(Product::atlas_a3));
  CHECK(product_from_name("atlas-a2") == &product_info(Product::atlas_a2));
  CHECK(product_from_name("atlas-training") == &product_info(Product::atlas_training));
  CHECK(product_from_name("atlas-200i-500-a2") == &product_info(Product::atlas_200i_500_a2));
  CHECK(product_from_name("atlas-inference") == &product_info(Product::atlas_inference));
  CHECK_FALSE(product_from_name("Atlas-A2"));
  CHECK_FALSE(product_from_name(""));
  for (const ProductInfo& info : products) CHECK(product_info(info.product).name == info.name);
}

TEST_CASE("SoC version to product (spec 4 table)", "[context]") {
  const std::vector<std::pair<const char*, Product>> cases{{"Ascend950PR", Product::atlas_350},
                                                           {"Ascend950DT", Product::atlas_350},
                                                           {"Ascend910_9599", Product::atlas_350},
                                                           {"Ascend910_9391", Product::atlas_a3},
                                                           {"Ascend910_9362", Product::atlas_a3},
                                                           {"Ascend910B1", Product::atlas_a2},
                                                           {"Ascend910B4", Product::atlas_a2},
                                                           {"Ascend910B2C", Product::atlas_a2},
                                                           {"Ascend910B4-1", Product::atlas_a2},
                                                           {"Ascend910", Product::atlas_training},
                                                           {"Ascend910A", Product::atlas_training},
                                                           {"Ascend910B", Product::atlas_training},
                                                           {"Ascend910ProA", Product::atlas_training},
                                                           {"Ascend910ProB", Product::atlas_training},
                                                           {"Ascend910PremiumA", Product::atlas_training},
                                                           {"Ascend310P3", Product::atlas_inference},
                                                           {"Ascend310B1", Product::atlas_200i_500_a2}};
  for (const auto& [soc, product] : cases) {
    INFO(soc);
    CHECK(product_from_soc(soc) == &product_info(product));
  }
  for (const char* unknown :
       {"Ascend910C", "Ascend910BX", "Ascend910B-1", "Ascend910Pro", "ascend910b1", "Ascend310", "", "Ascend"}) {
    INFO(unknown);
    CHECK_FALSE(product_from_soc(unknown));
  }
}

TEST_CASE("unsupported products: the defaults warn, each other setting is an error (spec 4)", "[context]") {
  for (const Product product : {Product::atlas_200i_500_a2, Product::atlas_inference}) {
    ValidationContext context;
    context.product = &product_info(product);
    const auto defaults = validate(MemoryConfig{}, context, "job.json");
    REQUIRE(defaults.size() == 1);
    CHECK(defaults[0].severity == Severity::warning);
    CHECK(defaults[0].code == DiagnosticCode::unsupported_product);
    CHECK(defaults[0].field == "product");

    MemoryConfig config;
    config.static_memory_policy = StaticMemoryPolicy::expand_dynamic_shape;
    config.memory_optimization_policy = MemoryOptimizationPolicy::balance_mode;
    const auto errors = of_code(validate(config, context, "job.json"), DiagnosticCode::unsupported_product);
    REQUIRE(errors.size() == 2);  // one for each field set, none for the config as a whole
    CHECK(errors[0].field == "static_memory_policy");
    CHECK(errors[0].severity == Severity::error);
    CHECK(errors[1].field == "memory_optimization_policy");
    CHECK(errors[1].severity == Severity::error);
  }
  ValidationContext inference;
  inference.product = &product_info(Product::atlas_inference);
  MemoryConfig huge_pages;
  huge_pages.variable_use_1g_huge_page = HugePagePolicy::require_1g;
  CHECK(to_string(validate(huge_pages, inference, "job.json").at(0)) ==
        "error: job.json: variable_use_1g_huge_page: 1 (require_1g) cannot be set: MemoryConfig is not supported on "
        "atlas-inference (Atlas inference series); leave it at 0 (system_default), or run on atlas-350, atlas-a3, "
        "atlas-a2, atlas-training");
  ValidationContext a2;
  a2.product = &product_info(Product::atlas_a2);
  CHECK(validate(MemoryConfig{}, a2).empty());
}

TEST_CASE("GE_USE_STATIC_MEMORY beside a static_memory_policy other than 0 warns, even when it adds nothing (spec 4)",
          "[context]") {
  ValidationContext context;
  context.ge_use_static_memory = "2";
  const auto same = validate(with_static(StaticMemoryPolicy::expand_static_shape), context, "job.json");
  REQUIRE(same.size() == 1);
  CHECK(to_string(same[0]) ==
        R"(warning: GE_USE_STATIC_MEMORY: static_memory_policy: "2" is set beside static_memory_policy )"
        "2 (expand_static_shape) from job.json; CANN says not to use both (the run may conflict) and deprecates "
        "GE_USE_STATIC_MEMORY: unset it");
  context.ge_use_static_memory = "0";  // adds nothing, and says nothing
  CHECK(validate(with_static(StaticMemoryPolicy::expand_static_shape), context).empty());
  context.ge_use_static_memory = "2";  // beside 0: the variable alone decides, as the combination warning says
  CHECK(of_code(validate(MemoryConfig{}, context), DiagnosticCode::environment_beside_option).empty());
}

TEST_CASE("1 GB huge pages: not on atlas-training (spec 4)", "[context]") {
  MemoryConfig config;
  config.variable_use_1g_huge_page = HugePagePolicy::prefer_1g;
  ValidationContext context;
  context.product = &product_info(Product::atlas_training);
  const auto errors = validate(config, context, "job.json");
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].field == "variable_use_1g_huge_page");
  CHECK_THAT(to_string(errors[0]), Catch::Contains("job.json") && Catch::Contains("atlas-training") &&
                                       Catch::Contains("2 (prefer_1g)") && Catch::Contains("atlas-a2"));
  for (const Product ok : {Product::atlas_350, Product::atlas_a3, Product::atlas_a2}) {
    context.product = &product_info(ok);
    CHECK(validate(config, context).empty());
  }
  context.product = &product_info(Product::atlas_training);
  CHECK(validate(MemoryConfig{}, context).empty());
}

TEST_CASE("a SoC version selects the product, unknown SoC warns, disagreement is an error", "[context]") {
  MemoryConfig config;
  config.variable_use_1g_huge_page = HugePagePolicy::require_1g;
  ValidationContext context;
  context.soc_version = "Ascend910A";
  CHECK(has_errors(validate(config, context)));
  context.soc_version = "Ascend910B3";
  CHECK(validate(config, context).empty());

  context.soc_version = "Ascend999";
  const auto unknown = validate(config, context);
  REQUIRE(unknown.size() == 1);
  CHECK(unknown[0].severity == Severity::warning);
  CHECK(unknown[0].code == DiagnosticCode::unknown_soc);

  context.soc_version = "Ascend910B3";
  context.product = &product_info(Product::atlas_a3);
  CHECK(of_code(validate(config, context), DiagnosticCode::product_mismatch).size() == 1);
  context.product = &product_info(Product::atlas_a2);
  CHECK(validate(config, context).empty());
}

TEST_CASE("concurrent graphs: static_memory_policy 2 and 4 are errors (spec 4)", "[context]") {
  ValidationContext context;
  context.concurrent_graphs = true;
  CHECK(of_code(validate(with_static(StaticMemoryPolicy::expand_static_shape), context),
                DiagnosticCode::concurrent_graphs)
            .size() == 1);
  CHECK(of_code(validate(with_static(StaticMemoryPolicy::expand_static_and_dynamic_shape), context),
                DiagnosticCode::concurrent_graphs)
            .size() == 1);
  CHECK_FALSE(has_errors(validate(with_static(StaticMemoryPolicy::dynamic), context)));
  CHECK_FALSE(has_errors(validate(with_static(StaticMemoryPolicy::expand_dynamic_shape), context)));
  context.concurrent_graphs = false;
  CHECK_FALSE(has_errors(validate(with_static(StaticMemoryPolicy::expand_static_shape), context)));
}

TEST_CASE("effective static memory policy with GE_USE_STATIC_MEMORY (spec 4)", "[context]") {
  using P = StaticMemoryPolicy;
  // option x env -> effective, as the engine combines them
  struct Case {
    P option;
    const char* env;
    P effective;
  };
  const std::vector<Case> cases{
      {P::dynamic, "0", P::dynamic},
      {P::dynamic, "1", P::expand_static_shape},
      {P::dynamic, "2", P::expand_static_shape},
      {P::dynamic, "3", P::expand_dynamic_shape},
      {P::dynamic, "4", P::expand_static_and_dynamic_shape},
      {P::expand_static_shape, "3", P::expand_static_and_dynamic_shape},
      {P::expand_static_shape, "1", P::expand_static_shape},
      {P::expand_dynamic_shape, "2", P::expand_static_and_dynamic_shape},
      {P::expand_dynamic_shape, "0", P::expand_dynamic_shape},
      {P::expand_static_and_dynamic_shape, "0", P::expand_static_and_dynamic_shape},
      {P::expand_dynamic_shape, " 2", P::expand_dynamic_shape},  // ignored: exact compare
      {P::dynamic, "yes", P::dynamic},
      {P::dynamic, "5", P::dynamic},
      {P::dynamic, "", P::dynamic},
  };
  for (const Case& c : cases) {
    INFO(c.env);
    CHECK(effective_static_memory_policy(c.option, c.env) == c.effective);
  }
  CHECK(effective_static_memory_policy(P::expand_dynamic_shape, nullptr) == P::expand_dynamic_shape);
}

TEST_CASE("the environment warns when it changes the policy or is ignored, and feeds the concurrency rule",
          "[context]") {
  ValidationContext context;
  context.ge_use_static_memory = "3";
  const auto changes = validate(with_static(StaticMemoryPolicy::expand_static_shape), context, "job.json");
  REQUIRE(of_code(changes, DiagnosticCode::environment_changes).size() == 1);
  CHECK_THAT(to_string(of_code(changes, DiagnosticCode::environment_changes)[0]),
             Catch::Contains("GE_USE_STATIC_MEMORY") && Catch::Contains("4 (expand_static_and_dynamic_shape)"));

  context.ge_use_static_memory = "0";
  CHECK(validate(MemoryConfig{}, context).empty());

  context.ge_use_static_memory = "yes";
  const auto ignored = validate(MemoryConfig{}, context);
  REQUIRE(ignored.size() == 1);
  CHECK(ignored[0].code == DiagnosticCode::environment_ignored);
  CHECK(ignored[0].severity == Severity::warning);
  for (const char* unread : {"5", "9", "-1", "02", " 2", "2 ", ""}) {  // the engine reads exactly "0" to "4"
    INFO('"' << unread << '"');
    context.ge_use_static_memory = unread;
    const auto warnings = validate(MemoryConfig{}, context);
    REQUIRE(warnings.size() == 1);
    CHECK(warnings[0].code == DiagnosticCode::environment_ignored);
  }

  // option 3 is fine with concurrent graphs, but the engine runs 4
  context.ge_use_static_memory = "2";
  context.concurrent_graphs = true;
  const auto concurrent = validate(with_static(StaticMemoryPolicy::expand_dynamic_shape), context);
  REQUIRE(of_code(concurrent, DiagnosticCode::concurrent_graphs).size() == 1);
  CHECK_THAT(of_code(concurrent, DiagnosticCode::concurrent_graphs)[0].message,
             Catch::Contains("GE_USE_STATIC_MEMORY=2"));
  context.ge_use_static_memory = "1";
  CHECK(has_errors(validate(MemoryConfig{}, context)));
}

TEST_CASE("target TF2: a set policy is an error, never a silent drop (spec 4)", "[context]") {
  MemoryConfig config;
  config.memory_optimization_policy = MemoryOptimizationPolicy::memory_priority;
  ValidationContext context;
  context.target = TargetRuntime::tf2;
  const auto errors = of_code(validate(config, context), DiagnosticCode::unsupported_option);
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].field == "memory_optimization_policy");
  context.target = TargetRuntime::tf1;
  CHECK(validate(config, context).empty());
}

TEST_CASE("costly policies are warnings (spec 3)", "[context]") {
  std::size_t warned = 0;
  for (const MemoryConfig& config : test::all_configs()) {
    const auto diagnostics = validate(config);
    CHECK_FALSE(has_errors(diagnostics));
    const bool costly = config.atomic_clean_policy == AtomicCleanPolicy::separate ||
                        config.static_memory_policy == StaticMemoryPolicy::expand_dynamic_shape ||
                        config.static_memory_policy == StaticMemoryPolicy::expand_static_and_dynamic_shape;
    CHECK(of_code(diagnostics, DiagnosticCode::costly_policy).empty() == !costly);
    warned += costly ? 1 : 0;
  }
  CHECK(warned == 72 - 1 * 2 * 3 * 3);  // all but centralized with 0 or 2
}
