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

// Each line of `text`, trimmed at both ends as MindSpore Lite trims it.
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

// Whether the first line that is neither blank nor a comment opens a JSON
// object.
bool looks_like_json(std::string_view text) {
  bool json = false;
  for_each_trimmed_line(text, [&](std::string_view line) {
    if (line.empty() || line.front() == '#') return true;
    json = line.front() == '{';
    return false;
  });
  return json;
}

// Whether `text` names one of the memory keys, as a JSON member does.
bool names_a_memory_key(std::string_view text) {
  for (const std::string_view key :
       {keys::atomic_clean_policy, keys::static_memory_policy, keys::memory_optimization_policy,
        keys::variable_use_1g_huge_page, keys::ge_atomic_clean_policy, keys::ge_static_memory_policy,
        keys::ge_memory_optimization_policy, keys::ge_variable_use_1g_huge_page}) {
    if (text.find("\"" + std::string(key) + "\"") != std::string_view::npos) return true;
  }
  return false;
}

// A config file a launch names, and what it holds; or Lite's defaults.
struct LaunchConfig {
  const jobs::NamedConfigFile* named = nullptr;  // nullptr: the framework's defaults
  std::string text;                              // kept while the read's diagnostics are in use
  std::optional<ReadResult> read;                // nullopt: not read (see `not_read`)
  std::string not_read;                          // why not: "not in the folder checked", ...
};

std::string absolute_path(const std::string& shown, const std::string& working_directory) {
  if (!shown.empty() && shown.front() == '/') return shown;
  return (fs::path(working_directory) / shown).lexically_normal().string();
}

// The file `named` names, read in the form its content shows: a Lite model
// config, or JSON that names a memory key. Anything else (a model's YAML, a
// Python config) is not ours and is left alone.
LaunchConfig named_config(const jobs::NamedConfigFile& named, const std::string& working_directory,
                          std::vector<Diagnostic>& out) {
  LaunchConfig config{&named, "", std::nullopt, ""};
  if (!named.path) {
    config.not_read = "known only when the job runs";
    return config;
  }
  const FileResult file = read_file(absolute_path(*named.path, working_directory));
  if (!file.ok) {
    config.not_read = "not in the folder checked";
    out.push_back({Severity::warning, DiagnosticCode::not_checkable, named.origin, named.option,
                   npu::text::quote(*named.path),
                   "the config file " + npu::text::quote(*named.path) + " is not in the folder checked (" + file.error +
                       "); the launch is checked without it"});
    return config;
  }
  config.text = file.text;
  if (is_lite_config_text(config.text)) {
    config.read = read_text(config.text, Form::mslite, *named.path);
  } else if (looks_like_json(config.text) && names_a_memory_key(config.text)) {
    config.read = read_text(config.text, Form::json, *named.path);
    for (const Diagnostic& diagnostic : config.read->diagnostics) {
      // Another JSON form's text (MindSpore's ascend_config, GE options): read as that form.
      if (diagnostic.code == DiagnosticCode::wrong_form && diagnostic.read_as.size() == 1) {
        config.read = read_text(config.text, diagnostic.read_as.front(), *named.path, diagnostic.read_as_pointer);
        break;
      }
    }
  } else {
    config.not_read = "no memory setting: neither a MindSpore Lite config nor JSON with a memory key";
  }
  return config;
}

// The configs a launch runs: those of the files it names, and Lite's
// defaults for Lite's benchmark when it names none.
std::vector<LaunchConfig> launch_configs(const jobs::Launch& launch, const std::string& working_directory,
                                         std::vector<Diagnostic>& out) {
  std::vector<LaunchConfig> configs;
  bool any_read = false;
  for (const jobs::NamedConfigFile& named : launch.config_files) {
    configs.push_back(named_config(named, working_directory, out));
    any_read = any_read || configs.back().read.has_value();
  }
  if (!any_read && launch.mindspore_lite) configs.push_back({nullptr, "", read_text("", Form::mslite), ""});
  return configs;
}

// A launch's diagnostic about what is written nowhere in the job (Lite's
// defaults, the environment the job starts in) is at the launch.
Diagnostic at_the_launch(Diagnostic diagnostic, const jobs::Launch& launch) {
  if (diagnostic.origin.position.known()) return diagnostic;
  diagnostic.message += " (from " + diagnostic.origin.source_text() + ")";
  diagnostic.origin = launch.origin;
  return diagnostic;
}

// Every problem of a job: what reading its scripts found, then each launch's
// with each config it runs, each reported once.
std::vector<Diagnostic> job_diagnostics(const jobs::ShellJob& job, const ValidationContext& context,
                                        const std::string& working_directory) {
  std::vector<Diagnostic> out = job.diagnostics;
  for (const jobs::Launch& launch : job.launches) {
    std::vector<Diagnostic> found;
    const std::vector<LaunchConfig> configs = launch_configs(launch, working_directory, found);
    bool checked = false;
    for (const LaunchConfig& config : configs) {
      if (!config.read) continue;
      checked = true;
      found.insert(found.end(), config.read->diagnostics.begin(), config.read->diagnostics.end());
      // A config with an error runs nothing: the read's errors say why.
      if (!config.read->ok()) continue;
      for (Diagnostic& diagnostic : jobs::check_launch(launch, context, *config.read->config, config.read->provenance))
        found.push_back(at_the_launch(std::move(diagnostic), launch));
    }
    if (!checked) {
      for (Diagnostic& diagnostic : jobs::check_launch(launch, context))
        found.push_back(at_the_launch(std::move(diagnostic), launch));
    }
    for (Diagnostic& diagnostic : found) detail::add_once(out, std::move(diagnostic));
  }
  return out;
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

// "config file model.ini (--configFile at run.sh:9:40): static_memory_policy
// 2 (expand_static_shape) from model.ini (session)".
std::string config_line(const LaunchConfig& config) {
  if (!config.named) {
    return "config: MindSpore Lite's defaults (it names no config file): static_memory_policy " +
           npu::text::value_text(Field::static_memory_policy,
                                 static_cast<std::uint8_t>(config.read->config->static_memory_policy));
  }
  std::string line = "config file " + (config.named->path ? *config.named->path + " " : std::string()) + "(" +
                     config.named->option + " at " + config.named->origin.location_text() + "): ";
  if (!config.read) return line + config.not_read;
  if (!config.read->ok())
    return line + "has errors (npu-memcfg --check says which), so the launch's config is not known";
  const Field field = Field::static_memory_policy;
  return line + std::string(enum_name(field)) + " " +
         npu::text::value_text(field, static_cast<std::uint8_t>(config.read->config->static_memory_policy)) + " from " +
         config.read->provenance.source_of(field);
}

// What the engine runs with the launch's config and one value of
// GE_USE_STATIC_MEMORY.
std::string what_the_engine_runs(const jobs::VariableValue& value, const LaunchConfig* runs) {
  const Field field = Field::static_memory_policy;
  if (value.state == jobs::VariableValue::State::unset) {
    if (!runs) return ": static_memory_policy runs as the launcher sets it";
    return ": the engine runs " +
           npu::text::value_text(field, static_cast<std::uint8_t>(runs->read->config->static_memory_policy));
  }
  if (value.state != jobs::VariableValue::State::value) return "";
  const MemoryConfig config = runs ? *runs->read->config : MemoryConfig{};
  const StaticMemoryRun run = static_memory_run(config, Form::json, value.value);
  if (!run.variable_read) return R"(: ignored by the engine, which reads only "0" to "4")";
  const std::string option =
      runs ? std::string(enum_name(field)) + " " +
                 npu::text::value_text(field, static_cast<std::uint8_t>(config.static_memory_policy)) + " from " +
                 runs->read->provenance.source_of(field)
           : "static_memory_policy at its default 0 (dynamic)";
  return ": with " + option + ", the engine runs " + npu::text::value_text(field, static_cast<std::uint8_t>(run.runs));
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

bool is_lite_config_file(const std::string& path) {
  const std::string extension = fs::path(path).extension().string();
  if (extension != ".ini" && extension != ".cfg") return false;
  const FileResult file = read_file(path);
  return file.ok && is_lite_config_text(file.text);
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
    if (is_job_script(path)) {
      found.push_back({it->path().lexically_normal().string(), JobFile::Kind::shell_script});
    } else if (is_lite_config_file(path)) {
      found.push_back({it->path().lexically_normal().string(), JobFile::Kind::lite_config});
    }
  }
  std::sort(found.begin(), found.end(), [](const JobFile& a, const JobFile& b) { return a.path < b.path; });
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
  report.diagnostics = job_diagnostics(job, context, working_directory);
  return report;
}

std::string explain_job_script(const std::string& path, const std::optional<std::string>& inherited,
                               const std::string& working_directory) {
  const jobs::ShellJob job = jobs::read_shell_job(path, file_reader(), inherited, working_directory);
  std::string out;
  if (job.launches.empty()) out += path + ": no launch of python, torchrun, msrun, mpirun or benchmark is reached\n";
  for (const jobs::Launch& launch : job.launches) {
    out += "launch " + launch.origin.location_text() + ": " + launch.program;
    if (!launch.mindspore_lite) out += " " + launch.launcher.value_or("(a launcher not known before the job runs)");
    out += "\n";
    std::vector<Diagnostic> ignored;
    const std::vector<LaunchConfig> configs = launch_configs(launch, working_directory, ignored);
    // The config the launch runs, for what GE_USE_STATIC_MEMORY makes of it.
    const LaunchConfig* runs = nullptr;
    for (const LaunchConfig& config : configs) {
      out += "  " + config_line(config) + "\n";
      if (!runs && config.read && config.read->ok()) runs = &config;
    }
    for (const jobs::LaunchVariable& variable : launch.variables) {
      const bool engine_reads = variable.name == keys::ge_use_static_memory_env;
      out += "  " + variable.name + (engine_reads ? "" : " (the engine does not read it)") + ":";
      if (variable.values.size() > 1) out += " one of";
      out += "\n";
      for (const jobs::VariableValue& value : variable.values) {
        out += "    " + value_text(value) + where(value);
        if (engine_reads) out += what_the_engine_runs(value, runs);
        out += "\n";
      }
    }
  }
  return out;
}

}  // namespace npu::memcfg
