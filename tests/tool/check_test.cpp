// npu-memcfg in CI pipelines (spec 7): --check over many files, positions in
// diagnostics, and --diagnostics json, driven through run() on the files in
// tests/tool/inputs and examples/configs.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "run.hpp"

using namespace npu::memcfg;

namespace {

constexpr const char* inputs = NPU_TOOL_INPUTS;       // tests/tool/inputs
constexpr const char* configs = NPU_EXAMPLE_CONFIGS;  // examples/configs

Outcome run_with_stdin(const std::vector<std::string>& arguments, const std::string& input = "") {
  return run(arguments, {}, [&] { return FileResult{true, input, {}}; });
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  for (std::size_t end = text.find('\n'); end != std::string::npos; end = text.find('\n', start)) {
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

}  // namespace

TEST_CASE("check mode: every file on its own, nothing on stdout, the exit status of the worst", "[tool][check]") {
  const std::string two_mistakes = std::string(inputs) + "/two_mistakes.json";
  const std::string recommender = std::string(configs) + "/recommender.json";
  const std::string dynamic_shape = std::string(configs) + "/dynamic_shape.json";

  const Outcome valid = run_with_stdin({"--check", recommender, dynamic_shape});
  CHECK(valid.exit_code == exit_ok);
  CHECK(valid.out.empty());
  CHECK(lines_of(valid.err) ==
        std::vector<std::string>{
            "warning: " + recommender + ":4:3: atomic_clean_policy: 1 (separate) may cost performance",
            "warning: " + dynamic_shape + ":2:3: static_memory_policy: 3 (expand_dynamic_shape) may cost performance"});

  const Outcome invalid = run_with_stdin({"--check", two_mistakes, recommender});
  CHECK(invalid.exit_code == exit_invalid);
  CHECK(invalid.out.empty());
  CHECK(lines_of(invalid.err) ==
        std::vector<std::string>{
            "error: " + two_mistakes +
                ":2:3: static_memory_policy: 5 is not allowed; use 0 (dynamic), 2 (expand_static_shape), 3 "
                "(expand_dynamic_shape) or 4 (expand_static_and_dynamic_shape)",
            "error: " + two_mistakes +
                ":4:3: memory_optimization_policy: \"Balance\" is not allowed; use \"BalanceMode\" or "
                "\"MemoryPriority\", or null to leave it unset",
            "warning: " + recommender + ":4:3: atomic_clean_policy: 1 (separate) may cost performance"});

  // A missing file is reported, the others are still checked: exit 2.
  const std::string missing = std::string(inputs) + "/no_such_file.json";
  const Outcome unreadable = run_with_stdin({"--check", missing, two_mistakes, "--werror"});
  CHECK(unreadable.exit_code == exit_usage);
  CHECK(unreadable.out.empty());
  const auto lines = lines_of(unreadable.err);
  REQUIRE(lines.size() == 3);
  CHECK(lines[0] == "error: cannot read " + missing + ": No such file or directory");
  CHECK(lines[1].rfind("error: " + two_mistakes + ":2:3: ", 0) == 0);
  CHECK(lines[2].rfind("error: " + two_mistakes + ":4:3: ", 0) == 0);
  // --werror, the context flags and --format as target apply to every file
  const Outcome strict = run_with_stdin({"--check", "--werror", recommender, dynamic_shape});
  CHECK(strict.exit_code == exit_invalid);
  CHECK(lines_of(strict.err).size() == 2);
  const Outcome torchair = run_with_stdin({"--check", "--format", "torchair", recommender});
  CHECK(torchair.exit_code == exit_invalid);
  CHECK(torchair.out.empty());
}

TEST_CASE("check mode: usage errors", "[tool][check]") {
  CHECK(run_with_stdin({"--check"}).exit_code == exit_usage);
  CHECK(run_with_stdin({"--check", "-", "--output", "x.json"}).exit_code == exit_usage);
  CHECK(run_with_stdin({"--check", "-", "--explain"}).exit_code == exit_usage);
  const Outcome two = run_with_stdin({"a.json", "b.json"});
  CHECK(two.exit_code == exit_usage);
  CHECK(two.err ==
        "error: more than one CONFIG given: a.json and b.json (--check takes several) (see npu-memcfg "
        "--help)\n");
  CHECK(run_with_stdin({"--diagnostics", "xml"}).err ==
        "error: --diagnostics \"xml\" is not a format; use text, json, sarif (see npu-memcfg --help)\n");
}

TEST_CASE("positions on stdin, and after blank lines and multi-byte UTF-8", "[tool][check][position]") {
  const Outcome outcome = run_with_stdin(
      {"--check", "--from", "ge", "-"},
      "\n\n{\"note\": \"caf\xc3\xa9\", \"ge.exec.atomicCleanPolicy\": \"2\",\n \"ge.exec.staticMemoryPolicy\": \"9\"}");
  CHECK(lines_of(outcome.err) ==
        std::vector<std::string>{"error: <stdin>:3:19: atomic_clean_policy (ge.exec.atomicCleanPolicy): \"2\" is not "
                                 "allowed; use 0 (centralized) or 1 (separate)",
                                 "error: <stdin>:4:2: static_memory_policy (ge.exec.staticMemoryPolicy): \"9\" is not "
                                 "allowed; use 0 (dynamic), 2 (expand_static_shape), 3 (expand_dynamic_shape) or 4 "
                                 "(expand_static_and_dynamic_shape)"});
}

TEST_CASE("JSON diagnostics: one object a line, with every field", "[tool][check][json]") {
  const std::string two_mistakes = std::string(inputs) + "/two_mistakes.json";
  const Outcome outcome =
      run_with_stdin({"--check", two_mistakes, "-", "--diagnostics", "json", "--static-memory-policy", "1"}, "{}");
  CHECK(outcome.exit_code == exit_invalid);
  const auto lines = lines_of(outcome.err);
  REQUIRE(lines.size() == 4);
  const nlohmann::json first = nlohmann::json::parse(lines[0]);
  CHECK(first == nlohmann::json{{"severity", "error"},
                                {"code", "invalid_value"},
                                {"source", two_mistakes},
                                {"line", 2},
                                {"column", 3},
                                {"field", "static_memory_policy"},
                                {"value", "5"},
                                {"message",
                                 "5 is not allowed; use 0 (dynamic), 2 (expand_static_shape), 3 "
                                 "(expand_dynamic_shape) or 4 (expand_static_and_dynamic_shape)"}});
  CHECK(nlohmann::json::parse(lines[1]).at("line") == 4);
  // a flag is no text: no position; the legacy 1 warns for each file
  const nlohmann::json flag = nlohmann::json::parse(lines[2]);
  CHECK(flag.at("severity") == "warning");
  CHECK(flag.at("code") == "legacy_value");
  CHECK(flag.at("source") == "--static-memory-policy");
  CHECK(flag.at("line").is_null());
  CHECK(flag.at("column").is_null());
  CHECK(nlohmann::json::parse(lines[3]).at("code") == "legacy_value");
  // user text that is no UTF-8 is replaced, never a failure
  const Outcome bytes = run_with_stdin({"--check", "-", "--diagnostics", "json"}, "{\"a\xff\": 1, \"b\": }");
  CHECK(bytes.exit_code == exit_invalid);
  CHECK(nlohmann::json::parse(lines_of(bytes.err).at(0)).at("code") == "syntax_error");
}

TEST_CASE("SARIF diagnostics: one log, a rule per code, a result per diagnostic at its line", "[tool][check][sarif]") {
  const std::string two_mistakes = std::string(inputs) + "/two_mistakes.json";
  const Outcome outcome = run_with_stdin(
      {"--check", two_mistakes, "-", "--diagnostics", "sarif", "--static-memory-policy", "1"}, "{\n \"x\": 1}");
  CHECK(outcome.exit_code == exit_invalid);
  CHECK(outcome.out.empty());
  const nlohmann::json log = nlohmann::json::parse(outcome.err);
  CHECK(log.at("version") == "2.1.0");
  const nlohmann::json& run = log.at("runs").at(0);
  CHECK(run.at("tool").at("driver").at("name") == "npu-memcfg");
  const nlohmann::json& rules = run.at("tool").at("driver").at("rules");
  REQUIRE(rules.size() == 22);  // one per DiagnosticCode
  CHECK(rules.at(6).at("id") == "invalid_value");
  CHECK(rules.at(6).at("shortDescription").at("text") == "A value of the right type that is not one of those allowed.");

  const nlohmann::json& results = run.at("results");
  REQUIRE(results.size() == 5);
  const nlohmann::json& first = results.at(0);
  CHECK(first.at("ruleId") == "invalid_value");
  CHECK(first.at("ruleIndex") == 6);
  CHECK(first.at("level") == "error");
  CHECK(first.at("message").at("text") ==
        "static_memory_policy: 5 is not allowed; use 0 (dynamic), 2 (expand_static_shape), 3 (expand_dynamic_shape) "
        "or 4 (expand_static_and_dynamic_shape)");
  const nlohmann::json& location = first.at("locations").at(0).at("physicalLocation");
  CHECK(location.at("artifactLocation").at("uri") == two_mistakes);
  CHECK(location.at("region") == nlohmann::json{{"startLine", 2}, {"startColumn", 3}});
  CHECK(results.at(1).at("locations").at(0).at("physicalLocation").at("region").at("startLine") == 4);
  // a flag is no file: no location, and the message names it
  const nlohmann::json& flag = results.at(2);
  CHECK(flag.at("level") == "warning");
  CHECK_FALSE(flag.contains("locations"));
  CHECK(flag.at("message").at("text").get<std::string>().rfind("--static-memory-policy: static_memory_policy: ", 0) ==
        0);
  // standard input, percent-encoded as a URI reference
  const nlohmann::json& from_stdin = results.at(3);
  CHECK(from_stdin.at("ruleId") == "unknown_key");
  CHECK(from_stdin.at("locations").at(0).at("physicalLocation").at("artifactLocation").at("uri") == "%3Cstdin%3E");
  CHECK(from_stdin.at("locations").at(0).at("physicalLocation").at("region") ==
        nlohmann::json{{"startLine", 2}, {"startColumn", 2}});
}
