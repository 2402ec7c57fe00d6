// The checks of the static memory policy the engine runs:
// GE_USE_STATIC_MEMORY beside the option, and concurrent graphs.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "npu/memory_config/cann_release.hpp"
#include "npu/memory_config/keys.hpp"
#include "npu/memory_config/provenance.hpp"
#include "npu/memory_config/settings/config.hpp"
#include "npu/memory_config/settings/detail/field_table.hpp"
#include "npu/memory_config/settings/detail/form_table.hpp"
#include "npu/memory_config/settings/detail/message_text.hpp"
#include "npu/memory_config/settings/detail/release_rules.hpp"
#include "npu/memory_config/settings/detail/target_table.hpp"
#include "npu/memory_config/settings/diagnostic.hpp"
#include "npu/memory_config/settings/reflection.hpp"
#include "npu/memory_config/settings/validation_context.hpp"
#include "npu/memory_config/validation/detail/check_text.hpp"
#include "npu/memory_config/validation/detail/engine_run.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

// Where an edit of the variable goes: its assignment in a script, else the
// environment the job runs in (no source).
[[nodiscard]] inline Origin variable_place(const ValidationContext& context) {
  return context.ge_use_static_memory_origin ? *context.ge_use_static_memory_origin : Origin{};
}

[[nodiscard]] inline Remedy unset_variable(const ValidationContext& context) {
  return {{{EditAction::unset_variable, std::nullopt, std::nullopt, {}, variable_place(context)}}};
}

// `remedy` with the variable unset beside it.
[[nodiscard]] inline Remedy with_variable_unset(Remedy remedy, const ValidationContext& context) {
  remedy.edits.push_back(unset_variable(context).edits[0]);
  return remedy;
}

// Whether the TF2 adapter acts on the variable itself: on exactly 1 it
// turns on its static-shape executor (15.3), so a warning's remedy never
// touches it there.
[[nodiscard]] inline bool adapter_acts_on_variable(const ValidationContext& context) noexcept {
  return context.target == Form::tf2 && context.ge_use_static_memory == std::string_view("1");
}

// The remedies that change GE_USE_STATIC_MEMORY alone: `meant`, the
// policies' values in their table's order, then unset. None gives a TF2
// job's 1 the 2 it would mean to the engine: the adapter acts on 1 itself.
[[nodiscard]] inline std::vector<Remedy> variable_remedies(const ValidationContext& context,
                                                           std::optional<std::string_view> meant = std::nullopt) {
  std::vector<Remedy> out;
  const auto add = [&](std::string_view value) {
    if (adapter_acts_on_variable(context) && value == "2") return;
    for (const Remedy& have : out) {
      if (have.edits[0].variable_value == value) return;
    }
    out.push_back(
        {{{EditAction::set_variable, std::nullopt, std::nullopt, std::string(value), variable_place(context)}}});
  };
  if (meant) add(*meant);
  for (const ValueInfo& value : field_info(Field::static_memory_policy).values) add(value.runtime_text);
  out.push_back(unset_variable(context));
  return out;
}

// The option set to each of its values (or removed) with the variable
// unset: where both make the engine run what a rule forbids.
[[nodiscard]] inline std::vector<Remedy> option_and_variable_remedies(const ValidationContext& context,
                                                                      const Provenance& provenance) {
  std::vector<Remedy> out;
  for (Remedy& remedy : field_remedies(provenance, Field::static_memory_policy)) {
    out.push_back(with_variable_unset(std::move(remedy), context));
  }
  return out;
}

// GE_USE_STATIC_MEMORY beside the option, and the concurrent-graphs rule, on
// what the engine runs.
inline void check_static_memory(const MemoryConfig& config, const ValidationContext& context,
                                const Provenance& provenance, std::vector<Finding>& out) {
  const Field field = Field::static_memory_policy;
  const std::string_view name = enum_name(field);
  const std::string env_name(keys::ge_use_static_memory_env);
  const Origin environment =
      context.ge_use_static_memory_origin ? *context.ge_use_static_memory_origin : Origin{env_name, {}, {}, {}};
  const auto about_variable = [&](Severity severity, DiagnosticCode code, std::string_view value, std::string message,
                                  std::vector<Remedy> candidates) {
    Diagnostic diagnostic{severity, code, environment, std::string(name), quote(value), std::move(message), field};
    diagnostic.fix = std::move(candidates);
    return Finding{std::move(diagnostic)};
  };
  const std::optional<TargetRuntime> target = target_of(context.target);
  StaticMemoryRun run = static_memory_run_of(config, context.target, context.ge_use_static_memory);
  const std::string option_text = describe_code(field, static_cast<std::uint8_t>(run.option));
  // The variable takes the option's values: where 1 meant static allocation,
  // it means that for the variable too.
  if (run.variable && !run.variable_exported && *run.variable == "1" && context.cann_release &&
      rule_holds(ReleaseRule::legacy_1_is_static_allocation, *context.cann_release)) {
    out.push_back(about_variable(Severity::error, DiagnosticCode::release_difference, "1",
                                 env_name + "=1 means static allocation at the maximum size in CANN " +
                                     to_string(*context.cann_release) + ", which this library does not model; " +
                                     describe_code(field, canonical_code(field, 1)) + " is the expanding policy",
                                 variable_remedies(context, "2")));
    run = static_memory_run_of(config, context.target, std::nullopt);  // what it does there is not modelled
  }
  if (run.variable && !run.variable_exported && !engine_reads_static_memory_env(*run.variable)) {
    out.push_back(about_variable(Severity::warning, DiagnosticCode::environment_ignored, *run.variable,
                                 quote(*run.variable) + R"( is ignored by the engine, which reads only "0" to "4"; )" +
                                     std::string(name) + " " + option_text + " applies as set",
                                 {unset_variable(context)}));
    run = static_memory_run_of(config, context.target, std::nullopt);
  }
  const std::string runs_text = describe_code(field, static_cast<std::uint8_t>(run.runs));
  // " from job.json", " from MindSpore's defaults"; where no input set the
  // option, the engine's default is named as that, not as a source.
  const std::string option_source = run.option_from_target ? " from " + std::string(target_info(*target).framework)
                                    : provenance.origin_of(field).source == "defaults"
                                        ? std::string(", the engine's default")
                                        : " from " + provenance.source_of(field);
  // The target's form being the variable makes using it beside the option
  // the way to get there, not the conflict CANN warns about.
  const bool variable_is_the_form = target && target_info(*target).of(field).carriage == Carriage::environment;
  const bool variable_beside = run.variable && !run.variable_exported;
  if (variable_beside && run.runs != config.static_memory_policy) {
    // Where the user sets the option, the option at what runs keeps it; not
    // for a TF2 job's 1, which the adapter acts on itself (15.3).
    std::vector<Remedy> keeps_what_runs;
    if (!run.option_from_target && !adapter_acts_on_variable(context)) {
      keeps_what_runs.push_back(
          with_variable_unset(set_value(provenance, field, static_cast<std::uint8_t>(run.runs)), context));
    }
    out.push_back(about_variable(Severity::warning, DiagnosticCode::environment_changes, *run.variable,
                                 quote(*run.variable) + " combined with " + std::string(name) + " " + option_text +
                                     option_source + (option_source[0] == ',' ? "," : "") + " makes the engine run " +
                                     runs_text,
                                 std::move(keeps_what_runs)));
  } else if (run.variable && !variable_is_the_form && *run.variable != "0" &&
             run.option != StaticMemoryPolicy::dynamic) {
    std::vector<Remedy> keeps_what_runs;
    if (!adapter_acts_on_variable(context)) keeps_what_runs.push_back(unset_variable(context));
    out.push_back(about_variable(Severity::warning, DiagnosticCode::environment_beside_option, *run.variable,
                                 quote(*run.variable) + " is set beside " + std::string(name) + " " + option_text +
                                     option_source +
                                     "; CANN says not to use both (the run may conflict) and deprecates " + env_name,
                                 std::move(keeps_what_runs)));
  }
  if (!context.concurrent_graphs) return;
  // Up to 8.0.RC3.alpha002, concurrent graphs forbid only the static-shape
  // expansion; the 8.0.RC3 documents disagree on 4.
  const auto holds = [&](ReleaseRule rule) { return context.cann_release && rule_holds(rule, *context.cann_release); };
  const bool allows_4 = holds(ReleaseRule::concurrent_graphs_allow_4);
  const auto forbidden_run = [&](StaticMemoryPolicy runs) {
    const bool disputed =
        holds(ReleaseRule::concurrent_graphs_4_disputed) && runs == StaticMemoryPolicy::expand_static_and_dynamic_shape;
    return allows_4 || disputed ? runs == StaticMemoryPolicy::expand_static_shape : expands_static_shapes(runs);
  };
  if (holds(ReleaseRule::concurrent_graphs_4_disputed) &&
      run.runs == StaticMemoryPolicy::expand_static_and_dynamic_shape) {
    out.push_back(
        {about_field(provenance, field, Severity::warning, DiagnosticCode::concurrent_graphs, option_text,
                     runs_text + " with graphs that execute concurrently in CANN " + to_string(*context.cann_release) +
                         ": the documents disagree: the commercial " +
                         std::string(release_rule_info(ReleaseRule::concurrent_graphs_4_disputed).release) +
                         " page allows it, " + std::string(concurrent_graphs_4_forbidden_by) +
                         " forbid it; both allow " + describe_code(field, 0) + " and " + describe_code(field, 3))});
  }
  if (!forbidden_run(run.runs)) return;
  std::string message = runs_text + " is not supported when graphs execute concurrently";
  if (context.cann_release) message += " in CANN " + to_string(*context.cann_release);
  const std::string variable_text = env_name + "=" + std::string(run.variable.value_or(""));
  // The variable decides where the option alone runs what the rule allows.
  const bool variable_decides = variable_beside && run.variable_read && !forbidden_run(run.option);
  if (variable_decides) {
    message += " (the option is " + option_text + option_source + "; " + variable_text + " makes it " + runs_text + ")";
    out.push_back(about_variable(Severity::error, DiagnosticCode::concurrent_graphs, *run.variable, std::move(message),
                                 variable_remedies(context)));
    return;
  }
  std::vector<Remedy> candidates;
  if (variable_beside && run.variable_read) message += " (" + variable_text + " makes it " + runs_text + " too)";
  if (!run.option_from_target) {
    candidates = variable_beside && run.variable_read ? option_and_variable_remedies(context, provenance)
                                                      : field_remedies(provenance, field);
  }
  // A value the framework forces, with no option to override it, is
  // reported but not an error the user could fix.
  const Severity severity = run.option_from_target && candidates.empty() ? Severity::warning : Severity::error;
  out.push_back(field_finding(provenance, field, severity, DiagnosticCode::concurrent_graphs, option_text,
                              std::move(message), std::move(candidates)));
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
