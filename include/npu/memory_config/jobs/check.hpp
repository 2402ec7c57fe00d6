// A launch checked as the engine will run it: every value its environment
// may give the engine's variables, with the config its launcher runs (the
// engine's defaults where no launcher sets one), in context. Each
// diagnostic about a variable is at the place in the script that set it.
#pragma once

#include <string>
#include <vector>

#include "npu/memory_config/jobs/detail/job_variables.hpp"
#include "npu/memory_config/jobs/launch.hpp"
#include "npu/memory_config/keys.hpp"
#include "npu/memory_config/provenance.hpp"
#include "npu/memory_config/settings/config.hpp"
#include "npu/memory_config/settings/diagnostic.hpp"
#include "npu/memory_config/settings/validation_context.hpp"
#include "npu/memory_config/validation/field_text.hpp"
#include "npu/memory_config/validation/validate.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace jobs {

// Every problem of `launch` in `context` (whose variable and its origin it
// sets itself), with `config` as the launcher runs it.
[[nodiscard]] inline std::vector<Diagnostic> check_launch(const Launch& launch, ValidationContext context,
                                                          const MemoryConfig& config = {},
                                                          const Provenance& provenance = {}) {
  std::vector<Diagnostic> out;
  for (const LaunchVariable& variable : launch.variables) {
    const bool certain = variable.values.size() == 1;
    for (const VariableValue& value : variable.values) {
      const bool placed = value.state == VariableValue::State::value && value.origin.position.known();
      if (variable.name == keys::ge_use_static_memory_env && value.state != VariableValue::State::unknown) {
        // Unset, or inherited from where the job starts: the config as it
        // runs there; set in the job: at the place that set it.
        context.ge_use_static_memory = std::nullopt;
        if (value.state == VariableValue::State::value) context.ge_use_static_memory = value.value;
        context.ge_use_static_memory_origin = placed ? &value.origin : nullptr;
        for (Diagnostic& diagnostic : validate(config, context, provenance)) {
          if (placed && diagnostic.origin.same_place(value.origin)) {
            diagnostic.key = std::string(enum_name(Field::static_memory_policy)) + " (" + variable.name + ")";
            detail::qualify(diagnostic, value.value, value.how, certain);
          }
          detail::add_once(out, std::move(diagnostic));
        }
        // CRLF line ends: the checks of the value the file will give once
        // converted, as warnings (as it stands, the job runs without it).
        const std::string converted = detail::without_carriage_returns(value.value);
        if (placed && converted != value.value) {
          context.ge_use_static_memory = converted;
          for (Diagnostic& diagnostic : validate(config, context, provenance)) {
            if (!diagnostic.origin.same_place(value.origin)) continue;
            diagnostic.severity = Severity::warning;
            diagnostic.key = std::string(enum_name(Field::static_memory_policy)) + " (" + variable.name + ")";
            diagnostic.message =
                "once the file's CRLF line ends are converted, " + detail::quote(converted) + ": " + diagnostic.message;
            diagnostic.fix.clear();  // what to write then is for the converted file
            detail::qualify(diagnostic, converted, value.how, certain);
            detail::add_once(out, std::move(diagnostic));
          }
        }
      } else if (variable.name == keys::ms_ge_atomic_clean_policy_env && placed) {
        // MindSpore 1.x read it as the atomic policy: its value is checked as one.
        MemoryConfig read;
        for (Diagnostic& diagnostic :
             set_field_from_text(read, Field::atomic_clean_policy, value.value, variable.name)) {
          // Read from the variable's text: its remedies edit the value where
          // the script sets it, not a file named after the variable.
          diagnostic.origin = value.origin;
          for (Remedy& remedy : diagnostic.fix) {
            for (Edit& edit : remedy.edits) edit.at = value.origin;
          }
          diagnostic.key = std::string(enum_name(Field::atomic_clean_policy)) + " (" + variable.name + ")";
          detail::qualify(diagnostic, value.value, value.how, certain);
          detail::add_once(out, std::move(diagnostic));
        }
      }
    }
  }
  return out;
}

// Every problem of a job: what reading its scripts found, then each
// launch's (check_launch) and the environment it leaves, each reported once.
[[nodiscard]] inline std::vector<Diagnostic> check_job(const ShellJob& job, const ValidationContext& context) {
  std::vector<Diagnostic> out = job.diagnostics;
  for (const Launch& launch : job.launches) {
    for (Diagnostic& diagnostic : check_launch(launch, context)) detail::add_once(out, std::move(diagnostic));
  }
  if (job.left) {
    for (Diagnostic& diagnostic : check_launch(*job.left, context)) detail::add_once(out, std::move(diagnostic));
  }
  return out;
}

}  // namespace jobs
NPU_MEMORY_CONFIG_NAMESPACE_END
