#include <catch2/catch.hpp>

#include <map>
#include <string>
#include <unordered_map>

#include <npu/memory_config.hpp>

#include "all_configs.hpp"
#include "diagnostics.hpp"

using namespace npu;
using test::StringMap;

namespace {

MemoryConfig sample() {
  MemoryConfig config;
  config.atomic_clean_policy = AtomicCleanPolicy::separate;
  config.static_memory_policy = StaticMemoryPolicy::expand_static_shape;
  config.memory_optimization_policy = MemoryOptimizationPolicy::memory_priority;
  return config;
}

}  // namespace

TEST_CASE("GE options split into global and session scope", "[maps]") {
  const GeOptions options = ge_options(sample());
  CHECK(to_map<StringMap>(options.global) ==
        StringMap{{"ge.exec.staticMemoryPolicy", "2"}, {"ge.variableUse1gHugePage", "0"}});
  CHECK(to_map<StringMap>(options.session) == StringMap{{"ge.exec.atomicCleanPolicy", "1"},
                                                        {"ge.exec.memoryOptimizationPolicy", "MemoryPriority"},
                                                        {"ge.variableUse1gHugePage", "0"}});
  CHECK(ge_global_options(sample()) == options.global);
  CHECK(ge_session_options(sample()) == options.session);
}

TEST_CASE("an unset policy is not emitted, the integer fields always are", "[maps]") {
  const MemoryConfig defaults;
  CHECK(to_map<StringMap>(ge_session_options(defaults)) ==
        StringMap{{"ge.exec.atomicCleanPolicy", "0"}, {"ge.variableUse1gHugePage", "0"}});
  CHECK(ge_global_options(defaults).size() == 2);
  REQUIRE(tf2_options(defaults));
  CHECK(tf2_options(defaults)->size() == 3);
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
    if (const std::optional<OptionMap> tf2 = tf2_options(config)) CHECK(sorted(*tf2));
    const MindSporeAscendConfig mindspore = mindspore_ascend_config(config);
    CHECK(sorted(mindspore.ge_options.global));
    CHECK(sorted(mindspore.ge_options.session));
  }
}

TEST_CASE("TF2: a flat map of strings, or none when the policy is set", "[maps]") {
  MemoryConfig config = sample();
  CHECK_FALSE(tf2_options(config));
  config.memory_optimization_policy.reset();
  const std::optional<OptionMap> options = tf2_options(config);
  REQUIRE(options);
  CHECK(to_map<std::unordered_map<std::string, std::string>>(*options) ==
        std::unordered_map<std::string, std::string>{
            {"atomic_clean_policy", "1"}, {"static_memory_policy", "2"}, {"variable_use_1g_huge_page", "0"}});
}

TEST_CASE("TF1 parameter_map entries are typed i and s", "[maps]") {
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

TEST_CASE("the legacy 1 never appears in output", "[maps]") {
  for (const MemoryConfig& config : test::all_configs()) {
    const GeOptions options = ge_options(config);
    CHECK(find_option(options.global, "ge.exec.staticMemoryPolicy")->value != "1");
    CHECK(find_option(options.session, "ge.exec.staticMemoryPolicy") == nullptr);
  }
}

TEST_CASE("MindSpore's ascend_config states every field, an unset policy as \"\"", "[maps]") {
  const MemoryConfig config{AtomicCleanPolicy::separate, StaticMemoryPolicy::dynamic, std::nullopt,
                            HugePagePolicy::prefer_1g};
  const MindSporeAscendConfig form = mindspore_ascend_config(config);
  REQUIRE(form.top_level.size() == 1);
  CHECK(form.top_level[0] == OptionEntry{"atomic_clean_policy", "1"});
  REQUIRE(form.ge_options.global.size() == 3);
  CHECK(form.ge_options.global[0] == OptionEntry{"ge.exec.memoryOptimizationPolicy", ""});
  CHECK(form.ge_options.global[1] == OptionEntry{"ge.exec.staticMemoryPolicy", "0"});
  CHECK(form.ge_options.global[2] == OptionEntry{"ge.variableUse1gHugePage", "2"});
  REQUIRE(form.ge_options.session.size() == 1);
  CHECK(form.ge_options.session[0] == OptionEntry{"ge.variableUse1gHugePage", "2"});

  MemoryConfig balance;
  balance.memory_optimization_policy = MemoryOptimizationPolicy::balance_mode;
  CHECK(mindspore_ascend_config(balance).ge_options.global[0] ==
        OptionEntry{"ge.exec.memoryOptimizationPolicy", "BalanceMode"});
  CHECK(ge_options(config).session.size() == 2);  // the GE form leaves an unset policy out: the engine's default
}

TEST_CASE("torchair's form: GE_USE_STATIC_MEMORY=3 for 4, nothing for 2", "[maps]") {
  const MemoryConfig four = test::with_static(StaticMemoryPolicy::expand_static_and_dynamic_shape);
  const OptionMap variables = environment_options(four, TargetRuntime::torchair);
  REQUIRE(variables.size() == 1);
  CHECK(variables[0] == OptionEntry{"GE_USE_STATIC_MEMORY", "3"});
  CHECK(
      environment_options(test::with_static(StaticMemoryPolicy::expand_static_shape), TargetRuntime::torchair).empty());
  CHECK(environment_options(MemoryConfig{}, TargetRuntime::torchair).empty());  // 0 cannot run: nothing to export
  for (const TargetRuntime target :
       {TargetRuntime::tf1, TargetRuntime::ge, TargetRuntime::tf2, TargetRuntime::mindspore}) {
    CHECK(environment_options(four, target).empty());  // the others carry the option itself
  }
}

TEST_CASE("TF1 parameters compare by key, kind and value", "[maps]") {
  MemoryConfig config;
  config.atomic_clean_policy = AtomicCleanPolicy::separate;
  const Tf1ParameterMap parameters = tf1_parameter_map(config);
  CHECK(parameters[0] == Tf1Parameter{"atomic_clean_policy", {Tf1Value::Kind::i, 1, {}}});
  CHECK_FALSE(parameters[0] == Tf1Parameter{"atomic_clean_policy", {Tf1Value::Kind::i, 0, {}}});
  CHECK_FALSE(parameters[0] == Tf1Parameter{"static_memory_policy", {Tf1Value::Kind::i, 1, {}}});
  CHECK_FALSE(parameters[0] == Tf1Parameter{"atomic_clean_policy", {Tf1Value::Kind::s, 1, "1"}});
  CHECK(Tf1Value{Tf1Value::Kind::s, 0, "BalanceMode"} == Tf1Value{Tf1Value::Kind::s, 7, "BalanceMode"});
  CHECK_FALSE(Tf1Value{Tf1Value::Kind::s, 0, "BalanceMode"} == Tf1Value{Tf1Value::Kind::s, 0, "MemoryPriority"});
}

TEST_CASE("the maps carry nothing for a config holding a cast code", "[maps]") {
  MemoryConfig cast;
  cast.atomic_clean_policy = static_cast<AtomicCleanPolicy>(5);
  CHECK(ge_global_options(cast).empty());
  CHECK(ge_session_options(cast).empty());
  CHECK_FALSE(tf2_options(cast));
}
