#include <catch2/catch.hpp>

#include <string>

#include <npu/memory_config_json.hpp>

#include "diagnostics.hpp"

using namespace npu;
using nlohmann::json;

TEST_CASE("to_json writes the canonical form", "[json][convert]") {
  MemoryConfig config;
  config.static_memory_policy = StaticMemoryPolicy::expand_static_shape;
  CHECK(json(config) ==
        json::parse(R"({"atomic_clean_policy": 0, "static_memory_policy": 2, "variable_use_1g_huge_page": 0})"));
  config.memory_optimization_policy = MemoryOptimizationPolicy::memory_priority;
  config.atomic_clean_policy = AtomicCleanPolicy::separate;
  CHECK(json(config).dump() ==
        R"({"atomic_clean_policy":1,"memory_optimization_policy":"MemoryPriority","static_memory_policy":2,)"
        R"("variable_use_1g_huge_page":0})");
  CHECK(json(config).get<MemoryConfig>() == config);
  CHECK(nlohmann::ordered_json(config).get<MemoryConfig>() == config);
  config.memory_optimization_policy.reset();
  CHECK(nlohmann::ordered_json(config).dump() ==
        R"({"atomic_clean_policy":1,"static_memory_policy":2,"variable_use_1g_huge_page":0})");
}

TEST_CASE("to_json refuses a field holding a cast code, naming it, and writes nothing", "[json][convert][cast-code]") {
  MemoryConfig config;
  config.variable_use_1g_huge_page = static_cast<HugePagePolicy>(3);
  config.memory_optimization_policy = static_cast<MemoryOptimizationPolicy>(255);
  json out;
  try {
    to_json(out, config);
    FAIL("to_json accepted a cast code");
  } catch (const ConfigError& error) {
    CHECK(test::keys_of(error.diagnostics()) ==
          std::vector<std::string>{"memory_optimization_policy", "variable_use_1g_huge_page"});
  }
  CHECK(out.is_null());
  config = MemoryConfig{};
  config.atomic_clean_policy = static_cast<AtomicCleanPolicy>(2);
  CHECK_THROWS_AS(nlohmann::ordered_json(config), ConfigError);
}

TEST_CASE("from_json accepts every spelling a config file may use", "[json][convert]") {
  const auto config = json::parse(R"({"atomic_clean_policy": "separate", "static_memory_policy": "1",
                                      "memory_optimization_policy": null, "variable_use_1g_huge_page": 2})")
                          .get<MemoryConfig>();
  CHECK(config == MemoryConfig{AtomicCleanPolicy::separate, StaticMemoryPolicy::expand_static_shape, std::nullopt,
                               HugePagePolicy::prefer_1g});
  CHECK(json::object().get<MemoryConfig>() == MemoryConfig{});
}

TEST_CASE("from_json throws one exception listing every problem, what() the errors' lines", "[json][convert]") {
  const json bad = json::parse(R"({"static_memory_polcy": 2, "atomic_clean_policy": true,
                                   "variable_use_1g_huge_page": 4294967298, "static_memory_policy": 2.0})");
  try {
    (void)bad.get<MemoryConfig>();
    FAIL("no exception");
  } catch (const ConfigError& error) {
    CHECK(test::codes_of(error.diagnostics()) ==
          std::vector<DiagnosticCode>{DiagnosticCode::wrong_type, DiagnosticCode::unknown_key,
                                      DiagnosticCode::wrong_type, DiagnosticCode::invalid_value});
    std::string lines;
    for (const Diagnostic& d : error.diagnostics()) lines += (lines.empty() ? "" : "\n") + d.message_line();
    CHECK(error.what() == lines);
  }
  CHECK_THROWS_AS(json::array().get<MemoryConfig>(), std::invalid_argument);
  CHECK_THROWS_AS(json("x").get<MemoryConfig>(), ConfigError);
  // what() lists the errors only, each without a severity (a caller adds its
  // own); the warnings stay in diagnostics().
  try {
    (void)json::parse(R"({"static_memory_policy": 1, "atomic_clean_policy": 9})").get<MemoryConfig>();
    FAIL("no exception");
  } catch (const ConfigError& error) {
    CHECK(error.diagnostics().size() == 2);
    const std::string what = error.what();
    CHECK(what == test::of_code(error.diagnostics(), DiagnosticCode::invalid_value).at(0).message_line());
    CHECK(what.rfind("JSON: atomic_clean_policy: ", 0) == 0);
  }
}

TEST_CASE("from_json leaves the target untouched on error", "[json][convert]") {
  MemoryConfig target;
  target.atomic_clean_policy = AtomicCleanPolicy::separate;
  const MemoryConfig before = target;
  CHECK_THROWS(from_json(json{{"static_memory_policy", 3}, {"atomic_clean_policy", 9}}, target));
  CHECK(target == before);
}

TEST_CASE("option maps as JSON objects", "[json][convert]") {
  MemoryConfig config;
  config.variable_use_1g_huge_page = HugePagePolicy::prefer_1g;
  CHECK(detail::ge_options_json(config).dump() ==
        R"({"global":{"ge.exec.staticMemoryPolicy":"0","ge.variableUse1gHugePage":"2"},)"
        R"("session":{"ge.exec.atomicCleanPolicy":"0","ge.variableUse1gHugePage":"2"}})");
  CHECK(nlohmann::json(*tf2_options(config)).dump() ==
        R"({"atomic_clean_policy":"0","static_memory_policy":"0","variable_use_1g_huge_page":"2"})");
  config.atomic_clean_policy = AtomicCleanPolicy::separate;
  CHECK(detail::mindspore_ascend_config_json(config).dump() ==
        R"({"atomic_clean_policy":1,"ge_options":{"global":{"ge.exec.memoryOptimizationPolicy":"",)"
        R"("ge.exec.staticMemoryPolicy":"0","ge.variableUse1gHugePage":"2"},)"
        R"("session":{"ge.variableUse1gHugePage":"2"}}})");
}

TEST_CASE("a diagnostic as a JSON object: every field, line and column null without a position",
          "[json][diagnostics]") {
  const nlohmann::json line = Diagnostic{
      Severity::warning, DiagnosticCode::costly_policy,      {"job.json", {}, {}, {2, 3}}, "atomic_clean_policy",
      "1 (separate)",    "1 (separate) may cost performance"};
  CHECK(line.dump() == R"j({"code":"costly_policy","column":3,"field":"atomic_clean_policy","line":2,)j"
                       R"j("message":"1 (separate) may cost performance","severity":"warning","source":"job.json",)j"
                       R"j("value":"1 (separate)"})j");
  const nlohmann::json unplaced =
      Diagnostic{Severity::error, DiagnosticCode::conflicting_values, {"GE options", "session", {}, {}}, "f", "v", "m"};
  CHECK(unplaced.at("line").is_null());
  CHECK(unplaced.at("column").is_null());
  CHECK(unplaced.at("source") == "GE options (session)");
  CHECK(unplaced.at("severity") == "error");
}
