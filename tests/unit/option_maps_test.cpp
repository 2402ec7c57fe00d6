#include <catch2/catch.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <variant>

#include <npu/memory_config.hpp>
#include <npu/memory_config/forms/tf1_parameter_map.hpp>

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

// What ge::GEInitialize and ge::Session take.
std::size_t count_of(const std::map<std::string, std::string>& options) { return options.size(); }

}  // namespace

TEST_CASE("GE options split into global and session scope", "[maps]") {
  const GeOptions options = ge_options(sample());
  CHECK(options.global == StringMap{{"ge.exec.staticMemoryPolicy", "2"}, {"ge.variableUse1gHugePage", "0"}});
  CHECK(options.session == StringMap{{"ge.exec.atomicCleanPolicy", "1"},
                                     {"ge.exec.memoryOptimizationPolicy", "MemoryPriority"},
                                     {"ge.variableUse1gHugePage", "0"}});
  CHECK(count_of(ge_options(sample()).session) == 3);  // passed as the map a GE session takes
}

TEST_CASE("an unset policy is not emitted, the integer fields always are", "[maps]") {
  const MemoryConfig defaults;
  CHECK(ge_options(defaults).session ==
        StringMap{{"ge.exec.atomicCleanPolicy", "0"}, {"ge.variableUse1gHugePage", "0"}});
  CHECK(ge_options(defaults).global.size() == 2);
  REQUIRE(tf2_options(defaults));
  CHECK(tf2_options(defaults)->size() == 3);
  CHECK(tf1_parameter_map(defaults).size() == 3);
}

TEST_CASE("TF2: a flat map of strings, or none when the policy is set", "[maps]") {
  MemoryConfig config = sample();
  CHECK_FALSE(tf2_options(config));
  config.memory_optimization_policy.reset();
  const std::optional<std::map<std::string, std::string>> options = tf2_options(config);
  REQUIRE(options);
  CHECK(*options ==
        StringMap{{"atomic_clean_policy", "1"}, {"static_memory_policy", "2"}, {"variable_use_1g_huge_page", "0"}});
}

TEST_CASE("TF1 parameter_map entries are typed i and s", "[maps]") {
  const Tf1ParameterMap parameters = tf1_parameter_map(sample());
  CHECK(parameters == Tf1ParameterMap{{"atomic_clean_policy", std::int64_t{1}},
                                      {"memory_optimization_policy", std::string("MemoryPriority")},
                                      {"static_memory_policy", std::int64_t{2}},
                                      {"variable_use_1g_huge_page", std::int64_t{0}}});
  CHECK(std::holds_alternative<std::int64_t>(parameters.at("static_memory_policy")));
  CHECK(std::holds_alternative<std::string>(parameters.at("memory_optimization_policy")));
}

TEST_CASE("the legacy 1 never appears in output", "[maps]") {
  for (const MemoryConfig& config : test::all_configs()) {
    const GeOptions options = ge_options(config);
    CHECK(options.global.at("ge.exec.staticMemoryPolicy") != "1");
    CHECK(options.session.count("ge.exec.staticMemoryPolicy") == 0);
  }
}

TEST_CASE("MindSpore's ascend_config states every field, an unset policy as \"\"", "[maps]") {
  const MemoryConfig config{AtomicCleanPolicy::separate, StaticMemoryPolicy::dynamic, std::nullopt,
                            HugePagePolicy::prefer_1g};
  const detail::MindSporeAscendConfig form = detail::mindspore_ascend_config(config);
  CHECK(form.top_level == StringMap{{"atomic_clean_policy", "1"}});
  CHECK(form.ge_global == StringMap{{"ge.exec.memoryOptimizationPolicy", ""},
                                    {"ge.exec.staticMemoryPolicy", "0"},
                                    {"ge.variableUse1gHugePage", "2"}});
  CHECK(form.ge_session == StringMap{{"ge.variableUse1gHugePage", "2"}});

  MemoryConfig balance;
  balance.memory_optimization_policy = MemoryOptimizationPolicy::balance_mode;
  CHECK(detail::mindspore_ascend_config(balance).ge_global.at("ge.exec.memoryOptimizationPolicy") == "BalanceMode");
  CHECK(ge_options(config).session.size() == 2);  // the GE form leaves an unset policy out: the engine's default
}

TEST_CASE("torchair's form: GE_USE_STATIC_MEMORY=3 for 4, nothing for 2", "[maps]") {
  const MemoryConfig four = test::with_static(StaticMemoryPolicy::expand_static_and_dynamic_shape);
  CHECK(environment_options(four, Form::torchair) == StringMap{{"GE_USE_STATIC_MEMORY", "3"}});
  CHECK(environment_options(test::with_static(StaticMemoryPolicy::expand_static_shape), Form::torchair).empty());
  CHECK(environment_options(MemoryConfig{}, Form::torchair).empty());  // 0 cannot run: nothing to export
  // A config file goes through no runtime: it exports nothing, nor does any other form.
  for (const Form form : {Form::json, Form::ge, Form::tf1, Form::tf2, Form::mindspore, Form::mslite}) {
    CHECK(environment_options(four, form).empty());
  }
  for (const Form target : {Form::tf1, Form::ge, Form::tf2, Form::mindspore}) {
    CHECK(environment_options(four, target).empty());  // the others carry the option itself
  }
}

TEST_CASE("the maps carry nothing for a config holding a cast code", "[maps]") {
  MemoryConfig cast;
  cast.atomic_clean_policy = static_cast<AtomicCleanPolicy>(5);
  CHECK(ge_options(cast).global.empty());
  CHECK(ge_options(cast).session.empty());
  CHECK_FALSE(tf2_options(cast));
}
