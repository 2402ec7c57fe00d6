// npu-memcfg's run() driven directly: every valid config through every form
// and back in, what a run prints and where, and hostile input.
#include <unistd.h>  // getpid: a scratch file of its own when suites run side by side

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <npu/memory_config/json/schema.hpp>
#include <npu/memory_config/settings/ostream.hpp>
#include <npu/memory_config_json.hpp>

#include "all_configs.hpp"
#include "options.hpp"
#include "tool_run.hpp"

using namespace npu;
using namespace npu::memcfg;
using test::lines_of;
using test::run_with_stdin;

namespace {

constexpr const char* inputs = NPU_TOOL_INPUTS;  // tests/tool/inputs

// The flags that set every field of `config`.
std::vector<std::string> flags_for(const MemoryConfig& config) {
  std::vector<std::string> arguments;
  for (const detail::FieldInfo& field : detail::fields) {
    const std::string_view value = detail::field_runtime_text(config, field.field);
    arguments.push_back(field_flag(field.field));
    arguments.emplace_back(value.empty() ? std::string_view("null") : value);
  }
  return arguments;
}

// The flags that set only the fields of `config` that differ from
// MemoryConfig's defaults: the others come from the defaults, as in a job
// that names what it changes.
std::vector<std::string> flags_for_changes(const MemoryConfig& config) {
  const MemoryConfig defaults;
  std::vector<std::string> arguments;
  for (const detail::FieldInfo& field : detail::fields) {
    if (config.code(field.field) == defaults.code(field.field)) continue;
    const std::string_view value = detail::field_runtime_text(config, field.field);
    arguments.push_back(field_flag(field.field));
    arguments.emplace_back(value.empty() ? std::string_view("null") : value);
  }
  return arguments;
}

// The canonical JSON the tool prints for `config`, spelled out here rather
// than by the to_json the tool prints with.
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
    INFO(config);
    const std::string canonical = expected_canonical_json(config);
    for (const char* form : {"json", "ge", "tf2", "mindspore", "mslite"}) {
      INFO(form);
      std::vector<std::string> arguments = flags_for(config);
      arguments.insert(arguments.end(), {"--format", form});
      const Outcome printed = run_with_stdin(arguments);
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
  CHECK(round_trips == 72 + 72 + 24 + 72 + 72);
}

TEST_CASE("the torchair form fails exactly for the configs torchair cannot run", "[tool][torchair]") {
  std::size_t runnable = 0;
  for (const MemoryConfig& config : test::all_configs()) {
    INFO(config);
    std::vector<std::string> arguments = flags_for(config);  // every field given
    arguments.insert(arguments.end(), {"--format", "torchair"});
    const Outcome printed = run_with_stdin(arguments);
    // static 2 or 4, atomic 1, huge page 0, and the policy MemoryPriority or
    // unset (torchair then decides for the runtime: only a warning)
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

TEST_CASE("the torchair form of a config whose other fields are defaults", "[tool][torchair]") {
  // torchair forces atomic 1 and MemoryPriority: a default there is only a
  // warning, and static 4 still needs the variable exported.
  const Outcome printed = run_with_stdin({"--format", "torchair", "--static-memory-policy", "4"});
  CHECK(printed.exit_code == exit_ok);
  CHECK(printed.out == "GE_USE_STATIC_MEMORY=3\n");
  MemoryConfig config;
  config.static_memory_policy = StaticMemoryPolicy::expand_static_and_dynamic_shape;
  CHECK(write_text(config, Form::torchair).text == "GE_USE_STATIC_MEMORY=3\n");
  // The same default given as a flag is asked for: torchair cannot run it.
  CHECK(
      run_with_stdin({"--format", "torchair", "--static-memory-policy", "4", "--atomic-clean-policy", "0"}).exit_code ==
      exit_invalid);
}

TEST_CASE("write_text prints what --format prints, defaults left to the defaults", "[tool][text-forms]") {
  std::size_t written = 0;
  std::size_t torchair_written = 0;
  for (const MemoryConfig& config : test::all_configs()) {
    INFO(config);
    for (const Form form : enum_values<Form>()) {
      INFO(enum_name(form));
      std::vector<std::string> arguments = flags_for_changes(config);
      arguments.insert(arguments.end(), {"--format", std::string(enum_name(form))});
      const Outcome printed = run_with_stdin(arguments);
      REQUIRE((printed.exit_code == exit_ok || printed.exit_code == exit_invalid));
      // No text where the tool exits 1 (it then prints nothing).
      const WriteResult text = write_text(config, form);
      CHECK(text.ok() == (printed.exit_code == exit_ok));
      CHECK(text.text.value_or("") == printed.out);
      if (printed.exit_code != exit_ok) continue;
      ++written;
      if (form == Form::torchair) ++torchair_written;
    }
  }
  // torchair: atomic 0 (a default) or 1, static 0 (a default), 2 or 4,
  // the policy unset (a default) or MemoryPriority, huge page 0.
  CHECK(torchair_written == std::size_t{2} * 3 * 2);
  // json, ge, tf1, mindspore and mslite carry all 72; tf2 the 24 without a
  // policy.
  CHECK(written == std::size_t{5} * 72 + 24 + 12);
}

// MindSpore's defaults hold a policy TF2 cannot carry; the run warns that
// the engine decides it under TF2, and writes the rest.
TEST_CASE("a default no input asked for that the form cannot carry is left to the runtime", "[tool][text-forms]") {
  const Outcome tf2 = run_with_stdin({"--from", "mindspore", "-", "--format", "tf2"}, "{}");
  CHECK(tf2.exit_code == exit_ok);
  CHECK(tf2.out ==
        "{\n  \"atomic_clean_policy\": \"1\",\n  \"static_memory_policy\": \"2\",\n"
        "  \"variable_use_1g_huge_page\": \"0\"\n}\n");
  CHECK(tf2.err ==
        "warning: <stdin>: MindSpore's defaults: memory_optimization_policy: the TF2 adapter has no "
        R"(memory_optimization_policy option, so the engine decides itself, not "MemoryPriority"; "MemoryPriority" )"
        "is only the default here\n");
  // An existing TF2 file is updated in place to the same, its other options
  // kept (the huge page's 0 is the engine's own: not added).
  const std::filesystem::path output =
      std::filesystem::temp_directory_path() / ("npu-memcfg-carried-test-" + std::to_string(::getpid()) + ".json");
  {
    std::ofstream file(output, std::ios::binary | std::ios::trunc);
    file << "{\n  \"precision_mode\": \"allow_mix_precision\",\n  \"static_memory_policy\": \"0\"\n}\n";
  }
  const Outcome updated =
      run_with_stdin({"--from", "mindspore", "-", "--format", "tf2", "--output", output.string()}, "{}");
  CHECK(updated.exit_code == exit_ok);
  std::ifstream file(output, std::ios::binary);
  const std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  CHECK(text ==
        "{\n  \"precision_mode\": \"allow_mix_precision\",\n  \"static_memory_policy\": \"2\",\n"
        "  \"atomic_clean_policy\": \"1\"\n}\n");
  std::filesystem::remove(output);
  // Given, the same policy is an error, and nothing is printed.
  const Outcome given =
      run_with_stdin({"--from", "mindspore", "-", "--format", "tf2"},
                     R"({"ge_options": {"global": {"ge.exec.memoryOptimizationPolicy": "MemoryPriority"}}})");
  CHECK(given.exit_code == exit_invalid);
  CHECK(given.out.empty());
}

TEST_CASE("help and version win over everything else", "[tool]") {
  for (const std::vector<std::string>& arguments :
       {std::vector<std::string>{"--bogus", "--help"}, {"--help", "--cann", "8"}, {"a.json", "b.json", "--help"}}) {
    const Outcome help = run_with_stdin(arguments);
    CHECK(help.exit_code == exit_ok);
    CHECK(help.out == usage_text());
    CHECK(help.err.empty());
  }
  const Outcome version = run_with_stdin({"--format", "xml", "--version"});
  CHECK(version.exit_code == exit_ok);
  CHECK(version.out == "npu-memcfg 2.0.0\n");
}

TEST_CASE("schema: the schema of config files, with --output and --diagnostics as usual", "[tool]") {
  const Outcome schema = run_with_stdin({"--schema", "--diagnostics", "json"});
  CHECK(schema.exit_code == exit_ok);
  CHECK(nlohmann::json::parse(schema.out) == json_schema());
  CHECK(schema.err.empty());
  const Outcome with_config = run_with_stdin({"--schema", "job.json"});
  CHECK(with_config.exit_code == exit_usage);
  CHECK(with_config.out.empty());
}

TEST_CASE("output to '-' is standard output", "[tool]") {
  const Outcome outcome = run_with_stdin({"--output", "-", "--format", "tf2"});
  CHECK(outcome.exit_code == exit_ok);
  CHECK(outcome.out ==
        "{\n  \"atomic_clean_policy\": \"0\",\n  \"static_memory_policy\": \"0\",\n"
        "  \"variable_use_1g_huge_page\": \"0\"\n}\n");
}

TEST_CASE("explain a config its target cannot run: the explanation, the errors, exit 1", "[tool][explain]") {
  const Outcome outcome =
      run_with_stdin({"-", "--format", "torchair", "--explain"}, R"({"variable_use_1g_huge_page": 2})");
  CHECK(outcome.exit_code == exit_invalid);
  CHECK_THAT(outcome.out, Catch::StartsWith("atomic_clean_policy = 0 (centralized)  (from defaults)\n") &&
                              Catch::Contains("torchair runs 0 (system_default): torchair has no"));
  CHECK_THAT(outcome.err, Catch::Contains("error: <stdin>:1:2: variable_use_1g_huge_page: torchair has no"));
  // a config that could not be read is not explained
  const Outcome unread = run_with_stdin({"-", "--explain"}, R"({"static_memory_policy": 9})");
  CHECK(unread.exit_code == exit_invalid);
  CHECK(unread.out.empty());
}

TEST_CASE("explain prints on standard output, never into the output file", "[tool][explain]") {
  const std::filesystem::path output =
      std::filesystem::temp_directory_path() / ("npu-memcfg-explain-test-" + std::to_string(::getpid()) + ".json");
  std::filesystem::remove(output);
  const Outcome outcome = run_with_stdin({"--explain", "--output", output.string()});
  CHECK(outcome.exit_code == exit_ok);
  CHECK_THAT(outcome.out, Catch::StartsWith("atomic_clean_policy = 0 (centralized)  (from defaults)\n"));
  CHECK_FALSE(std::filesystem::exists(output));
}

TEST_CASE("werror with nothing to warn about passes", "[tool]") {
  const Outcome outcome = run_with_stdin({"--werror", "--format", "tf2"});
  CHECK(outcome.exit_code == exit_ok);
  CHECK(outcome.err.empty());
}

TEST_CASE("every problem of a run is reported: file and flags together", "[tool]") {
  const Outcome outcome = run_with_stdin({"-", "--atomic-clean-policy", "7"}, R"({"static_memory_policy": "02"})");
  CHECK(outcome.exit_code == exit_invalid);
  CHECK(outcome.out.empty());
  CHECK(lines_of(outcome.err) ==
        std::vector<std::string>{
            "error: <stdin>: --atomic-clean-policy: atomic_clean_policy: \"7\" is not allowed; use 0 (centralized) "
            "or 1 (separate)",
            "error: <stdin>:1:2: static_memory_policy: \"02\" is not allowed; use 0 (dynamic), 2 "
            "(expand_static_shape), 3 (expand_dynamic_shape) or 4 (expand_static_and_dynamic_shape)"});
}

TEST_CASE("the environment is context only: it never changes the options printed", "[tool]") {
  Environment environment;
  environment.ge_use_static_memory = "4";
  const Outcome outcome = run_with_stdin({"--format", "tf2"}, "", environment);
  CHECK(outcome.exit_code == exit_ok);
  CHECK_THAT(outcome.out, Catch::Contains("\"static_memory_policy\": \"0\""));
  CHECK_THAT(outcome.err, Catch::StartsWith("warning: GE_USE_STATIC_MEMORY: "));
}

TEST_CASE("a diagnostic is one line of valid UTF-8, whatever the user typed", "[tool]") {
  const Outcome unknown = run_with_stdin({"--bad\noption"});
  CHECK(unknown.exit_code == exit_usage);
  CHECK(unknown.err == "error: unknown option --bad\\x0aoption (see npu-memcfg --help)\n");
  const Outcome missing = run_with_stdin({"no\nsuch\xff.json"});
  CHECK(missing.exit_code == exit_usage);
  CHECK(missing.err == "error: no\\x0asuch\\xff.json: cannot be read: No such file or directory\n");
  // invalid UTF-8 in the text, which the parser's own message repeats
  const Outcome bytes = run_with_stdin({"-"}, "{\"static_memory_policy\": \"\xff\xfe\"}");
  CHECK(bytes.exit_code == exit_invalid);
  CHECK(bytes.err.find('\xff') == std::string::npos);
  CHECK_THAT(bytes.err, Catch::Contains("\\xff"));
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
      {R"({"static_memory_policy": 1e400})", "static_memory_policy"},
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

TEST_CASE("a file that cannot be read is a diagnostic about it, exit 2", "[tool]") {
  const std::string folder = inputs;
  const Outcome outcome = run_with_stdin({folder});
  CHECK(outcome.exit_code == exit_usage);
  CHECK(outcome.err == "error: " + folder + ": cannot be read: Is a directory\n");
  const Outcome json = run_with_stdin({folder, "--diagnostics", "json"});
  const nlohmann::json line = nlohmann::json::parse(outcome.err.empty() ? "{}" : json.err);
  CHECK(line.at("code") == "unreadable_input");
  CHECK(line.at("source") == folder);
  CHECK(line.at("file") == folder);
}
