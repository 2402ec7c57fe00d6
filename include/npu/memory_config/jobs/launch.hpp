// What a job's shell script starts: each launch, the program it runs and
// the values the engine's variables may hold in the environment it gets,
// each with the place that set it.
#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "npu/memory_config/provenance.hpp"
#include "npu/memory_config/settings/diagnostic.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace jobs {

// One value a variable may hold when a launch starts.
struct VariableValue {
  enum class State {
    unset,    // not in the launch's environment (never set, unset, or not exported)
    value,    // `value`, as the script writes it
    unknown,  // known only when the job runs: an expansion ("$X", "${X:-1}", "$(…)")
  };
  State state = State::unset;
  std::string value;
  Origin origin;    // where it was set: "run.sh:5:8", or the environment the job starts in; no source: nowhere
  std::string how;  // "export", "assignment", "command prefix", "unset", "environment", ...

  [[nodiscard]] friend bool operator==(const VariableValue& a, const VariableValue& b) {
    return a.state == b.state && a.value == b.value && a.origin.same_place(b.origin) && a.how == b.how;
  }
};

// A variable the engine reads, or that is meant for it, at one launch.
struct LaunchVariable {
  std::string name;                   // "GE_USE_STATIC_MEMORY", "ASCEND_GE_USE_STATIC_MEMORY", ...
  std::vector<VariableValue> values;  // more than one: which one holds depends on the run
};

// A config file a launch names by an option: `--config_file model.ini`.
struct NamedConfigFile {
  std::string option;               // "--config_file", "--configFile"
  std::optional<std::string> path;  // the file the job opens, from the folder checked; nullopt: known at run time only
  Origin origin;                    // where the path is written: "run.sh:23:40"
};

// Whether something holds at a launch: on none of the paths that reach it,
// on some, or on every one.
enum class Presence : unsigned char { none, some_paths, every_path };

// The variables that make a MindSpore launch a rank-table launch (any
// value), where MindSpore 2.5 and later run jit_level "O2" whatever the
// launcher gives ("Set jit level to O2 for rank table startup method").
inline constexpr const char* rank_table_variables[] = {"RANK_TABLE_FILE", "MINDSPORE_HCCL_CONFIG_PATH"};

struct Launch {
  Origin origin;                              // the command: "run.sh:23:5"
  std::string program;                        // "python3", "torchrun", "./benchmark", ...
  std::optional<std::string> launcher;        // the .py it starts, from the folder checked; nullopt: not known
  std::vector<LaunchVariable> variables;      // GE_USE_STATIC_MEMORY first, always
  std::vector<NamedConfigFile> config_files;  // in the order of the command's words
  bool mindspore_lite = false;                // MindSpore Lite's benchmark: Lite's defaults apply
  Presence rank_table = Presence::none;       // a rank table in its environment (never for msrun, which starts its own)

  [[nodiscard]] const LaunchVariable& ge_use_static_memory() const { return variables.front(); }
};

// A shell script read as bash would run it, the scripts it sources and the
// child scripts it runs included.
struct ShellJob {
  std::vector<Launch> launches;  // in the order the script reaches them
  // The environment the script leaves (at its end, a top-level exit or
  // return, where bash stops), as a launch with no program: the engine's
  // variables exported there whose values reached no launch. nullopt: every
  // value the script sets reached a launch (see unreached_values).
  std::optional<Launch> left;
  std::vector<Diagnostic> diagnostics;  // what the reading found: syntax errors, values not checkable, ...
  std::vector<std::string> files;       // every script read, the first one first
};

// Whether `launch` may get a value of one of its variables from the
// assignment at `assignment`.
[[nodiscard]] inline bool gets_value_from(const Launch& launch, const Origin& assignment) {
  for (const LaunchVariable& variable : launch.variables) {
    for (const VariableValue& value : variable.values) {
      if (value.state != VariableValue::State::unset && value.origin.same_place(assignment)) return true;
    }
  }
  return false;
}

// `left`, an environment no launch of `launches` starts with, less what
// those launches got from the same assignments (checked there): each such
// value is unset in it. nullopt when no value the job sets is left.
[[nodiscard]] inline std::optional<Launch> unreached_values(Launch left, const std::vector<Launch>& launches) {
  const auto reached = [&](const VariableValue& value) {
    return std::any_of(launches.begin(), launches.end(),
                       [&](const Launch& launch) { return gets_value_from(launch, value.origin); });
  };
  bool any_left = false;
  for (LaunchVariable& variable : left.variables) {
    for (VariableValue& value : variable.values) {
      if (value.state == VariableValue::State::unset || !value.origin.position.known()) continue;
      if (reached(value)) {
        value = VariableValue{VariableValue::State::unset, "", value.origin, "checked at a launch"};
      } else {
        any_left = true;
      }
    }
  }
  if (!any_left) return std::nullopt;
  return left;
}

}  // namespace jobs
NPU_MEMORY_CONFIG_NAMESPACE_END
