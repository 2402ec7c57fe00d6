// The JSON readers: config files, GE and TF2 option maps, each diagnostic at
// its key's position.
#include <catch2/catch.hpp>

#include <string>
#include <utility>
#include <vector>

#include <npu/memory_config/forms/map_readers.hpp>
#include <npu/memory_config_json.hpp>

#include "diagnostics.hpp"

using namespace npu;
using test::codes_of;
using test::Position;
using test::position_of;
using Code = DiagnosticCode;

namespace {

std::size_t errors_of(const ReadResult& result, Code code) {
  std::size_t n = 0;
  for (const Diagnostic& d : result.diagnostics) n += (d.code == code && d.severity == Severity::error) ? 1 : 0;
  return n;
}

}  // namespace

TEST_CASE("a config file: valid text", "[json][readers]") {
  const ReadResult result = read_json_config(R"({"static_memory_policy": "expand_dynamic_shape"})", "job.json");
  REQUIRE(result.ok());
  CHECK(result.config->static_memory_policy == StaticMemoryPolicy::expand_dynamic_shape);
  CHECK(read_json_config("{}").config == MemoryConfig{});
  CHECK(read_json_config(" \n{ }\n ").ok());
}

TEST_CASE("a config file: a key given twice is an error", "[json][readers]") {
  const ReadResult result = read_json_config(R"({"static_memory_policy": 2, "static_memory_policy": 2})", "job.json");
  CHECK_FALSE(result.ok());
  const Diagnostic& twice = test::only(result.diagnostics);
  CHECK(twice.code == Code::duplicate_key);
  CHECK(twice.key == "\"static_memory_policy\"");
  CHECK(position_of(twice) == Position{1, 29});  // the second key
}

TEST_CASE("a config file: unknown keys with a hint, every problem reported", "[json][readers]") {
  const ReadResult result = read_json_config(
      R"({"static_memory_polcy": 2, "atomic_clean_policy": "02", "memory_optimization_policy": "balancemode", "colour": 1})",
      "job.json");
  CHECK_FALSE(result.ok());
  CHECK(codes_of(result.diagnostics) ==
        std::vector<Code>{Code::unknown_key, Code::invalid_value, Code::invalid_value, Code::unknown_key});
  CHECK_THAT(result.diagnostics[0].message, Catch::Contains("\"static_memory_policy\"?"));
  CHECK_THAT(result.diagnostics[2].message, Catch::Contains("\"BalanceMode\"?"));
  CHECK_THAT(result.diagnostics[3].message, !Catch::Contains("?"));
}

TEST_CASE("a config file: not an object, invalid JSON, trailing garbage", "[json][readers]") {
  // A syntax error names the member whose value could not be read, quoted
  // when it is no field.
  CHECK(read_json_config(R"({"static_memory_policy": tru)").diagnostics.at(0).key == "static_memory_policy");
  CHECK(read_json_config(R"({"bogus": tru)").diagnostics.at(0).key == R"("bogus")");
  // The top level shown as given.
  const std::pair<const char*, const char*> tops[] = {
      {"[]", "an array"}, {"7", "7"},         {"-7", "-7"},   {"\"hello\"", "\"hello\""},
      {"true", "true"},   {"false", "false"}, {"3.5", "3.5"}, {"null", "null"}};
  for (const auto& [text, shown] : tops) {
    INFO(text);
    const Diagnostic& top = test::only(read_json_config(text, "job.json").diagnostics);
    CHECK(top.code == Code::not_an_object);
    CHECK(top.value == shown);
    CHECK_FALSE(top.origin.position.known());
  }
  for (const char* text : {"", "{", R"({"static_memory_policy": })", "{} x", "{}{}", R"({"a":1,})", "{'a':1}"}) {
    INFO(text);
    const ReadResult result = read_json_config(text, "job.json");
    CHECK_FALSE(result.ok());
    REQUIRE(errors_of(result, Code::syntax_error) == 1);
    CHECK(result.diagnostics[0].origin.position.line == 1);  // where the parser stopped
    CHECK(result.diagnostics[0].origin.position.column >= 1);
  }
}

TEST_CASE("a config file: values that must not be truncated or coerced", "[json][readers]") {
  for (const char* text : {R"({"static_memory_policy": 4294967298})", R"({"static_memory_policy": -4294967294})",
                           R"({"static_memory_policy": 18446744073709551618})", R"({"static_memory_policy": 2.0})",
                           R"({"static_memory_policy": 2e0})", R"({"static_memory_policy": true})",
                           R"({"static_memory_policy": [2]})", R"({"static_memory_policy": {"v": 2}})",
                           R"({"static_memory_policy": null})", R"({"memory_optimization_policy": ""})"}) {
    INFO(text);
    const ReadResult result = read_json_config(text, "job.json");
    CHECK_FALSE(result.ok());
    CHECK_THAT(test::only(result.diagnostics).key, Catch::EndsWith("policy"));
  }
}

TEST_CASE("numbers beyond any type: an integer beyond 64 bits is out of range, and 1e400 is said so where it is",
          "[json][readers]") {
  const Diagnostic& huge =
      test::only(read_json_config(R"({"static_memory_policy": 18446744073709551616})").diagnostics);
  CHECK(huge.code == Code::invalid_value);
  CHECK(huge.value == "18446744073709551616");
  CHECK_THAT(huge.message, Catch::Contains("out of range") && !Catch::Contains("not an integer"));
  const Diagnostic& negative =
      test::only(read_json_config(R"({"static_memory_policy": -18446744073709551617})").diagnostics);
  CHECK(negative.value == "-18446744073709551617");
  const Diagnostic& overflow =
      test::only(read_json_config("{\n  \"atomic_clean_policy\": 1e400}", "job.json").diagnostics);
  CHECK(overflow.code == Code::syntax_error);
  CHECK(overflow.key == "atomic_clean_policy");
  CHECK(position_of(overflow) == Position{2, 26});  // where the number starts
  CHECK_THAT(overflow.message, Catch::Contains("1e400") && !Catch::Contains("json.exception"));
}

TEST_CASE("a config file: deep nesting is an error, not a crash", "[json][readers]") {
  const std::string deep = R"({"static_memory_policy": )" + std::string(200000, '[') + std::string(200000, ']') + "}";
  const ReadResult result = read_json_config(deep, "deep.json");
  CHECK_FALSE(result.ok());
  CHECK(errors_of(result, Code::wrong_type) == 1);
}

TEST_CASE("GE maps as JSON: flat, or by level", "[json][readers]") {
  const ReadResult scoped = detail::read_ge_options_json(
      R"({"global": {"ge.exec.staticMemoryPolicy": "3", "ge.variableUse1gHugePage": "1", "ge.graphRunMode": 1},
          "session": {"ge.exec.atomicCleanPolicy": "1", "ge.variableUse1gHugePage": "1", "ge.exec.memoryOptimizationPolicy": ""}})");
  REQUIRE(scoped.ok());
  CHECK(scoped.diagnostics.empty());
  CHECK(*scoped.config == MemoryConfig{AtomicCleanPolicy::separate, StaticMemoryPolicy::expand_dynamic_shape,
                                       std::nullopt, HugePagePolicy::require_1g});
  const ReadResult flat = detail::read_ge_options_json(R"({"ge.exec.atomicCleanPolicy": "1", "ge.exec.deviceId": 0})");
  REQUIRE(flat.ok());
  CHECK(flat.config->atomic_clean_policy == AtomicCleanPolicy::separate);
  CHECK(detail::read_tf2_options_json(R"({"static_memory_policy": "4"})").config->static_memory_policy ==
        StaticMemoryPolicy::expand_static_and_dynamic_shape);
  CHECK_FALSE(detail::read_tf2_options_json(R"({"memory_optimization_policy": "BalanceMode"})").ok());
  CHECK(errors_of(detail::read_ge_options_json("[]"), Code::not_an_object) == 1);
  CHECK(errors_of(detail::read_tf2_options_json("\"x\""), Code::not_an_object) == 1);
}

TEST_CASE("GE levels: graph too, any key at any level, and two levels that differ are an error", "[json][readers]") {
  const ReadResult graph = detail::read_ge_options_json(
      R"({"global": {"ge.exec.atomicCleanPolicy": "1"}, "session": {"ge.exec.staticMemoryPolicy": "2"},
          "graph": {"ge.exec.memoryOptimizationPolicy": "MemoryPriority"}})",
      "ge.json");
  REQUIRE(graph.ok());
  CHECK(graph.diagnostics.empty());  // no key is reported for its level
  CHECK(*graph.config == MemoryConfig{AtomicCleanPolicy::separate, StaticMemoryPolicy::expand_static_shape,
                                      MemoryOptimizationPolicy::memory_priority, HugePagePolicy::system_default});
  CHECK(graph.provenance.source_of(Field::memory_optimization_policy) == "ge.json (graph)");
  for (const auto& [first, second] :
       {std::pair<const char*, const char*>{"global", "session"}, {"global", "graph"}, {"session", "graph"}}) {
    INFO(first << " and " << second);
    const std::string text = std::string(R"({")") + first + R"(": {"ge.exec.atomicCleanPolicy": "1"}, ")" + second +
                             R"(": {"ge.exec.atomicCleanPolicy": "0"}})";
    const Diagnostic& conflict = test::only(detail::read_ge_options_json(text, "ge.json").diagnostics);
    CHECK(conflict.code == Code::conflicting_values);
    CHECK(conflict.origin.scope == second);
  }
}

TEST_CASE("GE levels: the static policy and the huge page key at graph level warn, and still count",
          "[json][readers]") {
  // As torchair sends its options: the static policy at every level.
  const ReadResult torchair = detail::read_ge_options_json(
      R"({"global": {"ge.exec.staticMemoryPolicy": "2"}, "session": {"ge.exec.staticMemoryPolicy": "2"},
          "graph": {"ge.exec.atomicCleanPolicy": "1", "ge.exec.staticMemoryPolicy": "2"}})",
      "ge.json");
  REQUIRE(torchair.ok());
  const Diagnostic& graph = test::only(torchair.diagnostics);
  CHECK(graph.severity == Severity::warning);
  CHECK(graph.code == Code::unsupported_option);
  CHECK(position_of(graph) == Position{2, 55});
  CHECK(graph.origin.scope == "graph");
  CHECK(torchair.provenance.source_of(Field::static_memory_policy) == "ge.json (global)");
}

TEST_CASE("GE levels: a memory key twice in one level is a duplicate, at each level", "[json][readers]") {
  for (const char* level : {"global", "session", "graph"}) {
    INFO(level);
    const std::string text =
        std::string(R"({")") + level +
        R"(": {"ge.exec.atomicCleanPolicy": "1", "ge.exec.atomicCleanPolicy": "1", "x": 1, "x": 2}})";
    const Diagnostic& twice =
        test::only(detail::read_ge_options_json(text, "ge.json").diagnostics);  // memory keys only
    CHECK(twice.code == Code::duplicate_key);
    CHECK(twice.key == "\"ge.exec.atomicCleanPolicy\"");
    CHECK(twice.origin.scope == level);
  }
  CHECK(
      errors_of(detail::read_ge_options_json(R"({"ge.exec.atomicCleanPolicy": "1", "ge.exec.atomicCleanPolicy": "1"})"),
                Code::duplicate_key) == 1);
}

TEST_CASE("GE levels: each an object, given once, and nothing beside them", "[json][readers]") {
  const Diagnostic& array =
      test::only(detail::read_ge_options_json(R"({"global": [], "session": {}})", "ge.json").diagnostics);
  CHECK(array.code == Code::not_an_object);
  CHECK(position_of(array) == Position{1, 2});
  const Diagnostic& other =
      test::only(detail::read_ge_options_json(R"({"global": {}, "other": {}})", "ge.json").diagnostics);
  CHECK(other.code == Code::unknown_key);
  CHECK(other.key == "\"other\"");
  CHECK(position_of(other) == Position{1, 16});
  const Diagnostic& twice =
      test::only(detail::read_ge_options_json(R"({"global": {}, "global": {}})", "ge.json").diagnostics);
  CHECK(twice.code == Code::duplicate_key);
}

TEST_CASE("option maps as JSON: a value that is an object or an array is an error, whatever its key",
          "[json][readers]") {
  const ReadResult ge =
      detail::read_ge_options_json(R"({"ge.exec.deviceId": [0], "ge.exec.staticMemoryPolicy": {"v": "2"}})");
  CHECK(codes_of(ge.diagnostics) == std::vector<Code>{Code::wrong_type, Code::wrong_type});
  CHECK(test::keys_of(ge.diagnostics) ==
        std::vector<std::string>{"\"ge.exec.deviceId\"", "\"ge.exec.staticMemoryPolicy\""});
  CHECK(ge.diagnostics[0].value == "an array");
  CHECK(codes_of(detail::read_ge_options_json(R"({"session": {"ge.exec.hcclFlag": {}}})").diagnostics) ==
        std::vector<Code>{Code::wrong_type});
  CHECK(codes_of(detail::read_tf2_options_json(R"({"precision_mode": ["x"]})").diagnostics) ==
        std::vector<Code>{Code::wrong_type});
  // MindSpore's ascend_config read as a GE map says what it is, never the defaults
  for (const auto reader : {&detail::read_ge_options_json, &detail::read_tf2_options_json}) {
    const ReadResult ascend_config =
        reader(R"({"atomic_clean_policy": 1, "ge_options": {"global": {"ge.exec.staticMemoryPolicy": "4"}}})",
               "ascend.json", {});
    CHECK_FALSE(ascend_config.ok());
    const Diagnostic& misread = test::only(test::of_code(ascend_config.diagnostics, Code::wrong_type));
    CHECK(misread.key == "\"ge_options\"");
    CHECK_THAT(misread.message, Catch::Contains("the mindspore form reads it"));
    CHECK(misread.read_as == std::vector<Form>{Form::mindspore});
    CHECK(misread.read_as_pointer.empty());
  }
}

TEST_CASE("the JSON readers record where each field was given", "[json][readers][provenance]") {
  const ReadResult config = read_json_config(R"({"static_memory_policy": 1})", "job.json");
  REQUIRE(config.ok());
  CHECK(config.provenance.config_source == "job.json");
  CHECK(config.provenance.source_of(Field::static_memory_policy) == "job.json");
  CHECK(config.provenance.of(Field::static_memory_policy).legacy_alias);
  CHECK(config.provenance.is_default(Field::atomic_clean_policy));
  const ReadResult scoped = detail::read_ge_options_json(
      R"({"global": {"ge.exec.staticMemoryPolicy": "3"}, "session": {"ge.exec.atomicCleanPolicy": "1"}})", "ge.json");
  REQUIRE(scoped.ok());
  CHECK(scoped.provenance.source_of(Field::static_memory_policy) == "ge.json (global)");
  CHECK(scoped.provenance.source_of(Field::atomic_clean_policy) == "ge.json (session)");
  CHECK(scoped.provenance.is_default(Field::variable_use_1g_huge_page));
  const ReadResult tf2 = detail::read_tf2_options_json(R"({"variable_use_1g_huge_page": "2"})", "tf2.json");
  REQUIRE(tf2.ok());
  CHECK(tf2.provenance.source_of(Field::variable_use_1g_huge_page) == "tf2.json");
  CHECK(tf2.provenance.source_of(Field::static_memory_policy) == "defaults");
}

TEST_CASE("a diagnostic about a member names where its key starts: line and column, in bytes",
          "[json][readers][position]") {
  const auto first = [](const ReadResult& result) {
    REQUIRE_FALSE(result.diagnostics.empty());
    return position_of(result.diagnostics[0]);
  };
  CHECK(first(read_json_config(R"({"static_memory_policy": 5})")) == Position{1, 2});
  CHECK(first(read_json_config("\n\n{\n\n    \"static_memory_policy\": 5\n}")) == Position{5, 5});
  // after multi-byte UTF-8 (columns count bytes: "é" is two); a foreign key, ignored, before it
  CHECK(first(detail::read_ge_options_json("{\"precision\u00e9\": \"1\", \"ge.exec.staticMemoryPolicy\": \"5\"}")) ==
        Position{1, 22});
  // an escaped quote does not end a string, so what follows it is no key
  CHECK(first(detail::read_ge_options_json(R"({"note": "a\", \"b", "ge.exec.staticMemoryPolicy": "5"})")) ==
        Position{1, 22});
  // keys that hold escapes themselves: a quote, a backslash just before the closing quote
  CHECK(first(read_json_config(R"({"a\"b": 1})")) == Position{1, 2});
  CHECK(first(read_json_config(R"({"atomic_clean_policy": 0, "c\\": 1})")) == Position{1, 28});
  // a key inside a string does not count as one
  CHECK(first(detail::read_ge_options_json(R"({"note": "{\"a\": 1, \"b\": 2}", "ge.exec.staticMemoryPolicy": "5"})")) ==
        Position{1, 34});
  const ReadResult scoped = detail::read_ge_options_json(
      "{\n  \"global\": {\"ge.exec.staticMemoryPolicy\": \"2\"},\n  \"session\": {\n    \"ge.exec.atomicCleanPolicy\": "
      "\"7\"\n  }\n}");
  CHECK(first(scoped) == Position{4, 5});
  CHECK(scoped.diagnostics[0].key == "atomic_clean_policy (ge.exec.atomicCleanPolicy)");
  // a problem found later, in context, points at the key of its field
  const ReadResult config = read_json_config("{\n  \"atomic_clean_policy\": 1\n}", "job.json");
  REQUIRE(config.ok());
  CHECK(config.provenance.of(Field::atomic_clean_policy).origin.position == SourcePosition{2, 3});
  CHECK(position_of(validate(*config.config, ValidationContext{}, config.provenance).at(0)) == Position{2, 3});
  // not a text: no position
  CHECK_FALSE(
      read_ge_options(test::StringMap{{"ge.exec.atomicCleanPolicy", "7"}}).diagnostics.at(0).origin.position.known());
}

TEST_CASE("a JSON reader's diagnostic says which setting it is about, or none", "[json][readers]") {
  using test::settings_of;
  using Settings = std::vector<std::optional<Field>>;
  constexpr auto none = std::nullopt;
  CHECK(settings_of(read_json_config(R"({"static_memory_policy": 1e400})").diagnostics) ==
        Settings{Field::static_memory_policy});
  CHECK(settings_of(read_json_config(R"({"bogus": 1e400})").diagnostics) == Settings{none});
  CHECK(settings_of(read_json_config(R"({"static_memory_policy": 2, "static_memory_policy": 3})").diagnostics) ==
        Settings{none});  // a key given twice: a problem of the file's text
  CHECK(settings_of(read_json_config(R"({"atomic_clean_policy": "often"})").diagnostics) ==
        Settings{Field::atomic_clean_policy});
  CHECK(settings_of(detail::read_mindspore_config_json(R"({"atomic_clean_policy": "1"})").diagnostics) ==
        Settings{Field::atomic_clean_policy});
  CHECK(settings_of(read_json_config("[ge_session_options]\n").diagnostics) == Settings{none});
}
