// Validation in context: every problem of a config where it will run, each
// diagnostic naming where the value it is about came from.
#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "npu/memory_config/detail/product_checks.hpp"
#include "npu/memory_config/detail/release_checks.hpp"
#include "npu/memory_config/detail/static_memory_checks.hpp"
#include "npu/memory_config/detail/target_checks.hpp"
#include "npu/memory_config/detail/value_checks.hpp"
#include "npu/memory_config/diagnostic.hpp"
#include "npu/memory_config/effective.hpp"
#include "npu/memory_config/fix.hpp"
#include "npu/memory_config/provenance.hpp"
#include "npu/memory_config/validation_context.hpp"
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
      !(effective_config(fixed, context.target, fixed_context.ge_use_static_memory) ==
        effective_config(config, context.target, context.ge_use_static_memory))) {
    return false;
  }
  for (const Finding& after : findings_of(fixed, fixed_context, fixed_provenance)) {
    if (same_problem(after.diagnostic, finding.diagnostic)) return false;
    if (after.diagnostic.severity != Severity::error) continue;
    const auto was_there = [&](const Finding& had) { return same_problem(had.diagnostic, after.diagnostic); };
    if (std::none_of(before.begin(), before.end(), was_there)) return false;
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
        if (std::find(working.begin(), working.end(), remedy) != working.end()) continue;
        const Remedy with_unset = with_variable_unset(remedy, context);
        if (std::find(working.begin(), working.end(), with_unset) != working.end()) continue;
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

// Every problem of `config` in `context`, in the order product, CANN release,
// static memory (environment, concurrent graphs), target, costly policies;
// each names the origin in `provenance` of the field it is about, or its
// config_source, and carries the remedies that clear it in that context.
[[nodiscard]] inline std::vector<Diagnostic> validate(const MemoryConfig& config, const ValidationContext& context,
                                                      const Provenance& provenance) {
  return detail::settled(detail::findings_of(config, context, provenance), config, context, provenance);
}

namespace detail {

// `diagnostics` (a reader's and validate()'s of one config) without a
// warning that an error about the same value contradicts: a static 1 the
// release's error says is static allocation is not also the legacy alias
// of 2 there.
inline void drop_contradictions(std::vector<Diagnostic>& diagnostics) {
  const auto contradicted = [&](const Diagnostic& warning) {
    if (warning.code != DiagnosticCode::legacy_value) return false;
    return std::any_of(diagnostics.begin(), diagnostics.end(), [&](const Diagnostic& error) {
      return error.severity == Severity::error && error.code == DiagnosticCode::release_difference &&
             error.field == warning.field && same_place(error.origin, warning.origin);
    });
  };
  diagnostics.erase(std::remove_if(diagnostics.begin(), diagnostics.end(), contradicted), diagnostics.end());
}

}  // namespace detail

// The same for a config that came whole from `source`: every diagnostic
// names it.
[[nodiscard]] inline std::vector<Diagnostic> validate(const MemoryConfig& config, const ValidationContext& context = {},
                                                      std::string_view source = "config") {
  return validate(config, context, Provenance::all_from(source));
}

namespace detail {

// What keeps a writer from writing `config`, as validate() reports it first:
// each field that holds an integer cast into its enumeration that is none of
// its values. Writers write nothing for such a config (no text, empty maps,
// ConfigError in the JSON layer), never the other fields without it.
[[nodiscard]] inline std::vector<Diagnostic> code_errors(const MemoryConfig& config,
                                                         std::string_view source = "config") {
  std::vector<Finding> findings;
  (void)check_codes(config, Provenance::all_from(source), findings);
  return settled(findings, config, {}, Provenance::all_from(source));
}

}  // namespace detail

NPU_MEMORY_CONFIG_NAMESPACE_END
