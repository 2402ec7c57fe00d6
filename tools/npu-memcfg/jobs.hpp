// Jobs where they are written: a shell script (or a folder of them) checked
// launch by launch, and a script's launches explained.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <npu/memory_config/validation_context.hpp>

#include "report.hpp"

namespace npu::memcfg {

// Whether `path` is a folder, or a file --check reads as a job script (not
// as a CONFIG).
[[nodiscard]] bool is_folder(const std::string& path);
[[nodiscard]] bool is_job_script(const std::string& path);

// The job scripts under `folder`, hidden folders skipped, in name order.
[[nodiscard]] std::vector<std::string> job_scripts_under(const std::string& folder);

// The script's launches checked in `context`: its reading's diagnostics and
// each launch's. `unreadable`: the script itself could not be read.
[[nodiscard]] FileReport check_job_script(const std::string& path, const ValidationContext& context,
                                          const std::optional<std::string>& inherited,
                                          const std::string& working_directory, bool* unreadable);

// --explain SCRIPT: per launch, each variable's values and where each came
// from, and what the engine runs.
[[nodiscard]] std::string explain_job_script(const std::string& path, const std::optional<std::string>& inherited,
                                             const std::string& working_directory);

}  // namespace npu::memcfg
