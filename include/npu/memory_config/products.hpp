// The products MemoryConfig runs on, and the product a SoC version names as
// the runtime reports it (aclrtGetSocName(), the soc_version option).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "npu/memory_config/detail/text.hpp"
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

// Indexed by Product.
inline constexpr ProductInfo products[] = {
    {Product::atlas_350, "atlas-350", "Atlas 350 accelerator card (Ascend 950PR / 950DT)", true, true},
    {Product::atlas_a3, "atlas-a3", "Atlas A3 training and inference series", true, true},
    {Product::atlas_a2, "atlas-a2", "Atlas A2 training and inference series", true, true},
    {Product::atlas_training, "atlas-training", "Atlas training series", true, false},
    {Product::atlas_200i_500_a2, "atlas-200i-500-a2", "Atlas 200I/500 A2 inference products", false, false},
    {Product::atlas_inference, "atlas-inference", "Atlas inference series", false, false},
};

[[nodiscard]] constexpr const ProductInfo& product_info(Product product) noexcept {
  return products[static_cast<std::size_t>(product)];
}

// The product's name as --product takes it: "atlas-a2".
[[nodiscard]] constexpr std::string_view enum_name(Product product) noexcept { return product_info(product).name; }

// The product named `name` ("atlas-a2"); nullopt for a name no row has.
[[nodiscard]] constexpr std::optional<Product> product_from_name(std::string_view name) noexcept {
  for (const ProductInfo& info : products) {
    if (info.name == name) return info.product;
  }
  return std::nullopt;
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

// The product of a SoC version; nullopt for a chip no rule knows.
[[nodiscard]] constexpr std::optional<Product> product_from_soc(std::string_view soc_version) noexcept {
  for (const SocRule& rule : soc_rules) {
    if (soc_rule_matches(rule, soc_version)) return rule.product;
  }
  return std::nullopt;
}

// The product of `soc_version` when it is another than `product`: the two
// disagree. nullopt when they agree, or when no rule knows the chip.
[[nodiscard]] constexpr std::optional<Product> conflicting_soc_product(std::string_view soc_version,
                                                                       Product product) noexcept {
  const std::optional<Product> of_soc = product_from_soc(soc_version);
  if (of_soc && *of_soc != product) return of_soc;
  return std::nullopt;
}

// A known SoC version that an unknown one may be in the wrong case: the text
// of the first rule it starts with (ignoring case), then the rest in upper
// case ("ascend910b2" -> "Ascend910B2"). Empty when there is none.
[[nodiscard]] inline std::string soc_suggestion(std::string_view soc_version) {
  for (const SocRule& rule : soc_rules) {
    if (soc_version.size() < rule.text.size()) continue;
    bool same = true;
    for (std::size_t i = 0; i < rule.text.size(); ++i) {
      same = same && detail::ascii_lower(soc_version[i]) == detail::ascii_lower(rule.text[i]);
    }
    if (!same) continue;
    std::string suggestion(rule.text);
    for (const char c : soc_version.substr(rule.text.size())) {
      suggestion += (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c;
    }
    if (suggestion != soc_version && product_from_soc(suggestion)) return suggestion;
  }
  return {};
}

NPU_MEMORY_CONFIG_NAMESPACE_END
