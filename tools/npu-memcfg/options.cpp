#include "options.hpp"

#include <algorithm>
#include <functional>
#include <string_view>
#include <utility>

#include <npu/memory_config/validation/text.hpp>

namespace npu::memcfg {
namespace {

using npu::text::quote;

// Whether `text` is a JSON Pointer (RFC 6901), as nlohmann_json parses one.
bool is_json_pointer(const std::string& text) {
  try {
    (void)nlohmann::json::json_pointer(text);
    return true;
  } catch (const nlohmann::json::exception&) {
    return false;
  }
}

// "a, b or c", or with another separator "a|b|c".
std::string joined(const std::vector<std::string>& names, std::string_view separator, std::string_view last) {
  std::string text;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) text += i + 1 == names.size() ? last : separator;
    text += names[i];
  }
  return text;
}

// One flag: how --help shows it, and what its value sets in Options.
struct Flag {
  std::string name;        // "--format"
  std::string value_name;  // empty: the flag takes no value
  std::string help;
  // Sets the option from the value; returns what is wrong with the value, if anything.
  std::function<std::optional<std::string>(Options&, const std::string&)> apply;
};

Flag switch_flag(std::string name, std::string help, bool Options::*member) {
  return {std::move(name), {}, std::move(help), [member](Options& options, const std::string& /*value*/) {
            options.*member = true;
            return std::optional<std::string>();
          }};
}

// A flag whose value is one of `choices` (name, what it sets `member` to);
// any other value "is not a <noun>".
template <class T, class Member>
Flag choice_flag(const std::string& name, std::string help, const std::string& noun,
                 std::vector<std::pair<std::string, T>> choices, Member Options::*member) {
  std::vector<std::string> names;
  names.reserve(choices.size());
  for (const auto& choice : choices) names.push_back(choice.first);
  const std::string list = joined(names, ", ", ", ");
  return {name, joined(names, "|", "|"), std::move(help),
          [=](Options& options, const std::string& value) -> std::optional<std::string> {
            for (const auto& [choice, set] : choices) {
              if (choice == value) {
                options.*member = set;
                return std::nullopt;
              }
            }
            return name + " " + quote(value) + " is not a " + noun + "; use " + list;
          }};
}

Flag text_flag(const std::string& name, std::string value_name, std::string help,
               std::optional<std::string> Options::*member) {
  return {name, std::move(value_name), std::move(help),
          [name, member](Options& options, const std::string& value) -> std::optional<std::string> {
            if (value.empty()) return name + " needs a value that is not empty";
            options.*member = value;
            return std::nullopt;
          }};
}

// "0|centralized|1|separate": what a field flag takes.
std::string field_values(const Description<Field>& field) {
  std::vector<std::string> values;
  for (const Description<StaticMemoryPolicy>& value : field.values) {
    values.emplace_back(value.runtime_text);
    values.emplace_back(value.name);
  }
  if (field.optional) values.emplace_back("null");
  return joined(values, "|", "|");
}

std::vector<std::pair<std::string, std::optional<Form>>> form_choices(bool readable) {
  std::vector<std::pair<std::string, std::optional<Form>>> choices;
  for (const Form form : enum_values<Form>()) {
    if (!readable || describe(form).readable) choices.emplace_back(enum_name(form), form);
  }
  return choices;
}

std::vector<Flag> make_flags() {
  std::vector<Flag> flags;
  flags.push_back(choice_flag("--from",
                              "how CONFIG is written (default json; ge: a GE option map,\n"
                              "flat or {\"global\": ..., \"session\": ..., \"graph\": ...};\n"
                              "tf1: a TF1 session config (ConfigProto) in protobuf text;\n"
                              "mindspore: MindSpore's ascend_config; mslite: a\n"
                              "MindSpore Lite config file)",
                              "form", form_choices(true), &Options::from));
  flags.push_back({"--pointer", "POINTER",
                   "read the config at this JSON Pointer inside a JSON CONFIG\n"
                   "(RFC 6901: /memory_config, /jobs/0/memory)",
                   [](Options& options, const std::string& value) -> std::optional<std::string> {
                     if (!is_json_pointer(value)) {
                       return "--pointer " + quote(value) +
                              " is not a JSON Pointer; it starts with / (\"\" is the whole document), and ~ is "
                              "written ~0, / in a name ~1";
                     }
                     options.pointer = value;
                     return std::nullopt;
                   }});
  for (const Field setting : enum_values<Field>()) {
    flags.push_back({field_flag(setting), "V", field_values(describe(setting)),
                     [field = setting](Options& options, const std::string& value) {
                       options.field_flags.push_back({field, field_flag(field), value});
                       return std::optional<std::string>();
                     }});
  }
  flags.back().help += "\nthe settings' flags override CONFIG";
  std::vector<std::pair<std::string, std::optional<Product>>> products_by_name;
  for (const Product product : enum_values<Product>()) products_by_name.emplace_back(enum_name(product), product);
  flags.push_back(choice_flag("--product", "validate for a product", "product", products_by_name, &Options::product));
  flags.push_back(text_flag("--soc", "VERSION", "validate for the product of a SoC version (Ascend910B2, ...)",
                            &Options::soc_version));
  flags.push_back(switch_flag("--concurrent-graphs", "graphs execute concurrently", &Options::concurrent_graphs));
  flags.push_back({"--cann", "RELEASE",
                   "validate for a CANN release (8.0.RC2, 8.0.0, ...);\nnone: the latest rules (" +
                       to_string(ValidationContext::newest_rules_release()) + ")",
                   [](Options& options, const std::string& value) -> std::optional<std::string> {
                     options.cann_release = CannRelease::parse(value);
                     if (options.cann_release) return std::nullopt;
                     return "--cann " + quote(value) + " is not a CANN release; use " + std::string(CannRelease::forms);
                   }});
  flags.push_back(choice_flag("--format",
                              "what to print (default json), and the target validation\n"
                              "and --explain apply; ge: {\"global\": ..., \"session\": ...},\n"
                              "tf1: the NpuOptimizer session config in protobuf text,\n"
                              "mindspore: the ascend_config dict, torchair: the\n"
                              "variables the job script exports (or nothing),\n"
                              "mslite: the GE sections of a MindSpore Lite config file",
                              "format", form_choices(false), &Options::format));
  flags.push_back(text_flag("--output", "FILE",
                            "write there instead of standard output, atomically;\n'-' is standard output;\n"
                            "an existing FILE of the --format form is updated in\nplace, keeping everything else in it",
                            &Options::output_path));
  flags.push_back(switch_flag("--werror", "treat warnings as errors", &Options::werror));
  flags.push_back(switch_flag("--check",
                              "validate every CONFIG given (one or more), each on its own,\n"
                              "and print nothing on standard output; a shell script is\n"
                              "checked as a job (each launch with the variables bash\n"
                              "would give it, the config file it names and its Python\n"
                              "launcher); a .py launcher alone, with python3 -I; a folder\n"
                              "as the scripts, launchers and MindSpore Lite configs in it",
                              &Options::check));
  flags.push_back(switch_flag("--fix",
                              "make the first remedy of every error's fix in the files\n"
                              "given (config files, scripts, launchers, folders, as\n"
                              "--check reads them), print each edit, then check again;\n"
                              "a change of npu-memcfg's own environment is printed as\n"
                              "the command to run",
                              &Options::fix));
  flags.push_back(
      switch_flag("--diff", "with --fix: print the edits as a unified diff and\nwrite nothing", &Options::diff));
  flags.push_back(choice_flag(
      "--diagnostics",
      "how diagnostics are written on standard error (default text):\n"
      "json: one JSON object a line; sarif: one SARIF 2.1.0 log",
      "format",
      std::vector<std::pair<std::string, DiagnosticsFormat>>{
          {"text", DiagnosticsFormat::text}, {"json", DiagnosticsFormat::json}, {"sarif", DiagnosticsFormat::sarif}},
      &Options::diagnostics));
  flags.push_back(switch_flag("--explain",
                              "print what each setting does and costs, and what runs\n"
                              "instead under the --format target and why\n(" +
                                  std::string(enum_name(Field::static_memory_policy)) +
                                  " as the engine runs it,\nwith " + std::string(keys::ge_use_static_memory_env) +
                                  "); of a shell script: each launch,\nits variables and where each was set",
                              &Options::explain));
  flags.push_back(switch_flag("--schema", "print the JSON Schema of CONFIG files", &Options::schema));
  flags.push_back(switch_flag("--help", "print this help", &Options::help));
  flags.push_back(switch_flag("--version", "print the version", &Options::version));
  return flags;
}

const std::vector<Flag>& flag_table() {
  static const std::vector<Flag> flags = make_flags();
  return flags;
}

const Flag* find_flag(std::string_view name) {
  for (const Flag& flag : flag_table()) {
    if (flag.name == name) return &flag;
  }
  return nullptr;
}

const Flag* near_flag(std::string_view name) {
  for (const Flag& flag : flag_table()) {
    if (npu::text::is_near_miss(name, flag.name)) return &flag;
  }
  return nullptr;
}

// --fix edits the files given, and checks them as --check does.
void check_fix_combinations(const Options& options, std::vector<std::string>& errors) {
  if (options.config_paths.empty()) errors.emplace_back("--fix needs at least one file to fix");
  if (std::find(options.config_paths.begin(), options.config_paths.end(), "-") != options.config_paths.end()) {
    errors.emplace_back("--fix edits files, so it takes no standard input ('-')");
  }
  std::vector<std::string> others;
  if (options.check) others.emplace_back("--check");
  if (options.explain) others.emplace_back("--explain");
  if (options.output_path) others.emplace_back("--output");
  if (options.format) others.emplace_back("--format");
  for (const FieldFlag& flag : options.field_flags) others.push_back(flag.flag);
  if (!others.empty()) {
    errors.push_back("--fix edits the files given where they are written, so it takes no " +
                     joined(others, ", ", " or "));
  }
}

// The rules between flags, once each has been read.
void check_combinations(const Options& options, std::vector<std::string>& errors) {
  if (options.schema) {
    std::vector<std::string> others;
    if (!options.config_paths.empty()) others.emplace_back("CONFIG");
    if (options.check) others.emplace_back("--check");
    if (options.fix) others.emplace_back("--fix");
    if (options.explain) others.emplace_back("--explain");
    if (options.format) others.emplace_back("--format");
    if (options.from) others.emplace_back("--from");
    if (options.pointer) others.emplace_back("--pointer");
    for (const FieldFlag& flag : options.field_flags) others.push_back(flag.flag);
    if (!others.empty()) {
      errors.push_back("--schema prints the schema of config files and nothing else, so it takes no " +
                       joined(others, ", ", " or "));
    }
  }
  if (options.fix) check_fix_combinations(options, errors);
  if (options.diff && !options.fix) errors.emplace_back("--diff prints what --fix would do, so it needs --fix");
  if (!options.check && !options.fix && options.config_paths.size() > 1) {
    errors.push_back("more than one CONFIG given: " + options.config_paths[0] + " and " + options.config_paths[1] +
                     " (--check takes several)");
  }
  if (options.check && options.config_paths.empty()) errors.emplace_back("--check needs at least one CONFIG");
  if (options.check && options.output_path) errors.emplace_back("--check prints nothing, so it takes no --output");
  if (options.check && options.explain) errors.emplace_back("--check prints nothing, so it takes no --explain");
  if (options.pointer && !describe(options.from.value_or(Form::json)).json) {
    errors.push_back("--pointer looks into JSON, and --from " + std::string(enum_name(*options.from)) + " is not JSON");
  }
  if (options.pointer && options.config_paths.empty()) errors.emplace_back("--pointer needs a CONFIG to look into");
  if (options.product && options.soc_version) {
    ValidationContext context;
    context.soc_version = *options.soc_version;
    if (const std::optional<Product> other = context.soc_product(); other && *other != *options.product) {
      errors.push_back("--soc " + *options.soc_version + " is " + std::string(enum_name(*other)) +
                       ", but --product is " + std::string(enum_name(*options.product)));
    }
  }
}

}  // namespace

std::string field_flag(Field field) {
  std::string flag = "--" + std::string(enum_name(field));
  std::replace(flag.begin(), flag.end(), '_', '-');
  return flag;
}

ParsedArguments parse_arguments(const std::vector<std::string>& arguments) {
  ParsedArguments parsed;
  Options& options = parsed.options;
  std::vector<const Flag*> seen;
  bool options_ended = false;
  for (std::size_t i = 0; i < arguments.size(); ++i) {
    const std::string& argument = arguments[i];
    if (options_ended || argument.size() < 2 || argument[0] != '-') {
      options.config_paths.push_back(argument);
      continue;
    }
    if (argument == "--") {
      options_ended = true;
      continue;
    }
    const std::size_t equals = argument.find('=');
    const std::string name = argument.substr(0, equals);
    const Flag* flag = find_flag(name);
    const Flag* meant = flag != nullptr ? flag : near_flag(name);
    // The value of the flag meant is taken, so that it is not read as a CONFIG.
    std::optional<std::string> value;
    if (equals != std::string::npos) {
      value = argument.substr(equals + 1);
    } else if (meant != nullptr && !meant->value_name.empty() && i + 1 < arguments.size()) {
      value = arguments[++i];
    }
    if (flag == nullptr) {
      parsed.usage_errors.push_back(
          "unknown option " + name +
          (meant != nullptr ? " (" + npu::text::did_you_mean(meant->name) + ")" : std::string()));
    } else if (std::find(seen.begin(), seen.end(), flag) != seen.end()) {
      parsed.usage_errors.push_back(name + " given twice");
    } else if (flag->value_name.empty() && value) {
      seen.push_back(flag);
      parsed.usage_errors.push_back(name + " takes no value");
    } else if (!flag->value_name.empty() && !value) {
      seen.push_back(flag);
      parsed.usage_errors.push_back(name + " needs a value");
    } else {
      seen.push_back(flag);
      if (std::optional<std::string> problem = flag->apply(options, value.value_or(""))) {
        parsed.usage_errors.push_back(std::move(*problem));
      }
    }
  }
  check_combinations(options, parsed.usage_errors);
  return parsed;
}

std::vector<FlagHelp> flag_help() {
  std::vector<FlagHelp> rows;
  for (const Flag& flag : flag_table()) rows.push_back({flag.name, flag.value_name, flag.help});
  return rows;
}

std::string usage_text() {
  constexpr std::size_t help_column = 33;
  std::string text =
      "usage: npu-memcfg [OPTIONS] [CONFIG]\n"
      "       npu-memcfg --check [OPTIONS] CONFIG|SCRIPT|FOLDER...\n"
      "       npu-memcfg --explain SCRIPT\n"
      "       npu-memcfg --fix [--diff] [OPTIONS] CONFIG|SCRIPT|FOLDER...\n"
      "\n"
      "Check a job's NPU memory configuration and print it in the form the runtime takes.\n"
      "\n";
  std::vector<FlagHelp> rows = flag_help();
  rows.insert(rows.begin(), {"CONFIG", {}, "a JSON config file; '-' reads standard input;\nnone: the defaults"});
  rows.insert(rows.begin() + 1, {"SCRIPT", {}, "a job's shell script (.sh, .bash, or #! sh or bash)"});
  for (const FlagHelp& row : rows) {
    std::string line = "  " + row.flag + (row.value_name.empty() ? "" : " " + row.value_name);
    if (line.size() >= help_column) {  // a long name gets a line of its own
      text += line + "\n";
      line.clear();
    }
    std::size_t start = 0;
    for (std::size_t end = row.help.find('\n');; end = row.help.find('\n', start)) {
      line.resize(help_column, ' ');
      text += line + row.help.substr(start, end == std::string::npos ? std::string::npos : end - start) + "\n";
      if (end == std::string::npos) break;
      start = end + 1;
      line.clear();
    }
  }
  text += "\nThe environment variable " + std::string(keys::ge_use_static_memory_env) +
          " is taken into account as the graph\n"
          "engine does; it never changes the options printed.\n";
  text +=
      "\n"
      "A diagnostic about a member of a JSON text names where its key is: job.json:3:5\n"
      "(lines and columns from 1, columns in bytes).\n"
      "\n"
      "Exit status: 0 valid (warnings on stderr), 1 invalid configuration, 2 usage error\n"
      "or a CONFIG that cannot be read (with --check: 1 if any CONFIG is invalid, 2 if any\n"
      "cannot be read; every CONFIG is checked and every problem reported).\n";
  return text;
}

}  // namespace npu::memcfg
