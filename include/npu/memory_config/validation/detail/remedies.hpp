// The checks' findings, and their fixes settled: each remedy applied to a
// copy of the config and its context and kept when it clears the finding
// and adds no error (a warning's also keeps what the engine runs).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "npu/memory_config/provenance.hpp"
#include "npu/memory_config/settings/config.hpp"
#include "npu/memory_config/settings/detail/contains.hpp"
#include "npu/memory_config/settings/diagnostic.hpp"
#include "npu/memory_config/settings/fix.hpp"
#include "npu/memory_config/settings/validation_context.hpp"
#include "npu/memory_config/validation/detail/engine_run.hpp"
#include "npu/memory_config/validation/detail/fix_advice.hpp"
#include "npu/memory_config/validation/detail/product_checks.hpp"
#include "npu/memory_config/validation/detail/release_checks.hpp"
#include "npu/memory_config/validation/detail/static_memory_checks.hpp"
#include "npu/memory_config/validation/detail/target_checks.hpp"
#include "npu/memory_config/validation/detail/value_checks.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

// Every check, in the order product, CANN release, static memory
// (environment, concurrent graphs), target, costly policies; the fixes not
// yet settled. A field holding no value of its table stops the checks.
[[nodiscard]] inline std::vector<Finding> findings_of(const MemoryConfig& config, const ValidationContext& context,
                                                      const Provenance& provenance) {
  std::vector<Finding> out;
  if (!check_codes(config, provenance, out)) {
    // The checks the code stopped may find the variable wrong too: the
    // static policy's values may need it unset beside them.
    for (Finding& finding : out) {
      if (finding.diagnostic.field != Field::static_memory_policy || !context.ge_use_static_memory) continue;
      for (Remedy& remedy : option_and_variable_remedies(context, provenance)) {
        finding.diagnostic.fix.push_back(std::move(remedy));
      }
    }
    return out;
  }
  const std::optional<Product> product = context_product(context, provenance, out);
  const std::optional<TargetRuntime> target = target_of(context.target);
  if (product) check_product(config, *product, provenance, out);
  if (context.cann_release) check_release(config, *context.cann_release, product, target, provenance, out);
  check_static_memory(config, context, provenance, out);
  if (target) check_target(config, *target, provenance, out);
  check_costly_policies(config, target, provenance, out);
  return out;
}

// Whether two diagnostics report the same problem: a remedy clears one
// when none the same is left (the option's and the variable's are two).
[[nodiscard]] inline bool same_problem(const Diagnostic& a, const Diagnostic& b) noexcept {
  return a.severity == b.severity && a.code == b.code && a.field == b.field && a.key == b.key &&
         a.origin.source == b.origin.source;
}

// Whether an edit would change nothing: the value already there.
[[nodiscard]] inline bool changes_nothing(const Edit& edit, const MemoryConfig& config,
                                          const ValidationContext& context, const Provenance& provenance) {
  switch (edit.action) {
    case EditAction::set_value:
      // The legacy 1 written as the 2 it is read as is a change.
      return config.code(*edit.field) == edit.code && !provenance.of(*edit.field).legacy_alias;
    case EditAction::remove_setting:
      return !provenance.of(*edit.field).given;
    case EditAction::set_variable:
      return context.ge_use_static_memory == std::string_view(edit.variable_value);
    case EditAction::unset_variable:
      return !context.ge_use_static_memory;
  }
  return true;
}

// `remedy` applied: each setting given its value (and recorded as given at
// the edit's place) or removed (its value then the runtime's own), the
// variable set or unset. The context then views the remedy's text: keep the
// remedy while the context is used.
inline void apply_remedy(const Remedy& remedy, MemoryConfig& config, ValidationContext& context,
                         Provenance& provenance) {
  for (const Edit& edit : remedy.edits) {
    switch (edit.action) {
      case EditAction::set_value:
        config.set_code(*edit.field, edit.code);
        provenance.of(*edit.field) = {true, edit.at, false};
        break;
      case EditAction::remove_setting: {
        const std::optional<TargetRuntime> target = target_of(context.target);
        const TargetField* carried = target ? &target_info(*target).of(*edit.field) : nullptr;
        const bool framework_default =
            carried != nullptr && carried->carriage == Carriage::option && carried->code != engine_default(*edit.field);
        config.set_code(*edit.field, framework_default ? carried->code : engine_default(*edit.field));
        provenance.of(*edit.field) = {};
        if (framework_default) {
          provenance.of(*edit.field).origin.source = std::string(target_info(*target).framework) + "'s defaults";
        }
        break;
      }
      case EditAction::set_variable:
        context.ge_use_static_memory = edit.variable_value;
        break;
      case EditAction::unset_variable:
        context.ge_use_static_memory = std::nullopt;
        break;
    }
  }
}

// Whether `remedy`, applied, clears the finding and adds no error; for a
// warning, also keeps what the engine runs.
[[nodiscard]] inline bool remedy_works(const Finding& finding, const Remedy& remedy, const std::vector<Finding>& before,
                                       const MemoryConfig& config, const ValidationContext& context,
                                       const Provenance& provenance) {
  for (const Edit& edit : remedy.edits) {
    if (changes_nothing(edit, config, context, provenance)) return false;
  }
  MemoryConfig fixed = config;
  ValidationContext fixed_context = context;
  Provenance fixed_provenance = provenance;
  apply_remedy(remedy, fixed, fixed_context, fixed_provenance);
  if (finding.diagnostic.severity == Severity::warning &&
      !(config_as_run(fixed, context.target, fixed_context.ge_use_static_memory) ==
        config_as_run(config, context.target, context.ge_use_static_memory))) {
    return false;
  }
  for (const Finding& after : findings_of(fixed, fixed_context, fixed_provenance)) {
    if (same_problem(after.diagnostic, finding.diagnostic)) return false;
    if (after.diagnostic.severity != Severity::error) continue;
    const auto was_there = [&](const Finding& had) { return same_problem(had.diagnostic, after.diagnostic); };
    if (!contains_if(before, was_there)) return false;
  }
  return true;
}

// The diagnostics of `findings`, each fix the remedies that work, and its
// message ending in the advice made from them.
[[nodiscard]] inline std::vector<Diagnostic> settled(const std::vector<Finding>& findings, const MemoryConfig& config,
                                                     const ValidationContext& context, const Provenance& provenance) {
  std::vector<Diagnostic> out;
  for (const Finding& finding : findings) {
    Diagnostic diagnostic = finding.diagnostic;
    std::vector<Remedy> working;
    for (const Remedy& remedy : diagnostic.fix) {
      if (remedy_works(finding, remedy, findings, config, context, provenance)) working.push_back(remedy);
    }
    // A static policy the variable also makes run may need it unset beside
    // the option's new value: each that does not work alone, with it.
    if (context.ge_use_static_memory) {
      for (const Remedy& remedy : diagnostic.fix) {
        if (remedy.edits.size() != 1 || remedy.edits[0].field != Field::static_memory_policy) continue;
        if (contains(working, remedy)) continue;
        const Remedy with_unset = with_variable_unset(remedy, context);
        if (contains(working, with_unset)) continue;
        if (remedy_works(finding, with_unset, findings, config, context, provenance)) working.push_back(with_unset);
      }
    }
    diagnostic.fix = std::move(working);
    std::string advice = fix_advice(diagnostic.fix, diagnostic.field);
    if (!finding.otherwise.empty()) advice += (advice.empty() ? "" : ", or ") + finding.otherwise;
    if (!advice.empty()) diagnostic.message += "; " + advice;
    out.push_back(std::move(diagnostic));
  }
  return out;
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
