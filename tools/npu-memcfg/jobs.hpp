// Jobs where they are written: a shell script (or a folder of them) checked
// launch by launch, and a script's launches explained.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <npu/memory_config/validation_context.hpp>

#include "report.hpp"

namespace npu::memcfg {

// Whether `path` is a folder, or a file --check reads as a job script (not
// as a CONFIG).
[[nodiscard]] bool is_folder(const std::string& path);
[[nodiscard]] bool is_job_script(const std::string& path);

// Whether `text` is a MindSpore Lite model config: it has an
// [ascend_context] or a [ge_..._options] section.
[[nodiscard]] bool is_lite_config_text(std::string_view text);

// A file of a job, found in a folder.
struct JobFile {
  enum class Kind { shell_script, lite_config };
  std::string path;
  Kind kind = Kind::shell_script;
};

// The job scripts and MindSpore Lite config files (.ini, .cfg) under
// `folder`, hidden folders skipped, in name order.
[[nodiscard]] std::vector<JobFile> job_files_under(const std::string& folder);

// The script's launches checked in `context`: its reading's diagnostics and
// each launch's, with the config files a launch names (read in the form
// their content shows) as the config it runs. `unreadable`: the script itself could not be read.
[[nodiscard]] FileReport check_job_script(const std::string& path, const ValidationContext& context,
                                          const std::optional<std::string>& inherited,
                                          const std::string& working_directory, bool* unreadable);

// --explain SCRIPT: per launch, each variable's values and where each came
// from, and what the engine runs.
[[nodiscard]] std::string explain_job_script(const std::string& path, const std::optional<std::string>& inherited,
                                             const std::string& working_directory);

}  // namespace npu::memcfg
