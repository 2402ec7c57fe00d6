// Jobs where they are written: shell scripts checked launch by launch, each
// with the launcher it starts and the config files it names, Python
// launchers on their own, and a launch's settings explained.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include <npu/memory_config/settings/validation_context.hpp>
#include <npu/memory_config_jobs.hpp>

#include "job_files.hpp"
#include "python_launchers.hpp"
#include "report.hpp"

namespace npu::memcfg {

// A config a launch runs: a file it names, one its launcher writes, or a
// framework's defaults.
struct RunConfig {
  std::string described;           // "config file model.ini (--configFile at run.sh:9:40)", "ascend_config at ..."
  std::string text;                // kept while `read`'s diagnostics are in use
  std::optional<ReadResult> read;  // nullopt: not read (see `not_read`)
  std::string not_read;            // why: "not in the folder checked", ...
  bool complete = true;            // false: it holds values known only when the job runs: what runs is not known
};

// A diagnostic of a launch (or of the environment a script leaves), the
// launch, and whether the value it is about holds there on every path.
struct ReachedDiagnostic {
  Diagnostic diagnostic;
  Origin launch;
  bool certain = true;
};

// Once means once (section 15.5): diagnostics of one severity and code at
// one place are one, whatever launches reached it; the one kept is the most
// certain (a value set on every path over one that may or may not be), and
// its message names the other launches that reach the value.
[[nodiscard]] std::vector<Diagnostic> once_per_place(std::vector<ReachedDiagnostic> reached);

class JobChecker {
 public:
  // `inherited`: GE_USE_STATIC_MEMORY where the job starts (nullopt: not
  // set); `working_directory` (absolute): where the job's names start.
  JobChecker(const ValidationContext& context, std::optional<std::string> inherited, std::string working_directory);

  // Reads the shell scripts and launchers among `files`, and the launchers
  // their launches start: Python once for all of them.
  void read(const std::vector<JobFile>& files);

  // Not empty: the launchers could not be read (no python3), and why.
  [[nodiscard]] const std::string& python_problem() const { return python_.problem; }

  // A script's or a launcher's diagnostics; `unreadable`: the file itself
  // could not be read.
  [[nodiscard]] FileReport check(const JobFile& file, bool* unreadable) const;

  // --explain: per launch, each variable's values and where each came from,
  // the configs it runs, and what the engine runs.
  [[nodiscard]] std::string explain(const JobFile& file) const;

 private:
  struct PreparedLaunch {
    jobs::Launch started;  // with the environment the script gives it
    jobs::Launch launch;   // with the environment its launcher leaves
    std::vector<RunConfig> configs;
    std::vector<Diagnostic> notes;  // what reading its launcher and its config files found
    const LauncherFacts* launcher = nullptr;
  };

  [[nodiscard]] PreparedLaunch prepare(const jobs::Launch& launch) const;
  [[nodiscard]] ValidationContext context_for(const PreparedLaunch& prepared) const;
  [[nodiscard]] std::vector<Diagnostic> launch_diagnostics(const PreparedLaunch& prepared) const;
  [[nodiscard]] std::vector<Diagnostic> inert_diagnostics(const PreparedLaunch& prepared) const;
  [[nodiscard]] std::optional<Product> kernel_by_kernel_by_default(const LauncherFacts& launcher,
                                                                   jobs::Presence rank_table) const;
  [[nodiscard]] static jobs::Presence rank_table_of(const PreparedLaunch& prepared);
  [[nodiscard]] std::string explain_launch(const PreparedLaunch& prepared, const std::string& heading) const;
  [[nodiscard]] jobs::Launch launcher_alone(const std::string& path) const;
  // Whether a script of this run gives a process, or leaves exported, the
  // value assigned at `assignment`.
  [[nodiscard]] bool exported_elsewhere(const Origin& assignment) const;
  // What `job`'s script leaves that no launch of a script of this run got.
  [[nodiscard]] std::optional<jobs::Launch> environment_left(const jobs::ShellJob& job) const;
  [[nodiscard]] const LauncherFacts* facts_of(const std::string& shown) const;

  ValidationContext context_;
  std::optional<std::string> inherited_;
  std::string working_directory_;
  std::map<std::string, jobs::ShellJob> scripts_;  // by the path given
  std::map<std::string, std::string> started_;     // the launchers the scripts start: shown by absolute path
  PythonReading python_;
};

}  // namespace npu::memcfg
