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

#include "npu/memory_config/enums.hpp"
#include "npu/memory_config/provenance.hpp"
#include "npu/memory_config/settings/config.hpp"
#include "npu/memory_config/settings/detail/field_table.hpp"
#include "npu/memory_config/settings/detail/product_table.hpp"
#include "npu/memory_config/settings/detail/text.hpp"
#include "npu/memory_config/settings/diagnostic.hpp"
#include "npu/memory_config/settings/fix.hpp"
#include "npu/memory_config/settings/reflection.hpp"
#include "npu/memory_config/validation/detail/config_values.hpp"
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

// A problem validate() found, before its fix is settled: its remedies as
// candidates (each kept only where, applied, it clears the problem and adds
// no error), and advice beyond the job's files ("run on atlas-a2"), said
// after them.
struct Finding {
  Diagnostic diagnostic;  // its message says the problem; the advice is added from the fix
  std::string otherwise = {};
};

// Where an edit of `field` goes: its key where it was given, else the
// config's own source, where the key is added (a framework's default is
// overridden there).
[[nodiscard]] inline Origin edit_place(const Provenance& provenance, Field field) {
  if (provenance.of(field).given) return provenance.origin_of(field);
  return {provenance.config_source, {}, {}, {}};
}

[[nodiscard]] inline Remedy set_value(const Provenance& provenance, Field field, std::optional<std::uint8_t> code) {
  return {{{EditAction::set_value, field, code, {}, edit_place(provenance, field)}}};
}

// The remedies that change `field` alone, in the order advice gives them:
// `meant` (the value the message means), the field's values in their
// table's order (unset, for a field that may be), and its removal where an
// input gave it.
[[nodiscard]] inline std::vector<Remedy> field_remedies(const Provenance& provenance, Field field,
                                                        std::optional<std::uint8_t> meant = std::nullopt) {
  std::vector<Remedy> out;
  if (meant) out.push_back(set_value(provenance, field, meant));
  for (const ValueInfo& value : field_info(field).values) {
    if (value.code != meant) out.push_back(set_value(provenance, field, value.code));
  }
  if (field_info(field).optional) out.push_back(set_value(provenance, field, std::nullopt));
  if (provenance.of(field).given) {
    out.push_back({{{EditAction::remove_setting, field, std::nullopt, {}, edit_place(provenance, field)}}});
  }
  return out;
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

// A finding about `field`'s value, with the remedies to try.
[[nodiscard]] inline Finding field_finding(const Provenance& provenance, Field field, Severity severity,
                                           DiagnosticCode code, std::string value, std::string message,
                                           std::vector<Remedy> candidates, std::string otherwise = {}) {
  Diagnostic diagnostic = about_field(provenance, field, severity, code, std::move(value), std::move(message));
  diagnostic.fix = std::move(candidates);
  return {std::move(diagnostic), std::move(otherwise)};
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
