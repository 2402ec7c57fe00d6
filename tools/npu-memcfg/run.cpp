#include "run.hpp"

#include <algorithm>

#include <npu/memory_config/jobs/launch.hpp>
#include <npu/memory_config/json/schema.hpp>
#include <npu/memory_config/validation/contradictions.hpp>
#include <npu/memory_config/validation/field_text.hpp>
#include <npu/memory_config_json.hpp>

#include "check.hpp"
#include "explain.hpp"
#include "fix.hpp"
#include "jobs.hpp"
#include "options.hpp"
#include "output.hpp"
#include "report.hpp"

namespace npu::memcfg {
namespace {

std::string version_number() {
  return std::to_string(NPU_MEMORY_CONFIG_VERSION_MAJOR) + "." + std::to_string(NPU_MEMORY_CONFIG_VERSION_MINOR) + "." +
         std::to_string(NPU_MEMORY_CONFIG_VERSION_PATCH);
}

std::optional<std::string_view> variable_of(const Environment& environment) {
  if (!environment.ge_use_static_memory) return std::nullopt;
  return std::string_view(*environment.ge_use_static_memory);
}

// The context the flags and the environment give; views of both.
ValidationContext context_of(const Options& options, const Environment& environment) {
  ValidationContext context;
  context.product = options.product;
  if (options.soc_version) context.soc_version = *options.soc_version;
  context.concurrent_graphs = options.concurrent_graphs;
  // The runtime the config is for: the one it is printed for, else the
  // one whose form it was read in, else none (a config file, flags).
  context.target = options.format ? *options.format : options.from.value_or(Form::json);
  context.ge_use_static_memory = variable_of(environment);
  context.cann_release = options.cann_release;
  return context;
}

// One CONFIG (or none: the defaults) read, overridden by the field flags and
// validated in the context the options give.
struct Evaluation {
  FileReport report;
  bool readable = true;     // false: the CONFIG could not be read
  bool read_whole = false;  // the config was read, and the flags applied, without an error
  MemoryConfig config;
  Provenance provenance;
};

Evaluation evaluate(const Options& options, const std::optional<std::string>& path, const Environment& environment,
                    const std::function<FileResult()>& read_standard_input) {
  Evaluation result;
  result.report.path = path;
  std::vector<Diagnostic>& diagnostics = result.report.diagnostics;
  std::string source;  // the readers keep views of it until they return
  bool read = true;
  if (path) {
    source = file_name(*path);
    const FileResult file = *path == "-" ? read_standard_input() : read_file(*path);
    if (!file.ok) {
      result.readable = false;
      diagnostics.push_back(
          {Severity::error, DiagnosticCode::unreadable_input, {source, {}, {}, {}}, "", "", file.error});
      return result;
    }
    result.report.text = file.text;
    ReadResult result_of_read =
        read_text(result.report.text, options.from.value_or(Form::json), source, options.pointer.value_or(""));
    diagnostics = std::move(result_of_read.diagnostics);
    read = result_of_read.ok();
    if (read) {
      result.config = *result_of_read.config;
      result.provenance = std::move(result_of_read.provenance);
    }
  }
  for (const FieldFlag& flag : options.field_flags) {
    for (Diagnostic& diagnostic :
         set_field_from_text(result.config, flag.field, flag.value, flag.flag, &result.provenance)) {
      diagnostics.push_back(std::move(diagnostic));
    }
  }
  result.read_whole = read && !has_errors(diagnostics);
  if (result.read_whole) {
    for (Diagnostic& diagnostic : validate(result.config, context_of(options, environment), result.provenance)) {
      diagnostics.push_back(std::move(diagnostic));
    }
    diagnostics = without_contradictions(std::move(diagnostics));
  }
  if (options.werror) {
    for (Diagnostic& diagnostic : diagnostics) diagnostic.severity = Severity::error;
  }
  return result;
}

// The launchers could not be read: no python3, or one too old.
FileReport python_problem_report(const JobChecker& jobs) {
  return {
      std::nullopt,
      "",
      {{Severity::error, DiagnosticCode::unreadable_input, {"python3", {}, {}, {}}, "", "", jobs.python_problem()}}};
}

// A text read twice (a sourced file checked on its own and in the script
// that sources it, a Lite config alone and in its launch) is reported
// once: where it was first found.
void drop_repeated_diagnostics(std::vector<FileReport>& reports) {
  std::vector<Diagnostic> seen;
  for (FileReport& report : reports) {
    std::vector<Diagnostic> kept;
    for (Diagnostic& diagnostic : report.diagnostics) {
      const auto same = [&](const Diagnostic& have) { return have.same_report(diagnostic); };
      if (diagnostic.origin.position.known() && std::any_of(seen.begin(), seen.end(), same)) continue;
      if (diagnostic.origin.position.known()) seen.push_back(diagnostic);
      kept.push_back(std::move(diagnostic));
    }
    report.diagnostics = std::move(kept);
  }
}

}  // namespace

CheckRun check_paths(const Options& options, const Environment& environment,
                     const std::function<FileResult()>& read_standard_input) {
  CheckRun run;
  std::vector<FileReport>& reports = run.reports;
  bool& unreadable = run.unreadable;
  bool& invalid = run.invalid;
  const auto check_config = [&](const Options& reading, const std::string& path) {
    Evaluation evaluation = evaluate(reading, path, environment, read_standard_input);
    unreadable = unreadable || !evaluation.readable;
    invalid = invalid || has_errors(evaluation.report.diagnostics);
    reports.push_back(std::move(evaluation.report));
  };
  // Jobs where they are written: a folder's files, a script, a launcher;
  // every CONFIG else. The jobs' files are read first: Python once for all.
  struct Item {
    std::optional<JobFile> job;
    std::string config;
  };
  std::vector<Item> items;
  std::vector<JobFile> job_files;
  for (const std::string& path : options.config_paths) {
    JobFile::Kind kind = JobFile::Kind::shell_script;
    if (path != "-" && is_folder(path)) {
      for (const JobFile& file : job_files_under(path)) items.push_back({file, ""});
    } else if (path != "-" && !options.from && job_file_kind(path, &kind)) {
      items.push_back({JobFile{path, kind}, ""});
    } else {
      items.push_back({std::nullopt, path});
    }
  }
  for (const Item& item : items) {
    if (item.job) job_files.push_back(*item.job);
  }
  JobChecker jobs(context_of(options, environment), environment.ge_use_static_memory, environment.working_directory);
  jobs.read(job_files);
  if (!jobs.python_problem().empty()) {
    unreadable = true;
    reports.push_back(python_problem_report(jobs));
  }
  for (const Item& item : items) {
    if (!item.job) {
      check_config(options, item.config);
    } else if (item.job->kind == JobFile::Kind::lite_config) {
      Options lite = options;
      lite.from = Form::mslite;
      check_config(lite, item.job->path);
    } else {
      FileReport report = jobs.check(*item.job, &unreadable);
      if (options.werror) {
        for (Diagnostic& diagnostic : report.diagnostics) diagnostic.severity = Severity::error;
      }
      invalid = invalid || has_errors(report.diagnostics);
      reports.push_back(std::move(report));
    }
  }
  drop_repeated_diagnostics(reports);
  return run;
}

namespace {

// --check: every CONFIG on its own; nothing on stdout.
Outcome check(const Options& options, const Environment& environment, const RunInfo& info,
              const std::function<FileResult()>& read_standard_input) {
  CheckRun run = check_paths(options, environment, read_standard_input);
  if (options.diagnostics == DiagnosticsFormat::sarif) {
    for (FileReport& report : run.reports) add_remedy_changes(report, options, environment);
  }
  Outcome outcome;
  outcome.exit_code = run.unreadable ? exit_usage : run.invalid ? exit_invalid : exit_ok;
  outcome.err = render_reports(std::move(run.reports), options.diagnostics, info);
  return outcome;
}

// What `form` is written from, once the run's validation passed: a value
// the form cannot carry is then one no input asked for (MindSpore's default
// policy, read from its form and written as tf2; a value asked for is an
// error), and is left to the runtime, as the run's warning says; the rest
// is written.
MemoryConfig carried_config(const MemoryConfig& evaluated, Form form) {
  MemoryConfig config = evaluated;
  const MemoryConfig defaults;
  for (const Field field : enum_values<Field>()) {
    MemoryConfig left_to_runtime = config;
    left_to_runtime.set_code(field, defaults.code(field));
    if (!write_text(config, form) && write_text(left_to_runtime, form)) config = left_to_runtime;
  }
  return config;
}

}  // namespace

Outcome run(const std::vector<std::string>& arguments, const Environment& environment,
            const std::function<FileResult()>& read_standard_input) {
  const ParsedArguments parsed = parse_arguments(arguments);
  const Options& options = parsed.options;
  const RunInfo info{version_number(), environment.working_directory};
  Outcome outcome;
  if (options.help || options.version) {
    outcome.out = options.help ? usage_text() : "npu-memcfg " + version_number() + "\n";
    return outcome;
  }
  if (!parsed.usage_errors.empty()) {
    outcome.exit_code = exit_usage;
    outcome.err = render_usage_errors(parsed.usage_errors, options.diagnostics, info);
    return outcome;
  }
  if (options.check) return check(options, environment, info, read_standard_input);
  if (options.fix) return fix(options, environment, info);

  std::optional<std::string> path;
  if (!options.config_paths.empty()) path = options.config_paths.front();
  JobFile::Kind kind = JobFile::Kind::shell_script;
  if (options.explain && path && *path != "-" && !options.from && job_file_kind(*path, &kind)) {
    JobChecker jobs(context_of(options, environment), environment.ge_use_static_memory, environment.working_directory);
    jobs.read({JobFile{*path, kind}});
    if (!jobs.python_problem().empty()) {
      outcome.exit_code = exit_usage;
      outcome.err = render_reports({python_problem_report(jobs)}, options.diagnostics, info);
      return outcome;
    }
    outcome.out = jobs.explain({*path, kind});
    return outcome;
  }
  Evaluation evaluation;
  std::string text;
  if (options.schema) {
    text = json_schema().dump(2) + "\n";
  } else {
    evaluation = evaluate(options, path, environment, read_standard_input);
  }
  bool failed = has_errors(evaluation.report.diagnostics);
  if (options.explain && evaluation.read_whole) {
    // The explanation says what runs, also where the context makes the
    // config invalid; it never goes to --output.
    outcome.out = explain(evaluation.config, evaluation.provenance, variable_of(environment),
                          options.format.value_or(Form::json));
  } else if (!failed && !options.schema) {
    const Form form = options.format.value_or(Form::json);
    evaluation.config = carried_config(evaluation.config, form);  // what --output updates a file to, too
    WriteResult written = write_text(evaluation.config, form);
    if (written) {
      text = std::move(*written.text);
    } else {  // the run's validation should have said so: say it rather than print nothing
      for (Diagnostic& diagnostic : written.diagnostics) {
        if (diagnostic.severity == Severity::error) evaluation.report.diagnostics.push_back(std::move(diagnostic));
      }
      failed = true;
    }
  }
  if (!failed && !options.explain) {
    if (options.output_path && *options.output_path != "-") {
      if (std::optional<Diagnostic> problem = write_output(options, text, evaluation.config)) {
        evaluation.report.diagnostics.push_back(std::move(*problem));
      }
    } else {
      outcome.out = std::move(text);
    }
  }
  outcome.exit_code = !evaluation.readable                        ? exit_usage
                      : has_errors(evaluation.report.diagnostics) ? (failed ? exit_invalid : exit_usage)
                                                                  : exit_ok;
  if (options.diagnostics == DiagnosticsFormat::sarif) add_remedy_changes(evaluation.report, options, environment);
  outcome.err = render_reports({std::move(evaluation.report)}, options.diagnostics, info);
  return outcome;
}

}  // namespace npu::memcfg
