#include <catch2/catch.hpp>

#include <string>
#include <utility>
#include <vector>

#include <npu/memory_config.hpp>

using namespace npu;

static_assert(detail::indexed_by(detail::products, &detail::ProductInfo::product, 6), "indexed by Product");

TEST_CASE("product names, and what each supports", "[products]") {
  const std::vector<std::pair<const char*, Product>> names{{"atlas-350", Product::atlas_350},
                                                           {"atlas-a3", Product::atlas_a3},
                                                           {"atlas-a2", Product::atlas_a2},
                                                           {"atlas-training", Product::atlas_training},
                                                           {"atlas-200i-500-a2", Product::atlas_200i_500_a2},
                                                           {"atlas-inference", Product::atlas_inference}};
  for (const auto& [name, product] : names) {
    CHECK(enum_cast<Product>(name) == product);
    CHECK(enum_name(product) == name);
  }
  CHECK_FALSE(enum_cast<Product>("Atlas-A2"));
  CHECK_FALSE(enum_cast<Product>(""));
  std::vector<std::string> memory_config;
  std::vector<std::string> huge_pages;
  for (const detail::ProductInfo& info : detail::products) {
    if (info.supports_memory_config) memory_config.emplace_back(info.name);
    if (info.supports_1g_huge_page) huge_pages.emplace_back(info.name);
  }
  CHECK(memory_config == std::vector<std::string>{"atlas-350", "atlas-a3", "atlas-a2", "atlas-training"});
  CHECK(huge_pages == std::vector<std::string>{"atlas-350", "atlas-a3", "atlas-a2"});
}

TEST_CASE("SoC version to product", "[products]") {
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
    CHECK(detail::product_from_soc(soc) == product);
  }
  for (const char* unknown :
       {"Ascend910C", "Ascend910BX", "Ascend910B-1", "Ascend910Pro", "ascend910b1", "Ascend310", "", "Ascend"}) {
    INFO(unknown);
    CHECK_FALSE(detail::product_from_soc(unknown));
  }
}

TEST_CASE("a SoC version and a product disagree when the chip is another product's", "[products]") {
  CHECK(detail::conflicting_soc_product("Ascend910_9391", Product::atlas_a2) == Product::atlas_a3);
  CHECK_FALSE(detail::conflicting_soc_product("Ascend910B3", Product::atlas_a2));
  CHECK_FALSE(detail::conflicting_soc_product("Ascend999", Product::atlas_a2));  // an unknown chip names no product
}

TEST_CASE("a SoC version in the wrong case: the rule's text, then the rest upper-cased", "[products]") {
  CHECK(detail::soc_suggestion("ascend910b2") == "Ascend910B2");
  CHECK(detail::soc_suggestion("ASCEND910_9391") == "Ascend910_9391");
  CHECK(detail::soc_suggestion("ascend910b2c") == "Ascend910B2C");
  CHECK(detail::soc_suggestion("ascend910proa") == "Ascend910ProA");
  CHECK(detail::soc_suggestion("ascend310p3") == "Ascend310P3");
  CHECK(detail::soc_suggestion("ascend950pr") == "Ascend950PR");
  CHECK(detail::soc_suggestion("Ascend910B2").empty());  // known as it is
  CHECK(detail::soc_suggestion("Ascend999").empty());    // no rule knows it in any case
  CHECK(detail::soc_suggestion("ascend910a1").empty());  // no rule makes it known
  CHECK(detail::soc_suggestion("").empty());
}

// The product and SoC tables' own checks, asserted beside them at compile
// time, run here too.
TEST_CASE("the product and SoC tables check themselves", "[products]") {
  CHECK(detail::soc_rules_complete(detail::soc_rules));
  const detail::SocRule no_text[] = {detail::soc_rules[0], {detail::SocMatch::prefix, "", Product::atlas_a2}};
  CHECK_FALSE(detail::soc_rules_complete(no_text));
  const detail::SocRule no_product[] = {{detail::SocMatch::exact, "Ascend999", static_cast<Product>(6)}};
  CHECK_FALSE(detail::soc_rules_complete(no_product));
  CHECK(detail::indexed_by(detail::products, &detail::ProductInfo::product, 6));
  CHECK(detail::names_unique(detail::products, &detail::ProductInfo::name));
}
