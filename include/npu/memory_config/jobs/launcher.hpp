// What a Python launcher does to the environment its launch gets, as
// Python's own parser reads it (the library parses no Python: a caller's
// python3 does, as npu-memcfg's does), applied to the launch: the
// environment the engine then reads.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "npu/memory_config/jobs/detail/job_variables.hpp"
#include "npu/memory_config/jobs/launch.hpp"
#include "npu/memory_config/keys.hpp"
#include "npu/memory_config/provenance.hpp"
#include "npu/memory_config/settings/diagnostic.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace jobs {

// One write of the environment in a launcher: `os.environ[NAME] = VALUE`,
// `os.environ.setdefault`, `os.environ.update`, `os.putenv`, `del
// os.environ[NAME]`, `os.environ.pop`.
struct EnvironmentWrite {
  enum class Operation {
    set,          // the variable holds `value` after it
    set_default,  // it holds `value` after it when it was not set before
    unset,        // it is not set after it
  };
  std::string name;
  Operation operation = Operation::set;
  std::optional<std::string> value;  // set: nullopt when it is no literal (known only when the job runs)
  std::string value_text;            // the value as written: "'1'", "args.mode"
  Origin origin;                     // where: "train.py:7:12"
  std::string how;                   // "os.environ[...] =", ...
  bool certain = true;               // runs on every path when the file is started

  // The value a launch gets from this write.
  [[nodiscard]] VariableValue launch_value() const {
    if (operation == Operation::unset) return {VariableValue::State::unset, "", origin, how};
    if (!value) return {VariableValue::State::unknown, value_text, origin, how};
    return {VariableValue::State::value, *value, origin, how};
  }
};

// `launch` with the environment its launcher leaves when the engine starts:
// each write of the variables a launch reports, in the order the launcher
// runs them (a write that may or may not happen adds a possible value). What
// is said about the names written (one meant for the engine's variable,
// MindSpore's old one, a value known only at run time) goes to `notes`.
[[nodiscard]] inline Launch with_launcher_environment(Launch launch, const std::vector<EnvironmentWrite>& writes,
                                                      std::vector<Diagnostic>& notes) {
  for (const EnvironmentWrite& write : writes) {
    if (!detail::is_job_variable(write.name)) continue;
    if (std::optional<Diagnostic> note = detail::job_variable_note(write.name, write.origin, write.value_text)) {
      detail::add_once(notes, std::move(*note));
    }
    if (write.operation != EnvironmentWrite::Operation::unset && !write.value) {
      detail::add_once(notes,
                       {Severity::warning, DiagnosticCode::not_checkable, write.origin, write.name, write.value_text,
                        write.value_text + " is known only when the job runs, so it cannot be checked; write "
                                           "the value itself to have it checked"});
    }
    LaunchVariable* variable = nullptr;
    for (LaunchVariable& have : launch.variables) {
      if (have.name == write.name) variable = &have;
    }
    if (variable == nullptr) {
      launch.variables.push_back({write.name, {VariableValue{}}});
      variable = &launch.variables.back();
    }
    std::vector<VariableValue>& values = variable->values;
    VariableValue value = write.launch_value();
    if (write.operation == EnvironmentWrite::Operation::set_default) {
      // Only where the variable is not set: a value it already holds stays.
      bool may_be_unset = false;
      std::vector<VariableValue> kept;
      for (VariableValue& have : values) {
        if (have.state == VariableValue::State::unset) {
          may_be_unset = true;
          if (!write.certain) kept.push_back(std::move(have));
        } else {
          kept.push_back(std::move(have));
        }
      }
      if (may_be_unset) detail::append_once(kept, std::move(value));
      values = std::move(kept);
    } else if (write.certain) {
      values = {std::move(value)};
    } else {
      detail::append_once(values, std::move(value));
    }
  }
  return launch;
}

}  // namespace jobs
NPU_MEMORY_CONFIG_NAMESPACE_END
