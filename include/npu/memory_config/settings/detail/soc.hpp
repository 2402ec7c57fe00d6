// The product a SoC version names as the runtime reports it, for
// validate()'s check of a SoC beside a product. Not API: the products'
// names are enum_name and enum_cast<Product>, their facts describe(product).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "npu/memory_config/enums.hpp"
#include "npu/memory_config/settings/detail/product_table.hpp"
#include "npu/memory_config/settings/detail/text.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

namespace detail {

// The product of a SoC version; nullopt for a chip no rule knows.
[[nodiscard]] constexpr std::optional<Product> product_from_soc(std::string_view soc_version) noexcept {
  for (const detail::SocRule& rule : detail::soc_rules) {
    if (detail::soc_rule_matches(rule, soc_version)) return rule.product;
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
      same = same && ascii_lower(soc_version[i]) == ascii_lower(rule.text[i]);
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

}  // namespace detail

NPU_MEMORY_CONFIG_NAMESPACE_END
