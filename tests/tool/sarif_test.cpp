// --diagnostics sarif: what GitHub code scanning and Microsoft's SARIF
// multitool (with its GitHub ingestion rules) ask of a log, checked here on
// the log itself.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "code_help.hpp"
#include "sarif.hpp"
#include "scratch.hpp"
#include "tool_run.hpp"

using namespace npu;
using namespace npu::memcfg;
using npu::test::config;
using npu::test::input;
using npu::test::run_with_stdin;
using npu::test::Scratch;

namespace {

nlohmann::json sarif_of(const std::vector<std::string>& arguments, const std::string& input = "",
                        const std::string& working_directory = "/work/a b") {
  Environment environment;
  environment.working_directory = working_directory;
  std::vector<std::string> with_format = arguments;
  with_format.insert(with_format.end(), {"--diagnostics", "sarif"});
  const Outcome outcome = run_with_stdin(with_format, input, environment);
  CHECK(outcome.out.empty());
  return nlohmann::json::parse(outcome.err);
}

nlohmann::json location_of(const nlohmann::json& result) {
  REQUIRE(result.at("locations").size() == 1);
  return result.at("locations").at(0).at("physicalLocation");
}

}  // namespace

TEST_CASE("SARIF: one run, one invocation, a rule for every code with its descriptions and help", "[tool][sarif]") {
  const nlohmann::json log = sarif_of({"--check", config("recommender.json")});
  CHECK(log.at("version") == "2.1.0");
  CHECK(log.at("$schema") == "https://json.schemastore.org/sarif-2.1.0.json");
  REQUIRE(log.at("runs").size() == 1);
  const nlohmann::json& run = log.at("runs").at(0);
  CHECK(run.at("columnKind") == "unicodeCodePoints");
  const nlohmann::json& driver = run.at("tool").at("driver");
  CHECK(driver.at("name") == "npu-memcfg");
  CHECK(driver.at("version") == "2.0.0");
  CHECK(driver.at("semanticVersion") == "2.0.0");
  CHECK(driver.size() == 4);  // name, the two versions, the rules
  const nlohmann::json& rules = driver.at("rules");
  REQUIRE(rules.size() == std::size(detail::diagnostic_codes));
  for (std::size_t i = 0; i < rules.size(); ++i) {
    const detail::DiagnosticCodeInfo& info = detail::diagnostic_codes[i];
    CHECK(rules[i].at("id") == info.name);
    CHECK(rules[i].at("shortDescription").at("text") == info.summary);
    CHECK(rules[i].at("fullDescription").at("text") == code_help(info.code).description);
    CHECK(rules[i].at("help").at("text") == code_help(info.code).help);
    CHECK(code_help(info.code).code == info.code);
    CHECK_FALSE(code_help(info.code).description.empty());
    CHECK_FALSE(code_help(info.code).help.empty());
  }
  REQUIRE(run.at("invocations").size() == 1);
  CHECK(run.at("invocations").at(0).at("executionSuccessful") == true);
  CHECK(run.at("invocations").at(0).at("workingDirectory").at("uri") == "file:///work/a%20b/");
  // A folder's URI ends with one slash, whether its path has one or not.
  const nlohmann::json at_root = sarif_of({"--check", config("recommender.json")}, "", "/");
  CHECK(at_root.at("runs").at(0).at("invocations").at(0).at("workingDirectory").at("uri") == "file:///");
}

// The help that names values, products and releases, as the reference has them.
TEST_CASE("the codes' help names the values, products and releases of the reference", "[tool][sarif]") {
  CHECK(code_help(DiagnosticCode::legacy_value).description ==
        "Current releases read 1 as 2; up to CANN 6.0.1 it meant static allocation at the maximum size.");
  CHECK(code_help(DiagnosticCode::legacy_value).help == "Write 2 (expand_static_shape).");
  CHECK(code_help(DiagnosticCode::costly_policy).description ==
        "atomic_clean_policy 1 and static_memory_policy 3 or 4 lower memory use at some cost in speed.");
  CHECK(code_help(DiagnosticCode::unsupported_product).description ==
        "MemoryConfig is not supported on atlas-200i-500-a2 and atlas-inference, and 1 GB huge pages only on "
        "atlas-350, atlas-a3 and atlas-a2; there the runtime runs its defaults.");
  CHECK(code_help(DiagnosticCode::concurrent_graphs).description ==
        "With graphs that execute concurrently the engine cannot expand static-shape memory: 2 (and the legacy 1) and "
        "4 are not supported (up to CANN 8.0.RC3.alpha002 only 2; the 8.0.RC3 documents disagree on 4), also when "
        "GE_USE_STATIC_MEMORY makes the engine run them.");
  CHECK(code_help(DiagnosticCode::concurrent_graphs).help == "Use 0 or 3, or run the graphs one after another.");
  CHECK(code_help(DiagnosticCode::not_exported).description ==
        "A shell variable reaches the processes a script starts only when it is exported (export, declare -x, set -a "
        "before the assignment); assigned alone, GE_USE_STATIC_MEMORY=2 is the shell's own and no launch runs with "
        "it.");
  CHECK(code_help(DiagnosticCode::not_exported).help ==
        "Export it where it is assigned (export GE_USE_STATIC_MEMORY=2), or drop the assignment.");
  CHECK(code_help(DiagnosticCode::unknown_section)
            .description.rfind(
                "MindSpore Lite reads GE options from [ge_global_options], [ge_session_options] and [ge_graph_options] "
                "only; ",
                0) == 0);
}

TEST_CASE("SARIF: every result located in its CONFIG, at its key when the position is known", "[tool][sarif]") {
  const std::string two_mistakes = input("two_mistakes.json");
  const std::string recommender = config("recommender.json");
  const std::string missing = input("no such \xc3\xa9.json");
  const nlohmann::json log = sarif_of({"--check", two_mistakes, recommender, missing, "--atomic-clean-policy", "1"});
  const nlohmann::json& results = log.at("runs").at(0).at("results");
  REQUIRE(results.size() == 4);
  CHECK(results[0].at("ruleId") == "invalid_value");
  CHECK(results[0].at("ruleIndex") == 6);
  CHECK(results[0].at("level") == "error");
  CHECK(results[0].at("message").at("text") ==
        "static_memory_policy: 5 is not allowed; use 0 (dynamic), 2 (expand_static_shape), 3 (expand_dynamic_shape) "
        "or 4 (expand_static_and_dynamic_shape)");
  CHECK(location_of(results[0]) == nlohmann::json{{"artifactLocation", {{"uri", "file://" + two_mistakes}}},
                                                  {"region", {{"startLine", 2}, {"startColumn", 3}}}});
  CHECK(location_of(results[1]).at("region") == nlohmann::json{{"startLine", 4}, {"startColumn", 3}});
  // the flag's diagnostic, in the file it was checked for, without a region
  CHECK(results[2].at("ruleId") == "costly_policy");
  CHECK(results[2].at("level") == "warning");
  CHECK(results[2].at("message").at("text") ==
        "--atomic-clean-policy: atomic_clean_policy: 1 (separate) may cost performance");
  CHECK(location_of(results[2]) == nlohmann::json{{"artifactLocation", {{"uri", "file://" + recommender}}}});
  // an unreadable file is located at itself; spaces and bytes beyond ASCII percent-encoded
  CHECK(results[3].at("ruleId") == "unreadable_input");
  CHECK(location_of(results[3]) ==
        nlohmann::json{{"artifactLocation", {{"uri", "file://" + input("no%20such%20%C3%A9.json")}}}});
  CHECK(results[3].at("message").at("text") == "cannot be read: No such file or directory");
}

TEST_CASE("SARIF: columns in code points, not bytes", "[tool][sarif]") {
  // "é" is two bytes: the key at byte column 22 is at character 21
  const std::string path = input("utf8_before_key.json");
  const nlohmann::json log = sarif_of({"--check", "--from", "ge", path});
  const nlohmann::json& results = log.at("runs").at(0).at("results");
  REQUIRE(results.size() == 1);
  CHECK(location_of(results[0]).at("region") == nlohmann::json{{"startLine", 1}, {"startColumn", 21}});
  const Outcome text = run_with_stdin({"--check", "--from", "ge", path});
  CHECK_THAT(text.err, Catch::StartsWith("error: " + path + ":1:22: "));  // text keeps bytes
  // On a later line, after lines with blanks.
  const Scratch scratch("sarif-columns");
  const std::string later = scratch.write("later.json",
                                          "{\n  \"a b\": \"x\",\n  \"pr\xc3\xa9"
                                          "cision\": \"1\", \"ge.exec.staticMemoryPolicy\": \"5\"\n}\n");
  const nlohmann::json later_log = sarif_of({"--check", "--from", "ge", later});
  const nlohmann::json& later_results = later_log.at("runs").at(0).at("results");
  REQUIRE(later_results.size() == 1);
  CHECK(location_of(later_results[0]).at("region") == nlohmann::json{{"startLine", 3}, {"startColumn", 21}});
  // On a line that starts with a character of two bytes ("été": 3 characters, 5 bytes; byte column 23).
  const std::string launcher = scratch.write(
      "train.py",
      "import os\nimport npu_device\n\xc3\xa9t\xc3\xa9 = 1; os.environ[\"GE_USE_STATIC_MEMORY\"] = \"4\"\n");
  const nlohmann::json launcher_log = sarif_of({"--check", "--concurrent-graphs", launcher});
  const nlohmann::json& launcher_results = launcher_log.at("runs").at(0).at("results");
  REQUIRE(launcher_results.size() == 2);
  CHECK(location_of(launcher_results[1]).at("region") == nlohmann::json{{"startLine", 3}, {"startColumn", 21}});
}

TEST_CASE("SARIF: a relative path stays a relative reference, and standard input has no location", "[tool][sarif]") {
  CHECK(artifact_uri("examples/jobs/a b.json") == "examples/jobs/a%20b.json");
  CHECK(artifact_uri("/abs/x.json") == "file:///abs/x.json");
  CHECK(artifact_uri("caf\xc3\xa9/#1.json") == "caf%C3%A9/%231.json");
  const nlohmann::json log = sarif_of({"--check", "-"}, "{\n  \"colour\": 1}");
  const nlohmann::json& result = log.at("runs").at(0).at("results").at(0);
  CHECK_FALSE(result.contains("locations"));
  CHECK(result.at("message").at("text").get<std::string>().rfind("<stdin>: \"colour\": unknown key", 0) == 0);
}

TEST_CASE("SARIF: a path's URI keeps letters, digits, - . _ ~ and /, and percent-encodes every other byte",
          "[tool][sarif]") {
  // RFC 3986's unreserved characters and the path separator, against every
  // other printable ASCII byte, a control byte and DEL.
  CHECK(artifact_uri(" !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`") ==
        "%20%21%22%23%24%25%26%27%28%29%2A%2B%2C-./0123456789%3A%3B%3C%3D%3E%3F%40ABCDEFGHIJKLMNOPQRSTUVWXYZ%5B%5C%5D"
        "%5E_%60");
  CHECK(artifact_uri("abcdefghijklmnopqrstuvwxyz{|}~\x01\x7f") == "abcdefghijklmnopqrstuvwxyz%7B%7C%7D~%01%7F");
  CHECK(artifact_uri("").empty());
}

// GitHub annotates the file a location names: a value a sourced script
// sets is located there, its column counted in that file's text (the
// script's line 2 holds two-byte characters); a launch's own, in the script.
TEST_CASE("SARIF: a job's result located in the file that sets the value", "[tool][sarif]") {
  const Scratch scratch("sarif-sourced");
  scratch.write("job/t.py", "print(1)\n");
  const std::string script = scratch.write(
      "job/run.sh",
      ". ./env.sh\n# \xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\npython3 t.py\nbenchmark --modelFile=m.mindir\n");
  const std::string sourced = scratch.write("job/env.sh", "#!/bin/bash\nexport GE_USE_STATIC_MEMORY=4\n");
  const nlohmann::json results =
      sarif_of({"--check", script, "--concurrent-graphs"}, "", scratch.root.string()).at("runs").at(0).at("results");
  REQUIRE(results.size() == 3);  // the value's warning and error once for both launches (15.5)
  CHECK(results[1].at("level") == "error");
  CHECK(location_of(results[1]) == nlohmann::json{{"artifactLocation", {{"uri", "file://" + sourced}}},
                                                  {"region", {{"startLine", 2}, {"startColumn", 8}}}});
  CHECK(location_of(results[2]) == nlohmann::json{{"artifactLocation", {{"uri", "file://" + script}}},
                                                  {"region", {{"startLine", 4}, {"startColumn", 1}}}});
}

TEST_CASE("SARIF: a run without a CONFIG has no file to point into: no location, the source named", "[tool][sarif]") {
  const nlohmann::json log = sarif_of({"--static-memory-policy", "2", "--concurrent-graphs"});
  const nlohmann::json& results = log.at("runs").at(0).at("results");
  REQUIRE(results.size() == 1);
  CHECK_FALSE(results[0].contains("locations"));
  CHECK(results[0].at("message").at("text") ==
        "--static-memory-policy: static_memory_policy: 2 (expand_static_shape) is not supported when graphs execute "
        "concurrently; use 0 (dynamic) or 3 (expand_dynamic_shape), or remove it");
}

TEST_CASE("SARIF: usage errors as notifications of a failed invocation, with no results", "[tool][sarif]") {
  Environment environment;
  environment.working_directory = "/work";
  const Outcome outcome = run_with_stdin({"--diagnostics", "sarif", "--cann", "banana"}, "", environment);
  CHECK(outcome.exit_code == exit_usage);
  const nlohmann::json run = nlohmann::json::parse(outcome.err).at("runs").at(0);
  CHECK(run.at("results") == nlohmann::json::array());
  const nlohmann::json& invocation = run.at("invocations").at(0);
  CHECK(invocation.at("executionSuccessful") == false);
  REQUIRE(invocation.at("toolExecutionNotifications").size() == 1);
  CHECK(invocation.at("toolExecutionNotifications").at(0).at("level") == "error");
  CHECK(invocation.at("toolExecutionNotifications")
            .at(0)
            .at("message")
            .at("text")
            .get<std::string>()
            .rfind("--cann \"banana\" is not a CANN release", 0) == 0);
}

// The with --fix half of not_updatable's help, as the manual tables it.
TEST_CASE("SARIF: not_updatable's rule says what --fix leaves to a person", "[tool][sarif]") {
  CHECK(code_help(DiagnosticCode::not_updatable).description ==
        "The --output file is one of the CONFIG files read, and writing the output would replace it with another form "
        "(or it cannot be updated in place: tf1, torchair), losing what it holds besides the memory settings; the file "
        "is left as it was. With --fix: an edit of a fix that could not be made where it goes (a statement that is "
        "the only one of its block or shares its line, an edit that would not read back as it means), and why.");
}
