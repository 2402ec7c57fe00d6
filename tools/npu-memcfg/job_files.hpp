// The files of a job that --check and --explain read: shell scripts, Python
// launchers and MindSpore Lite model configs, given or found in a folder.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace npu::memcfg {

struct JobFile {
  enum class Kind { shell_script, python_launcher, lite_config };
  std::string path;
  Kind kind = Kind::shell_script;
};

// Whether `path` is a folder.
[[nodiscard]] bool is_folder(const std::string& path);

// The kind of job file `path` is, read as a job rather than as a CONFIG: a
// shell script (.sh, .bash, or a #! line naming sh or bash), a Python
// launcher (.py); false for any other file.
[[nodiscard]] bool job_file_kind(const std::string& path, JobFile::Kind* kind);

// Whether `text` is a MindSpore Lite model config: it has an
// [ascend_context] or a [ge_..._options] section.
[[nodiscard]] bool is_lite_config_text(std::string_view text);

// Whether the first line that is neither blank nor a comment opens a JSON
// object.
[[nodiscard]] bool looks_like_json(std::string_view text);

// The shell scripts, Python launchers and MindSpore Lite config files (.ini,
// .cfg) under `folder`, hidden folders skipped, in name order.
[[nodiscard]] std::vector<JobFile> job_files_under(const std::string& folder);

}  // namespace npu::memcfg
