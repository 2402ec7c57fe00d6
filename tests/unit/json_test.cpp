#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

#include <npu/memory_config_json.hpp>

using namespace npu;
using nlohmann::json;

namespace {

std::size_t errors_of(const ReadResult& result, DiagnosticCode code) {
  std::size_t n = 0;
  for (const Diagnostic& d : result.diagnostics) n += (d.code == code && d.severity == Severity::error) ? 1 : 0;
  return n;
}

}  // namespace

TEST_CASE("to_json writes the canonical form (spec 5)", "[json]") {
  MemoryConfig config;
  config.static_memory_policy = StaticMemoryPolicy::expand_static_shape;
  CHECK(json(config) ==
        json::parse(R"({"atomic_clean_policy": 0, "static_memory_policy": 2, "variable_use_1g_huge_page": 0})"));
  config.memory_optimization_policy = MemoryOptimizationPolicy::memory_priority;
  config.atomic_clean_policy = AtomicCleanPolicy::separate;
  CHECK(
      json(config).dump() ==
      R"({"atomic_clean_policy":1,"memory_optimization_policy":"MemoryPriority","static_memory_policy":2,"variable_use_1g_huge_page":0})");
  CHECK(json(config).get<MemoryConfig>() == config);
  CHECK(nlohmann::ordered_json(config).get<MemoryConfig>() == config);
  config.memory_optimization_policy.reset();
  CHECK(nlohmann::ordered_json(config).dump() ==
        R"({"atomic_clean_policy":1,"static_memory_policy":2,"variable_use_1g_huge_page":0})");
  config.atomic_clean_policy = static_cast<AtomicCleanPolicy>(2);
  CHECK_THROWS_AS(nlohmann::ordered_json(config), ConfigError);
}

TEST_CASE("to_json refuses a field holding a cast code, naming it", "[json][cast-code]") {
  MemoryConfig config;
  config.variable_use_1g_huge_page = static_cast<HugePagePolicy>(3);
  config.memory_optimization_policy = static_cast<MemoryOptimizationPolicy>(255);
  json out;
  try {
    to_json(out, config);
    FAIL("to_json accepted a cast code");
  } catch (const ConfigError& error) {
    CHECK(std::string(error.what()) ==
          "error: config: memory_optimization_policy: 255 is not allowed; use \"BalanceMode\" or \"MemoryPriority\"\n"
          "error: config: variable_use_1g_huge_page: 3 is not allowed; use 0 (system_default), 1 (require_1g) or "
          "2 (prefer_1g)");
    CHECK(error.diagnostics().size() == 2);
  }
  CHECK(out.is_null());
}

TEST_CASE("from_json accepts every spelling of spec 2", "[json]") {
  const auto config = json::parse(R"({"atomic_clean_policy": "separate", "static_memory_policy": "1",
                                      "memory_optimization_policy": null, "variable_use_1g_huge_page": 2})")
                          .get<MemoryConfig>();
  CHECK(config.atomic_clean_policy == AtomicCleanPolicy::separate);
  CHECK(config.static_memory_policy == StaticMemoryPolicy::expand_static_shape);
  CHECK_FALSE(config.memory_optimization_policy);
  CHECK(config.variable_use_1g_huge_page == HugePagePolicy::prefer_1g);
  CHECK(json::object().get<MemoryConfig>() == MemoryConfig{});
}

TEST_CASE("from_json throws one exception listing every problem", "[json]") {
  const json bad = json::parse(R"({"static_memory_polcy": 2, "atomic_clean_policy": true,
                                   "variable_use_1g_huge_page": 4294967298, "static_memory_policy": 2.0})");
  try {
    (void)bad.get<MemoryConfig>();
    FAIL("no exception");
  } catch (const ConfigError& error) {
    CHECK(error.diagnostics().size() == 4);
    const std::string what = error.what();
    CHECK_THAT(what, Catch::Contains("did you mean \"static_memory_policy\"?") &&
                         Catch::Contains("atomic_clean_policy: true is not allowed") &&
                         Catch::Contains("variable_use_1g_huge_page: 4294967298 is not allowed") &&
                         Catch::Contains("static_memory_policy: 2.0 is not allowed"));
  }
  CHECK_THROWS_AS(json::array().get<MemoryConfig>(), std::invalid_argument);
  CHECK_THROWS_AS(json("x").get<MemoryConfig>(), ConfigError);

  // what() lists the errors only; the warnings stay in diagnostics().
  try {
    (void)json::parse(R"({"static_memory_policy": 1, "atomic_clean_policy": 9})").get<MemoryConfig>();
    FAIL("no exception");
  } catch (const ConfigError& error) {
    CHECK(error.diagnostics().size() == 2);
    CHECK(std::string(error.what()) ==
          "error: JSON: atomic_clean_policy: 9 is not allowed; use 0 (centralized) or 1 (separate)");
  }
}

TEST_CASE("from_json leaves the target untouched on error", "[json]") {
  MemoryConfig target;
  target.atomic_clean_policy = AtomicCleanPolicy::separate;
  const MemoryConfig before = target;
  CHECK_THROWS(from_json(json{{"static_memory_policy", 3}, {"atomic_clean_policy", 9}}, target));
  CHECK(target == before);
}

TEST_CASE("read_json_config: valid text", "[json]") {
  const ReadResult result = read_json_config(R"({"static_memory_policy": "expand_dynamic_shape"})", "job.json");
  REQUIRE(result.ok());
  CHECK(result.config->static_memory_policy == StaticMemoryPolicy::expand_dynamic_shape);
  CHECK(read_json_config("{}").config == MemoryConfig{});
  CHECK(read_json_config(" \n{ }\n ").ok());
}

TEST_CASE("read_json_config: a key given twice is an error (spec 2)", "[json]") {
  const ReadResult result = read_json_config(R"({"static_memory_policy": 2, "static_memory_policy": 2})", "job.json");
  CHECK_FALSE(result.ok());
  CHECK(errors_of(result, DiagnosticCode::duplicate_key) == 1);
  CHECK_THAT(to_string(result.diagnostics.at(0)), Catch::StartsWith("error: job.json:1:29: \"static_memory_policy\""));
}

TEST_CASE("read_json_config: unknown keys with a hint, every problem reported (spec 2, 3)", "[json]") {
  const ReadResult result = read_json_config(
      R"({"static_memory_polcy": 2, "atomic_clean_policy": "02", "memory_optimization_policy": "balancemode", "colour": 1})",
      "job.json");
  CHECK_FALSE(result.ok());
  CHECK(result.diagnostics.size() == 4);
  CHECK(errors_of(result, DiagnosticCode::unknown_key) == 2);
  CHECK_THAT(to_string(result.diagnostics[0]), Catch::Contains("did you mean \"static_memory_policy\"?"));
  CHECK_THAT(to_string(result.diagnostics[2]), Catch::Contains("did you mean \"BalanceMode\"?"));
  CHECK_THAT(to_string(result.diagnostics[3]), !Catch::Contains("did you mean"));
}

TEST_CASE("read_json_config: not an object, invalid JSON, trailing garbage (spec 2)", "[json]") {
  // A syntax error names the member whose value could not be read, quoted
  // when it is no field.
  CHECK(read_json_config(R"({"static_memory_policy": tru)").diagnostics.at(0).field == "static_memory_policy");
  CHECK(read_json_config(R"({"bogus": tru)").diagnostics.at(0).field == R"("bogus")");
  // The top level shown as given (spec 3).
  const std::pair<const char*, const char*> tops[] = {
      {"[]", "an array"}, {"7", "7"},         {"-7", "-7"},   {"\"hello\"", "\"hello\""},
      {"true", "true"},   {"false", "false"}, {"3.5", "3.5"}, {"null", "null"}};
  for (const auto& [text, shown] : tops) {
    INFO(text);
    const ReadResult result = read_json_config(text, "job.json");
    REQUIRE(errors_of(result, DiagnosticCode::not_an_object) == 1);
    CHECK(to_string(result.diagnostics[0]) ==
          std::string("error: job.json: expected a JSON object of memory options at the top level, got ") + shown);
    CHECK(result.diagnostics[0].value == shown);
  }
  for (const char* text : {"", "{", R"({"static_memory_policy": })", "{} x", "{}{}", R"({"a":1,})", "{'a':1}"}) {
    INFO(text);
    const ReadResult result = read_json_config(text, "job.json");
    CHECK_FALSE(result.ok());
    REQUIRE(errors_of(result, DiagnosticCode::syntax_error) == 1);
    CHECK(result.diagnostics[0].position.line == 1);  // where the parser stopped
    CHECK(result.diagnostics[0].position.column >= 1);
  }
}

TEST_CASE("read_json_config: values that must not be truncated or coerced (spec 2)", "[json]") {
  for (const char* text : {R"({"static_memory_policy": 4294967298})", R"({"static_memory_policy": -4294967294})",
                           R"({"static_memory_policy": 18446744073709551618})", R"({"static_memory_policy": 2.0})",
                           R"({"static_memory_policy": 2e0})", R"({"static_memory_policy": true})",
                           R"({"static_memory_policy": [2]})", R"({"static_memory_policy": {"v": 2}})",
                           R"({"static_memory_policy": null})", R"({"memory_optimization_policy": ""})"}) {
    INFO(text);
    const ReadResult result = read_json_config(text, "job.json");
    CHECK_FALSE(result.ok());
    REQUIRE(result.diagnostics.size() == 1);
    CHECK_THAT(result.diagnostics[0].field, Catch::EndsWith("policy"));
  }
}

TEST_CASE("read_json_config: deep nesting is an error, not a crash", "[json]") {
  const std::string deep = R"({"static_memory_policy": )" + std::string(200000, '[') + std::string(200000, ']') + "}";
  const ReadResult result = read_json_config(deep, "deep.json");
  CHECK_FALSE(result.ok());
  CHECK(errors_of(result, DiagnosticCode::wrong_type) == 1);
}

TEST_CASE("GE and TF2 maps as JSON", "[json]") {
  const ReadResult scoped = read_ge_options_json(
      R"({"global": {"ge.exec.staticMemoryPolicy": "3", "ge.variableUse1gHugePage": "1", "ge.graphRunMode": 1},
          "session": {"ge.exec.atomicCleanPolicy": "1", "ge.variableUse1gHugePage": "1", "ge.exec.memoryOptimizationPolicy": ""}})");
  REQUIRE(scoped.ok());
  CHECK(scoped.config->static_memory_policy == StaticMemoryPolicy::expand_dynamic_shape);
  CHECK(scoped.config->variable_use_1g_huge_page == HugePagePolicy::require_1g);
  CHECK_FALSE(scoped.config->memory_optimization_policy);

  const ReadResult flat = read_ge_options_json(R"({"ge.exec.atomicCleanPolicy": "1", "ge.exec.deviceId": 0})");
  REQUIRE(flat.ok());
  CHECK(flat.config->atomic_clean_policy == AtomicCleanPolicy::separate);

  CHECK_FALSE(read_ge_options_json(
                  R"({"global": {"ge.variableUse1gHugePage": "1"}, "session": {"ge.variableUse1gHugePage": "2"}})")
                  .ok());
  // A scoped map: each scope an object, given once, and nothing beside the two.
  CHECK(to_string(read_ge_options_json(R"({"global": [], "session": {}})", "ge.json").diagnostics.at(0)) ==
        R"(error: ge.json:1:2: "global": expected an object of GE options, got an array)");
  CHECK(to_string(read_ge_options_json(R"({"global": {}, "other": {}})", "ge.json").diagnostics.at(0)) ==
        R"(error: ge.json:1:16: "other": a scoped GE map has only "global" and "session")");
  const ReadResult twice = read_ge_options_json(R"({"global": {}, "global": {}})", "ge.json");
  REQUIRE(twice.diagnostics.size() == 1);
  CHECK(twice.diagnostics[0].code == DiagnosticCode::duplicate_key);
  CHECK(to_string(twice.diagnostics[0]) == R"(error: ge.json:1:16: "global": scope given twice)");
  CHECK(errors_of(read_ge_options_json("[]"), DiagnosticCode::not_an_object) == 1);
  CHECK(errors_of(read_tf2_options_json("\"x\""), DiagnosticCode::not_an_object) == 1);
  CHECK(errors_of(read_ge_options_json(R"({"ge.exec.atomicCleanPolicy": "1", "ge.exec.atomicCleanPolicy": "1"})"),
                  DiagnosticCode::duplicate_key) == 1);

  CHECK(read_tf2_options_json(R"({"static_memory_policy": "4"})").config->static_memory_policy ==
        StaticMemoryPolicy::expand_static_and_dynamic_shape);
  CHECK_FALSE(read_tf2_options_json(R"({"memory_optimization_policy": "BalanceMode"})").ok());
}

TEST_CASE("the JSON schema derives from the field table", "[json][schema]") {
  const json schema = json_schema();
  CHECK(schema.at("type") == "object");
  CHECK(schema.at("additionalProperties") == false);
  REQUIRE(schema.at("properties").size() == field_count);
  for (const FieldInfo& field : fields) {
    const json& accepted = schema.at("properties").at(std::string(field.name)).at("enum");
    for (const ValueInfo& value : field.values) {
      CHECK(std::find(accepted.begin(), accepted.end(), json(std::string(value.runtime_text))) != accepted.end());
      if (field.integer_valued) {
        CHECK(std::find(accepted.begin(), accepted.end(), json(value.code)) != accepted.end());
        CHECK(std::find(accepted.begin(), accepted.end(), json(std::string(value.name))) != accepted.end());
      }
    }
  }
  const json& static_enum = schema.at("properties").at("static_memory_policy").at("enum");
  CHECK(std::find(static_enum.begin(), static_enum.end(), json(1)) != static_enum.end());  // legacy input
  CHECK(std::find(static_enum.begin(), static_enum.end(), json(5)) == static_enum.end());
  const json& policy_enum = schema.at("properties").at("memory_optimization_policy").at("enum");
  CHECK(policy_enum == json({"BalanceMode", "MemoryPriority", nullptr}));
}

TEST_CASE("the JSON readers record where each field was given", "[json][provenance]") {
  const ReadResult config = read_json_config(R"({"static_memory_policy": 1})", "job.json");
  REQUIRE(config.ok());
  CHECK(config.provenance.config_source == "job.json");
  CHECK(config.provenance.source_of(Field::static_memory_policy) == "job.json");
  CHECK(config.provenance.of(Field::static_memory_policy).legacy_alias);
  CHECK(config.provenance.is_default(Field::atomic_clean_policy));

  const ReadResult scoped = read_ge_options_json(
      R"({"global": {"ge.exec.staticMemoryPolicy": "3"}, "session": {"ge.exec.atomicCleanPolicy": "1"}})", "ge.json");
  REQUIRE(scoped.ok());
  CHECK(scoped.provenance.source_of(Field::static_memory_policy) == "ge.json (global)");
  CHECK(scoped.provenance.source_of(Field::atomic_clean_policy) == "ge.json (session)");
  CHECK(scoped.provenance.is_default(Field::variable_use_1g_huge_page));

  const ReadResult tf2 = read_tf2_options_json(R"({"variable_use_1g_huge_page": "2"})", "tf2.json");
  REQUIRE(tf2.ok());
  CHECK(tf2.provenance.source_of(Field::variable_use_1g_huge_page) == "tf2.json");
  CHECK(tf2.provenance.source_of(Field::static_memory_policy) == "defaults");
}

TEST_CASE("a diagnostic about a member names where its key starts: line and column, in bytes", "[json][position]") {
  const auto position_of = [](const ReadResult& result) {
    REQUIRE_FALSE(result.diagnostics.empty());
    return std::pair<std::size_t, std::size_t>{result.diagnostics[0].position.line,
                                               result.diagnostics[0].position.column};
  };
  using Position = std::pair<std::size_t, std::size_t>;
  // the first line
  CHECK(position_of(read_json_config(R"({"static_memory_policy": 5})")) == Position{1, 2});
  // after blank lines, indented
  CHECK(position_of(read_json_config("\n\n{\n\n    \"static_memory_policy\": 5\n}")) == Position{5, 5});
  // after multi-byte UTF-8 (columns count bytes: "é" is two); a foreign key, ignored, before it
  CHECK(position_of(read_ge_options_json("{\"precision\u00e9\": \"1\", \"ge.exec.staticMemoryPolicy\": \"5\"}")) ==
        Position{1, 22});
  // an escaped quote does not end a string, so what follows it is no key
  CHECK(position_of(read_ge_options_json(R"({"note": "a\", \"b", "ge.exec.staticMemoryPolicy": "5"})")) ==
        Position{1, 22});
  // a key inside a string does not count as one
  CHECK(position_of(read_ge_options_json(R"({"note": "{\"a\": 1, \"b\": 2}", "ge.exec.staticMemoryPolicy": "5"})")) ==
        Position{1, 34});
  // nested GE global/session objects
  const ReadResult scoped = read_ge_options_json(
      "{\n  \"global\": {\"ge.exec.staticMemoryPolicy\": \"2\"},\n  \"session\": {\n    \"ge.exec.atomicCleanPolicy\": "
      "\"7\"\n  }\n}");
  CHECK(position_of(scoped) == Position{4, 5});
  CHECK(to_string(scoped.diagnostics[0])
            .rfind("error: GE options:4:5: atomic_clean_policy (ge.exec.atomicCleanPolicy): ", 0) == 0);
  // a problem found later, in context, points at the key of the field it is about
  const ReadResult config = read_json_config("{\n  \"atomic_clean_policy\": 1\n}", "job.json");
  REQUIRE(config.ok());
  CHECK(config.provenance.of(Field::atomic_clean_policy).position.line == 2);
  CHECK(to_string(validate(*config.config, ValidationContext{}, config.provenance).at(0)) ==
        "warning: job.json:2:3: atomic_clean_policy: 1 (separate) may cost performance");
  const ReadResult concurrent = read_json_config("{\n\n  \"static_memory_policy\": 2\n}", "job.json");
  REQUIRE(concurrent.ok());
  ValidationContext graphs;
  graphs.concurrent_graphs = true;
  CHECK(to_string(validate(*concurrent.config, graphs, concurrent.provenance).at(0)) ==
        "error: job.json:3:3: static_memory_policy: 2 (expand_static_shape) is not supported when graphs execute "
        "concurrently; use 0 (dynamic) or 3 (expand_dynamic_shape)");
  // not a text: no position
  CHECK_FALSE(read_ge_options(std::map<std::string, std::string>{{"ge.exec.atomicCleanPolicy", "7"}})
                  .diagnostics.at(0)
                  .position.known());
}
