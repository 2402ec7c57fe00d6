// MindSpore's ascend_config read back: MindSpore's defaults for what it
// leaves out, and a reader as strict as MindSpore is silent.
#include <catch2/catch.hpp>

#include <string>
#include <utility>
#include <vector>

#include <npu/memory_config_json.hpp>

#include "diagnostics.hpp"

using namespace npu;
using test::codes_of;
using test::Position;
using test::position_of;
using Code = DiagnosticCode;

namespace {

ReadResult read_ascend(const std::string& text) { return detail::read_mindspore_config_json(text, "ascend.json"); }

}  // namespace

TEST_CASE("MindSpore: what the text leaves out takes MindSpore's defaults", "[json][mindspore]") {
  const ReadResult empty = read_ascend("{}");
  REQUIRE(empty.ok());
  CHECK(empty.diagnostics.empty());
  CHECK(*empty.config == MemoryConfig{AtomicCleanPolicy::separate, StaticMemoryPolicy::expand_static_shape,
                                      MemoryOptimizationPolicy::memory_priority, HugePagePolicy::system_default});
  CHECK(empty.provenance.is_default(Field::atomic_clean_policy));
  CHECK(empty.provenance.source_of(Field::atomic_clean_policy) == "MindSpore's defaults");
  CHECK(empty.provenance.source_of(Field::variable_use_1g_huge_page) == "defaults");  // the engine's own

  const ReadResult given = read_ascend(R"({"atomic_clean_policy": 0, "precision_mode": "allow_fp32_to_fp16",
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

TEST_CASE("MindSpore: atomic_clean_policy is the JSON integer 0 or 1", "[json][mindspore]") {
  for (const char* value : {"true", "\"1\""}) {
    const Diagnostic& refused =
        test::only(read_ascend(std::string(R"({"atomic_clean_policy": )") + value + "}").diagnostics);
    CHECK(refused.code == Code::wrong_type);
    CHECK(refused.key == "atomic_clean_policy");
    CHECK(position_of(refused) == Position{1, 2});
  }
  CHECK(test::only(read_ascend(R"({"atomic_clean_policy": 2})").diagnostics).code == Code::invalid_value);
  CHECK(read_ascend(R"({"atomic_clean_policy": 0})").config->atomic_clean_policy == AtomicCleanPolicy::centralized);
}

TEST_CASE("MindSpore: atomic_clean_policy and the session's GE key must agree", "[json][mindspore]") {
  const ReadResult conflict =
      read_ascend(R"({"atomic_clean_policy": 1, "ge_options": {"session": {"ge.exec.atomicCleanPolicy": "0"}}})");
  CHECK_FALSE(conflict.ok());
  const Diagnostic& d = test::only(conflict.diagnostics);
  CHECK(d.code == Code::conflicting_values);
  CHECK(position_of(d) == Position{1, 55});
  CHECK_THAT(d.message, Catch::Contains("1:2"));  // where the other value is
  CHECK(
      read_ascend(R"({"atomic_clean_policy": 0, "ge_options": {"session": {"ge.exec.atomicCleanPolicy": "0"}}})").ok());
  CHECK_FALSE(read_ascend(R"({"ge_options": {"global": {"ge.variableUse1gHugePage": "1"},
                                       "session": {"ge.variableUse1gHugePage": "2"}}})")
                  .ok());
}

TEST_CASE("MindSpore: misplaced memory keys and near misses warn, naming the key to write", "[json][mindspore]") {
  const ReadResult short_key = read_ascend(R"({"ge_options": {"global": {"static_memory_policy": "3"}}})");
  REQUIRE(short_key.ok());
  CHECK(short_key.config->static_memory_policy == StaticMemoryPolicy::expand_static_shape);  // ignored: the default
  const Diagnostic& ignored = test::only(short_key.diagnostics);
  CHECK(ignored.severity == Severity::warning);
  CHECK(ignored.code == Code::unsupported_option);
  CHECK_THAT(ignored.message, Catch::EndsWith("\"ge.exec.staticMemoryPolicy\""));

  const ReadResult top = read_ascend(R"({"static_memory_policy": 3, "ge.variableUse1gHugePage": "1"})");
  REQUIRE(top.ok());
  CHECK(codes_of(top.diagnostics) == std::vector<Code>{Code::unsupported_option, Code::unsupported_option});
  CHECK(test::count(top.diagnostics, Severity::warning) == 2);
  CHECK(test::keys_of(top.diagnostics) == std::vector<std::string>{"static_memory_policy", "ge.variableUse1gHugePage"});

  const ReadResult near =
      read_ascend(R"({"atomic_clean_polcy": 0, "ge_options": {"session": {"ge.exec.atomicCleanPolcy": "0"}}})");
  CHECK(codes_of(near.diagnostics) == std::vector<Code>{Code::near_miss_key, Code::near_miss_key});
  CHECK(position_of(near.diagnostics[1]) == Position{1, 54});
}

TEST_CASE("MindSpore: ge_options has two levels, each an object of strings", "[json][mindspore]") {
  const Diagnostic& graph = test::only(read_ascend(R"({"ge_options": {"graph": {}}})").diagnostics);
  CHECK(graph.code == Code::unknown_key);
  CHECK(graph.key == "\"graph\"");
  CHECK(test::only(read_ascend(R"({"ge_options": {"global": "ge.exec.staticMemoryPolicy=3"}})").diagnostics).code ==
        Code::not_an_object);
  CHECK(test::only(read_ascend(R"({"ge_options": []})").diagnostics).code == Code::not_an_object);
  const ReadResult numbers =
      read_ascend(R"({"ge_options": {"global": {"ge.exec.staticMemoryPolicy": 3, "ge.deviceId": 0}}})");
  CHECK(codes_of(numbers.diagnostics) == std::vector<Code>{Code::wrong_type, Code::wrong_type});
  CHECK(test::keys_of(numbers.diagnostics) ==
        std::vector<std::string>{"\"ge.exec.staticMemoryPolicy\"", "\"ge.deviceId\""});
  CHECK(test::only(read_ascend(R"({"ge_options": {"global": {}, "global": {}}})").diagnostics).code ==
        Code::duplicate_key);
  CHECK(test::of_code(read_ascend(R"({"ge_options": {}, "ge_options": {}})").diagnostics, Code::duplicate_key).size() ==
        1);
  CHECK(read_ascend("[]").diagnostics.at(0).code == Code::not_an_object);
  CHECK(read_ascend("7").diagnostics.at(0).value == "7");
}
