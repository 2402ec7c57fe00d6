#include <catch2/catch.hpp>

#include <map>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include <npu/memory_config.hpp>

using namespace npu;
using StringMap = std::map<std::string, std::string>;

namespace {

std::size_t count(const ReadResult& result, Severity severity) {
  std::size_t n = 0;
  for (const Diagnostic& d : result.diagnostics) n += d.severity == severity ? 1 : 0;
  return n;
}

const Diagnostic& only(const ReadResult& result) {
  REQUIRE(result.diagnostics.size() == 1);
  return result.diagnostics[0];
}

// An adapter's session map: mostly options that are not about memory.
StringMap busy_session_map() {
  return {{"ge.exec.deviceId", "0"},
          {"ge.exec.precision_mode", "allow_fp32_to_fp16"},
          {"ge.graphRunMode", "1"},
          {"ge.exec.atomicCleanPolicy", "1"},
          {"ge.exec.staticMemoryPolicy", "3"},
          {"ge.exec.memoryOptimizationPolicy", ""},
          {"ge.variableUse1gHugePage", "2"},
          {"ge.exec.enableDump", "0"},
          {"ge.exec.hcclFlag", "1"},
          {"ge.exec.staticModelAddrFixed", "1"}};
}

}  // namespace

TEST_CASE("GE map: memory keys read, other keys ignored, \"\" policy unset (spec 6)", "[readers]") {
  const ReadResult result = read_ge_options(busy_session_map());
  REQUIRE(result.ok());
  CHECK(result.diagnostics.empty());
  MemoryConfig expected;
  expected.atomic_clean_policy = AtomicCleanPolicy::separate;
  expected.static_memory_policy = StaticMemoryPolicy::expand_dynamic_shape;
  expected.variable_use_1g_huge_page = HugePagePolicy::prefer_1g;
  CHECK(*result.config == expected);
}

TEST_CASE("GE map: missing keys take the defaults", "[readers]") {
  const ReadResult result = read_ge_options(StringMap{{"ge.exec.deviceId", "3"}});
  REQUIRE(result.ok());
  CHECK(*result.config == MemoryConfig{});
}

TEST_CASE("GE map: short aliases are read, disagreement with the GE key is an error (spec 6)", "[readers]") {
  const ReadResult agree = read_ge_options(StringMap{{"static_memory_policy", "expand_static_shape"},
                                                     {"ge.exec.staticMemoryPolicy", "2"},
                                                     {"memory_optimization_policy", "BalanceMode"}});
  REQUIRE(agree.ok());
  CHECK(agree.config->static_memory_policy == StaticMemoryPolicy::expand_static_shape);
  CHECK(agree.config->memory_optimization_policy == MemoryOptimizationPolicy::balance_mode);

  const ReadResult disagree =
      read_ge_options(StringMap{{"static_memory_policy", "3"}, {"ge.exec.staticMemoryPolicy", "2"}});
  CHECK_FALSE(disagree.ok());
  const Diagnostic& d = only(disagree);
  CHECK(d.code == DiagnosticCode::conflicting_values);
  CHECK_THAT(to_string(d),
             Catch::Contains("static_memory_policy") && Catch::Contains("\"2\"") && Catch::Contains("\"3\""));
}

TEST_CASE("GE map: the legacy 1 agrees with 2", "[readers]") {
  const ReadResult result =
      read_ge_options(StringMap{{"static_memory_policy", "1"}, {"ge.exec.staticMemoryPolicy", "2"}});
  REQUIRE(result.ok());
  CHECK(result.config->static_memory_policy == StaticMemoryPolicy::expand_static_shape);
  CHECK(only(result).code == DiagnosticCode::legacy_value);
}

TEST_CASE("GE global and session maps: ge.variableUse1gHugePage must agree (spec 6)", "[readers]") {
  const StringMap global{{"ge.exec.staticMemoryPolicy", "4"}, {"ge.variableUse1gHugePage", "1"}};
  const ReadResult agree = read_ge_scoped_options(global, StringMap{{"ge.variableUse1gHugePage", "1"}});
  REQUIRE(agree.ok());
  CHECK(agree.config->static_memory_policy == StaticMemoryPolicy::expand_static_and_dynamic_shape);
  CHECK(agree.config->variable_use_1g_huge_page == HugePagePolicy::require_1g);

  const ReadResult disagree = read_ge_scoped_options(global, StringMap{{"ge.variableUse1gHugePage", "2"}}, "adapter");
  CHECK_FALSE(disagree.ok());
  CHECK(only(disagree).source == "adapter (session)");
  CHECK_THAT(only(disagree).message, Catch::Contains("adapter (global)"));
}

TEST_CASE("GE map: a near miss of a memory key is a warning with a hint (spec 6)", "[readers]") {
  const ReadResult result = read_ge_options(StringMap{{"ge.exec.staticMemPolicy", "2"}, {"ge.exec.deviceId", "0"}});
  REQUIRE(result.ok());
  CHECK(*result.config == MemoryConfig{});
  const Diagnostic& d = only(result);
  CHECK(d.severity == Severity::warning);
  CHECK(d.code == DiagnosticCode::near_miss_key);
  CHECK(d.field == "ge.exec.staticMemPolicy");
  CHECK_THAT(d.message, Catch::Contains("did you mean \"ge.exec.staticMemoryPolicy\"?"));
}

TEST_CASE("GE map: every bad value is reported, each naming its key", "[readers]") {
  const ReadResult result = read_ge_options(StringMap{{"ge.exec.atomicCleanPolicy", "2"},
                                                      {"ge.exec.staticMemoryPolicy", " 2"},
                                                      {"ge.exec.memoryOptimizationPolicy", "memorypriority"},
                                                      {"ge.variableUse1gHugePage", "+1"}});
  CHECK_FALSE(result.ok());
  CHECK_FALSE(result.config.has_value());
  CHECK(count(result, Severity::error) == 4);
  for (const Diagnostic& d : result.diagnostics) CHECK_THAT(d.field, Catch::Contains("(ge."));
}

TEST_CASE("a source name names the source", "[readers]") {
  const StringMap options{{"ge.exec.atomicCleanPolicy", "9"}};
  const ReadResult named = read_ge_options(options, "adapter");  // one map, named
  REQUIRE(named.diagnostics.size() == 1);
  CHECK(named.diagnostics[0].source == "adapter");
  const std::string name = "adapter";
  CHECK(read_ge_options(options, name).diagnostics.at(0).source == "adapter");
}

TEST_CASE("near misses of memory keys, and keys that are not (spec 6)", "[readers]") {
  // One edit for keys shorter than 16 characters, two up to 23, three beyond;
  // case differences cost nothing.
  const auto hint = [](const char* key) -> std::string {
    const ReadResult result = read_ge_options(StringMap{{key, "0"}});
    if (result.diagnostics.empty()) return "";
    CHECK(result.diagnostics[0].code == DiagnosticCode::near_miss_key);
    return result.diagnostics[0].message;
  };
  const std::string static_hint = "not a memory option, ignored; did you mean \"ge.exec.staticMemoryPolicy\"?";
  CHECK(hint("ge.exec.staticMemPolicy") == static_hint);        // three deletions
  CHECK(hint("ge.exec.staticMemoryPolcy") == static_hint);      // one
  CHECK(hint("GE.EXEC.STATICMEMORYPOLICY") == static_hint);     // case only
  CHECK(hint("ge.exec.staticMemoryPolicyQWZ") == static_hint);  // three insertions, three new letters
  CHECK(hint("ge.exec.staticMemoryPolicyQWZJ").empty());        // four
  CHECK(hint("ge.exec.staticMemoryPolicy~") == static_hint);    // one, a character of another kind
  CHECK(hint("ge.exec.staticMemoryPolicy{~|}").empty());
  CHECK(hint("ge.exec.staticModelAddrFixed").empty());
  CHECK(hint("ge.exec.deviceId").empty());
  CHECK(hint("ge.variableUse1gHugePages") ==
        "not a memory option, ignored; did you mean \"ge.variableUse1gHugePage\"?");
  // short aliases: static_memory_policy (20 characters) allows two edits
  CHECK(hint("static_memory_polcy") == "not a memory option, ignored; did you mean \"static_memory_policy\"?");
  CHECK(hint("statc_memory_polcy") == "not a memory option, ignored; did you mean \"static_memory_policy\"?");
  CHECK(hint("stat_memory_polcy").empty());  // three edits: over the budget of 2
  CHECK(hint("static_memory_policyqz") == "not a memory option, ignored; did you mean \"static_memory_policy\"?");
  CHECK(hint("static_memory_policyqzj").empty());
  CHECK(hint("atomic_clean_polic") == "not a memory option, ignored; did you mean \"atomic_clean_policy\"?");
}

TEST_CASE("readers take any range of pairs: vectors, unordered maps, OptionMap", "[readers]") {
  const std::vector<std::pair<const char*, std::string>> pairs{{"ge.exec.atomicCleanPolicy", "separate"}};
  CHECK(read_ge_options(pairs).config->atomic_clean_policy == AtomicCleanPolicy::separate);
  const std::unordered_map<std::string, std::string> unordered{{"ge.variableUse1gHugePage", "require_1g"}};
  CHECK(read_ge_options(unordered).config->variable_use_1g_huge_page == HugePagePolicy::require_1g);
  MemoryConfig config;
  config.memory_optimization_policy = MemoryOptimizationPolicy::balance_mode;
  CHECK(read_ge_options(ge_session_options(config)).config == config);
  const std::vector<std::pair<std::string_view, std::string_view>> duplicated{{"ge.exec.atomicCleanPolicy", "1"},
                                                                              {"ge.exec.atomicCleanPolicy", "0"}};
  CHECK(only(read_ge_options(duplicated)).code == DiagnosticCode::conflicting_values);
}

TEST_CASE("TF2 map: string values, memory_optimization_policy is an error (spec 4, 6)", "[readers]") {
  const StringMap tf2{{"atomic_clean_policy", "1"}, {"static_memory_policy", "3"}, {"precision_mode", "x"}};
  const ReadResult result = read_tf2_options(tf2);
  REQUIRE(result.ok());
  CHECK(result.config->static_memory_policy == StaticMemoryPolicy::expand_dynamic_shape);

  const ReadResult policy = read_tf2_options(StringMap{{"memory_optimization_policy", "BalanceMode"}});
  CHECK_FALSE(policy.ok());
  CHECK(only(policy).code == DiagnosticCode::unsupported_option);
  CHECK(only(policy).field == "memory_optimization_policy");
  CHECK(only(read_tf2_options(StringMap{{"static_memory_polcy", "2"}})).code == DiagnosticCode::near_miss_key);

  // A GE map given as a TF2 one: refused, never read as if it were empty.
  const ReadResult ge_keys = read_tf2_options(StringMap{{"ge.exec.atomicCleanPolicy", "1"}});
  CHECK_FALSE(ge_keys.ok());
  CHECK(to_string(only(ge_keys)) ==
        R"(error: TF2 options: ge.exec.atomicCleanPolicy: a GE key, which this map does not take; write )"
        R"("atomic_clean_policy")");
  CHECK(to_string(only(read_tf2_options(StringMap{{"ge.exec.memoryOptimizationPolicy", ""}}))) ==
        "error: TF2 options: ge.exec.memoryOptimizationPolicy: this runtime has no such option; remove it (the "
        "setting cannot be carried here)");
  // A hint never points at a key the map refuses.
  CHECK(read_tf2_options(StringMap{{"ge.exec.atomicClenPolicy", "1"}}).diagnostics.empty());
}

TEST_CASE("TF1 parameter_map: each key in the kind the adapter reads it with (spec 6)", "[readers]") {
  const std::map<std::string, Tf1Value> typed{{"atomic_clean_policy", {Tf1Value::Kind::i, 1, {}}},
                                              {"memory_optimization_policy", {Tf1Value::Kind::s, 0, "BalanceMode"}},
                                              {"static_memory_policy", {Tf1Value::Kind::i, 2, {}}}};
  const ReadResult result = read_tf1_parameter_map(typed);
  REQUIRE(result.ok());
  CHECK(result.config->atomic_clean_policy == AtomicCleanPolicy::separate);
  CHECK(result.config->memory_optimization_policy == MemoryOptimizationPolicy::balance_mode);
  CHECK(result.config->static_memory_policy == StaticMemoryPolicy::expand_static_shape);

  const std::map<std::string, long> integers{{"variable_use_1g_huge_page", 2}, {"static_memory_policy", 4294967298}};
  const ReadResult wrapped = read_tf1_parameter_map(integers);
  CHECK_FALSE(wrapped.ok());
  CHECK(only(wrapped).field == "static_memory_policy");

  // The other kind is what the runtime silently reads as 0 or "".
  const std::map<std::string, Tf1Value> static_as_string{{"static_memory_policy", {Tf1Value::Kind::s, 0, "2"}}};
  CHECK(to_string(only(read_tf1_parameter_map(static_as_string))) ==
        R"(error: NpuOptimizer parameter_map: static_memory_policy: s: "2" is not read: the adapter reads )"
        "static_memory_policy as an integer (i), so the runtime would run 0; give it as i");
  const std::map<std::string, Tf1Value> policy_as_int{{"memory_optimization_policy", {Tf1Value::Kind::i, 1, {}}}};
  CHECK(to_string(only(read_tf1_parameter_map(policy_as_int))) ==
        "error: NpuOptimizer parameter_map: memory_optimization_policy: i: 1 is not read: the adapter reads "
        R"(memory_optimization_policy as a string (s), so the runtime would run ""; give it as s)");
  const std::map<std::string, std::string> all_strings{{"atomic_clean_policy", "1"},
                                                       {"variable_use_1g_huge_page", "0"}};
  CHECK(read_tf1_parameter_map(all_strings).diagnostics.size() == 2);
}
