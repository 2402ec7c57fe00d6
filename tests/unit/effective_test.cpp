// What the engine runs: static_memory_policy beside GE_USE_STATIC_MEMORY, and
// a config as each target runs it.
#include <catch2/catch.hpp>

#include <optional>
#include <string_view>
#include <vector>

#include <npu/memory_config.hpp>

#include "diagnostics.hpp"

using namespace npu;
using test::with_static;
using P = StaticMemoryPolicy;

TEST_CASE("the engine reads GE_USE_STATIC_MEMORY only as exactly \"0\" to \"4\"", "[effective]") {
  for (const char* read : {"0", "1", "2", "3", "4"}) CHECK(detail::engine_reads_static_memory_env(read));
  for (const char* ignored : {"5", "9", "-1", "02", " 2", "2 ", "", "yes"}) {
    INFO('"' << ignored << '"');
    CHECK_FALSE(detail::engine_reads_static_memory_env(ignored));
  }
}

TEST_CASE("the option and the variable combined, as the engine does", "[effective]") {
  // option x variable -> what runs
  struct Case {
    P option;
    std::optional<std::string_view> variable;
    P runs;
  };
  const std::vector<Case> cases{
      {P::dynamic, "0", P::dynamic},
      {P::dynamic, "1", P::expand_static_shape},  // the legacy 1 is 2 for the variable too
      {P::dynamic, "2", P::expand_static_shape},
      {P::dynamic, "3", P::expand_dynamic_shape},
      {P::dynamic, "4", P::expand_static_and_dynamic_shape},
      {P::expand_static_shape, "3", P::expand_static_and_dynamic_shape},
      {P::expand_static_shape, "1", P::expand_static_shape},
      {P::expand_dynamic_shape, "2", P::expand_static_and_dynamic_shape},
      {P::expand_dynamic_shape, "0", P::expand_dynamic_shape},
      {P::expand_static_and_dynamic_shape, "0", P::expand_static_and_dynamic_shape},
      {P::expand_dynamic_shape, " 2", P::expand_dynamic_shape},  // ignored: an exact compare
      {P::dynamic, "yes", P::dynamic},
      {P::dynamic, "5", P::dynamic},
      {P::dynamic, "", P::dynamic},
      {P::expand_dynamic_shape, std::nullopt, P::expand_dynamic_shape},
  };
  for (const Case& c : cases) {
    INFO(c.variable.value_or("(not set)"));
    CHECK(effective_static_memory_policy(c.option, c.variable) == c.runs);
  }
  CHECK(detail::expands_static_shapes(P::expand_static_shape));
  CHECK_FALSE(detail::expands_static_shapes(P::expand_dynamic_shape));
  CHECK(detail::expands_dynamic_shapes(P::expand_static_and_dynamic_shape));
  CHECK_FALSE(detail::expands_dynamic_shapes(P::dynamic));
}

TEST_CASE("the variable's value that reaches a policy beside an option", "[effective]") {
  REQUIRE(detail::static_memory_env_for(P::expand_static_shape, P::expand_static_and_dynamic_shape) != nullptr);
  CHECK(detail::static_memory_env_for(P::expand_static_shape, P::expand_static_and_dynamic_shape)->runtime_text == "3");
  CHECK(detail::static_memory_env_for(P::expand_static_shape, P::expand_static_shape) == nullptr);  // the option alone
  CHECK(detail::static_memory_env_for(P::expand_static_shape, P::dynamic) == nullptr);              // nothing can
  CHECK(detail::static_memory_env_for(P::expand_static_shape, P::expand_dynamic_shape) == nullptr);
  CHECK(detail::static_memory_env_for(P::dynamic, P::expand_dynamic_shape)->runtime_text == "3");
  CHECK(detail::static_memory_env_for(P::dynamic, P::expand_static_shape)->runtime_text == "2");
}

TEST_CASE("what a target sets for a field, and what its form exports", "[effective]") {
  MemoryConfig config = with_static(P::expand_static_and_dynamic_shape);
  CHECK(detail::target_code(config, detail::TargetRuntime::ge, Field::static_memory_policy) == 4);
  CHECK(detail::target_code(config, detail::TargetRuntime::torchair, Field::static_memory_policy) == 2);  // forced
  CHECK(detail::target_code(config, detail::TargetRuntime::torchair, Field::atomic_clean_policy) == 1);
  CHECK(detail::target_code(config, detail::TargetRuntime::tf2, Field::memory_optimization_policy) == std::nullopt);
  CHECK(detail::target_code(config, detail::TargetRuntime::tf1, Field::memory_optimization_policy) ==
        std::nullopt);  // unset given
  REQUIRE(detail::exported_static_memory_env(config, detail::TargetRuntime::torchair) != nullptr);
  CHECK(detail::exported_static_memory_env(config, detail::TargetRuntime::torchair)->runtime_text == "3");
  CHECK(detail::exported_static_memory_env(with_static(P::expand_static_shape), detail::TargetRuntime::torchair) ==
        nullptr);
  CHECK(detail::exported_static_memory_env(config, detail::TargetRuntime::ge) == nullptr);
  CHECK(detail::target_runs_as_asked(config, Form::torchair, Field::static_memory_policy));  // through the variable
  CHECK_FALSE(
      detail::target_runs_as_asked(with_static(P::expand_dynamic_shape), Form::torchair, Field::static_memory_policy));
  CHECK_FALSE(detail::target_runs_as_asked(config, Form::torchair, Field::atomic_clean_policy));
  config.memory_optimization_policy = MemoryOptimizationPolicy::balance_mode;
  CHECK_FALSE(detail::target_runs_as_asked(config, Form::tf2, Field::memory_optimization_policy));
  CHECK(detail::target_runs_as_asked(config, Form::mindspore, Field::memory_optimization_policy));
}

// A config file (Form::json) goes through no runtime: it runs as it is.
TEST_CASE("a config file's form runs every value as it is", "[effective]") {
  const MemoryConfig config{AtomicCleanPolicy::separate, P::expand_dynamic_shape,
                            MemoryOptimizationPolicy::balance_mode, HugePagePolicy::prefer_1g};
  for (const Field field : {Field::atomic_clean_policy, Field::static_memory_policy, Field::memory_optimization_policy,
                            Field::variable_use_1g_huge_page}) {
    CHECK(detail::target_runs_as_asked(config, Form::json, field));
  }
  CHECK(effective_config(config, Form::json, std::nullopt) == config);
  const StaticMemoryRun run = static_memory_run(config, Form::json, std::nullopt);
  CHECK(run.option == P::expand_dynamic_shape);
  CHECK_FALSE(run.option_from_target);
  CHECK_FALSE(run.variable_exported);
}

TEST_CASE("static_memory_policy as the engine runs it, and why", "[effective]") {
  const StaticMemoryRun plain = static_memory_run(with_static(P::expand_static_shape), Form::json, "3");
  CHECK(plain.option == P::expand_static_shape);
  CHECK_FALSE(plain.option_from_target);
  CHECK(plain.variable == std::optional<std::string_view>("3"));
  CHECK_FALSE(plain.variable_exported);
  CHECK(plain.runs == P::expand_static_and_dynamic_shape);

  const StaticMemoryRun forced = static_memory_run(MemoryConfig{}, Form::torchair, std::nullopt);
  CHECK(forced.option == P::expand_static_shape);
  CHECK(forced.option_from_target);
  CHECK_FALSE(forced.variable);
  CHECK(forced.runs == P::expand_static_shape);

  // torchair's form exports the variable that turns its 2 into 4, replacing an inherited one
  const StaticMemoryRun exported =
      static_memory_run(with_static(P::expand_static_and_dynamic_shape), Form::torchair, "yes");
  CHECK(exported.variable == std::optional<std::string_view>("3"));
  CHECK(exported.variable_exported);
  CHECK(exported.runs == P::expand_static_and_dynamic_shape);

  const StaticMemoryRun mindspore = static_memory_run(with_static(P::expand_dynamic_shape), Form::mindspore, "2");
  CHECK_FALSE(mindspore.option_from_target);  // MindSpore's form carries the option
  CHECK(mindspore.runs == P::expand_static_and_dynamic_shape);
}

TEST_CASE("the config each target runs for the defaults", "[effective]") {
  const MemoryConfig defaults;
  CHECK(effective_config(defaults, Form::json, std::nullopt) == defaults);
  for (const Form target : {Form::tf1, Form::ge, Form::tf2, Form::mindspore}) {
    CHECK(effective_config(defaults, target, std::nullopt) == defaults);  // each carries every field it is given
  }
  // torchair: atomic 1, static 2, MemoryPriority forced; huge page never set (0)
  CHECK(effective_config(defaults, Form::torchair, std::nullopt) ==
        MemoryConfig{AtomicCleanPolicy::separate, P::expand_static_shape, MemoryOptimizationPolicy::memory_priority,
                     HugePagePolicy::system_default});
}

TEST_CASE("the config each target runs: the variable combined, torchair's lever exported", "[effective]") {
  const MemoryConfig asks_4 = with_static(P::expand_static_and_dynamic_shape);
  for (const std::optional<std::string_view> inherited :
       {std::optional<std::string_view>(), std::optional<std::string_view>("0"), std::optional<std::string_view>("2"),
        std::optional<std::string_view>("yes")}) {
    CHECK(effective_config(asks_4, Form::torchair, inherited).static_memory_policy ==
          P::expand_static_and_dynamic_shape);
  }
  const MemoryConfig asks_2 = with_static(P::expand_static_shape);
  CHECK(effective_config(asks_2, Form::torchair, "3").static_memory_policy == P::expand_static_and_dynamic_shape);
  CHECK(effective_config(asks_2, Form::ge, "3").static_memory_policy == P::expand_static_and_dynamic_shape);
  CHECK(effective_config(MemoryConfig{}, Form::json, "3").static_memory_policy == P::expand_dynamic_shape);
  // TF2 cannot carry the policy: the engine decides
  MemoryConfig balance;
  balance.memory_optimization_policy = MemoryOptimizationPolicy::balance_mode;
  CHECK_FALSE(effective_config(balance, Form::tf2, std::nullopt).memory_optimization_policy);
  CHECK(effective_config(balance, Form::mindspore, std::nullopt).memory_optimization_policy ==
        MemoryOptimizationPolicy::balance_mode);
}
