// npu-memcfg's run() driven directly: every valid config through every
// output form and back in (spec 6, 7), and argument-parsing details.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include <npu/memory_config_json.hpp>

#include "../unit/all_configs.hpp"
#include "options.hpp"
#include "run.hpp"

using namespace npu;
using namespace npu::memcfg;

namespace {

Outcome run_with_stdin(const std::vector<std::string>& arguments, const std::string& input,
                       const Environment& environment = {}) {
  return run(arguments, environment, [&] { return FileResult{true, input, {}}; });
}

// The flags that set every field of `config`.
std::vector<std::string> flags_for(const MemoryConfig& config) {
  std::vector<std::string> arguments;
  for (const FieldInfo& field : fields) {
    const std::string_view value = field_runtime_text(config, field.field);
    arguments.push_back(field_flag(field.field));
    arguments.emplace_back(value.empty() ? std::string_view("null") : value);
  }
  return arguments;
}

// The canonical JSON the tool prints for `config` (spec 5), spelled out here
// rather than by the to_json the tool prints with.
std::string expected_canonical_json(const MemoryConfig& config) {
  std::string text =
      "{\n  \"atomic_clean_policy\": " + std::to_string(static_cast<int>(config.atomic_clean_policy)) + ",\n";
  if (config.memory_optimization_policy) {
    const bool balance = *config.memory_optimization_policy == MemoryOptimizationPolicy::balance_mode;
    text += std::string("  \"memory_optimization_policy\": ") + (balance ? "\"BalanceMode\"" : "\"MemoryPriority\"") +
            ",\n";
  }
  text += "  \"static_memory_policy\": " + std::to_string(static_cast<int>(config.static_memory_policy)) + ",\n";
  text += "  \"variable_use_1g_huge_page\": " + std::to_string(static_cast<int>(config.variable_use_1g_huge_page)) +
          "\n}\n";
  return text;
}

}  // namespace

TEST_CASE("every config survives --format F then --from F", "[tool][round-trip]") {
  std::size_t round_trips = 0;
  for (const MemoryConfig& config : test::all_configs()) {
    INFO(test::describe(config));
    const std::string canonical = expected_canonical_json(config);
    for (const char* form : {"json", "ge", "tf2", "mindspore"}) {
      INFO(form);
      std::vector<std::string> arguments = flags_for(config);
      arguments.insert(arguments.end(), {"--format", form});
      const Outcome printed = run_with_stdin(arguments, "");
      if (std::string(form) == "tf2" && config.memory_optimization_policy) {
        CHECK(printed.exit_code == exit_invalid);
        CHECK(printed.out.empty());
        continue;
      }
      REQUIRE(printed.exit_code == exit_ok);
      const Outcome read_back = run_with_stdin({"--from", form, "-"}, printed.out);
      CHECK(read_back.exit_code == exit_ok);
      CHECK(read_back.out == canonical);
      ++round_trips;
    }
  }
  CHECK(round_trips == 72 + 72 + 24 + 72);
}

TEST_CASE("the torchair form fails exactly for the configs torchair cannot run (spec 9)", "[tool][torchair]") {
  std::size_t runnable = 0;
  for (const MemoryConfig& config : test::all_configs()) {
    INFO(test::describe(config));
    std::vector<std::string> arguments = flags_for(config);  // every field given
    arguments.insert(arguments.end(), {"--format", "torchair"});
    const Outcome printed = run_with_stdin(arguments, "");
    // Spec 9: static 2 or 4, atomic 1, MemoryPriority, huge page 0; an unset
    // policy is only a warning (torchair decides for the runtime).
    const bool expected = (config.static_memory_policy == StaticMemoryPolicy::expand_static_shape ||
                           config.static_memory_policy == StaticMemoryPolicy::expand_static_and_dynamic_shape) &&
                          config.atomic_clean_policy == AtomicCleanPolicy::separate &&
                          config.memory_optimization_policy != MemoryOptimizationPolicy::balance_mode &&
                          config.variable_use_1g_huge_page == HugePagePolicy::system_default;
    CHECK((printed.exit_code == exit_ok) == expected);
    if (!expected) continue;
    ++runnable;
    const bool asks_4 = config.static_memory_policy == StaticMemoryPolicy::expand_static_and_dynamic_shape;
    CHECK(printed.out == (asks_4 ? "GE_USE_STATIC_MEMORY=3\n" : ""));
  }
  CHECK(runnable == 4);
}

TEST_CASE("flag values: --name value, --name=value, and -- ends the options", "[tool][options]") {
  const ParsedArguments spaced = parse_arguments({"--format", "tf1", "--product", "atlas-a2"});
  const ParsedArguments joined = parse_arguments({"--format=tf1", "--product=atlas-a2"});
  REQUIRE(spaced.usage_errors.empty());
  REQUIRE(joined.usage_errors.empty());
  CHECK(spaced.options.format == TargetRuntime::tf1);
  CHECK(joined.options.format == TargetRuntime::tf1);
  CHECK(joined.options.product == &product_info(Product::atlas_a2));

  const ParsedArguments ended = parse_arguments({"--", "--werror"});
  REQUIRE(ended.usage_errors.empty());
  CHECK(ended.options.config_paths == std::vector<std::string>{"--werror"});
  CHECK_FALSE(ended.options.werror);
  CHECK(parse_arguments({"--werror=yes"}).usage_errors.size() == 1);
  CHECK(parse_arguments({"-x"}).usage_errors.size() == 1);
}

TEST_CASE("field flags are derived from the field table", "[tool][options]") {
  CHECK(field_flag(Field::static_memory_policy) == "--static-memory-policy");
  CHECK(field_flag(Field::variable_use_1g_huge_page) == "--variable-use-1g-huge-page");
  for (const FieldInfo& field : fields) {
    CHECK_THAT(usage_text(), Catch::Contains(field_flag(field.field)));
  }
}

TEST_CASE("werror with nothing to warn about passes", "[tool]") {
  const Outcome outcome = run_with_stdin({"--werror", "--format", "tf2"}, "");
  CHECK(outcome.exit_code == exit_ok);
  CHECK(outcome.err.empty());
}

TEST_CASE("every problem of a run is reported: file and flags together", "[tool]") {
  const Outcome outcome = run_with_stdin({"-", "--atomic-clean-policy", "7"}, R"({"static_memory_policy": "02"})");
  CHECK(outcome.exit_code == exit_invalid);
  CHECK(outcome.out.empty());
  CHECK_THAT(outcome.err,
             Catch::Contains("error: <stdin>:1:2: static_memory_policy: \"02\" is not allowed") &&
                 Catch::Contains("error: --atomic-clean-policy: atomic_clean_policy: \"7\" is not allowed"));
}

TEST_CASE("the environment is context only: it never changes the options printed", "[tool]") {
  Environment environment;
  environment.ge_use_static_memory = "4";
  const Outcome outcome = run_with_stdin({"--format", "tf2"}, "", environment);
  CHECK(outcome.exit_code == exit_ok);
  CHECK_THAT(outcome.out, Catch::Contains("\"static_memory_policy\": \"0\""));
  CHECK_THAT(outcome.err, Catch::Contains("warning: GE_USE_STATIC_MEMORY"));
}

TEST_CASE("a diagnostic stays one line whatever the user typed", "[tool]") {
  const Outcome unknown = run_with_stdin({"--bad\noption"}, "");
  CHECK(unknown.exit_code == exit_usage);
  CHECK(unknown.err == "error: unknown option --bad\\x0aoption (see npu-memcfg --help)\n");
  const Outcome missing = run_with_stdin({"no\nsuch.json"}, "");
  CHECK(missing.exit_code == exit_usage);
  CHECK_THAT(missing.err, Catch::StartsWith("error: cannot read no\\x0asuch.json: "));
  CHECK(std::count(missing.err.begin(), missing.err.end(), '\n') == 1);
}

TEST_CASE("hostile input through the tool: exit 1, the field named, nothing on stdout", "[tool][hostile]") {
  const std::vector<std::pair<std::string, std::string>> cases{
      {R"({"static_memory_policy": 4294967298})", "static_memory_policy"},
      {"{\"static_memory_policy\": \"\xff\"}", "static_memory_policy"},
      {R"({"atomic_clean_policy": 1, "atomic_clean_policy": 1})", "atomic_clean_policy"},
      {R"({"variable_use_1g_huge_page": )" + std::string(200000, '[') + std::string(200000, ']') + "}",
       "variable_use_1g_huge_page"},
      {R"({"memory_optimization_policy": " BalanceMode"})", "memory_optimization_policy"},
      {R"({"static_memory_policy": "+2"})", "static_memory_policy"},
  };
  for (const auto& [input, field] : cases) {
    INFO(input.substr(0, 80));
    const Outcome outcome = run_with_stdin({"-"}, input);
    CHECK(outcome.exit_code == exit_invalid);
    CHECK(outcome.out.empty());
    CHECK_THAT(outcome.err, Catch::StartsWith("error: <stdin>:1:") && Catch::Contains(field));
  }
  const Outcome huge_key = run_with_stdin({"-"}, "{\"" + std::string(std::size_t{5} * 1024 * 1024, 'k') + "\": 1}");
  CHECK(huge_key.exit_code == exit_invalid);
  CHECK(huge_key.err.size() < 1000);
}
