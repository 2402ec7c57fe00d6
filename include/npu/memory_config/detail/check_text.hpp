// How the checks validate() runs name values and products, and the two
// shapes of their diagnostics: about one setting (naming where its value
// came from) and about the config as a whole.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "npu/memory_config/config.hpp"
#include "npu/memory_config/detail/field_table.hpp"
#include "npu/memory_config/detail/product_table.hpp"
#include "npu/memory_config/detail/text.hpp"
#include "npu/memory_config/diagnostic.hpp"
#include "npu/memory_config/enums.hpp"
#include "npu/memory_config/provenance.hpp"
#include "npu/memory_config/reflection.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

[[nodiscard]] inline std::string describe_code(Field field, std::uint8_t code) {
  return describe_value(field, *value_of(field, code));
}

// A value of a table, or "unset (the runtime decides)".
[[nodiscard]] inline std::string describe_code_or_unset(Field field, std::optional<std::uint8_t> code) {
  return code ? describe_code(field, *code) : std::string(unset_description);
}

// Precondition: the field holds a value of its table.
[[nodiscard]] inline std::string describe_field(const MemoryConfig& config, Field field) {
  return describe_value(field, *field_value(config, field));
}

// "atlas-350, atlas-a3, atlas-a2" (or "... and atlas-a2", as
// `last_separator` says): the products for which `has` is `value`.
[[nodiscard]] inline std::string product_names(bool ProductInfo::*has, bool value = true,
                                               std::string_view last_separator = ", ") {
  std::vector<std::string> names;
  for (const ProductInfo& info : products) {
    if (info.*has == value) names.emplace_back(info.name);
  }
  return joined(names, last_separator);
}

[[nodiscard]] inline std::string describe_product(Product product) {
  return std::string(product_info(product).name) + " (" + std::string(product_info(product).description) + ")";
}

// A diagnostic about `field`'s value, naming where the value came from.
[[nodiscard]] inline Diagnostic about_field(const Provenance& provenance, Field field, Severity severity,
                                            DiagnosticCode code, std::string value, std::string message) {
  return {severity,           code, provenance.origin_of(field), std::string(enum_name(field)), std::move(value),
          std::move(message), field};
}

// A diagnostic about the config as a whole in its context.
[[nodiscard]] inline Diagnostic about_config(const Provenance& provenance, Severity severity, DiagnosticCode code,
                                             std::string_view setting, std::string value, std::string message) {
  return {severity,          code, {provenance.config_source, {}, {}, {}}, std::string(setting), std::move(value),
          std::move(message)};
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
