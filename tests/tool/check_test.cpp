// npu-memcfg in CI pipelines: --check over many files, every diagnostic tied
// to its CONFIG, in the order of its position, as text or JSON lines.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tool_run.hpp"

using namespace npu::memcfg;
using npu::test::config;
using npu::test::input;
using npu::test::lines_of;
using npu::test::run_with_stdin;
using Lines = std::vector<std::string>;

namespace {

std::string job(const std::string& name) { return std::string(NPU_EXAMPLE_JOBS) + "/" + name; }

constexpr const char* static_5 =
    "static_memory_policy: 5 is not allowed; use 0 (dynamic), 2 (expand_static_shape), 3 (expand_dynamic_shape) or "
    "4 (expand_static_and_dynamic_shape)";
constexpr const char* balance =
    "memory_optimization_policy: \"Balance\" is not allowed; use \"BalanceMode\" or \"MemoryPriority\", or null to "
    "leave it unset";

}  // namespace

TEST_CASE("check: every file on its own, nothing on stdout, the exit status of the worst", "[tool][check]") {
  const Outcome valid = run_with_stdin({"--check", config("recommender.json"), config("dynamic_shape.json")});
  CHECK(valid.exit_code == exit_ok);
  CHECK(valid.out.empty());
  CHECK(lines_of(valid.err) ==
        Lines{"warning: " + config("recommender.json") + ":4:3: atomic_clean_policy: 1 (separate) may cost performance",
              "warning: " + config("dynamic_shape.json") +
                  ":2:3: static_memory_policy: 3 (expand_dynamic_shape) may cost performance"});

  const Outcome invalid = run_with_stdin({"--check", input("two_mistakes.json"), config("recommender.json")});
  CHECK(invalid.exit_code == exit_invalid);
  CHECK(invalid.out.empty());
  CHECK(lines_of(invalid.err) == Lines{"error: " + input("two_mistakes.json") + ":2:3: " + static_5,
                                       "error: " + input("two_mistakes.json") + ":4:3: " + balance,
                                       "warning: " + config("recommender.json") +
                                           ":4:3: atomic_clean_policy: 1 (separate) may cost performance"});

  // A missing file is reported, the others are still checked: exit 2.
  const std::string missing = input("no_such_file.json");
  const Outcome unreadable = run_with_stdin({"--check", missing, input("two_mistakes.json"), "--werror"});
  CHECK(unreadable.exit_code == exit_usage);
  CHECK(unreadable.out.empty());
  CHECK(lines_of(unreadable.err) == Lines{"error: " + missing + ": cannot be read: No such file or directory",
                                          "error: " + input("two_mistakes.json") + ":2:3: " + static_5,
                                          "error: " + input("two_mistakes.json") + ":4:3: " + balance});
  // --werror, the context flags and --format as the target apply to every file
  CHECK(run_with_stdin({"--check", "--werror", config("recommender.json"), config("dynamic_shape.json")}).exit_code ==
        exit_invalid);
  const Outcome torchair = run_with_stdin({"--check", "--format", "torchair", config("recommender.json")});
  CHECK(torchair.exit_code == exit_invalid);
  CHECK(torchair.out.empty());
}

TEST_CASE("check: a diagnostic from a flag, the defaults or the environment names the file too, once per file",
          "[tool][check]") {
  Environment environment;
  environment.ge_use_static_memory = "yes";
  const Outcome outcome = run_with_stdin({"--check", config("recommender.json"), config("dynamic_shape.json"),
                                          "--atomic-clean-policy", "1", "--format", "torchair"},
                                         "", environment);
  CHECK(lines_of(outcome.err) == Lines{"warning: " + config("recommender.json") +
                                           ": GE_USE_STATIC_MEMORY: static_memory_policy: \"yes\" is ignored by the "
                                           "engine, which reads only \"0\" to \"4\"; static_memory_policy 2 "
                                           "(expand_static_shape) applies as set; unset GE_USE_STATIC_MEMORY",
                                       "warning: " + config("recommender.json") +
                                           ": defaults: static_memory_policy: torchair forces "
                                           "ge.exec.staticMemoryPolicy 2 (expand_static_shape), which "
                                           "GE_USE_STATIC_MEMORY can only turn into 4 "
                                           "(expand_static_and_dynamic_shape), not 0 (dynamic); 0 (dynamic) is only "
                                           "the default here",
                                       "error: " + config("recommender.json") +
                                           ":2:3: variable_use_1g_huge_page: torchair has no variable_use_1g_huge_page "
                                           "option, so the engine runs 0 (system_default), not 2 (prefer_1g); use 0 "
                                           "(system_default), or remove it, or target tf1, ge, tf2, mindspore or "
                                           "mslite",
                                       "warning: " + config("dynamic_shape.json") +
                                           ": GE_USE_STATIC_MEMORY: static_memory_policy: \"yes\" is ignored by "
                                           "the engine, which reads only \"0\" to \"4\"; static_memory_policy 2 "
                                           "(expand_static_shape) applies as set; unset GE_USE_STATIC_MEMORY",
                                       "warning: " + config("dynamic_shape.json") +
                                           ": defaults: memory_optimization_policy: torchair forces "
                                           "ge.exec.memoryOptimizationPolicy \"MemoryPriority\", so the engine runs "
                                           "that, not unset (the runtime decides); unset (the runtime decides) is "
                                           "only the default here",
                                       "error: " + config("dynamic_shape.json") +
                                           ":2:3: static_memory_policy: torchair forces ge.exec.staticMemoryPolicy 2 "
                                           "(expand_static_shape), which GE_USE_STATIC_MEMORY can only turn into 4 "
                                           "(expand_static_and_dynamic_shape), not 3 (expand_dynamic_shape); use 2 "
                                           "(expand_static_shape) or 4 (expand_static_and_dynamic_shape), or remove "
                                           "it, or target tf1, ge, tf2, mindspore or mslite"});
  CHECK(outcome.exit_code == exit_invalid);
  // The flag's diagnostic, once for each file, each naming it
  const Outcome flag = run_with_stdin(
      {"--check", config("recommender.json"), config("dynamic_shape.json"), "--static-memory-policy", "1"});
  CHECK(lines_of(flag.err) ==
        Lines{"warning: " + config("recommender.json") +
                  ": --static-memory-policy: static_memory_policy: \"1\" is a legacy alias of 2 (expand_static_shape); "
                  "it is read as 2",
              "warning: " + config("recommender.json") + ":4:3: atomic_clean_policy: 1 (separate) may cost performance",
              "warning: " + config("dynamic_shape.json") +
                  ": --static-memory-policy: static_memory_policy: \"1\" is a legacy alias of 2 (expand_static_shape); "
                  "it is read as 2"});
}

TEST_CASE("within a file: diagnostics without a position first, then in the order of their positions",
          "[tool][check]") {
  const Outcome outcome = run_with_stdin(
      {"--check", "-", "--atomic-clean-policy", "7"},
      "{\n  \"variable_use_1g_huge_page\": 9,\n \"static_memory_policy\": 9, \"memory_optimization_policy\": 9}");
  CHECK(lines_of(outcome.err).size() == 4);
  CHECK(lines_of(outcome.err)[0].rfind("error: <stdin>: --atomic-clean-policy: ", 0) == 0);
  CHECK(lines_of(outcome.err)[1].rfind("error: <stdin>:2:3: variable_use_1g_huge_page: ", 0) == 0);
  CHECK(lines_of(outcome.err)[2].rfind("error: <stdin>:3:2: static_memory_policy: ", 0) == 0);
  CHECK(lines_of(outcome.err)[3].rfind("error: <stdin>:3:29: memory_optimization_policy: ", 0) == 0);
}

TEST_CASE("check: positions on stdin, after blank lines and multi-byte UTF-8", "[tool][check][position]") {
  const Outcome outcome = run_with_stdin(
      {"--check", "--from", "ge", "-"},
      "\n\n{\"note\": \"caf\xc3\xa9\", \"ge.exec.atomicCleanPolicy\": \"2\",\n \"ge.exec.staticMemoryPolicy\": \"9\"}");
  CHECK(lines_of(outcome.err) ==
        Lines{"error: <stdin>:3:19: atomic_clean_policy (ge.exec.atomicCleanPolicy): \"2\" is not allowed; the "
              "engine runs 0 (centralized) for it; use 0 (centralized) or 1 (separate)",
              "error: <stdin>:4:2: static_memory_policy (ge.exec.staticMemoryPolicy): \"9\" is not allowed; the "
              "engine runs 0 (dynamic) for it; use 0 (dynamic), 2 (expand_static_shape), 3 (expand_dynamic_shape) or "
              "4 (expand_static_and_dynamic_shape)"});
}

TEST_CASE("check: job files with their memory settings nested, read at --pointer", "[tool][check]") {
  const Outcome outcome = run_with_stdin({"--check", "--pointer", "/memory_config", job("recommender_job.json"),
                                          job("bad_job.json"), input("nested_job.json")});
  CHECK(outcome.exit_code == exit_invalid);
  CHECK(lines_of(outcome.err) ==
        Lines{"error: " + input("nested_job.json") +
              ":6:5: variable_use_1g_huge_page: \"require_1gb\" is not "
              "allowed (did you mean \"require_1g\"?); use 0 (system_default), 1 (require_1g) or "
              "2 (prefer_1g)"});
  const Outcome nothing = run_with_stdin({"--check", "--pointer", "/memory", job("recommender_job.json")});
  CHECK(nothing.exit_code == exit_invalid);
  CHECK(lines_of(nothing.err) == Lines{"error: " + job("recommender_job.json") +
                                       ": \"/memory\" names nothing; the deepest part that exists is "
                                       "the whole document"});
}

TEST_CASE("JSON lines: one object a line, with every field and the CONFIG", "[tool][check][json]") {
  const Outcome outcome = run_with_stdin(
      {"--check", input("two_mistakes.json"), "-", "--diagnostics", "json", "--static-memory-policy", "1"}, "{}");
  CHECK(outcome.exit_code == exit_invalid);
  const Lines lines = lines_of(outcome.err);
  REQUIRE(lines.size() == 4);
  CHECK(nlohmann::json::parse(lines[0]) ==
        nlohmann::json{{"severity", "warning"},
                       {"code", "legacy_value"},
                       {"source", "--static-memory-policy"},
                       {"file", input("two_mistakes.json")},
                       {"line", nullptr},
                       {"column", nullptr},
                       {"field", "static_memory_policy"},
                       {"value", "\"1\""},
                       {"message", "\"1\" is a legacy alias of 2 (expand_static_shape); it is read as 2"},
                       // The fix keeps what runs: the 2 it is read as, where the flag gave it.
                       {"fix",
                        {{{"edits",
                           {{{"action", "set_value"},
                             {"setting", "static_memory_policy"},
                             {"value", "2"},
                             {"source", "--static-memory-policy"},
                             {"line", nullptr},
                             {"column", nullptr}}}},
                          {"text", "static_memory_policy 2 (expand_static_shape)"}}}}});
  // One remedy per value, each at the key's position.
  nlohmann::json fix_of_static_5 = nlohmann::json::array();
  for (const char* value : {"0", "2", "3", "4"}) {
    fix_of_static_5.push_back({{"edits",
                                {{{"action", "set_value"},
                                  {"setting", "static_memory_policy"},
                                  {"value", value},
                                  {"source", input("two_mistakes.json")},
                                  {"line", 2},
                                  {"column", 3}}}}});
  }
  fix_of_static_5[0]["text"] = "static_memory_policy 0 (dynamic)";
  fix_of_static_5[1]["text"] = "static_memory_policy 2 (expand_static_shape)";
  fix_of_static_5[2]["text"] = "static_memory_policy 3 (expand_dynamic_shape)";
  fix_of_static_5[3]["text"] = "static_memory_policy 4 (expand_static_and_dynamic_shape)";
  CHECK(nlohmann::json::parse(lines[1]) ==
        nlohmann::json{{"severity", "error"},
                       {"code", "invalid_value"},
                       {"source", input("two_mistakes.json")},
                       {"file", input("two_mistakes.json")},
                       {"line", 2},
                       {"column", 3},
                       {"field", "static_memory_policy"},
                       {"value", "5"},
                       {"message",
                        "5 is not allowed; use 0 (dynamic), 2 (expand_static_shape), 3 (expand_dynamic_shape) or 4 "
                        "(expand_static_and_dynamic_shape)"},
                       {"fix", fix_of_static_5}});
  CHECK(nlohmann::json::parse(lines[2]).at("line") == 4);
  CHECK(nlohmann::json::parse(lines[3]).at("file") == "<stdin>");
  // no CONFIG: "file" is null
  const Outcome defaults = run_with_stdin({"--atomic-clean-policy", "1", "--diagnostics", "json"});
  CHECK(nlohmann::json::parse(defaults.err).at("file").is_null());
  // text that is no UTF-8 is replaced, never a failure
  const Outcome bytes = run_with_stdin({"--check", "-", "--diagnostics", "json"}, "{\"a\xff\": 1, \"b\": }");
  CHECK(bytes.exit_code == exit_invalid);
  CHECK(nlohmann::json::parse(lines_of(bytes.err).at(0)).at("code") == "syntax_error");
  CHECK_THAT(bytes.err, Catch::Contains("\xef\xbf\xbd"));  // U+FFFD
}

TEST_CASE("valid UTF-8 as written in every format, control characters and other bytes escaped", "[tool][check]") {
  // A full-width 1 and a Chinese comment, as the people who write these files type them.
  const std::string lite =
      "[ge_session_options]\n"
      "ge.exec.atomicCleanPolicy=\xef\xbc\x91\n"
      "ge.exec.staticMemoryPolicy=2   # \xe6\xb3\xa8\xe9\x87\x8a\n"
      "ge.variableUse1gHugePage=\x01\xff\n";
  const Outcome text = run_with_stdin({"--from", "mslite", "-"}, lite);
  CHECK(text.exit_code == exit_invalid);
  CHECK(lines_of(text.err) ==
        Lines{"error: <stdin>:2:1: atomic_clean_policy (ge.exec.atomicCleanPolicy): \"\xef\xbc\x91\" is not allowed "
              "(did you mean \"1\"?); the engine runs 0 (centralized) for it; use 0 (centralized) or 1 (separate)",
              "error: <stdin>:3:1: static_memory_policy (ge.exec.staticMemoryPolicy): \"2   # "
              "\xe6\xb3\xa8\xe9\x87\x8a\" is the value MindSpore Lite keeps: it has no inline comments; put the "
              "comment on a line of its own",
              "error: <stdin>:4:1: variable_use_1g_huge_page (ge.variableUse1gHugePage): \"\\x01\\xff\" is not "
              "allowed; the engine runs 0 (system_default) for it; use 0 (system_default), 1 (require_1g) or 2 "
              "(prefer_1g)"});
  const Outcome json = run_with_stdin({"--from", "mslite", "-", "--diagnostics", "json"}, lite);
  const Lines json_lines = lines_of(json.err);
  REQUIRE(json_lines.size() == 3);
  // Raw UTF-8 in the JSON text, not \uXXXX escapes.
  CHECK_THAT(json_lines[0], Catch::Contains("\"value\":\"\\\"\xef\xbc\x91\\\"\""));
  CHECK_THAT(json_lines[1], Catch::Contains("# \xe6\xb3\xa8\xe9\x87\x8a"));
  CHECK(nlohmann::json::parse(json_lines[2]).at("value") == "\"\x01\xef\xbf\xbd\"");  // JSON's \u0001, U+FFFD
  CHECK_THAT(json_lines[2], Catch::Contains("\\u0001"));
  const Outcome sarif = run_with_stdin({"--from", "mslite", "-", "--diagnostics", "sarif"}, lite);
  const nlohmann::json results = nlohmann::json::parse(sarif.err).at("runs").at(0).at("results");
  REQUIRE(results.size() == 3);
  CHECK_THAT(results[0].at("message").at("text").get<std::string>(), Catch::Contains("\"\xef\xbc\x91\""));
  CHECK_THAT(results[2].at("message").at("text").get<std::string>(), Catch::Contains("\"\x01\xef\xbf\xbd\""));
}

TEST_CASE("a text in another form: the tool names its flags for a person, JSON lines the library's words",
          "[tool][check]") {
  const std::string atc = R"({"compile options": {"ge.exec.staticMemoryPolicy": "2"}})";
  const std::string library_words =
      R"("compile options": an object is not an option value; option values are strings or numbers (this is an )"
      R"(ATC options file: the ge form reads it at "/compile options"))";
  const std::string flags = R"( (--from ge --pointer "/compile options"))";
  CHECK(run_with_stdin({"--from", "ge", "-"}, atc).err == "error: <stdin>:1:2: " + library_words + flags + "\n");
  const Outcome json = run_with_stdin({"--from", "ge", "-", "--diagnostics", "json"}, atc);
  CHECK("\"compile options\": " + nlohmann::json::parse(json.err).at("message").get<std::string>() == library_words);
  const Outcome sarif = run_with_stdin({"--from", "ge", "-", "--diagnostics", "sarif"}, atc);
  const nlohmann::json results = nlohmann::json::parse(sarif.err).at("runs").at(0).at("results");
  REQUIRE(results.size() == 1);
  CHECK(results[0].at("message").at("text") == "<stdin>: " + library_words + flags);
  CHECK(run_with_stdin({"--from", "mslite", "-"}, "{}").err ==
        "error: <stdin>:1:1: a JSON text, not a MindSpore Lite config file: the json, ge, tf2 or mindspore form "
        "reads it (--from json, ge, tf2 or mindspore)\n");
}

TEST_CASE("usage errors in the format asked, once --diagnostics could be read", "[tool][check]") {
  const Outcome text = run_with_stdin({"--cann", "banana"});
  CHECK(text.exit_code == exit_usage);
  CHECK_THAT(text.err, Catch::StartsWith("error: --cann \"banana\" is not a CANN release; "));
  const Outcome json = run_with_stdin({"--cann", "banana", "--werror", "--werror", "--diagnostics", "json"});
  CHECK(json.exit_code == exit_usage);
  const Lines lines = lines_of(json.err);
  REQUIRE(lines.size() == 2);
  for (const std::string& line : lines) {
    const nlohmann::json error = nlohmann::json::parse(line);
    CHECK(error.at("code") == "usage_error");
    CHECK(error.at("severity") == "error");
    CHECK(error.at("file").is_null());
  }
  CHECK(nlohmann::json::parse(lines[1]).at("message") == "--werror given twice");
  const Outcome unreadable_format = run_with_stdin({"--cann", "banana", "--diagnostics", "yaml"});
  CHECK(lines_of(unreadable_format.err).size() == 2);
  CHECK_THAT(unreadable_format.err, Catch::StartsWith("error: "));  // text, as --diagnostics could not be read
}
