#include "run.hpp"

#include <npu/memory_config_json.hpp>

#include "explain.hpp"
#include "options.hpp"

namespace npu::memcfg {
namespace {

std::string version_text() {
  return "npu-memcfg " + std::to_string(NPU_MEMORY_CONFIG_VERSION_MAJOR) + "." +
         std::to_string(NPU_MEMORY_CONFIG_VERSION_MINOR) + "." + std::to_string(NPU_MEMORY_CONFIG_VERSION_PATCH) + "\n";
}

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

  // Read CONFIG (a usage error when it cannot be read), then the flags.
  MemoryConfig config;
  Provenance provenance;
  std::vector<Diagnostic> diagnostics;
  bool readable = true;
  if (options.config_path) {
    const bool from_stdin = *options.config_path == "-";
    const std::string source = from_stdin ? "<stdin>" : *options.config_path;
    const FileResult file = from_stdin ? read_standard_input() : read_file(*options.config_path);
    if (!file.ok) return usage_failure({single_line("error: " + file.error)});
    ReadResult read = read_config_text(options.from, file.text, source);
    diagnostics = std::move(read.diagnostics);
    readable = read.config.has_value();
    if (readable) {
      config = *read.config;
      provenance = std::move(read.provenance);  // the reader names `source` as the config's
    }
  }
  apply_field_flags(options.field_flags, config, provenance, diagnostics);

  const char* environment_value =
      environment.ge_use_static_memory ? environment.ge_use_static_memory->c_str() : nullptr;

  // Validate in context only a config that could be read whole.
  if (!has_errors(diagnostics) && readable) {
    ValidationContext context;
    context.product = options.product;
    if (options.soc_version) context.soc_version = *options.soc_version;
    if (options.cann_release) context.cann_release = *options.cann_release;
    context.concurrent_graphs = options.concurrent_graphs;
    context.target = options.format;
    context.ge_use_static_memory = environment_value;
    for (Diagnostic& diagnostic : validate(config, context, provenance)) diagnostics.push_back(std::move(diagnostic));
  }

  if (options.werror) {
    for (Diagnostic& diagnostic : diagnostics) diagnostic.severity = Severity::error;
  }
  for (const Diagnostic& diagnostic : diagnostics) outcome.err += to_string(diagnostic) + "\n";
  if (has_errors(diagnostics)) {
    outcome.exit_code = exit_invalid;
    return outcome;
  }

  std::string text =
      options.explain ? explain(config, provenance, environment_value, options.format) : render(config, options.format);
  if (options.output_path) {
    const FileResult written = write_file_atomically(*options.output_path, text);
    if (!written.ok) {
      outcome.err += single_line("error: " + written.error) + "\n";
      outcome.exit_code = exit_usage;
    }
    return outcome;
  }
  outcome.out = std::move(text);
  return outcome;
}

}  // namespace npu::memcfg
