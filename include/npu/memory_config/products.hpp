// The products MemoryConfig runs on (spec 4), and the product a SoC version
// names, as the runtime reports it.
#pragma once

#include <cstdint>
#include <string_view>

#include "npu/memory_config/keys.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

enum class Product : std::uint8_t {
  atlas_350,
  atlas_a3,
  atlas_a2,
  atlas_training,
  atlas_200i_500_a2,
  atlas_inference,
};

struct ProductInfo {
  Product product;
  std::string_view name;  // as --product takes it
  std::string_view description;
  bool supports_memory_config;
  bool supports_1g_huge_page;  // variable_use_1g_huge_page other than 0
};

inline constexpr ProductInfo products[] = {
    {Product::atlas_350, "atlas-350"sv, "Atlas 350 accelerator card (Ascend 950PR / 950DT)"sv, true, true},
    {Product::atlas_a3, "atlas-a3"sv, "Atlas A3 training and inference series"sv, true, true},
    {Product::atlas_a2, "atlas-a2"sv, "Atlas A2 training and inference series"sv, true, true},
    {Product::atlas_training, "atlas-training"sv, "Atlas training series"sv, true, false},
    {Product::atlas_200i_500_a2, "atlas-200i-500-a2"sv, "Atlas 200I/500 A2 inference products"sv, false, false},
    {Product::atlas_inference, "atlas-inference"sv, "Atlas inference series"sv, false, false},
};

[[nodiscard]] constexpr const ProductInfo& product_info(Product product) noexcept {
  return products[static_cast<std::size_t>(product)];
}

// The row of the product named `name` ("atlas-a2", as --product takes it);
// nullptr for a name no row has.
[[nodiscard]] constexpr const ProductInfo* product_from_name(std::string_view name) noexcept {
  for (const ProductInfo& info : products) {
    if (info.name == name) return &info;
  }
  return nullptr;
}

namespace detail {

enum class SocMatch : std::uint8_t { prefix, exact, prefix_then_digit };

struct SocRule {
  SocMatch match;
  std::string_view text;
  Product product;
};

// Spec 4's table, in the order it must be tried.
inline constexpr SocRule soc_rules[] = {
    {SocMatch::prefix, "Ascend950"sv, Product::atlas_350},
    {SocMatch::prefix, "Ascend910_95"sv, Product::atlas_350},
    {SocMatch::prefix, "Ascend910_93"sv, Product::atlas_a3},
    {SocMatch::prefix_then_digit, "Ascend910B"sv, Product::atlas_a2},
    {SocMatch::exact, "Ascend910"sv, Product::atlas_training},
    {SocMatch::exact, "Ascend910A"sv, Product::atlas_training},
    {SocMatch::exact, "Ascend910B"sv, Product::atlas_training},
    {SocMatch::exact, "Ascend910ProA"sv, Product::atlas_training},
    {SocMatch::exact, "Ascend910ProB"sv, Product::atlas_training},
    {SocMatch::exact, "Ascend910PremiumA"sv, Product::atlas_training},
    {SocMatch::prefix, "Ascend310P"sv, Product::atlas_inference},
    {SocMatch::prefix, "Ascend310B"sv, Product::atlas_200i_500_a2},
};

[[nodiscard]] constexpr bool soc_rule_matches(const SocRule& rule, std::string_view soc) noexcept {
  const bool has_prefix = soc.substr(0, rule.text.size()) == rule.text;
  switch (rule.match) {
    case SocMatch::prefix:
      return has_prefix;
    case SocMatch::exact:
      return soc == rule.text;
    case SocMatch::prefix_then_digit:
      return has_prefix && soc.size() > rule.text.size() && soc[rule.text.size()] >= '0' &&
             soc[rule.text.size()] <= '9';
  }
  return false;
}

}  // namespace detail

// The row of the product of a SoC version as the runtime reports it
// (aclrtGetSocName(), the soc_version option); nullptr for a chip no rule
// knows.
[[nodiscard]] constexpr const ProductInfo* product_from_soc(std::string_view soc_version) noexcept {
  for (const detail::SocRule& rule : detail::soc_rules) {
    if (detail::soc_rule_matches(rule, soc_version)) return &product_info(rule.product);
  }
  return nullptr;
}

NPU_MEMORY_CONFIG_NAMESPACE_END
