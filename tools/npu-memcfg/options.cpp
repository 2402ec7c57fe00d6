#include "options.hpp"

#include <algorithm>

namespace npu::memcfg {
namespace {

template <class Enum>
struct Choice {
  const char* name;
  Enum value;
};

constexpr Choice<InputForm> input_forms[] = {{"json", InputForm::json}, {"ge", InputForm::ge}, {"tf2", InputForm::tf2}};
constexpr Choice<OutputFormat> output_formats[] = {
    {"json", OutputFormat::json}, {"ge", OutputFormat::ge}, {"tf1", OutputFormat::tf1}, {"tf2", OutputFormat::tf2}};

template <class Enum, std::size_t N>
std::optional<Enum> choose(const Choice<Enum> (&choices)[N], const std::string& given) {
  for (const Choice<Enum>& choice : choices) {
    if (given == choice.name) return choice.value;
  }
  return std::nullopt;
}

template <class Enum, std::size_t N>
std::string choice_list(const Choice<Enum> (&choices)[N]) {
  std::string list;
  for (const Choice<Enum>& choice : choices) list.append(list.empty() ? "" : ", ").append(choice.name);
  return list;
}

std::string product_list() {
  std::string list;
  for (const ProductInfo& product : products) list.append(list.empty() ? "" : ", ").append(product.name);
  return list;
}

enum class Flag {
  from, format, product, soc, concurrent_graphs, output, werror, explain, schema, help, version, field,
};

struct FlagSpec {
  std::string name;  // without the leading "--"
  Flag flag;
  bool takes_value;
  Field field = Field::atomic_clean_policy;  // for Flag::field
};

std::vector<FlagSpec> flag_specs() {
  std::vector<FlagSpec> specs = {
      {"from", Flag::from, true},         {"format", Flag::format, true},
      {"product", Flag::product, true},   {"soc", Flag::soc, true},
      {"concurrent-graphs", Flag::concurrent_graphs, false},
      {"output", Flag::output, true},     {"werror", Flag::werror, false},
      {"explain", Flag::explain, false},  {"schema", Flag::schema, false},
      {"help", Flag::help, false},        {"version", Flag::version, false},
  };
  for (const FieldInfo& field : fields) specs.push_back({field_flag(field.field).substr(2), Flag::field, true, field.field});
  return specs;
}

std::string usage_error(const std::string& message) {
  return detail::single_line("error: " + message + " (see npu-memcfg --help)");
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
      if (options.config_path) {
        parsed.usage_errors.push_back(usage_error("more than one CONFIG given: " + *options.config_path + " and " +
                                                  argument));
      } else {
        options.config_path = argument;
      }
      continue;
    }
    if (argument == "--") {
      options_ended = true;
      continue;
    }
    const std::size_t equals = argument.find('=');
    const std::string name = argument.substr(0, equals);
    const auto spec =
        std::find_if(specs.begin(), specs.end(), [&](const FlagSpec& candidate) { return name == "--" + candidate.name; });
    if (spec == specs.end()) {
      std::string message = "unknown option " + name;
      for (const FlagSpec& candidate : specs) {
        if (detail::is_near_miss(name, "--" + candidate.name)) {
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
    if (spec->takes_value) {
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
        if (auto form = choose(input_forms, value)) {
          options.from = *form;
        } else {
          parsed.usage_errors.push_back(
              usage_error("--from " + detail::quote(value) + " is not a form; use " + choice_list(input_forms)));
        }
        break;
      case Flag::format:
        if (auto format = choose(output_formats, value)) {
          options.format = *format;
        } else {
          parsed.usage_errors.push_back(
              usage_error("--format " + detail::quote(value) + " is not a format; use " + choice_list(output_formats)));
        }
        break;
      case Flag::product:
        if (auto product = product_from_name(value)) {
          options.product = product;
        } else {
          parsed.usage_errors.push_back(
              usage_error("--product " + detail::quote(value) + " is not a product; use " + product_list()));
        }
        break;
      case Flag::soc:
        options.soc_version = value;
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

  // --soc and --product must name the same product (a SoC no rule knows
  // names none, and is only warned about).
  if (options.product && options.soc_version) {
    const std::optional<Product> from_soc = product_from_soc(*options.soc_version);
    if (from_soc && *from_soc != *options.product) {
      parsed.usage_errors.push_back(usage_error("--soc " + *options.soc_version + " is " +
                                                std::string(product_info(*from_soc).name) + ", but --product is " +
                                                std::string(product_info(*options.product).name)));
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
      "\n"
      "Check a job's NPU memory configuration and print it in the form the runtime takes.\n"
      "\n"
      "  CONFIG                       a JSON config file; '-' reads standard input;\n"
      "                               none: the defaults\n"
      "  --from json|ge|tf2           how CONFIG is written (default json; ge: a GE option\n"
      "                               map, flat or {\"global\": {...}, \"session\": {...}})\n";
  for (const FieldInfo& field : fields) {
    std::string flag = "  " + field_flag(field.field) + " V";
    flag.resize(std::max<std::size_t>(flag.size() + 1, 31), ' ');
    std::string values;
    for (const ValueInfo& value : field.values) {
      values.append(values.empty() ? "" : "|");
      if (field.integer_valued) {
        values.append(value.runtime_text).append("|").append(value.name);
      } else {
        values.append(value.runtime_text);
      }
    }
    if (field.optional) values += "|null";
    text += flag + values + "\n";
  }
  text +=
      "                               these override CONFIG\n"
      "  --product NAME               validate for a product:\n"
      "                               " + product_list() + "\n"
      "  --soc VERSION                validate for the product of a SoC version (Ascend910B2, ...)\n"
      "  --concurrent-graphs          graphs execute concurrently\n"
      "  --format json|ge|tf1|tf2     what to print (default json); ge: {\"global\": ..., \"session\": ...},\n"
      "                               tf1: the NpuOptimizer session config in protobuf text\n"
      "  --output FILE                write there instead of standard output, atomically\n"
      "  --werror                     treat warnings as errors\n"
      "  --explain                    print what each effective setting does and costs, with\n"
      "                               static_memory_policy as the engine runs it\n"
      "  --schema                     print the JSON Schema of CONFIG files\n"
      "  --help, --version\n"
      "\n"
      "The environment variable GE_USE_STATIC_MEMORY is taken into account as the graph\n"
      "engine does; it never changes the options printed.\n"
      "\n"
      "Exit status: 0 valid (warnings on stderr), 1 invalid configuration, 2 usage error.\n";
  return text;
}

}  // namespace npu::memcfg
