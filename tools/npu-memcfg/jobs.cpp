#include "jobs.hpp"

#include <algorithm>
#include <filesystem>
#include <utility>

#include <npu/memory_config/validation/text.hpp>

#include "file_io.hpp"
#include "report.hpp"

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

// One name for each file, however the job spells it (`./train.py`,
// `train.py`): what launchers are told apart by.
std::string absolute_path(const std::string& shown, const std::string& working_directory) {
  return fs::path(path_in(working_directory, shown)).lexically_normal().string();
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

// The file `named` names, read in the form its content shows: a Lite model
// config, or JSON that names a memory key. Anything else (a model's YAML, a
// Python config) is not ours and is left alone.
RunConfig named_config(const jobs::NamedConfigFile& named, const std::string& working_directory,
                       std::vector<Diagnostic>& notes) {
  RunConfig config;
  config.described = "config file " + (named.path ? *named.path + " " : std::string()) + "(" + named.option + " at " +
                     named.origin.location_text() + ")";
  if (!named.path) {
    config.not_read = "known only when the job runs";
    return config;
  }
  const FileResult file = read_file(absolute_path(*named.path, working_directory));
  if (!file.ok) {
    config.not_read = "not in the folder checked";
    notes.push_back({Severity::warning, DiagnosticCode::not_checkable, named.origin, named.option,
                     npu::text::quote(*named.path),
                     "the config file " + npu::text::quote(*named.path) + " is not in the folder checked (" +
                         file.error + "); the launch is checked without it"});
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

// Whether a config read says anything of the memory settings: a field it
// gives, or a problem.
bool sets_a_field(const ReadResult& read) {
  if (!read.ok() || !read.diagnostics.empty()) return true;
  for (const Field field : enum_values<Field>()) {
    if (!read.provenance.is_default(field)) return true;
  }
  return false;
}

bool imports(const LauncherFacts& facts, std::string_view framework) {
  for (const std::string& have : facts.frameworks) {
    if (have == framework) return true;
  }
  return false;
}

// A launch's diagnostic about what is written nowhere in the job (a
// framework's defaults, the environment the job starts in) is at the
// launch, when it has a place.
Diagnostic at_the_launch(Diagnostic diagnostic, const jobs::Launch& launch) {
  if (diagnostic.origin.position.known() || !launch.origin.position.known()) return diagnostic;
  diagnostic.message += " (from " + diagnostic.origin.source_text() + ")";
  diagnostic.origin = launch.origin;
  return diagnostic;
}

// What an inert setting does instead of running the engine.
// A jit_level's effect depends on the launch's rank table, for which
// MindSpore 2.5 and later run "O2" whatever the launcher gives.
std::string inert_effect(const InertSetting& inert, jobs::Presence rank_table) {
  if (inert.framework == "torchair") {
    return "compiles the model without the graph engine (torchair's captured NPU graphs)";
  }
  const char* releases = "MindSpore 2.3 and later";
  if (inert.what == "jit_level" && rank_table == jobs::Presence::every_path) {
    releases = "MindSpore 2.3 and 2.4: 2.5 and later run \"O2\" for a rank-table launch";
  } else if (inert.what == "jit_level" && rank_table == jobs::Presence::some_paths) {
    releases = "MindSpore 2.3 and later; 2.5 and later run \"O2\" where the launch has a rank table";
  }
  return std::string("runs MindSpore kernel by kernel on its own memory pool (") + releases + "), without the engine";
}

// The settings a launch's job writes (not a framework's defaults): its
// configs, and the variable's values set in the job.
std::vector<std::string> written_settings(const jobs::Launch& launch, const std::vector<RunConfig>& configs) {
  std::vector<std::string> settings;
  for (const RunConfig& config : configs) {
    if (config.read && config.described.rfind("config: ", 0) != 0) settings.push_back(config.described);
  }
  for (const jobs::VariableValue& value : launch.ge_use_static_memory().values) {
    if (value.state == jobs::VariableValue::State::value && value.origin.position.known()) {
      settings.push_back(std::string(keys::ge_use_static_memory_env) + " at " + value.origin.location_text());
    }
  }
  return settings;
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

std::string static_policy_text(const ReadResult& read) {
  const Field field = Field::static_memory_policy;
  return std::string(enum_name(field)) + " " +
         npu::text::value_text(field, static_cast<std::uint8_t>(read.config->static_memory_policy)) + " from " +
         read.provenance.source_of(field);
}

// "config file model.ini (--configFile at run.sh:9:40): static_memory_policy
// 2 (expand_static_shape) from model.ini (session)".
std::string config_line(const RunConfig& config) {
  const std::string line = config.described + ": ";
  if (!config.read) return line + config.not_read;
  if (!config.read->ok())
    return line + "has errors (npu-memcfg --check says which), so the launch's config is not known";
  if (!config.complete) return line + "holds values known only when the job runs, so what the engine runs is not known";
  return line + static_policy_text(*config.read);
}

// What the engine runs with the launch's config and one value of
// GE_USE_STATIC_MEMORY.
std::string what_the_engine_runs(const jobs::VariableValue& value, const RunConfig* runs, bool config_unknown) {
  const Field field = Field::static_memory_policy;
  if (config_unknown) return ": what the engine runs depends on the config's values known only when the job runs";
  if (value.state == jobs::VariableValue::State::unset) {
    if (!runs) return ": static_memory_policy runs as the launcher sets it";
    return ": the engine runs " +
           npu::text::value_text(field, static_cast<std::uint8_t>(runs->read->config->static_memory_policy));
  }
  if (value.state != jobs::VariableValue::State::value) return "";
  const MemoryConfig config = runs ? *runs->read->config : MemoryConfig{};
  const StaticMemoryRun run = static_memory_run(config, Form::json, value.value);
  if (!run.variable_read) return R"(: ignored by the engine, which reads only "0" to "4")";
  const std::string option = runs ? static_policy_text(*runs->read) : "static_memory_policy at its default 0 (dynamic)";
  return ": with " + option + ", the engine runs " + npu::text::value_text(field, static_cast<std::uint8_t>(run.runs));
}

}  // namespace

JobChecker::JobChecker(const ValidationContext& context, std::optional<std::string> inherited,
                       std::string working_directory)
    : context_(context), inherited_(std::move(inherited)), working_directory_(std::move(working_directory)) {}

void JobChecker::read(const std::vector<JobFile>& files) {
  std::map<std::string, std::string> launchers;  // shown by absolute
  for (const JobFile& file : files) {
    if (file.kind == JobFile::Kind::python_launcher) {
      launchers[absolute_path(file.path, working_directory_)] = file.path;
    } else if (file.kind == JobFile::Kind::shell_script && scripts_.count(file.path) == 0) {
      const jobs::ShellJob& job = scripts_[file.path] =
          jobs::read_shell_job(file.path, file_reader(), inherited_, working_directory_);
      for (const jobs::Launch& launch : job.launches) {
        if (launch.launcher && launch.launcher->size() > 3 &&
            launch.launcher->compare(launch.launcher->size() - 3, 3, ".py") == 0) {
          const std::string absolute = absolute_path(*launch.launcher, working_directory_);
          std::error_code error;
          if (fs::is_regular_file(absolute, error)) {
            launchers.emplace(absolute, *launch.launcher);
            started_.emplace(absolute, *launch.launcher);
          }
        }
      }
    }
  }
  python_ = read_python_launchers(launchers);
}

const LauncherFacts* JobChecker::facts_of(const std::string& shown) const {
  const auto found = python_.launchers.find(absolute_path(shown, working_directory_));
  return found == python_.launchers.end() ? nullptr : &found->second;
}

jobs::Launch JobChecker::launcher_alone(const std::string& path) const {
  jobs::Launch launch;
  launch.origin = Origin{path, {}, {}, {}};
  launch.program = "python3";
  launch.launcher = path;
  jobs::VariableValue value;
  if (inherited_) {
    value = {jobs::VariableValue::State::value, *inherited_,
             Origin{std::string(keys::ge_use_static_memory_env), {}, {}, {}}, "environment"};
  }
  launch.variables.push_back({std::string(keys::ge_use_static_memory_env), {value}});
  return launch;
}

JobChecker::PreparedLaunch JobChecker::prepare(const jobs::Launch& launch) const {
  PreparedLaunch prepared{launch, launch, {}, {}, nullptr};
  for (const jobs::NamedConfigFile& named : launch.config_files) {
    prepared.configs.push_back(named_config(named, working_directory_, prepared.notes));
  }
  if (launch.launcher) prepared.launcher = facts_of(*launch.launcher);
  if (const LauncherFacts* facts = prepared.launcher) {
    if (facts->not_read) prepared.notes.push_back(*facts->not_read);
    prepared.launch = jobs::with_launcher_environment(launch, facts->environment, prepared.notes);
    prepared.notes.insert(prepared.notes.end(), facts->not_checkable.begin(), facts->not_checkable.end());
    for (const LauncherConfig& written : facts->configs) {
      RunConfig config;
      config.described = written.what + " at " + written.origin.location_text() +
                         (written.certain ? "" : " (which may or may not run)");
      config.read = read_launcher_config(written);
      config.complete = written.complete;
      // ascend_config={"precision_mode": …} sets nothing of the engine's memory.
      if (sets_a_field(*config.read)) prepared.configs.push_back(std::move(config));
    }
  }
  bool any_read = false;
  for (const RunConfig& config : prepared.configs) any_read = any_read || config.read.has_value();
  if (!any_read && launch.mindspore_lite) {
    prepared.configs.push_back({"config: MindSpore Lite's defaults (it names no config file)", "",
                                read_text("", Form::mslite, "MindSpore Lite's defaults"), ""});
  } else if (!any_read && prepared.launcher && imports(*prepared.launcher, "mindspore")) {
    prepared.configs.push_back({"config: MindSpore's defaults (its launcher writes no ascend_config)", "",
                                read_text("{}", Form::mindspore, "MindSpore"), ""});
  } else if (!any_read && prepared.launcher && imports(*prepared.launcher, "torchair")) {
    // torchair passes engine options of its own (docs/settings.md, the runtimes).
    ReadResult forced;
    forced.config = effective_config(MemoryConfig{}, Form::torchair, std::nullopt);
    forced.provenance.config_source = "torchair";
    for (Provenance::FieldOrigin& field : forced.provenance.fields) field.origin.source = "torchair's options";
    prepared.configs.push_back(
        {"config: torchair's options (it passes the engine options of its own)", "", std::move(forced), ""});
  }
  return prepared;
}

// The runtime a launch's settings go through: the one --format names, else
// the framework its launcher imports, when it imports one.
ValidationContext JobChecker::context_for(const PreparedLaunch& prepared) const {
  ValidationContext context = context_;
  if (context.target != Form::json || !prepared.launcher || prepared.launcher->frameworks.size() != 1) return context;
  context.target = enum_cast<Form>(prepared.launcher->frameworks.front()).value_or(Form::json);
  return context;
}

std::vector<Diagnostic> JobChecker::launch_diagnostics(const PreparedLaunch& prepared) const {
  const jobs::Launch& launch = prepared.launch;
  const ValidationContext context = context_for(prepared);
  std::vector<Diagnostic> found = prepared.notes;
  bool checked = false;
  for (const RunConfig& config : prepared.configs) {
    if (!config.read) continue;
    checked = true;
    found.insert(found.end(), config.read->diagnostics.begin(), config.read->diagnostics.end());
    // A config with an error runs nothing: the read's errors say why. One
    // with a value known only at run time is not guessed at.
    if (!config.read->ok() || !config.complete) continue;
    for (Diagnostic& diagnostic : jobs::check_launch(launch, context, *config.read->config, config.read->provenance))
      found.push_back(at_the_launch(std::move(diagnostic), launch));
  }
  if (!checked) {
    for (Diagnostic& diagnostic : jobs::check_launch(launch, context))
      found.push_back(at_the_launch(std::move(diagnostic), launch));
  }
  for (Diagnostic& diagnostic : inert_diagnostics(prepared)) found.push_back(std::move(diagnostic));
  return found;
}

namespace {

// Whether the value set at `at` is the only one its variable may hold at
// `launch`; true where `at` is no variable's value (a config's).
bool set_on_every_path(const jobs::Launch& launch, const Origin& at) {
  for (const jobs::LaunchVariable& variable : launch.variables) {
    for (const jobs::VariableValue& value : variable.values) {
      if (value.origin.same_place(at)) return variable.values.size() == 1;
    }
  }
  return true;
}

}  // namespace

std::vector<Diagnostic> once_per_place(std::vector<ReachedDiagnostic> reached) {
  std::vector<ReachedDiagnostic> kept;
  std::vector<std::vector<std::string>> others;
  for (ReachedDiagnostic& next : reached) {
    const auto same = [&](const ReachedDiagnostic& have) {
      return have.diagnostic.severity == next.diagnostic.severity && have.diagnostic.code == next.diagnostic.code &&
             have.diagnostic.origin.same_place(next.diagnostic.origin) && next.diagnostic.origin.position.known();
    };
    const auto found = std::find_if(kept.begin(), kept.end(), same);
    if (found == kept.end()) {
      kept.push_back(std::move(next));
      others.emplace_back();
      continue;
    }
    std::vector<std::string>& also = others[static_cast<std::size_t>(found - kept.begin())];
    if (next.certain && !found->certain) std::swap(*found, next);
    const std::string place = next.launch.location_text();
    if (next.launch.position.known() && place != found->launch.location_text() &&
        std::find(also.begin(), also.end(), place) == also.end()) {
      also.push_back(place);
    }
  }
  std::vector<Diagnostic> out;
  for (std::size_t i = 0; i < kept.size(); ++i) {
    if (!others[i].empty()) {
      kept[i].diagnostic.message += others[i].size() == 1
                                        ? " (the launch at " + others[i][0] + " gets it too)"
                                        : " (the launches at " + npu::text::joined(others[i], " and ") + " get it too)";
    }
    out.push_back(std::move(kept[i].diagnostic));
  }
  return out;
}

// The product on which MindSpore 2.5 and later run this launcher kernel by
// kernel by themselves: Atlas A2 and A3, where it writes no execution mode
// and the launch has no rank table on every path.
std::optional<Product> JobChecker::kernel_by_kernel_by_default(const LauncherFacts& launcher,
                                                               jobs::Presence rank_table) const {
  const std::optional<Product> product = context_.product ? context_.product : context_.soc_product();
  if (!launcher.inert.empty() || launcher.jit_level_given || !imports(launcher, "mindspore") || !product ||
      (*product != Product::atlas_a2 && *product != Product::atlas_a3) || rank_table == jobs::Presence::every_path) {
    return std::nullopt;
  }
  return product;
}

// Whether the launch has a rank table: from the script, then as its
// launcher's writes before its set_context leave it.
jobs::Presence JobChecker::rank_table_of(const PreparedLaunch& prepared) {
  jobs::Presence presence = prepared.started.rank_table;
  if (!prepared.launcher) return presence;
  std::optional<SourcePosition> set_context;
  for (const LauncherConfig& config : prepared.launcher->configs) {
    if (config.form == Form::mindspore && !set_context) set_context = config.origin.position;
  }
  for (const jobs::EnvironmentWrite& write : prepared.launcher->environment) {
    const bool names_one = std::any_of(std::begin(jobs::rank_table_variables), std::end(jobs::rank_table_variables),
                                       [&](const char* name) { return write.name == name; });
    if (!names_one || (set_context && *set_context < write.origin.position)) continue;
    const bool sets = write.operation != jobs::EnvironmentWrite::Operation::unset;
    if (write.certain) {
      presence = sets ? jobs::Presence::every_path : jobs::Presence::none;
    } else if (sets || presence == jobs::Presence::every_path) {
      presence = jobs::Presence::some_paths;
    }
  }
  return presence;
}

// What runs without the engine, where the job writes the engine's memory
// settings (15.2): one warning at the value that decides, naming them.
std::vector<Diagnostic> JobChecker::inert_diagnostics(const PreparedLaunch& prepared) const {
  std::vector<Diagnostic> found;
  const LauncherFacts* launcher = prepared.launcher;
  const std::vector<std::string> settings = written_settings(prepared.launch, prepared.configs);
  if (!launcher || settings.empty()) return found;
  const std::string inert_ones = npu::text::joined(settings, " and ");
  const jobs::Presence rank_table = rank_table_of(prepared);
  for (const InertSetting& inert : launcher->inert) {
    found.push_back({Severity::warning, DiagnosticCode::inert_settings, inert.origin, inert.what,
                     npu::text::quote(inert.value),
                     inert.what + " " + npu::text::quote(inert.value) + " " + inert_effect(inert, rank_table) +
                         ": the engine's memory settings do nothing there: " + inert_ones +
                         (inert.certain ? "" : " (where it is set)")});
  }
  if (const std::optional<Product> product = kernel_by_kernel_by_default(*launcher, rank_table)) {
    Origin at = prepared.launch.origin;
    for (const LauncherConfig& config : launcher->configs) {
      if (config.form == Form::mindspore || config.form == Form::ge) {
        at = config.origin;
        break;
      }
    }
    found.push_back({Severity::warning, DiagnosticCode::inert_settings, at, "jit_level", "",
                     "the launcher sets no jit_level, and on the " + std::string(describe(*product).description) +
                         " MindSpore 2.5 and later then run kernel by kernel, without the engine (\"O2\" only for a "
                         "rank-table launch): the engine's memory settings do nothing unless the job runs jit_level "
                         "\"O2\"" +
                         (rank_table == jobs::Presence::some_paths ? " or the launch has a rank table (set on some "
                                                                     "paths only)"
                                                                   : "") +
                         ": " + inert_ones});
  }
  return found;
}

FileReport JobChecker::check(const JobFile& file, bool* unreadable) const {
  FileReport report;
  report.path = file.path;
  const FileResult read = read_file(file.path);
  if (!read.ok) {
    *unreadable = true;
    report.diagnostics.push_back(
        {Severity::error, DiagnosticCode::unreadable_input, {file.path, {}, {}, {}}, "", "", read.error});
    return report;
  }
  report.text = read.text;
  std::vector<Diagnostic> found;
  if (file.kind == JobFile::Kind::python_launcher) {
    // A launcher a script of this run starts is checked in its job, with
    // the environment the script gives it; one that writes nothing of the
    // engine's prints nothing.
    if (started_.count(absolute_path(file.path, working_directory_)) != 0) return report;
    const PreparedLaunch prepared = prepare(launcher_alone(file.path));
    bool writes = prepared.launcher && prepared.launcher->not_read;
    for (const jobs::LaunchVariable& variable : prepared.launch.variables) {
      for (const jobs::VariableValue& value : variable.values) writes = writes || value.origin.position.known();
    }
    for (const RunConfig& config : prepared.configs) writes = writes || config.described.rfind("config: ", 0) != 0;
    // A setting or a config written as no literal the form reads (a
    // variable, TF2's True, ascend_config=make()) is written all the same:
    // the run says it cannot be checked.
    if (prepared.launcher && !prepared.launcher->not_checkable.empty()) writes = true;
    if (writes) found = launch_diagnostics(prepared);
  } else {
    const jobs::ShellJob& job = scripts_.at(file.path);
    for (const Diagnostic& diagnostic : job.diagnostics) {
      // Exported by another script of the run that sources this one.
      if (diagnostic.code != DiagnosticCode::not_exported || !exported_elsewhere(diagnostic.origin))
        found.push_back(diagnostic);
    }
    std::vector<ReachedDiagnostic> reached;
    for (const jobs::Launch& launch : job.launches) {
      for (Diagnostic& diagnostic : launch_diagnostics(prepare(launch))) {
        const bool certain = set_on_every_path(launch, diagnostic.origin);
        reached.push_back({std::move(diagnostic), launch.origin, certain});
      }
    }
    if (const std::optional<jobs::Launch> left = environment_left(job)) {
      for (Diagnostic& diagnostic : launch_diagnostics(prepare(*left))) {
        const bool certain = set_on_every_path(*left, diagnostic.origin);
        reached.push_back({std::move(diagnostic), left->origin, certain});
      }
    }
    for (Diagnostic& diagnostic : once_per_place(std::move(reached))) found.push_back(std::move(diagnostic));
  }
  for (Diagnostic& diagnostic : found) add_once(report.diagnostics, std::move(diagnostic));
  return report;
}

std::string JobChecker::explain_launch(const PreparedLaunch& prepared, const std::string& heading) const {
  const jobs::Launch& launch = prepared.launch;
  std::string out = heading + "\n";
  // The config the launch runs, for what GE_USE_STATIC_MEMORY makes of it.
  const RunConfig* runs = nullptr;
  bool config_unknown = false;
  for (const RunConfig& config : prepared.configs) {
    out += "  " + config_line(config) + "\n";
    if (!runs && config.read && config.read->ok() && config.complete) runs = &config;
    config_unknown = config_unknown || (config.read && !config.complete);
  }
  config_unknown = config_unknown && runs == nullptr;
  if (prepared.launcher) {
    for (const InertSetting& inert : prepared.launcher->inert) {
      out += "  " + inert.what + " " + npu::text::quote(inert.value) + " at " + inert.origin.location_text() + ": " +
             inert_effect(inert, rank_table_of(prepared)) + ": the memory settings below do nothing\n";
    }
    if (const std::optional<Product> product =
            kernel_by_kernel_by_default(*prepared.launcher, rank_table_of(prepared))) {
      out += "  no jit_level: on the " + std::string(describe(*product).description) +
             ", MindSpore 2.5 and later run kernel by kernel, without the engine, unless the job runs jit_level "
             "\"O2\": the memory settings below do nothing then\n";
    }
  }
  // Each variable as the launch starts, then as its launcher leaves it
  // where the launcher writes it.
  for (const jobs::LaunchVariable& variable : launch.variables) {
    const bool engine_reads = variable.name == keys::ge_use_static_memory_env;
    const jobs::LaunchVariable* started = nullptr;
    for (const jobs::LaunchVariable& have : prepared.started.variables) {
      if (have.name == variable.name) started = &have;
    }
    const bool changed = started == nullptr || !(started->values == variable.values);
    out += "  " + variable.name + (engine_reads ? "" : " (the engine does not read it)") + ":";
    if (!changed && variable.values.size() > 1) out += " one of";
    out += "\n";
    if (!changed) {
      for (const jobs::VariableValue& value : variable.values) {
        out += "    " + value_text(value) + where(value);
        if (engine_reads) out += what_the_engine_runs(value, runs, config_unknown);
        out += "\n";
      }
      continue;
    }
    for (const jobs::VariableValue& value : started ? started->values : std::vector<jobs::VariableValue>{{}}) {
      out += "    " + value_text(value) + where(value) + ": as the launch starts\n";
    }
    const std::string then = "    then, as " + launch.launcher.value_or("its launcher") + " leaves it" +
                             (variable.values.size() > 1 ? ", one of" : "") + ": ";
    for (const jobs::VariableValue& value : variable.values) {
      out += then + value_text(value) + where(value);
      if (engine_reads) out += what_the_engine_runs(value, runs, config_unknown);
      out += "\n";
    }
  }
  return out;
}

bool JobChecker::exported_elsewhere(const Origin& assignment) const {
  const auto holds = [&](const jobs::Launch& launch) { return jobs::gets_value_from(launch, assignment); };
  for (const auto& [path, job] : scripts_) {
    if (job.left && holds(*job.left)) return true;
    if (std::any_of(job.launches.begin(), job.launches.end(), holds)) return true;
  }
  return false;
}

std::optional<jobs::Launch> JobChecker::environment_left(const jobs::ShellJob& job) const {
  std::optional<jobs::Launch> left = job.left;
  for (auto script = scripts_.begin(); left && script != scripts_.end(); ++script) {
    left = jobs::unreached_values(std::move(*left), script->second.launches);
  }
  return left;
}

std::string JobChecker::explain(const JobFile& file) const {
  if (file.kind == JobFile::Kind::python_launcher) {
    return explain_launch(prepare(launcher_alone(file.path)), "launcher " + file.path + ":");
  }
  const jobs::ShellJob& job = scripts_.at(file.path);
  std::string out;
  if (job.launches.empty()) {
    out += file.path + ": no launch of python, torchrun, msrun, mpirun or benchmark is reached\n";
  }
  for (const jobs::Launch& launch : job.launches) {
    std::string heading = "launch " + launch.origin.location_text() + ": " + launch.program;
    if (!launch.mindspore_lite) heading += " " + launch.launcher.value_or("(a launcher not known before the job runs)");
    out += explain_launch(prepare(launch), heading);
  }
  if (const std::optional<jobs::Launch> left = environment_left(job)) {
    out += explain_launch(prepare(*left), file.path + " (environment left at its end):");
  }
  return out;
}

}  // namespace npu::memcfg
