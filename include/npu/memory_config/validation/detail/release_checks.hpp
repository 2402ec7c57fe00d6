// The checks of the CANN release named: what it treats differently from
// the latest release, as the release rules' table says.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "npu/memory_config/cann_release.hpp"
#include "npu/memory_config/provenance.hpp"
#include "npu/memory_config/settings/config.hpp"
#include "npu/memory_config/settings/detail/release_rules.hpp"
#include "npu/memory_config/settings/detail/target_table.hpp"
#include "npu/memory_config/settings/diagnostic.hpp"
#include "npu/memory_config/settings/fields.hpp"
#include "npu/memory_config/settings/reflection.hpp"
#include "npu/memory_config/validation/detail/check_text.hpp"
#include "npu/memory_config/validation/detail/engine_run.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

// Whether the TF adapter's release rules are about the runtime `target`:
// TF1's and TF2's, and a config not yet bound to one.
[[nodiscard]] constexpr bool tf_adapter_rules_apply(std::optional<TargetRuntime> target) noexcept {
  return !target || *target == TargetRuntime::tf1 || *target == TargetRuntime::tf2;
}

// What the named release treats differently from the latest release, for
// the runtime `target` (nullopt: none yet).
inline void check_release(const MemoryConfig& config, const CannRelease& release, std::optional<Product> product,
                          std::optional<TargetRuntime> target, const Provenance& provenance,
                          std::vector<Finding>& out) {
  const std::string in_release = "CANN " + to_string(release);
  const auto since = [](ReleaseRule rule) { return std::string(release_rule_info(rule).release); };
  const auto warn = [&](Field field, std::string message) {
    out.push_back({about_field(provenance, field, Severity::warning, DiagnosticCode::release_difference,
                               describe_field(config, field), std::move(message))});
  };
  const Field static_field = Field::static_memory_policy;
  if (provenance.of(static_field).legacy_alias && rule_holds(ReleaseRule::legacy_1_is_static_allocation, release)) {
    out.push_back(field_finding(provenance, static_field, Severity::error, DiagnosticCode::release_difference, "1",
                                "1 means static allocation at the maximum size in " + in_release +
                                    ", which this library does not model; " + describe_field(config, static_field) +
                                    " is the expanding policy",
                                field_remedies(provenance, static_field, config.code(static_field))));
  }
  if (expands_dynamic_shapes(config.static_memory_policy) && !rule_holds(ReleaseRule::static_memory_3_and_4, release)) {
    warn(static_field, describe_field(config, static_field) + " is not documented in " + in_release + " (it is from " +
                           since(ReleaseRule::static_memory_3_and_4) + " on)");
  }
  const bool tf_adapter = tf_adapter_rules_apply(target);
  if (tf_adapter && config.memory_optimization_policy &&
      !rule_holds(ReleaseRule::memory_optimization_policy, release)) {
    warn(Field::memory_optimization_policy,
         "the adapter of " + in_release + " ignores " + std::string(enum_name(Field::memory_optimization_policy)) +
             " (it knows it from " + since(ReleaseRule::memory_optimization_policy) + " on)");
  }
  if (tf_adapter && config.variable_use_1g_huge_page != default_value<HugePagePolicy>() &&
      !rule_holds(ReleaseRule::variable_use_1g_huge_page, release)) {
    warn(Field::variable_use_1g_huge_page,
         "the adapter of " + in_release + " ignores " + std::string(enum_name(Field::variable_use_1g_huge_page)) +
             " (it is documented from " + since(ReleaseRule::variable_use_1g_huge_page) + " on)");
  }
  if (product == Product::atlas_350 && !rule_holds(ReleaseRule::atlas_350, release)) {
    out.push_back({about_config(provenance, Severity::warning, DiagnosticCode::release_difference, "product",
                                std::string(enum_name(*product)),
                                std::string(enum_name(*product)) + " is not listed in " + in_release +
                                    " (it is listed from " + since(ReleaseRule::atlas_350) + " on)")});
  }
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
