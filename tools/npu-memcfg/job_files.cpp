#include "job_files.hpp"

#include <algorithm>
#include <filesystem>

#include <npu/memory_config_jobs.hpp>

#include "file_io.hpp"

namespace npu::memcfg {
namespace {

namespace fs = std::filesystem;

// Each line of `text`, trimmed at both ends as MindSpore Lite trims it,
// until `visit` returns false.
template <class Visit>
void for_each_trimmed_line(std::string_view text, Visit visit) {
  constexpr std::string_view blanks = " \t\r\n\v\f";
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    const std::size_t first = line.find_first_not_of(blanks);
    line = first == std::string_view::npos ? std::string_view() : line.substr(first);
    line = line.substr(0, line.find_last_not_of(blanks) + 1);
    if (!visit(line)) return;
  }
}

bool is_lite_config_file(const std::string& path) {
  const std::string extension = fs::path(path).extension().string();
  if (extension != ".ini" && extension != ".cfg") return false;
  const FileResult file = read_file(path);
  return file.ok && is_lite_config_text(file.text);
}

}  // namespace

bool is_lite_config_text(std::string_view text) {
  bool found = false;
  for_each_trimmed_line(text, [&](std::string_view line) {
    const bool ge_options =
        line.size() > 12 && line.substr(0, 4) == "[ge_" && line.substr(line.size() - 9) == "_options]";
    found = line == "[ascend_context]" || ge_options;
    return !found;
  });
  return found;
}

bool looks_like_json(std::string_view text) {
  bool json = false;
  for_each_trimmed_line(text, [&](std::string_view line) {
    if (line.empty() || line.front() == '#') return true;
    json = line.front() == '{';
    return false;
  });
  return json;
}

bool is_folder(const std::string& path) {
  std::error_code error;
  return fs::is_directory(path, error);
}

bool job_file_kind(const std::string& path, JobFile::Kind* kind) {
  std::error_code error;
  if (!fs::is_regular_file(path, error)) return false;
  const std::string extension = fs::path(path).extension().string();
  if (extension == ".py") {
    *kind = JobFile::Kind::python_launcher;
    return true;
  }
  *kind = JobFile::Kind::shell_script;
  if (extension == ".sh" || extension == ".bash") return true;
  if (!extension.empty()) return false;
  // A script without an extension is told by its first line (#!/bin/bash).
  constexpr std::size_t first_line_limit = 4096;
  const FileResult file = read_file_start(path, first_line_limit);
  return file.ok && jobs::is_shell_script(path, file.text.substr(0, file.text.find('\n')));
}

std::vector<JobFile> job_files_under(const std::string& folder) {
  std::vector<JobFile> found;
  std::error_code error;
  fs::recursive_directory_iterator it(folder, fs::directory_options::skip_permission_denied, error);
  for (; !error && it != fs::recursive_directory_iterator(); it.increment(error)) {
    const std::string name = it->path().filename().string();
    if (it->is_directory(error) && name.size() > 1 && name[0] == '.') {
      it.disable_recursion_pending();
      continue;
    }
    const std::string path = it->path().string();
    JobFile::Kind kind = JobFile::Kind::shell_script;
    if (job_file_kind(path, &kind)) {
      found.push_back({it->path().lexically_normal().string(), kind});
    } else if (is_lite_config_file(path)) {
      found.push_back({it->path().lexically_normal().string(), JobFile::Kind::lite_config});
    }
  }
  std::sort(found.begin(), found.end(), [](const JobFile& a, const JobFile& b) { return a.path < b.path; });
  return found;
}

}  // namespace npu::memcfg
