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
#include "npu/memory_config/config.hpp"
#include "npu/memory_config/detail/check_text.hpp"
#include "npu/memory_config/detail/field_table.hpp"
#include "npu/memory_config/detail/form_table.hpp"
#include "npu/memory_config/detail/message_text.hpp"
#include "npu/memory_config/detail/release_rules.hpp"
#include "npu/memory_config/detail/target_table.hpp"
#include "npu/memory_config/diagnostic.hpp"
#include "npu/memory_config/effective.hpp"
#include "npu/memory_config/keys.hpp"
#include "npu/memory_config/provenance.hpp"
#include "npu/memory_config/reflection.hpp"
#include "npu/memory_config/validation_context.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

// GE_USE_STATIC_MEMORY beside the option, and the concurrent-graphs rule, on
// what the engine runs.
inline void check_static_memory(const MemoryConfig& config, const ValidationContext& context,
                                const Provenance& provenance, std::vector<Diagnostic>& out) {
  const Field field = Field::static_memory_policy;
  const std::string_view name = enum_name(field);
  const std::string env_name(keys::ge_use_static_memory_env);
  const Origin environment =
      context.ge_use_static_memory_origin ? *context.ge_use_static_memory_origin : Origin{env_name, {}, {}, {}};
  const std::optional<TargetRuntime> target = target_of(context.target);
  StaticMemoryRun run = static_memory_run(config, context.target, context.ge_use_static_memory);
  const std::string option_text = describe_code(field, static_cast<std::uint8_t>(run.option));
  // The variable takes the option's values: where 1 meant static allocation,
  // it means that for the variable too.
  if (run.variable && !run.variable_exported && *run.variable == "1" && context.cann_release &&
      rule_holds(ReleaseRule::legacy_1_is_static_allocation, *context.cann_release)) {
    out.push_back({Severity::error, DiagnosticCode::release_difference, environment, std::string(name), quote("1"),
                   env_name + "=1 means static allocation at the maximum size in CANN " +
                       to_string(*context.cann_release) + ", which this library does not model; " +
                       describe_code(field, canonical_code(field, 1)) + " is the expanding policy",
                   field});
    run = static_memory_run(config, context.target, std::nullopt);  // what it does there is not modelled
  }
  if (run.variable && !run.variable_exported && !engine_reads_static_memory_env(*run.variable)) {
    out.push_back({Severity::warning, DiagnosticCode::environment_ignored, environment, std::string(name),
                   quote(*run.variable),
                   quote(*run.variable) + R"( is ignored by the engine, which reads only "0" to "4"; )" +
                       std::string(name) + " " + option_text + " applies as set",
                   field});
    run = static_memory_run(config, context.target, std::nullopt);
  }
  const std::string runs_text = describe_code(field, static_cast<std::uint8_t>(run.runs));
  const std::string option_source =
      run.option_from_target ? std::string(target_info(*target).framework) : provenance.source_of(field);
  // The target's form being the variable makes using it beside the option
  // the way to get there, not the conflict CANN warns about.
  const bool variable_is_the_form = target && target_info(*target).of(field).carriage == Carriage::environment;
  if (run.variable && !run.variable_exported && run.runs != config.static_memory_policy) {
    out.push_back({Severity::warning, DiagnosticCode::environment_changes, environment, std::string(name),
                   quote(*run.variable),
                   quote(*run.variable) + " combined with " + std::string(name) + " " + option_text + " from " +
                       option_source + " makes the engine run " + runs_text,
                   field});
  } else if (run.variable && !variable_is_the_form && *run.variable != "0" &&
             run.option != StaticMemoryPolicy::dynamic) {
    out.push_back({Severity::warning, DiagnosticCode::environment_beside_option, environment, std::string(name),
                   quote(*run.variable),
                   quote(*run.variable) + " is set beside " + std::string(name) + " " + option_text + " from " +
                       option_source + "; CANN says not to use both (the run may conflict) and deprecates " + env_name +
                       ": unset it",
                   field});
  }
  if (!context.concurrent_graphs) return;
  // Up to 8.0.RC3.alpha002, concurrent graphs forbid only the static-shape
  // expansion; the 8.0.RC3 documents disagree on 4.
  const auto holds = [&](ReleaseRule rule) { return context.cann_release && rule_holds(rule, *context.cann_release); };
  const bool allows_4 = holds(ReleaseRule::concurrent_graphs_allow_4);
  const bool disputed_4 = holds(ReleaseRule::concurrent_graphs_4_disputed) &&
                          run.runs == StaticMemoryPolicy::expand_static_and_dynamic_shape;
  const bool forbidden =
      allows_4 || disputed_4 ? run.runs == StaticMemoryPolicy::expand_static_shape : expands_static_shapes(run.runs);
  if (disputed_4) {
    out.push_back(about_field(provenance, field, Severity::warning, DiagnosticCode::concurrent_graphs, option_text,
                              runs_text + " with graphs that execute concurrently in CANN " +
                                  to_string(*context.cann_release) + ": the documents disagree: the commercial " +
                                  std::string(release_rule_info(ReleaseRule::concurrent_graphs_4_disputed).release) +
                                  " page allows it, " + std::string(concurrent_graphs_4_forbidden_by) +
                                  " forbid it; use " + describe_code(field, 0) + " or " + describe_code(field, 3) +
                                  " to be sure"));
  }
  if (!forbidden) return;
  std::string message = runs_text + " is not supported when graphs execute concurrently";
  if (context.cann_release) message += " in CANN " + to_string(*context.cann_release);
  if (run.variable && run.runs != run.option) {
    message += " (the option is " + option_text + "; " + env_name + "=" + std::string(*run.variable) + " makes it " +
               runs_text + ")";
  }
  // What is allowed: 0 and 3, and 4 where the release allows it.
  message += "; use " + describe_code(field, 0) + (allows_4 ? ", " : " or ") + describe_code(field, 3);
  if (allows_4) message += " or " + describe_code(field, 4);
  Diagnostic error = about_field(provenance, field, Severity::error, DiagnosticCode::concurrent_graphs, option_text,
                                 std::move(message));
  if (run.variable && run.runs != run.option && context.ge_use_static_memory_origin) {
    error.origin = environment;  // the variable decides, where a script sets it
    error.value = quote(*run.variable);
  }
  out.push_back(std::move(error));
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
