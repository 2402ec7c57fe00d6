// The checks of the product a job runs on: the product the context names
// (by its SoC version or by name), and what MemoryConfig may hold there.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "npu/memory_config/provenance.hpp"
#include "npu/memory_config/settings/config.hpp"
#include "npu/memory_config/settings/detail/field_table.hpp"
#include "npu/memory_config/settings/detail/message_text.hpp"
#include "npu/memory_config/settings/detail/product_table.hpp"
#include "npu/memory_config/settings/detail/soc.hpp"
#include "npu/memory_config/settings/detail/text.hpp"
#include "npu/memory_config/settings/diagnostic.hpp"
#include "npu/memory_config/settings/fields.hpp"
#include "npu/memory_config/settings/reflection.hpp"
#include "npu/memory_config/settings/validation_context.hpp"
#include "npu/memory_config/validation/detail/check_text.hpp"
#include "npu/memory_config/validation/detail/config_values.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

// Where MemoryConfig is not supported, the runtime runs its defaults: a
// config of defaults only is a warning, each other setting an error (a
// framework's own value too: the user's override is its fix).
inline void check_unsupported_product(const MemoryConfig& config, Product product, const Provenance& provenance,
                                      std::vector<Finding>& out) {
  bool all_defaults = true;
  const std::string unsupported = "MemoryConfig is not supported on " + describe_product(product);
  const std::string run_on = "run on " + product_names(&ProductInfo::supports_memory_config);
  for (const FieldInfo& field : fields) {
    const ValueInfo* value = field_value(config, field.field);
    const bool at_default = field.optional ? value == nullptr : value->code == field.default_code;
    if (at_default) continue;
    all_defaults = false;
    const std::string described = describe_value(field.field, *value);
    std::string problem = provenance.is_default(field.field) ? "the framework sets " + described + " itself, and "
                                                             : described + " cannot be set: ";
    problem += unsupported;
    const std::optional<std::uint8_t> engine_default =
        field.optional ? std::nullopt : std::optional<std::uint8_t>(field.default_code);
    out.push_back(field_finding(provenance, field.field, Severity::error, DiagnosticCode::unsupported_product,
                                described, problem, field_remedies(provenance, field.field, engine_default), run_on));
  }
  if (!all_defaults) return;
  out.push_back({about_config(provenance, Severity::warning, DiagnosticCode::unsupported_product, "product",
                              std::string(enum_name(product)),
                              unsupported +
                                  "; the runtime runs its defaults, which this config holds; it is "
                                  "supported on " +
                                  product_names(&ProductInfo::supports_memory_config))});
}

inline void check_product(const MemoryConfig& config, Product product, const Provenance& provenance,
                          std::vector<Finding>& out) {
  if (!product_info(product).supports_memory_config) {
    check_unsupported_product(config, product, provenance, out);
    return;
  }
  const Field huge_page = Field::variable_use_1g_huge_page;
  if (!product_info(product).supports_1g_huge_page &&
      config.variable_use_1g_huge_page != default_value<HugePagePolicy>()) {
    out.push_back(field_finding(provenance, huge_page, Severity::error, DiagnosticCode::unsupported_product,
                                describe_field(config, huge_page),
                                describe_field(config, huge_page) + " is not supported on " + describe_product(product),
                                field_remedies(provenance, huge_page, field_info(huge_page).default_code),
                                "run on " + product_names(&ProductInfo::supports_1g_huge_page)));
  }
}

// The product the context names: the SoC version's, when a rule knows the
// chip, else the product given. A SoC version of another product than the
// one given is an error, one no rule knows a warning.
[[nodiscard]] inline std::optional<Product> context_product(const ValidationContext& context,
                                                            const Provenance& provenance, std::vector<Finding>& out) {
  if (context.soc_version.empty()) return context.product;
  const std::string soc = quote(context.soc_version);
  if (context.product) {
    if (const std::optional<Product> other = conflicting_soc_product(context.soc_version, *context.product)) {
      out.push_back({about_config(provenance, Severity::error, DiagnosticCode::product_mismatch, "soc_version", soc,
                                  soc + " is a chip of " + describe_product(*other) + ", but the product given is " +
                                      describe_product(*context.product))});
      return std::nullopt;
    }
  }
  const std::optional<Product> of_soc = product_from_soc(context.soc_version);
  if (of_soc) return of_soc;
  const std::string suggestion = soc_suggestion(context.soc_version);
  out.push_back({about_config(provenance, Severity::warning, DiagnosticCode::unknown_soc, "soc_version", soc,
                              soc + " is not a SoC version the product rules know" +
                                  (suggestion.empty() ? "" : " (" + did_you_mean("\"" + suggestion + "\"") + ")") +
                                  "; no product rule was applied")});
  return context.product;
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
