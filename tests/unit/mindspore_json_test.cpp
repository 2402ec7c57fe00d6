// MindSpore's ascend_config as JSON, both ways (spec 9): the text the spec
// shows, and a reader as strict as it says.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include <npu/memory_config_json.hpp>

#include "diagnostics_of.hpp"

using namespace npu;

namespace {

std::vector<std::string> lines_of(const ReadResult& result) {
  std::vector<std::string> lines;
  lines.reserve(result.diagnostics.size());
  for (const Diagnostic& diagnostic : result.diagnostics) lines.push_back(to_string(diagnostic));
  return lines;
}

ReadResult read(const std::string& text) { return read_mindspore_config_json(text, "ascend.json"); }

}  // namespace

TEST_CASE("the MindSpore form is the spec's ascend_config dict", "[json][mindspore]") {
  MemoryConfig config;
  config.atomic_clean_policy = AtomicCleanPolicy::separate;
  config.variable_use_1g_huge_page = HugePagePolicy::prefer_1g;
  CHECK(mindspore_ascend_config_json(config).dump() ==
        R"({"atomic_clean_policy":1,"ge_options":{"global":{"ge.exec.memoryOptimizationPolicy":"",)"
        R"("ge.exec.staticMemoryPolicy":"0","ge.variableUse1gHugePage":"2"},)"
        R"("session":{"ge.variableUse1gHugePage":"2"}}})");
}

TEST_CASE("MindSpore: what the text leaves out takes MindSpore's defaults (spec 9)", "[json][mindspore]") {
  const ReadResult empty = read("{}");
  REQUIRE(empty.ok());
  CHECK(empty.diagnostics.empty());
  CHECK(*empty.config == MemoryConfig{AtomicCleanPolicy::separate, StaticMemoryPolicy::expand_static_shape,
                                      MemoryOptimizationPolicy::memory_priority, HugePagePolicy::system_default});
  CHECK(empty.provenance.is_default(Field::atomic_clean_policy));
  CHECK(empty.provenance.source_of(Field::atomic_clean_policy) == "MindSpore's defaults");
  CHECK(empty.provenance.source_of(Field::variable_use_1g_huge_page) == "defaults");  // the engine's own

  const ReadResult given = read(R"({"atomic_clean_policy": 0, "precision_mode": "allow_fp32_to_fp16",
      "ge_options": {"global": {"ge.exec.staticMemoryPolicy": "3", "ge.exec.memoryOptimizationPolicy": "",
                                "ge.graphRunMode": "1"},
                     "session": {"ge.variableUse1gHugePage": "1"}}})");
  REQUIRE(given.ok());
  CHECK(given.diagnostics.empty());
  CHECK(*given.config == MemoryConfig{AtomicCleanPolicy::centralized, StaticMemoryPolicy::expand_dynamic_shape,
                                      std::nullopt, HugePagePolicy::require_1g});
  CHECK(given.provenance.source_of(Field::static_memory_policy) == "ascend.json (global)");
  CHECK(given.provenance.source_of(Field::atomic_clean_policy) == "ascend.json");
}

TEST_CASE("MindSpore: atomic_clean_policy is the JSON integer 0 or 1 (spec 9)", "[json][mindspore]") {
  CHECK(lines_of(read(R"({"atomic_clean_policy": true})")) ==
        std::vector<std::string>{"error: ascend.json:1:2: atomic_clean_policy: true is not allowed; MindSpore takes an "
                                 "integer: use 0 (centralized) or 1 (separate)"});
  CHECK(
      lines_of(read(R"({"atomic_clean_policy": "1"})")) ==
      std::vector<std::string>{"error: ascend.json:1:2: atomic_clean_policy: \"1\" is not allowed; MindSpore takes an "
                               "integer: use 0 (centralized) or 1 (separate)"});
  const ReadResult two = read(R"({"atomic_clean_policy": 2})");
  CHECK_FALSE(two.ok());
  REQUIRE(two.diagnostics.size() == 1);
  CHECK(two.diagnostics[0].code == DiagnosticCode::invalid_value);
  CHECK(read(R"({"atomic_clean_policy": 0})").config->atomic_clean_policy == AtomicCleanPolicy::centralized);
}

TEST_CASE("MindSpore: atomic_clean_policy and the session's GE key must agree (spec 9)", "[json][mindspore]") {
  const ReadResult conflict =
      read(R"({"atomic_clean_policy": 1, "ge_options": {"session": {"ge.exec.atomicCleanPolicy": "0"}}})");
  CHECK_FALSE(conflict.ok());
  REQUIRE(conflict.diagnostics.size() == 1);
  CHECK(conflict.diagnostics[0].code == DiagnosticCode::conflicting_values);
  CHECK(to_string(conflict.diagnostics[0]) ==
        "error: ascend.json:1:55: atomic_clean_policy (ge.exec.atomicCleanPolicy): \"0\" conflicts with 1 given "
        "as atomic_clean_policy at 1:2; give one value");
  CHECK(read(R"({"atomic_clean_policy": 0, "ge_options": {"session": {"ge.exec.atomicCleanPolicy": "0"}}})").ok());
  // the huge-page option in both scopes, too
  CHECK_FALSE(read(R"({"ge_options": {"global": {"ge.variableUse1gHugePage": "1"},
                                       "session": {"ge.variableUse1gHugePage": "2"}}})")
                  .ok());
}

TEST_CASE("MindSpore: misplaced memory keys and near misses warn, naming the key to write (spec 9)",
          "[json][mindspore]") {
  const ReadResult short_key = read(R"({"ge_options": {"global": {"static_memory_policy": "3"}}})");
  REQUIRE(short_key.ok());
  CHECK(short_key.config->static_memory_policy == StaticMemoryPolicy::expand_static_shape);  // ignored: the default
  CHECK(lines_of(short_key) ==
        std::vector<std::string>{"warning: ascend.json:1:28: static_memory_policy: not read: ge_options takes GE "
                                 "keys, so MindSpore ignores it; write \"ge.exec.staticMemoryPolicy\""});
  CHECK(lines_of(read(R"({"static_memory_policy": 3, "ge.variableUse1gHugePage": "1"})")) ==
        std::vector<std::string>{
            "warning: ascend.json:1:2: static_memory_policy: not an ascend_config option, so MindSpore ignores it; in "
            "ge_options it is \"ge.exec.staticMemoryPolicy\"",
            "warning: ascend.json:1:29: ge.variableUse1gHugePage: not an ascend_config option, so MindSpore ignores "
            "it; in "
            "ge_options it is \"ge.variableUse1gHugePage\""});
  CHECK(
      lines_of(read(R"({"atomic_clean_polcy": 0, "ge_options": {"session": {"ge.exec.atomicCleanPolcy": "0"}}})")) ==
      std::vector<std::string>{
          R"(warning: ascend.json:1:2: atomic_clean_polcy: not a memory option, ignored; did you mean "atomic_clean_policy"?)",
          R"(warning: ascend.json:1:54: ge.exec.atomicCleanPolcy: not a memory option, ignored; did you mean "ge.exec.atomicCleanPolicy"?)"});
}

TEST_CASE("MindSpore: ge_options has two levels, each an object of strings (spec 9)", "[json][mindspore]") {
  CHECK(lines_of(read(R"({"ge_options": {"graph": {}}})")) ==
        std::vector<std::string>{
            R"(error: ascend.json:1:17: "graph": MindSpore's ge_options has only "global" and "session")"});
  CHECK(
      lines_of(read(R"({"ge_options": {"global": "ge.exec.staticMemoryPolicy=3"}})")) ==
      std::vector<std::string>{
          R"(error: ascend.json:1:17: "global": expected an object of GE options, got "ge.exec.staticMemoryPolicy=3")"});
  CHECK(
      lines_of(read(R"({"ge_options": []})")) ==
      std::vector<std::string>{
          R"(error: ascend.json:1:2: "ge_options": expected an object {"global": {...}, "session": {...}}, got an array)"});
  CHECK(
      lines_of(read(R"({"ge_options": {"global": {"ge.exec.staticMemoryPolicy": 3, "ge.deviceId": 0}}})")) ==
      std::vector<std::string>{
          R"(error: ascend.json:1:28: "ge.exec.staticMemoryPolicy": 3 is not a string; MindSpore takes ge_options values as strings)",
          R"(error: ascend.json:1:61: "ge.deviceId": 0 is not a string; MindSpore takes ge_options values as strings)"});
  const ReadResult twice = read(R"({"ge_options": {"global": {}, "global": {}}})");
  REQUIRE(twice.diagnostics.size() == 1);
  CHECK(twice.diagnostics[0].code == DiagnosticCode::duplicate_key);
  CHECK(test::of_code(read(R"({"ge_options": {}, "ge_options": {}})").diagnostics, DiagnosticCode::duplicate_key)
            .size() == 1);
  CHECK(read("[]").diagnostics.at(0).code == DiagnosticCode::not_an_object);
  CHECK(to_string(read("7").diagnostics.at(0)) ==
        "error: ascend.json: expected a JSON object: MindSpore's ascend_config at the top level, got 7");
}
