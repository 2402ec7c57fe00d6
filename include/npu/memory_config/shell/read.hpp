// A job's shell script read for the launches it starts and the engine's
// variables each one gets, as bash would run it, without running it
// (scripts that sourced files and child scripts read in place).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "npu/memory_config/jobs/launch.hpp"
#include "npu/memory_config/shell/detail/shell_walk.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace jobs {

// Reads a file a script names (itself, a sourced file, a child script);
// nullopt when there is none.
using FileReader = std::function<std::optional<std::string>(const std::string& path)>;

// The launches of the script at `path` (its folder the working folder it
// starts in, as a job's docs run it), each with the engine's variables as
// bash would set them; `inherited` is GE_USE_STATIC_MEMORY in the
// environment the script starts in (nullopt: not set). `read` gets
// absolute paths, made from `working_directory` (absolute); the job names
// files from there.
[[nodiscard]] inline ShellJob read_shell_job(const std::string& path, const FileReader& read,
                                             std::optional<std::string> inherited = std::nullopt,
                                             const std::string& working_directory = "/") {
  return detail::ShellWalker(read, std::move(inherited), working_directory).walk(path);
}

// Whether a file is a shell script: named .sh or .bash, or its first line
// a "#!" naming sh or bash.
[[nodiscard]] inline bool is_shell_script(std::string_view path, std::string_view text) {
  const auto ends_with = [&](std::string_view suffix) {
    return path.size() >= suffix.size() && path.substr(path.size() - suffix.size()) == suffix;
  };
  if (ends_with(".sh") || ends_with(".bash")) return true;
  if (text.substr(0, 2) != "#!") return false;
  const std::string_view line = text.substr(0, text.find('\n'));
  for (const std::string_view shell : {"/sh", "/bash", " sh", " bash"}) {
    const std::size_t at = line.find(shell);
    if (at != std::string_view::npos) {
      const std::size_t end = at + shell.size();
      if (end == line.size() || line[end] == ' ' || line[end] == '\r') return true;
    }
  }
  return false;
}

}  // namespace jobs
NPU_MEMORY_CONFIG_NAMESPACE_END
