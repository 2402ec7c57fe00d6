// The products' table, and the rules that name a product from a SoC
// version as the runtime reports it (aclrtGetSocName(), the soc_version
// option). Not API: products.hpp names the products.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "npu/memory_config/enums.hpp"
#include "npu/memory_config/settings/detail/table_rows.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

struct ProductInfo {
  Product product;
  std::string_view name;  // as --product takes it
  std::string_view description;
  bool supports_memory_config;
  bool supports_1g_huge_page;  // variable_use_1g_huge_page other than 0
};

// Indexed by Product.
inline constexpr ProductInfo products[] = {
    {Product::atlas_350, "atlas-350", "Atlas 350 accelerator card (Ascend 950PR / 950DT)", true, true},
    {Product::atlas_a3, "atlas-a3", "Atlas A3 training and inference series", true, true},
    {Product::atlas_a2, "atlas-a2", "Atlas A2 training and inference series", true, true},
    {Product::atlas_training, "atlas-training", "Atlas training series", true, false},
    {Product::atlas_200i_500_a2, "atlas-200i-500-a2", "Atlas 200I/500 A2 inference products", false, false},
    {Product::atlas_inference, "atlas-inference", "Atlas inference series", false, false},
};

// Product's enumerators, for the assertion below (-Wswitch an error: a
// product added alone names this table first).
#pragma GCC diagnostic push
#pragma GCC diagnostic error "-Wswitch"
[[nodiscard]] constexpr bool is_enumerator(Product product) noexcept {
  switch (product) {
    case Product::atlas_350:
    case Product::atlas_a3:
    case Product::atlas_a2:
    case Product::atlas_training:
    case Product::atlas_200i_500_a2:
    case Product::atlas_inference:
      return true;
  }
  return false;
}
#pragma GCC diagnostic pop

static_assert(one_row_per_enumerator(products, &ProductInfo::product, is_enumerator),
              "product_table.hpp: products has one row per Product, in its order");
static_assert(names_unique(products, &ProductInfo::name),
              "product_table.hpp: every product's name given, and none twice");

[[nodiscard]] constexpr const ProductInfo& product_info(Product product) noexcept {
  return row_of(products, product, "a Product that names no product");
}

// How a rule of the SoC table matches a SoC version.
enum class SocMatch : std::uint8_t {
  prefix,             // starts with the text
  exact,              // is the text
  prefix_then_digit,  // starts with the text, and a digit follows
};

struct SocRule {
  SocMatch match;
  std::string_view text;
  Product product;
};

// In the order they are tried.
inline constexpr SocRule soc_rules[] = {
    {SocMatch::prefix, "Ascend950", Product::atlas_350},
    {SocMatch::prefix, "Ascend910_95", Product::atlas_350},
    {SocMatch::prefix, "Ascend910_93", Product::atlas_a3},
    {SocMatch::prefix_then_digit, "Ascend910B", Product::atlas_a2},
    {SocMatch::exact, "Ascend910", Product::atlas_training},
    {SocMatch::exact, "Ascend910A", Product::atlas_training},
    {SocMatch::exact, "Ascend910B", Product::atlas_training},
    {SocMatch::exact, "Ascend910ProA", Product::atlas_training},
    {SocMatch::exact, "Ascend910ProB", Product::atlas_training},
    {SocMatch::exact, "Ascend910PremiumA", Product::atlas_training},
    {SocMatch::prefix, "Ascend310P", Product::atlas_inference},
    {SocMatch::prefix, "Ascend310B", Product::atlas_200i_500_a2},
};

// Every rule's text given; a product MemoryConfig names.
template <std::size_t N>
[[nodiscard]] constexpr bool soc_rules_complete(const SocRule (&rules)[N]) noexcept {
  for (const SocRule& rule : rules) {
    if (rule.text.empty() || static_cast<std::size_t>(rule.product) >= std::size(products)) return false;
  }
  return true;
}
static_assert(soc_rules_complete(soc_rules), "product_table.hpp: every SoC rule has a text and names a product");

[[nodiscard]] constexpr bool soc_rule_matches(const SocRule& rule, std::string_view soc_version) noexcept {
  const bool has_prefix = soc_version.substr(0, rule.text.size()) == rule.text;
  switch (rule.match) {
    case SocMatch::prefix:
      return has_prefix;
    case SocMatch::exact:
      return soc_version == rule.text;
    case SocMatch::prefix_then_digit:
      return has_prefix && soc_version.size() > rule.text.size() && soc_version[rule.text.size()] >= '0' &&
             soc_version[rule.text.size()] <= '9';
  }
  return false;
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
