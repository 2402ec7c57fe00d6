#include "run.hpp"

#include <npu/memory_config_json.hpp>

#include "explain.hpp"
#include "options.hpp"
#include "sarif.hpp"

namespace npu::memcfg {
namespace {

// GE_USE_STATIC_MEMORY as std::getenv would give it: nullptr when not set.
const char* environment_value(const Environment& environment) {
  return environment.ge_use_static_memory ? environment.ge_use_static_memory->c_str() : nullptr;
}

std::string version_number() {
  return std::to_string(NPU_MEMORY_CONFIG_VERSION_MAJOR) + "." + std::to_string(NPU_MEMORY_CONFIG_VERSION_MINOR) + "." +
         std::to_string(NPU_MEMORY_CONFIG_VERSION_PATCH);
}

std::string version_text() { return "npu-memcfg " + version_number() + "\n"; }

Outcome usage_failure(const std::vector<std::string>& errors) {
  Outcome outcome;
  outcome.exit_code = exit_usage;
  for (const std::string& error : errors) outcome.err += error + "\n";
  return outcome;
}

ReadResult read_config_text(TargetRuntime form, const std::string& text, const std::string& source) {
  switch (form) {
    case TargetRuntime::ge:
      return read_ge_options_json(text, source);
    case TargetRuntime::tf2:
      return read_tf2_options_json(text, source);
    case TargetRuntime::mindspore:
      return read_mindspore_config_json(text, source);
    default:  // parse_arguments takes no other form
      break;
  }
  return read_json_config(text, source);
}

// The field flags over `config`, each checked as spec 2 says; a flag that
// sets a field becomes its source.
void apply_field_flags(const std::vector<FieldFlag>& flags, MemoryConfig& config, Provenance& provenance,
                       std::vector<Diagnostic>& out) {
  for (const FieldFlag& flag : flags) {
    for (Diagnostic& diagnostic : set_field_from_text(config, flag.field, flag.value, flag.flag, &provenance)) {
      out.push_back(std::move(diagnostic));
    }
  }
}

// One NAME=VALUE line per variable.
std::string environment_lines(const OptionMap& variables) {
  std::string lines;
  for (const OptionEntry& variable : variables) lines.append(variable.key).append("=").append(variable.value) += '\n';
  return lines;
}

std::string render(const MemoryConfig& config, TargetRuntime format) {
  switch (format) {
    case TargetRuntime::ge:
      return ge_options_json(config).dump(2) + "\n";
    case TargetRuntime::tf1:
      return tf1_session_config_text(config);
    case TargetRuntime::tf2: {
      OptionMap options;
      (void)tf2_options(config, options);  // validated as expressible before
      return options_json(options).dump(2) + "\n";
    }
    case TargetRuntime::mindspore:
      return mindspore_ascend_config_json(config).dump(2) + "\n";
    case TargetRuntime::torchair:
      return environment_lines(environment_options(config, format));
    case TargetRuntime::any:
      break;
  }
  return nlohmann::json(config).dump(2) + "\n";
}

// One CONFIG (or none: the defaults) read, overridden by the flags and
// validated in the context the options give.
struct Evaluation {
  bool readable = true;  // false: the file could not be read (a usage error)
  MemoryConfig config;
  Provenance provenance;
  std::vector<Diagnostic> diagnostics;
};

Evaluation evaluate(const Options& options, const std::string* path, const Environment& environment,
                    const std::function<FileResult()>& read_standard_input) {
  Evaluation result;
  bool read_whole = true;
  if (path != nullptr) {
    const bool from_stdin = *path == "-";
    const std::string source = from_stdin ? "<stdin>" : *path;
    const FileResult file = from_stdin ? read_standard_input() : read_file(*path);
    if (!file.ok) {
      result.readable = false;
      result.diagnostics.push_back({Severity::error, DiagnosticCode::unreadable_input, {}, {}, {}, file.error});
      return result;
    }
    ReadResult read = read_config_text(options.from, file.text, source);
    result.diagnostics = std::move(read.diagnostics);
    read_whole = read.config.has_value();
    if (read_whole) {
      result.config = *read.config;
      result.provenance = std::move(read.provenance);  // the reader names `source` as the config's
    }
  }
  apply_field_flags(options.field_flags, result.config, result.provenance, result.diagnostics);

  // Validate in context only a config that could be read whole.
  if (!has_errors(result.diagnostics) && read_whole) {
    ValidationContext context;
    context.product = options.product;
    if (options.soc_version) context.soc_version = *options.soc_version;
    if (options.cann_release) context.cann_release = *options.cann_release;
    context.concurrent_graphs = options.concurrent_graphs;
    context.target = options.format;
    context.ge_use_static_memory = environment_value(environment);
    for (Diagnostic& diagnostic : validate(result.config, context, result.provenance)) {
      result.diagnostics.push_back(std::move(diagnostic));
    }
  }
  if (options.werror) {
    for (Diagnostic& diagnostic : result.diagnostics) diagnostic.severity = Severity::error;
  }
  return result;
}

// The diagnostics as --diagnostics asks, for stderr. `inputs` are the CONFIG
// files, which a SARIF log lists as the artifacts results point into.
std::string render_diagnostics(const std::vector<Diagnostic>& diagnostics, DiagnosticsFormat format,
                               const std::vector<std::string>& inputs) {
  std::string text;
  switch (format) {
    case DiagnosticsFormat::text:
      for (const Diagnostic& diagnostic : diagnostics) text += to_string(diagnostic) + "\n";
      break;
    case DiagnosticsFormat::json:
      // Invalid UTF-8 the user gave is replaced, never a reason to fail.
      for (const Diagnostic& diagnostic : diagnostics) {
        text += nlohmann::json(diagnostic).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
      }
      break;
    case DiagnosticsFormat::sarif:
      text = sarif_log(diagnostics, inputs, version_number())
                 .dump(2, ' ', false, nlohmann::json::error_handler_t::replace) +
             "\n";
      break;
  }
  return text;
}

// --check: every CONFIG on its own; nothing on stdout.
Outcome check(const Options& options, const Environment& environment,
              const std::function<FileResult()>& read_standard_input) {
  Outcome outcome;
  std::vector<Diagnostic> diagnostics;
  bool unreadable = false;
  for (const std::string& path : options.config_paths) {
    Evaluation evaluation = evaluate(options, &path, environment, read_standard_input);
    unreadable = unreadable || !evaluation.readable;
    for (Diagnostic& diagnostic : evaluation.diagnostics) diagnostics.push_back(std::move(diagnostic));
  }
  outcome.err = render_diagnostics(diagnostics, options.diagnostics, options.config_paths);
  outcome.exit_code = unreadable ? exit_usage : has_errors(diagnostics) ? exit_invalid : exit_ok;
  return outcome;
}

}  // namespace

Outcome run(const std::vector<std::string>& arguments, const Environment& environment,
            const std::function<FileResult()>& read_standard_input) {
  const ParsedArguments parsed = parse_arguments(arguments);
  if (!parsed.usage_errors.empty()) return usage_failure(parsed.usage_errors);
  const Options& options = parsed.options;

  Outcome outcome;
  if (options.help || options.version || options.schema) {
    outcome.out = options.help ? usage_text() : options.version ? version_text() : json_schema().dump(2) + "\n";
    return outcome;
  }
  if (options.check) return check(options, environment, read_standard_input);

  const std::string* path = options.config_paths.empty() ? nullptr : &options.config_paths.front();
  Evaluation evaluation = evaluate(options, path, environment, read_standard_input);
  if (!evaluation.readable || has_errors(evaluation.diagnostics)) {
    outcome.err = render_diagnostics(evaluation.diagnostics, options.diagnostics, options.config_paths);
    outcome.exit_code = evaluation.readable ? exit_invalid : exit_usage;
    return outcome;
  }

  std::string text = options.explain ? explain(evaluation.config, evaluation.provenance, environment_value(environment),
                                               options.format)
                                     : render(evaluation.config, options.format);
  if (options.output_path) {
    const FileResult written = write_file_atomically(*options.output_path, text);
    if (!written.ok) {
      evaluation.diagnostics.push_back({Severity::error, DiagnosticCode::unwritable_output, {}, {}, {}, written.error});
      outcome.exit_code = exit_usage;
    }
  } else {
    outcome.out = std::move(text);
  }
  outcome.err = render_diagnostics(evaluation.diagnostics, options.diagnostics, options.config_paths);
  return outcome;
}

}  // namespace npu::memcfg
