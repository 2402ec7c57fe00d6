// npu-memcfg's command line: one table of flags parses the arguments and
// writes --help.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "options.hpp"

using namespace npu;
using namespace npu::memcfg;
using Errors = std::vector<std::string>;

namespace {

Errors errors_of(const std::vector<std::string>& arguments) { return parse_arguments(arguments).usage_errors; }

}  // namespace

TEST_CASE("flag values as --name value or --name=value, and -- ends the options", "[tool][options]") {
  const ParsedArguments spaced = parse_arguments({"--format", "tf1", "--product", "atlas-a2", "job.json"});
  const ParsedArguments joined = parse_arguments({"--format=tf1", "--product=atlas-a2", "job.json"});
  for (const ParsedArguments& parsed : {spaced, joined}) {
    REQUIRE(parsed.usage_errors.empty());
    CHECK(parsed.options.format == Form::tf1);
    CHECK(parsed.options.product == Product::atlas_a2);
    CHECK(parsed.options.config_paths == std::vector<std::string>{"job.json"});
  }
  const ParsedArguments ended = parse_arguments({"--", "--werror"});
  REQUIRE(ended.usage_errors.empty());
  CHECK(ended.options.config_paths == std::vector<std::string>{"--werror"});
  CHECK_FALSE(ended.options.werror);
  CHECK(parse_arguments({"-"}).options.config_paths == std::vector<std::string>{"-"});
}

TEST_CASE("every flag sets its option", "[tool][options]") {
  const ParsedArguments parsed = parse_arguments({"--from",
                                                  "ge",
                                                  "--pointer",
                                                  "/memory",
                                                  "--atomic-clean-policy",
                                                  "1",
                                                  "--static-memory-policy=2",
                                                  "--memory-optimization-policy",
                                                  "null",
                                                  "--variable-use-1g-huge-page",
                                                  "prefer_1g",
                                                  "--product",
                                                  "atlas-a3",
                                                  "--soc",
                                                  "Ascend910_9391",
                                                  "--concurrent-graphs",
                                                  "--cann",
                                                  "8.0.RC2",
                                                  "--format",
                                                  "mindspore",
                                                  "--output",
                                                  "out.json",
                                                  "--werror",
                                                  "--diagnostics",
                                                  "sarif",
                                                  "--explain",
                                                  "job.json"});
  REQUIRE(parsed.usage_errors.empty());
  const Options& options = parsed.options;
  CHECK(options.from == Form::ge);
  CHECK(options.pointer == "/memory");
  REQUIRE(options.field_flags.size() == 4);
  CHECK(options.field_flags[0].field == Field::atomic_clean_policy);
  CHECK(options.field_flags[0].flag == "--atomic-clean-policy");
  CHECK(options.field_flags[0].value == "1");
  CHECK(options.field_flags[1].value == "2");
  CHECK(options.field_flags[2].field == Field::memory_optimization_policy);
  CHECK(options.field_flags[3].value == "prefer_1g");
  CHECK(options.product == Product::atlas_a3);
  CHECK(options.soc_version == "Ascend910_9391");
  CHECK(options.concurrent_graphs);
  CHECK(options.cann_release == CannRelease::parse("8.0.RC2"));
  CHECK(options.format == Form::mindspore);
  CHECK(options.output_path == "out.json");
  CHECK(options.werror);
  CHECK(options.diagnostics == DiagnosticsFormat::sarif);
  CHECK(options.explain);
  const ParsedArguments defaults = parse_arguments({});
  CHECK_FALSE(defaults.options.from);
  CHECK_FALSE(defaults.options.format);
  CHECK(defaults.options.diagnostics == DiagnosticsFormat::text);
  CHECK(parse_arguments({"--check", "a", "b"}).options.check);
  CHECK(parse_arguments({"--schema"}).options.schema);
  CHECK(parse_arguments({"--help"}).options.help);
  CHECK(parse_arguments({"--version"}).options.version);
  CHECK(parse_arguments({"--format", "json"}).usage_errors.empty());
  CHECK(parse_arguments({"--format", "json"}).options.format == Form::json);
}

TEST_CASE("a bad value names the flag, the value and the choices", "[tool][options]") {
  CHECK(errors_of({"--from", "yaml"}) ==
        Errors{"--from \"yaml\" is not a form; use json, ge, tf1, tf2, mindspore, mslite"});
  CHECK(errors_of({"--format", "xml"}) ==
        Errors{"--format \"xml\" is not a format; use json, ge, tf1, tf2, mindspore, torchair, mslite"});
  CHECK(errors_of({"--product", "atlas-a9"}) ==
        Errors{"--product \"atlas-a9\" is not a product; use atlas-350, atlas-a3, atlas-a2, atlas-training, "
               "atlas-200i-500-a2, atlas-inference"});
  CHECK(errors_of({"--diagnostics", "xml"}) == Errors{"--diagnostics \"xml\" is not a format; use text, json, sarif"});
  CHECK(errors_of({"--cann", "8.0"}) ==
        Errors{"--cann \"8.0\" is not a CANN release; use MAJOR.MINOR.PATCH or MAJOR.MINOR.RCn, optionally followed "
               "by .N, .alphaNNN or .betaN (8.0.0, 8.0.RC2, 8.0.RC2.2, 8.1.RC1.alpha001)"});
  CHECK(errors_of({"--pointer", "memory", "job.json"}) ==
        Errors{"--pointer \"memory\" is not a JSON Pointer; it starts with / (\"\" is the whole document), and ~ is "
               "written ~0, / in a name ~1"});
  CHECK(errors_of({"--output", ""}) == Errors{"--output needs a value that is not empty"});
}

TEST_CASE("unknown, repeated, missing: one error each, and no follow-on errors", "[tool][options]") {
  CHECK(errors_of({"--static-memory-polcy", "2"}) ==
        Errors{"unknown option --static-memory-polcy (did you mean --static-memory-policy?)"});  // 2 is its value
  CHECK(errors_of({"--bogus"}) == Errors{"unknown option --bogus"});
  CHECK(errors_of({"-x"}) == Errors{"unknown option -x"});
  const ParsedArguments twice = parse_arguments({"--format", "ge", "--format", "tf1", "job.json"});
  CHECK(twice.usage_errors == Errors{"--format given twice"});  // tf1 is no CONFIG
  CHECK(twice.options.format == Form::ge);
  CHECK(twice.options.config_paths == std::vector<std::string>{"job.json"});
  CHECK(errors_of({"--werror", "--werror"}) == Errors{"--werror given twice"});
  CHECK(errors_of({"--werror=yes"}) == Errors{"--werror takes no value"});
  CHECK(errors_of({"--format"}) == Errors{"--format needs a value"});
}

TEST_CASE("flags that do not go together", "[tool][options]") {
  CHECK(errors_of({"a.json", "b.json"}) ==
        Errors{"more than one CONFIG given: a.json and b.json (--check takes several)"});
  CHECK(errors_of({"--check"}) == Errors{"--check needs at least one CONFIG"});
  CHECK(errors_of({"--check", "a.json", "--output", "x.json"}) ==
        Errors{"--check prints nothing, so it takes no --output"});
  CHECK(errors_of({"--check", "a.json", "--explain"}) == Errors{"--check prints nothing, so it takes no --explain"});
  CHECK(errors_of({"--pointer", "/m"}) == Errors{"--pointer needs a CONFIG to look into"});
  CHECK(errors_of({"--pointer", "/m", "--from", "mslite", "model.ini"}) ==
        Errors{"--pointer looks into JSON, and --from mslite is not JSON"});
  CHECK(errors_of({"--soc", "Ascend910_9391", "--product", "atlas-a2"}) ==
        Errors{"--soc Ascend910_9391 is atlas-a3, but --product is atlas-a2"});
  CHECK(errors_of({"--soc", "Ascend999", "--product", "atlas-a2"}).empty());  // an unknown chip is only warned about
  CHECK(errors_of({"--schema", "job.json", "--explain", "--format", "ge", "--from", "ge", "--pointer", "/m",
                   "--static-memory-policy", "2"}) ==
        Errors{"--schema prints the schema of config files and nothing else, so it takes no CONFIG, --explain, "
               "--format, --from, --pointer or --static-memory-policy"});
  CHECK(errors_of({"--schema", "--check", "a.json"}) ==
        Errors{"--schema prints the schema of config files and nothing else, so it takes no CONFIG or --check"});
  CHECK(errors_of({"--schema", "--output", "schema.json", "--diagnostics", "json"}).empty());
}

TEST_CASE("help lists every flag from the same table", "[tool][options]") {
  const std::string help = usage_text();
  CHECK(help.rfind("usage: npu-memcfg [OPTIONS] [CONFIG]\n", 0) == 0);
  const std::vector<FlagHelp> rows = flag_help();
  std::vector<std::string> flags;
  for (const FlagHelp& row : rows) {
    flags.push_back(row.flag);
    CHECK_THAT(help, Catch::Contains("  " + row.flag + (row.value_name.empty() ? "" : " " + row.value_name)));
  }
  CHECK(flags == std::vector<std::string>{"--from",
                                          "--pointer",
                                          "--atomic-clean-policy",
                                          "--static-memory-policy",
                                          "--memory-optimization-policy",
                                          "--variable-use-1g-huge-page",
                                          "--product",
                                          "--soc",
                                          "--concurrent-graphs",
                                          "--cann",
                                          "--format",
                                          "--output",
                                          "--werror",
                                          "--check",
                                          "--fix",
                                          "--diff",
                                          "--diagnostics",
                                          "--explain",
                                          "--schema",
                                          "--help",
                                          "--version"});
  CHECK(field_flag(Field::static_memory_policy) == "--static-memory-policy");
  CHECK(field_flag(Field::variable_use_1g_huge_page) == "--variable-use-1g-huge-page");
  CHECK(rows[2].value_name == "V");
  CHECK(rows[2].help == "0|centralized|1|separate");
  CHECK(rows[4].help == "BalanceMode|balance_mode|MemoryPriority|memory_priority|null");
  CHECK(rows[5].help == "0|system_default|1|require_1g|2|prefer_1g\nthe settings' flags override CONFIG");
  CHECK(rows[9].help == "validate for a CANN release (8.0.RC2, 8.0.0, ...);\nnone: the latest rules (9.0.0)");
}
