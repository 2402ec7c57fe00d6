#include "jobs.hpp"

#include <algorithm>
#include <filesystem>

#include <npu/memory_config/text.hpp>
#include <npu/memory_config_jobs.hpp>

#include "file_io.hpp"

namespace npu::memcfg {
namespace {

namespace fs = std::filesystem;

jobs::FileReader file_reader() {
  return [](const std::string& path) -> std::optional<std::string> {
    std::error_code error;
    if (!fs::is_regular_file(path, error)) return std::nullopt;
    FileResult file = read_file(path);
    if (!file.ok) return std::nullopt;
    return std::move(file.text);
  };
}

bool starts_with_shell_line(const std::string& path) {
  const FileResult file = read_file(path);
  return file.ok && jobs::is_shell_script(path, file.text.substr(0, file.text.find('\n')));
}

std::string value_text(const jobs::VariableValue& value) {
  switch (value.state) {
    case jobs::VariableValue::State::unset:
      return "not set";
    case jobs::VariableValue::State::value:
      return npu::text::quote(value.value);
    case jobs::VariableValue::State::unknown:
      return npu::text::quote(value.value) + ", known only when the job runs";
  }
  return {};
}

std::string where(const jobs::VariableValue& value) {
  if (value.origin.source.empty()) return "";
  if (!value.origin.position.known()) return " (" + value.how + ")";
  return " (" + value.origin.location_text() + " " + value.how + ")";
}

}  // namespace

bool is_folder(const std::string& path) {
  std::error_code error;
  return fs::is_directory(path, error);
}

bool is_job_script(const std::string& path) {
  std::error_code error;
  if (!fs::is_regular_file(path, error)) return false;
  const fs::path file(path);
  const std::string extension = file.extension().string();
  if (extension == ".sh" || extension == ".bash") return true;
  if (!extension.empty()) return false;
  return starts_with_shell_line(path);
}

std::vector<std::string> job_scripts_under(const std::string& folder) {
  std::vector<std::string> found;
  std::error_code error;
  fs::recursive_directory_iterator it(folder, fs::directory_options::skip_permission_denied, error);
  for (; !error && it != fs::recursive_directory_iterator(); it.increment(error)) {
    const std::string name = it->path().filename().string();
    if (it->is_directory(error) && name.size() > 1 && name[0] == '.') {
      it.disable_recursion_pending();
      continue;
    }
    if (is_job_script(it->path().string())) found.push_back(it->path().lexically_normal().string());
  }
  std::sort(found.begin(), found.end());
  return found;
}

FileReport check_job_script(const std::string& path, const ValidationContext& context,
                            const std::optional<std::string>& inherited, const std::string& working_directory,
                            bool* unreadable) {
  FileReport report;
  report.path = path;
  const FileResult file = read_file(path);
  if (!file.ok) {
    *unreadable = true;
    report.diagnostics.push_back(
        {Severity::error, DiagnosticCode::unreadable_input, {path, {}, {}, {}}, "", "", file.error});
    return report;
  }
  report.text = file.text;
  const jobs::ShellJob job = jobs::read_shell_job(path, file_reader(), inherited, working_directory);
  report.diagnostics = jobs::check_job(job, context);
  return report;
}

std::string explain_job_script(const std::string& path, const std::optional<std::string>& inherited,
                               const std::string& working_directory) {
  const jobs::ShellJob job = jobs::read_shell_job(path, file_reader(), inherited, working_directory);
  std::string out;
  if (job.launches.empty()) out += path + ": no launch of python, torchrun, msrun or mpirun is reached\n";
  for (const jobs::Launch& launch : job.launches) {
    out += "launch " + launch.origin.location_text() + ": " + launch.program + " " +
           launch.launcher.value_or("(a launcher not known before the job runs)") + "\n";
    for (const jobs::LaunchVariable& variable : launch.variables) {
      const bool engine_reads = variable.name == keys::ge_use_static_memory_env;
      out += "  " + variable.name + (engine_reads ? "" : " (the engine does not read it)") + ":";
      if (variable.values.size() > 1) out += " one of";
      out += "\n";
      for (const jobs::VariableValue& value : variable.values) {
        out += "    " + value_text(value) + where(value);
        if (engine_reads && value.state == jobs::VariableValue::State::value) {
          const StaticMemoryRun run = static_memory_run(MemoryConfig{}, Form::json, value.value);
          out += run.variable_read
                     ? ": with static_memory_policy at its default 0 (dynamic), the engine runs " +
                           npu::text::value_text(Field::static_memory_policy, static_cast<std::uint8_t>(run.runs))
                     : R"(: ignored by the engine, which reads only "0" to "4")";
        } else if (engine_reads && value.state == jobs::VariableValue::State::unset) {
          out += ": static_memory_policy runs as the launcher sets it";
        }
        out += "\n";
      }
    }
  }
  return out;
}

}  // namespace npu::memcfg
