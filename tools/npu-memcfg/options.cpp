#include "options.hpp"

#include <algorithm>
#include <string_view>
#include <utility>

namespace npu::memcfg {
namespace {

// A form --from or --format names: the config file's JSON, or a target's.
struct Form {
  std::string_view name;
  TargetRuntime target;
};

constexpr std::string_view json_form = "json";

// The forms npu-memcfg reads: those with a JSON reader.
std::vector<Form> input_forms() {
  std::vector<Form> forms{{json_form, TargetRuntime::any}};
  for (const TargetRuntime target : {TargetRuntime::ge, TargetRuntime::tf2, TargetRuntime::mindspore}) {
    forms.push_back({target_info(target).name, target});
  }
  return forms;
}

// The forms it prints: every target's.
std::vector<Form> output_formats() {
  std::vector<Form> forms{{json_form, TargetRuntime::any}};
  for (const TargetInfo& target : targets) forms.push_back({target.name, target.target});
  return forms;
}

std::optional<TargetRuntime> choose(const std::vector<Form>& forms, const std::string& given) {
  for (const Form& form : forms) {
    if (given == form.name) return form.target;
  }
  return std::nullopt;
}

constexpr std::pair<std::string_view, DiagnosticsFormat> diagnostics_formats[] = {
    {"text", DiagnosticsFormat::text}, {"json", DiagnosticsFormat::json}, {"sarif", DiagnosticsFormat::sarif}};

std::string diagnostics_format_names(const char* separator) {
  std::string list;
  for (const auto& [name, format] : diagnostics_formats) list.append(list.empty() ? "" : separator).append(name);
  return list;
}

std::string choice_names(const std::vector<Form>& forms, const char* separator) {
  std::string list;
  for (const Form& form : forms) list.append(list.empty() ? "" : separator).append(form.name);
  return list;
}

std::string product_list() {
  std::string list;
  for (const ProductInfo& product : products) list.append(list.empty() ? "" : ", ").append(product.name);
  return list;
}

enum class Flag {
  from,
  format,
  product,
  soc,
  cann,
  concurrent_graphs,
  output,
  werror,
  check,
  diagnostics,
  explain,
  schema,
  help,
  version,
  field,
};

// One option of the command line: how it is parsed and how --help shows it.
struct FlagSpec {
  std::string name;  // without the leading "--"
  Flag flag;
  std::string value_name;                    // "NAME", "json|ge|tf2"; empty: the flag takes no value
  std::string help;                          // lines after the first are indented under it
  Field field = Field::atomic_clean_policy;  // for Flag::field
};

// "0|centralized|1|separate": what a field flag takes, from the field table.
std::string field_flag_values(const FieldInfo& field) {
  std::string values;
  for (const ValueInfo& value : field.values) {
    values.append(values.empty() ? "" : "|").append(value.runtime_text);
    if (field.integer_valued) values.append("|").append(value.name);
  }
  if (field.optional) values += "|null";
  return values;
}

std::vector<FlagSpec> flag_specs() {
  std::vector<FlagSpec> specs = {
      {"from", Flag::from, choice_names(input_forms(), "|"),
       "how CONFIG is written (default json; ge: a GE option\n"
       "map, flat or {\"global\": {...}, \"session\": {...}};\n"
       "mindspore: MindSpore's ascend_config)"},
  };
  for (const FieldInfo& field : fields) {
    specs.push_back({field_flag(field.field).substr(2), Flag::field, "V", field_flag_values(field), field.field});
  }
  specs.back().help += "\nthese override CONFIG";
  const std::vector<FlagSpec> others = {
      {"product", Flag::product, "NAME", "validate for a product:\n" + product_list()},
      {"soc", Flag::soc, "VERSION", "validate for the product of a SoC version (Ascend910B2, ...)"},
      {"cann", Flag::cann, "RELEASE",
       "validate for a CANN release (8.0.RC2, 8.0.0, ...);\nnone: the latest rules (9.0.0)"},
      {"concurrent-graphs", Flag::concurrent_graphs, "", "graphs execute concurrently"},
      {"format", Flag::format, choice_names(output_formats(), "|"),
       "what to print (default json), and the target validation\n"
       "and --explain apply; ge: {\"global\": ..., \"session\": ...},\n"
       "tf1: the NpuOptimizer session config in protobuf text,\n"
       "mindspore: the ascend_config dict, torchair: the\n"
       "variables the job script exports (or nothing)"},
      {"output", Flag::output, "FILE", "write there instead of standard output, atomically"},
      {"werror", Flag::werror, "", "treat warnings as errors"},
      {"check", Flag::check, "",
       "validate every CONFIG given (one or more), each on its own,\n"
       "and print nothing on standard output"},
      {"diagnostics", Flag::diagnostics, diagnostics_format_names("|"),
       "how diagnostics are written on standard error (default text):\n"
       "json: one JSON object a line; sarif: one SARIF 2.1.0 log"},
      {"explain", Flag::explain, "",
       "print what each setting does and costs, and what runs\n"
       "instead under the --format target and why\n(" +
           std::string(field_name(Field::static_memory_policy)) + " as the engine runs it,\nwith " +
           std::string(keys::ge_use_static_memory_env) + ")"},
      {"schema", Flag::schema, "", "print the JSON Schema of CONFIG files"},
      {"help", Flag::help, "", "print this help"},
      {"version", Flag::version, "", "print the version"},
  };
  specs.insert(specs.end(), others.begin(), others.end());
  return specs;
}

// One entry of --help: the name column, then the help, continuation lines
// indented under it.
void append_help_entry(std::string& text, const std::string& name, const std::string& help) {
  constexpr std::size_t help_column = 31;
  std::string line = "  " + name;
  if (line.size() >= help_column) {  // a long name gets a line of its own
    text += line + "\n";
    line.clear();
  }
  line.resize(help_column, ' ');
  std::size_t start = 0;
  for (std::size_t end = help.find('\n');; end = help.find('\n', start)) {
    text += line + help.substr(start, end == std::string::npos ? std::string::npos : end - start) + "\n";
    if (end == std::string::npos) break;
    start = end + 1;
    line = std::string(help_column, ' ');
  }
}

std::string usage_error(const std::string& message) {
  return single_line("error: " + message + " (see npu-memcfg --help)");
}

}  // namespace

std::string field_flag(Field field) {
  std::string flag = "--" + std::string(field_name(field));
  std::replace(flag.begin(), flag.end(), '_', '-');
  return flag;
}

ParsedArguments parse_arguments(const std::vector<std::string>& arguments) {
  ParsedArguments parsed;
  Options& options = parsed.options;
  const std::vector<FlagSpec> specs = flag_specs();
  std::vector<std::string> seen;
  bool options_ended = false;

  for (std::size_t i = 0; i < arguments.size(); ++i) {
    const std::string& argument = arguments[i];
    const bool is_flag = !options_ended && argument.size() > 1 && argument[0] == '-';
    if (!is_flag) {
      options.config_paths.push_back(argument);
      continue;
    }
    if (argument == "--") {
      options_ended = true;
      continue;
    }
    const std::size_t equals = argument.find('=');
    const std::string name = argument.substr(0, equals);
    const auto spec = std::find_if(specs.begin(), specs.end(),
                                   [&](const FlagSpec& candidate) { return name == "--" + candidate.name; });
    if (spec == specs.end()) {
      std::string message = "unknown option " + name;
      for (const FlagSpec& candidate : specs) {
        if (is_near_miss(name, "--" + candidate.name)) {
          message += " (did you mean --" + candidate.name + "?)";
          break;
        }
      }
      parsed.usage_errors.push_back(usage_error(message));
      continue;
    }
    if (std::find(seen.begin(), seen.end(), name) != seen.end()) {
      parsed.usage_errors.push_back(usage_error(name + " given twice"));
      continue;
    }
    seen.push_back(name);

    std::string value;
    if (!spec->value_name.empty()) {
      if (equals != std::string::npos) {
        value = argument.substr(equals + 1);
      } else if (i + 1 < arguments.size()) {
        value = arguments[++i];
      } else {
        parsed.usage_errors.push_back(usage_error(name + " needs a value"));
        continue;
      }
    } else if (equals != std::string::npos) {
      parsed.usage_errors.push_back(usage_error(name + " takes no value"));
      continue;
    }

    switch (spec->flag) {
      case Flag::from:
        if (auto form = choose(input_forms(), value)) {
          options.from = *form;
        } else {
          parsed.usage_errors.push_back(
              usage_error("--from " + quote(value) + " is not a form; use " + choice_names(input_forms(), ", ")));
        }
        break;
      case Flag::format:
        if (auto format = choose(output_formats(), value)) {
          options.format = *format;
        } else {
          parsed.usage_errors.push_back(usage_error("--format " + quote(value) + " is not a format; use " +
                                                    choice_names(output_formats(), ", ")));
        }
        break;
      case Flag::product:
        if (const ProductInfo* product = product_from_name(value)) {
          options.product = product;
        } else {
          parsed.usage_errors.push_back(
              usage_error("--product " + quote(value) + " is not a product; use " + product_list()));
        }
        break;
      case Flag::soc:
        options.soc_version = value;
        break;
      case Flag::cann:
        if (parse_cann_release(value).valid) {
          options.cann_release = value;
        } else {
          parsed.usage_errors.push_back(
              usage_error("--cann " + quote(value) + " is not a CANN release; use " + std::string(cann_release_forms)));
        }
        break;
      case Flag::output:
        if (value.empty()) {
          parsed.usage_errors.push_back(usage_error("--output needs a file name"));
        } else {
          options.output_path = value;
        }
        break;
      case Flag::field:
        options.field_flags.push_back({spec->field, name, value});
        break;
      case Flag::concurrent_graphs:
        options.concurrent_graphs = true;
        break;
      case Flag::werror:
        options.werror = true;
        break;
      case Flag::check:
        options.check = true;
        break;
      case Flag::diagnostics: {
        bool known = false;
        for (const auto& [format_name, format] : diagnostics_formats) {
          if (value != format_name) continue;
          options.diagnostics = format;
          known = true;
        }
        if (!known) {
          parsed.usage_errors.push_back(
              usage_error("--diagnostics " + quote(value) + " is not a format; use " + diagnostics_format_names(", ")));
        }
        break;
      }
      case Flag::explain:
        options.explain = true;
        break;
      case Flag::schema:
        options.schema = true;
        break;
      case Flag::help:
        options.help = true;
        break;
      case Flag::version:
        options.version = true;
        break;
    }
  }

  // One CONFIG, unless --check, which takes one or more and prints nothing.
  if (!options.check && options.config_paths.size() > 1) {
    parsed.usage_errors.push_back(usage_error("more than one CONFIG given: " + options.config_paths[0] + " and " +
                                              options.config_paths[1] + " (--check takes several)"));
  }
  if (options.check && options.config_paths.empty()) {
    parsed.usage_errors.push_back(usage_error("--check needs at least one CONFIG"));
  }
  if (options.check && (options.output_path || options.explain)) {
    parsed.usage_errors.push_back(usage_error(std::string("--check prints nothing, so it takes no ") +
                                              (options.output_path ? "--output" : "--explain")));
  }

  // --soc and --product must name the same product (a SoC no rule knows
  // names none, and is only warned about).
  if (options.product != nullptr && options.soc_version) {
    const ProductInfo* from_soc = product_from_soc(*options.soc_version);
    if (from_soc != nullptr && from_soc->product != options.product->product) {
      parsed.usage_errors.push_back(usage_error("--soc " + *options.soc_version + " is " + std::string(from_soc->name) +
                                                ", but --product is " + std::string(options.product->name)));
    }
  }
  return parsed;
}

std::vector<std::string> option_flags() {
  std::vector<std::string> flags;
  for (const FlagSpec& spec : flag_specs()) flags.push_back("--" + spec.name);
  return flags;
}

std::string usage_text() {
  std::string text =
      "usage: npu-memcfg [OPTIONS] [CONFIG]\n"
      "       npu-memcfg --check [OPTIONS] CONFIG...\n"
      "\n"
      "Check a job's NPU memory configuration and print it in the form the runtime takes.\n"
      "\n";
  append_help_entry(text, "CONFIG", "a JSON config file; '-' reads standard input;\nnone: the defaults");
  for (const FlagSpec& spec : flag_specs()) {
    append_help_entry(text, "--" + spec.name + (spec.value_name.empty() ? "" : " " + spec.value_name), spec.help);
  }
  text += "\n";
  text.append("The environment variable ").append(keys::ge_use_static_memory_env);
  text +=
      " is taken into account as the graph\n"
      "engine does; it never changes the options printed.\n"
      "\n"
      "A diagnostic about a member of a JSON text names where its key is: job.json:3:5\n"
      "(lines and columns from 1, columns in bytes).\n"
      "\n"
      "Exit status: 0 valid (warnings on stderr), 1 invalid configuration, 2 usage error\n"
      "(with --check: 1 if any CONFIG is invalid, 2 if any cannot be read; every\n"
      "CONFIG is checked and every problem reported).\n";
  return text;
}

}  // namespace npu::memcfg
