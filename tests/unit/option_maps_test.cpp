#include <catch2/catch.hpp>

#include <map>
#include <string>
#include <unordered_map>

#include <npu/memory_config.hpp>

#include "all_configs.hpp"

using namespace npu;
using StringMap = std::map<std::string, std::string>;

namespace {

MemoryConfig sample() {
  MemoryConfig config;
  config.atomic_clean_policy = AtomicCleanPolicy::separate;
  config.static_memory_policy = StaticMemoryPolicy::expand_static_shape;
  config.memory_optimization_policy = MemoryOptimizationPolicy::memory_priority;
  return config;
}

}  // namespace

TEST_CASE("GE options split into global and session scope (spec 5)", "[maps]") {
  const GeOptions options = ge_options(sample());
  CHECK(to_map<StringMap>(options.global) ==
        StringMap{{"ge.exec.staticMemoryPolicy", "2"}, {"ge.variableUse1gHugePage", "0"}});
  CHECK(to_map<StringMap>(options.session) == StringMap{{"ge.exec.atomicCleanPolicy", "1"},
                                                        {"ge.exec.memoryOptimizationPolicy", "MemoryPriority"},
                                                        {"ge.variableUse1gHugePage", "0"}});
  CHECK(ge_global_options(sample()) == options.global);
  CHECK(ge_session_options(sample()) == options.session);
}

TEST_CASE("an unset policy is not emitted, the integer fields always are (spec 5)", "[maps]") {
  const MemoryConfig defaults;
  CHECK(to_map<StringMap>(ge_session_options(defaults)) ==
        StringMap{{"ge.exec.atomicCleanPolicy", "0"}, {"ge.variableUse1gHugePage", "0"}});
  CHECK(ge_global_options(defaults).size() == 2);
  OptionMap tf2;
  REQUIRE(tf2_options(defaults, tf2));
  CHECK(tf2.size() == 3);
  CHECK(tf1_parameter_map(defaults).size() == 3);
}

TEST_CASE("every form emits its keys sorted", "[maps]") {
  for (const MemoryConfig& config : test::all_configs()) {
    const auto sorted = [](const auto& list) {
      for (std::size_t i = 1; i < list.size(); ++i) {
        if (!(list[i - 1].key < list[i].key)) return false;
      }
      return true;
    };
    CHECK(sorted(ge_global_options(config)));
    CHECK(sorted(ge_session_options(config)));
    CHECK(sorted(tf1_parameter_map(config)));
    if (OptionMap tf2; tf2_options(config, tf2)) CHECK(sorted(tf2));
  }
}

TEST_CASE("TF2: a flat map of strings, or false when the policy is set (spec 4, 5)", "[maps]") {
  MemoryConfig config = sample();
  OptionMap options;
  options.push_back({"untouched", "on failure"});
  CHECK_FALSE(tf2_options(config, options));
  REQUIRE(options.size() == 1);
  CHECK(options[0].key == "untouched");
  CHECK_FALSE(expressible_in_tf2(config));
  config.memory_optimization_policy.reset();
  REQUIRE(tf2_options(config, options));
  CHECK(to_map<std::unordered_map<std::string, std::string>>(options) ==
        std::unordered_map<std::string, std::string>{
            {"atomic_clean_policy", "1"}, {"static_memory_policy", "2"}, {"variable_use_1g_huge_page", "0"}});
  REQUIRE(find_option(options, "static_memory_policy") != nullptr);
  CHECK(find_option(options, "static_memory_policy")->value == "2");
  CHECK(find_option(options, "memory_optimization_policy") == nullptr);
}

TEST_CASE("TF1 parameter_map entries are typed i and s (spec 5)", "[maps]") {
  const Tf1ParameterMap parameters = tf1_parameter_map(sample());
  REQUIRE(parameters.size() == 4);
  CHECK(parameters[0].key == "atomic_clean_policy");
  CHECK(parameters[0].value == Tf1Value{Tf1Value::Kind::i, 1, {}});
  CHECK(parameters[1].key == "memory_optimization_policy");
  CHECK(parameters[1].value == Tf1Value{Tf1Value::Kind::s, 0, "MemoryPriority"});
  CHECK(parameters[2].key == "static_memory_policy");
  CHECK(parameters[2].value == Tf1Value{Tf1Value::Kind::i, 2, {}});
  CHECK(parameters[3].key == "variable_use_1g_huge_page");
  CHECK(parameters[3].value == Tf1Value{Tf1Value::Kind::i, 0, {}});
}

TEST_CASE("TF1 session config text is the spec's example, literally (spec 5)", "[maps]") {
  CHECK(tf1_session_config_text(sample()) ==
        "graph_options {\n"
        "  rewrite_options {\n"
        "    custom_optimizers {\n"
        "      name: \"NpuOptimizer\"\n"
        "      parameter_map { key: \"atomic_clean_policy\" value { i: 1 } }\n"
        "      parameter_map { key: \"memory_optimization_policy\" value { s: \"MemoryPriority\" } }\n"
        "      parameter_map { key: \"static_memory_policy\" value { i: 2 } }\n"
        "      parameter_map { key: \"variable_use_1g_huge_page\" value { i: 0 } }\n"
        "    }\n"
        "  }\n"
        "}\n");
  CHECK_THAT(tf1_session_config_text(MemoryConfig{}), !Catch::Contains("memory_optimization_policy"));
}

TEST_CASE("the legacy 1 never appears in output", "[maps]") {
  for (const MemoryConfig& config : test::all_configs()) {
    const GeOptions options = ge_options(config);
    CHECK(find_option(options.global, "ge.exec.staticMemoryPolicy")->value != "1");
    CHECK(find_option(options.session, "ge.exec.staticMemoryPolicy") == nullptr);
  }
}
