// MindSpore and torchair as targets (spec 9): the config each runs, the
// forms, and validation in a target's context. Expected values are the
// spec's, written out.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include <npu/memory_config.hpp>

#include "all_configs.hpp"
#include "diagnostics_of.hpp"

using namespace npu;
using test::of_code;

namespace {

MemoryConfig config_of(AtomicCleanPolicy atomic, StaticMemoryPolicy static_memory,
                       std::optional<MemoryOptimizationPolicy> policy, HugePagePolicy huge_page) {
  return MemoryConfig{atomic, static_memory, policy, huge_page};
}

// torchair's runnable configs, as spec 9 states them: static 2 or 4, atomic
// 1, MemoryPriority, huge page 0. An unset policy leaves the choice to the
// runtime, and "is always only such a warning": torchair's MemoryPriority
// is then the runtime's choice, not a failure.
bool runnable_on_torchair(const MemoryConfig& config) {
  return (config.static_memory_policy == StaticMemoryPolicy::expand_static_shape ||
          config.static_memory_policy == StaticMemoryPolicy::expand_static_and_dynamic_shape) &&
         config.atomic_clean_policy == AtomicCleanPolicy::separate &&
         (config.memory_optimization_policy == MemoryOptimizationPolicy::memory_priority ||
          !config.memory_optimization_policy) &&
         config.variable_use_1g_huge_page == HugePagePolicy::system_default;
}

ValidationContext on(TargetRuntime target) {
  ValidationContext context;
  context.target = target;
  return context;
}

std::vector<std::string> lines_of(const std::vector<Diagnostic>& diagnostics) {
  std::vector<std::string> lines;
  lines.reserve(diagnostics.size());
  for (const Diagnostic& diagnostic : diagnostics) lines.push_back(to_string(diagnostic));
  return lines;
}

}  // namespace

TEST_CASE("the effective config: what each target runs for the defaults (spec 9)", "[frameworks]") {
  const MemoryConfig defaults;
  for (const TargetRuntime target :
       {TargetRuntime::any, TargetRuntime::tf1, TargetRuntime::ge, TargetRuntime::tf2, TargetRuntime::mindspore}) {
    CHECK(effective_config(defaults, target, nullptr) == defaults);  // each carries every field it is given
  }
  // torchair: atomic 1, static 2, MemoryPriority forced; huge page never set (0)
  CHECK(effective_config(defaults, TargetRuntime::torchair, nullptr) ==
        config_of(AtomicCleanPolicy::separate, StaticMemoryPolicy::expand_static_shape,
                  MemoryOptimizationPolicy::memory_priority, HugePagePolicy::system_default));
}

TEST_CASE("the effective config: the variable combined, torchair's lever exported (spec 4, 9)", "[frameworks]") {
  MemoryConfig asks_4;
  asks_4.static_memory_policy = StaticMemoryPolicy::expand_static_and_dynamic_shape;
  // torchair's form exports the variable that turns its forced 2 into 4,
  // whatever the job inherited
  for (const char* inherited : {static_cast<const char*>(nullptr), "0", "2", "yes"}) {
    CHECK(effective_config(asks_4, TargetRuntime::torchair, inherited).static_memory_policy ==
          StaticMemoryPolicy::expand_static_and_dynamic_shape);
  }
  // an inherited 3 beside torchair's 2 makes 4; beside GE's 2 too
  const MemoryConfig asks_2 = test::with_static(StaticMemoryPolicy::expand_static_shape);
  CHECK(effective_config(asks_2, TargetRuntime::torchair, "3").static_memory_policy ==
        StaticMemoryPolicy::expand_static_and_dynamic_shape);
  CHECK(effective_config(asks_2, TargetRuntime::ge, "3").static_memory_policy ==
        StaticMemoryPolicy::expand_static_and_dynamic_shape);
  CHECK(effective_config(MemoryConfig{}, TargetRuntime::any, "3").static_memory_policy ==
        StaticMemoryPolicy::expand_dynamic_shape);
  // TF2 cannot carry the policy: the engine decides
  MemoryConfig balance;
  balance.memory_optimization_policy = MemoryOptimizationPolicy::balance_mode;
  CHECK_FALSE(effective_config(balance, TargetRuntime::tf2, nullptr).memory_optimization_policy);
  CHECK(effective_config(balance, TargetRuntime::mindspore, nullptr).memory_optimization_policy ==
        MemoryOptimizationPolicy::balance_mode);
}

TEST_CASE("the variable's value that reaches a policy beside an option (spec 4)", "[frameworks]") {
  using P = StaticMemoryPolicy;
  REQUIRE(static_memory_env_for(P::expand_static_shape, P::expand_static_and_dynamic_shape) != nullptr);
  CHECK(static_memory_env_for(P::expand_static_shape, P::expand_static_and_dynamic_shape)->runtime_text == "3");
  CHECK(static_memory_env_for(P::expand_static_shape, P::expand_static_shape) == nullptr);  // the option alone
  CHECK(static_memory_env_for(P::expand_static_shape, P::dynamic) == nullptr);              // nothing can
  CHECK(static_memory_env_for(P::expand_static_shape, P::expand_dynamic_shape) == nullptr);
  REQUIRE(static_memory_env_for(P::dynamic, P::expand_dynamic_shape) != nullptr);
  CHECK(static_memory_env_for(P::dynamic, P::expand_dynamic_shape)->runtime_text == "3");
  CHECK(static_memory_env_for(P::dynamic, P::expand_static_shape)->runtime_text == "2");
}

TEST_CASE("torchair's form: GE_USE_STATIC_MEMORY=3 for 4, nothing for 2 (spec 9)", "[frameworks]") {
  MemoryConfig config = test::with_static(StaticMemoryPolicy::expand_static_and_dynamic_shape);
  const OptionMap variables = environment_options(config, TargetRuntime::torchair);
  REQUIRE(variables.size() == 1);
  CHECK(variables[0] == OptionEntry{"GE_USE_STATIC_MEMORY", "3"});
  CHECK(
      environment_options(test::with_static(StaticMemoryPolicy::expand_static_shape), TargetRuntime::torchair).empty());
  CHECK(environment_options(MemoryConfig{}, TargetRuntime::torchair).empty());  // 0 cannot run: nothing to export
  // the other targets carry the option itself
  for (const TargetRuntime target :
       {TargetRuntime::any, TargetRuntime::tf1, TargetRuntime::ge, TargetRuntime::tf2, TargetRuntime::mindspore}) {
    CHECK(environment_options(config, target).empty());
  }
}

TEST_CASE("MindSpore's ascend_config states every field, an unset policy is \"\" (spec 9)", "[frameworks]") {
  // the spec's example
  const MemoryConfig config =
      config_of(AtomicCleanPolicy::separate, StaticMemoryPolicy::dynamic, std::nullopt, HugePagePolicy::prefer_1g);
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
  // the GE and TF forms leave an unset policy out, as the engine's own default
  CHECK(ge_options(config).session.size() == 2);
}

TEST_CASE("torchair: given settings it cannot honour are errors, defaults warnings (spec 9)", "[frameworks]") {
  const ValidationContext torchair = on(TargetRuntime::torchair);
  // Every field given: exactly the runnable configs pass.
  std::size_t runnable = 0;
  for (const MemoryConfig& config : test::all_configs()) {
    INFO(test::describe(config));
    const bool passes = !has_errors(validate(config, torchair, "job.json"));
    CHECK(passes == runnable_on_torchair(config));
    runnable += passes ? 1 : 0;
  }
  CHECK(runnable == 4);  // static 2 or 4, policy MemoryPriority or unset

  CHECK(lines_of(validate(MemoryConfig{}, torchair, Provenance{})) ==
        std::vector<std::string>{
            "warning: defaults: atomic_clean_policy: torchair forces ge.exec.atomicCleanPolicy 1 (separate), so the "
            "engine runs that, not 0 (centralized); 0 (centralized) is only the default here",
            "warning: defaults: static_memory_policy: torchair forces ge.exec.staticMemoryPolicy 2 "
            "(expand_static_shape), which GE_USE_STATIC_MEMORY can only turn into 4 "
            "(expand_static_and_dynamic_shape), not 0 (dynamic); 0 (dynamic) is only the default here",
            "warning: defaults: memory_optimization_policy: torchair forces ge.exec.memoryOptimizationPolicy "
            "\"MemoryPriority\", so the engine runs that, not unset (the runtime decides); unset (the runtime "
            "decides) is only the default here"});

  MemoryConfig huge = config_of(AtomicCleanPolicy::separate, StaticMemoryPolicy::expand_static_shape,
                                MemoryOptimizationPolicy::memory_priority, HugePagePolicy::require_1g);
  CHECK(
      lines_of(validate(huge, torchair, "job.json")) ==
      std::vector<std::string>{"error: job.json: variable_use_1g_huge_page: torchair has no variable_use_1g_huge_page "
                               "option, so the engine runs 0 (system_default), not 1 (require_1g); use 0 "
                               "(system_default), or target tf1, ge, tf2 or mindspore"});
  const MemoryConfig dynamic = config_of(AtomicCleanPolicy::separate, StaticMemoryPolicy::expand_dynamic_shape,
                                         MemoryOptimizationPolicy::memory_priority, HugePagePolicy::system_default);
  CHECK(lines_of(validate(dynamic, torchair, "job.json")) ==
        std::vector<std::string>{
            "error: job.json: static_memory_policy: torchair forces ge.exec.staticMemoryPolicy 2 "
            "(expand_static_shape), which GE_USE_STATIC_MEMORY can only turn into 4 "
            "(expand_static_and_dynamic_shape), not 3 (expand_dynamic_shape); use 2 (expand_static_shape) or 4 "
            "(expand_static_and_dynamic_shape), or target tf1, ge, tf2 or mindspore"});

  // An unset policy the config gives is still only a warning.
  MemoryConfig unset = huge;
  unset.variable_use_1g_huge_page = HugePagePolicy::system_default;
  unset.memory_optimization_policy.reset();
  const auto unset_policy = validate(unset, torchair, "job.json");
  REQUIRE(unset_policy.size() == 1);
  CHECK(unset_policy[0].severity == Severity::warning);
  CHECK(unset_policy[0].field == "memory_optimization_policy");
}

TEST_CASE("torchair: the variable is the lever, not a conflict (spec 4, 9)", "[frameworks]") {
  ValidationContext torchair = on(TargetRuntime::torchair);
  const MemoryConfig runnable_2 = config_of(AtomicCleanPolicy::separate, StaticMemoryPolicy::expand_static_shape,
                                            MemoryOptimizationPolicy::memory_priority, HugePagePolicy::system_default);
  MemoryConfig runnable_4 = runnable_2;
  runnable_4.static_memory_policy = StaticMemoryPolicy::expand_static_and_dynamic_shape;
  // No beside-option warning: the variable is how a torchair job sets the policy.
  torchair.ge_use_static_memory = "2";
  CHECK(validate(runnable_2, torchair, "job.json").empty());
  // The form exports 3 for 4, replacing an inherited value.
  torchair.ge_use_static_memory = "2";
  CHECK(of_code(validate(runnable_4, torchair, "job.json"), DiagnosticCode::environment_changes).empty());
  // An inherited value that changes the result is reported, naming what torchair forces.
  torchair.ge_use_static_memory = "3";
  const auto changes = of_code(validate(runnable_2, torchair, "job.json"), DiagnosticCode::environment_changes);
  REQUIRE(changes.size() == 1);
  CHECK(to_string(changes[0]) ==
        "warning: GE_USE_STATIC_MEMORY: static_memory_policy: \"3\" combined with static_memory_policy 2 "
        "(expand_static_shape) from torchair makes the engine run 4 (expand_static_and_dynamic_shape)");
  torchair.ge_use_static_memory = "yes";
  CHECK(of_code(validate(runnable_2, torchair, "job.json"), DiagnosticCode::environment_ignored).size() == 1);
  // The same variable beside the GE option is the conflict CANN warns about.
  ValidationContext ge = on(TargetRuntime::ge);
  ge.ge_use_static_memory = "2";
  CHECK(of_code(validate(runnable_2, ge, "job.json"), DiagnosticCode::environment_beside_option).size() == 1);
  // Concurrent graphs see what the engine runs: torchair's 2 is forbidden.
  torchair.ge_use_static_memory = nullptr;
  torchair.concurrent_graphs = true;
  CHECK(of_code(validate(runnable_2, torchair, "job.json"), DiagnosticCode::concurrent_graphs).size() == 1);
}

TEST_CASE("performance warnings are about the user's choices (spec 3, 9)", "[frameworks]") {
  const MemoryConfig separate = config_of(AtomicCleanPolicy::separate, StaticMemoryPolicy::expand_static_shape,
                                          MemoryOptimizationPolicy::memory_priority, HugePagePolicy::system_default);
  // torchair forces atomic 1: not the user's choice there
  CHECK(of_code(validate(separate, on(TargetRuntime::torchair), "job.json"), DiagnosticCode::costly_policy).empty());
  CHECK(of_code(validate(separate, on(TargetRuntime::ge), "job.json"), DiagnosticCode::costly_policy).size() == 1);
  // 4 through torchair's lever is the user's choice; 3, which torchair cannot run, is an error, not a cost
  MemoryConfig asks_4 = separate;
  asks_4.static_memory_policy = StaticMemoryPolicy::expand_static_and_dynamic_shape;
  const auto costly_4 =
      of_code(validate(asks_4, on(TargetRuntime::torchair), "job.json"), DiagnosticCode::costly_policy);
  REQUIRE(costly_4.size() == 1);
  CHECK(costly_4[0].field == "static_memory_policy");
  MemoryConfig asks_3 = separate;
  asks_3.static_memory_policy = StaticMemoryPolicy::expand_dynamic_shape;
  CHECK(of_code(validate(asks_3, on(TargetRuntime::torchair), "job.json"), DiagnosticCode::costly_policy).empty());
  // a value no input gave (a framework's default a reader filled in) is not a choice
  Provenance filled_in;
  filled_in.config_source = "ascend_config.json";
  filled_in.of(Field::atomic_clean_policy).source = "MindSpore's defaults";
  CHECK(of_code(validate(separate, on(TargetRuntime::mindspore), filled_in), DiagnosticCode::costly_policy).empty());
  CHECK(filled_in.source_of(Field::atomic_clean_policy) == "MindSpore's defaults");
}

TEST_CASE("why a target runs another value (spec 9)", "[frameworks]") {
  CHECK(target_difference(TargetRuntime::torchair, Field::atomic_clean_policy) ==
        "torchair forces ge.exec.atomicCleanPolicy 1 (separate), so the engine runs that");
  CHECK(target_difference(TargetRuntime::tf2, Field::memory_optimization_policy) ==
        "the TF2 adapter has no memory_optimization_policy option, so the engine decides itself");
  CHECK(target_difference(TargetRuntime::mindspore, Field::atomic_clean_policy).empty());
}
