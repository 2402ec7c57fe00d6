#include <catch2/catch.hpp>

#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include <npu/memory_config.hpp>
#include <npu/memory_config/forms/detail/mslite_form.hpp>
#include <npu/memory_config/forms/map_readers.hpp>

#include "diagnostics.hpp"

using namespace npu;
using test::StringMap;

namespace {

Diagnostic only(const ReadResult& result) { return test::only(result.diagnostics); }

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

TEST_CASE("GE map: memory keys read, other keys ignored, \"\" policy unset", "[readers]") {
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

TEST_CASE("GE map: short aliases are read, disagreement with the GE key is an error", "[readers]") {
  const ReadResult agree = read_ge_options(StringMap{{"static_memory_policy", "2"},
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
  CHECK(d.key == "static_memory_policy");  // the key given second, the short one
  CHECK(d.value == "\"3\"");
  CHECK_THAT(d.message, Catch::Contains("\"2\""));  // the other value
}

// The engine compares the text: a value's name runs as the default, so it
// is an error in every form a runtime reads, never a value.
TEST_CASE("engine forms: a value's name is an error, in every map and at its key", "[readers]") {
  const ReadResult ge = read_ge_options(
      StringMap{{"ge.exec.atomicCleanPolicy", "separate"}, {"ge.exec.staticMemoryPolicy", "expand_static_shape"}});
  CHECK_FALSE(ge.ok());
  CHECK(test::codes_of(ge.diagnostics) ==
        std::vector<DiagnosticCode>{DiagnosticCode::invalid_value, DiagnosticCode::invalid_value});
  CHECK(test::keys_of(ge.diagnostics) == std::vector<std::string>{"atomic_clean_policy (ge.exec.atomicCleanPolicy)",
                                                                  "static_memory_policy (ge.exec.staticMemoryPolicy)"});
  const ReadResult tf2 = read_tf2_options(StringMap{{"static_memory_policy", "expand_dynamic_shape"}});
  CHECK_FALSE(tf2.ok());
  CHECK(only(tf2).value == R"("expand_dynamic_shape")");
  const std::vector<std::pair<std::string, Tf1ParameterMap::mapped_type>> tf1{
      {"memory_optimization_policy", Tf1ParameterMap::mapped_type{std::string("memory_priority")}}};
  const ReadResult tf1_result = read_tf1_parameter_map(tf1);
  CHECK_FALSE(tf1_result.ok());
  CHECK(only(tf1_result).code == DiagnosticCode::invalid_value);
  const ReadResult lite =
      detail::read_mslite_config("[ge_session_options]\nge.variableUse1gHugePage=prefer_1g\n", "m.ini");
  CHECK_FALSE(lite.ok());
  CHECK(only(lite).origin.position.line == 2);
}

TEST_CASE("GE map: the legacy 1 agrees with 2", "[readers]") {
  const ReadResult result =
      read_ge_options(StringMap{{"static_memory_policy", "1"}, {"ge.exec.staticMemoryPolicy", "2"}});
  REQUIRE(result.ok());
  CHECK(result.config->static_memory_policy == StaticMemoryPolicy::expand_static_shape);
  CHECK(only(result).code == DiagnosticCode::legacy_value);
}

TEST_CASE("GE levels: any key at any level, and a key at two levels must agree", "[readers]") {
  const StringMap global{{"ge.exec.staticMemoryPolicy", "4"}, {"ge.variableUse1gHugePage", "1"}};
  const ReadResult agree = read_ge_options(global, StringMap{{"ge.variableUse1gHugePage", "1"}});
  REQUIRE(agree.ok());
  CHECK(agree.diagnostics.empty());
  CHECK(agree.config->static_memory_policy == StaticMemoryPolicy::expand_static_and_dynamic_shape);
  CHECK(agree.config->variable_use_1g_huge_page == HugePagePolicy::require_1g);

  const ReadResult disagree = read_ge_options(global, StringMap{{"ge.variableUse1gHugePage", "2"}}, "adapter");
  CHECK_FALSE(disagree.ok());
  CHECK(only(disagree).code == DiagnosticCode::conflicting_values);
  CHECK(only(disagree).origin.source_text() == "adapter (session)");
  CHECK_THAT(only(disagree).message, Catch::Contains("adapter (global)"));

  // Any key may stand at global or session level, the atomic and the
  // optimization policy at graph level too; none is reported for its level.
  const ReadResult anywhere = read_ge_options(
      StringMap{{"ge.exec.atomicCleanPolicy", "1"}, {"ge.variableUse1gHugePage", "2"}},
      StringMap{{"ge.exec.staticMemoryPolicy", "3"}, {"ge.exec.memoryOptimizationPolicy", "BalanceMode"}},
      StringMap{{"ge.exec.memoryOptimizationPolicy", "BalanceMode"}, {"ge.exec.atomicCleanPolicy", "1"}});
  REQUIRE(anywhere.ok());
  CHECK(anywhere.diagnostics.empty());
  CHECK(*anywhere.config == MemoryConfig{AtomicCleanPolicy::separate, StaticMemoryPolicy::expand_dynamic_shape,
                                         MemoryOptimizationPolicy::balance_mode, HugePagePolicy::prefer_1g});
  // The static policy and the huge page key at graph level: the engine logs
  // them as unsupported there, and still takes the graph's value first.
  const ReadResult graph_only =
      read_ge_options(StringMap{}, StringMap{{"ge.exec.staticMemoryPolicy", "2"}},
                      StringMap{{"ge.exec.staticMemoryPolicy", "2"}, {"ge.variableUse1gHugePage", "2"}}, "torchair");
  REQUIRE(graph_only.ok());
  CHECK(test::codes_of(graph_only.diagnostics) ==
        std::vector<DiagnosticCode>{DiagnosticCode::unsupported_option, DiagnosticCode::unsupported_option});
  CHECK(test::keys_of(graph_only.diagnostics) ==
        std::vector<std::string>{"static_memory_policy (ge.exec.staticMemoryPolicy)",
                                 "variable_use_1g_huge_page (ge.variableUse1gHugePage)"});
  CHECK(graph_only.diagnostics[0].origin.source_text() == "torchair (graph)");
  CHECK(graph_only.diagnostics[0].severity == Severity::warning);
  CHECK(graph_only.config->variable_use_1g_huge_page == HugePagePolicy::prefer_1g);
  const ReadResult graph_differs = read_ge_options(StringMap{}, StringMap{{"ge.exec.atomicCleanPolicy", "1"}},
                                                   StringMap{{"ge.exec.atomicCleanPolicy", "0"}}, "g");
  CHECK(only(graph_differs).origin.source_text() == "g (graph)");
  CHECK(only(graph_differs).code == DiagnosticCode::conflicting_values);
}

TEST_CASE("GE map: a near miss of a memory key is a warning with a hint", "[readers]") {
  const ReadResult result = read_ge_options(StringMap{{"ge.exec.staticMemPolicy", "2"}, {"ge.exec.deviceId", "0"}});
  REQUIRE(result.ok());
  CHECK(*result.config == MemoryConfig{});
  const Diagnostic& d = only(result);
  CHECK(d.severity == Severity::warning);
  CHECK(d.code == DiagnosticCode::near_miss_key);
  CHECK(d.key == "ge.exec.staticMemPolicy");
  CHECK_THAT(d.message, Catch::Contains("\"ge.exec.staticMemoryPolicy\""));
}

TEST_CASE("GE map: every bad value is reported, each naming its key", "[readers]") {
  const ReadResult result = read_ge_options(StringMap{{"ge.exec.atomicCleanPolicy", "2"},
                                                      {"ge.exec.staticMemoryPolicy", " 2"},
                                                      {"ge.exec.memoryOptimizationPolicy", "memorypriority"},
                                                      {"ge.variableUse1gHugePage", "+1"}});
  CHECK_FALSE(result.ok());
  CHECK_FALSE(result.config.has_value());
  CHECK(test::count(result.diagnostics, Severity::error) == 4);
  for (const Diagnostic& d : result.diagnostics) CHECK_THAT(d.key, Catch::Contains("(ge."));
}

TEST_CASE("a source name names the source", "[readers]") {
  const StringMap options{{"ge.exec.atomicCleanPolicy", "9"}};
  const ReadResult named = read_ge_options(options, "adapter");  // one map, named
  REQUIRE(named.diagnostics.size() == 1);
  CHECK(named.diagnostics[0].origin.source == "adapter");
  const std::string name = "adapter";
  CHECK(read_ge_options(options, name).diagnostics.at(0).origin.source == "adapter");
  CHECK(read_ge_options(options).diagnostics.at(0).origin.source == "GE options");
}

TEST_CASE("near misses of memory keys, and keys that are not", "[readers]") {
  // One edit for keys shorter than 16 characters, two up to 23, three beyond;
  // case differences cost nothing.
  const auto hint = [](const char* key) -> std::string {
    const ReadResult result = read_ge_options(StringMap{{key, "0"}});
    if (result.diagnostics.empty()) return "";
    CHECK(result.diagnostics[0].code == DiagnosticCode::near_miss_key);
    CHECK(result.diagnostics[0].key == key);
    // the key meant, quoted at the end of the message
    const std::string& message = result.diagnostics[0].message;
    const std::size_t open = message.rfind('"', message.size() - 3);
    return message.substr(open + 1, message.size() - open - 3);
  };
  const std::string static_hint = "ge.exec.staticMemoryPolicy";
  CHECK(hint("ge.exec.staticMemPolicy") == static_hint);        // three deletions
  CHECK(hint("ge.exec.staticMemoryPolcy") == static_hint);      // one
  CHECK(hint("GE.EXEC.STATICMEMORYPOLICY") == static_hint);     // case only
  CHECK(hint("ge.exec.staticMemoryPolicyQWZ") == static_hint);  // three insertions, three new letters
  CHECK(hint("ge.exec.staticMemoryPolicyQWZJ").empty());        // four
  CHECK(hint("ge.exec.staticMemoryPolicy~") == static_hint);    // one, a character of another kind
  CHECK(hint("ge.exec.staticMemoryPolicy{~|}").empty());
  CHECK(hint("ge.exec.staticModelAddrFixed").empty());
  CHECK(hint("ge.exec.deviceId").empty());
  CHECK(hint("ge.variableUse1gHugePages") == "ge.variableUse1gHugePage");
  // short aliases: static_memory_policy (20 characters) allows two edits
  CHECK(hint("static_memory_polcy") == "static_memory_policy");
  CHECK(hint("statc_memory_polcy") == "static_memory_policy");
  CHECK(hint("stat_memory_polcy").empty());  // three edits: over the budget of 2
  CHECK(hint("static_memory_policyqz") == "static_memory_policy");
  CHECK(hint("static_memory_policyqzj").empty());
  CHECK(hint("atomic_clean_polic") == "atomic_clean_policy");
}

TEST_CASE("readers take any range of pairs: vectors, unordered maps, what the writers give", "[readers]") {
  const std::vector<std::pair<const char*, std::string>> pairs{{"ge.exec.atomicCleanPolicy", "1"}};
  CHECK(read_ge_options(pairs).config->atomic_clean_policy == AtomicCleanPolicy::separate);
  const std::unordered_map<std::string, std::string> unordered{{"ge.variableUse1gHugePage", "1"}};
  CHECK(read_ge_options(unordered).config->variable_use_1g_huge_page == HugePagePolicy::require_1g);
  MemoryConfig config;
  config.memory_optimization_policy = MemoryOptimizationPolicy::balance_mode;
  CHECK(read_ge_options(ge_options(config).session).config == config);
  const std::vector<std::pair<std::string_view, std::string_view>> duplicated{{"ge.exec.atomicCleanPolicy", "1"},
                                                                              {"ge.exec.atomicCleanPolicy", "0"}};
  CHECK(only(read_ge_options(duplicated)).code == DiagnosticCode::conflicting_values);
}

TEST_CASE("TF2 map: string values, memory_optimization_policy is an error", "[readers]") {
  const StringMap tf2{{"atomic_clean_policy", "1"}, {"static_memory_policy", "3"}, {"precision_mode", "x"}};
  const ReadResult result = read_tf2_options(tf2);
  REQUIRE(result.ok());
  CHECK(result.config->static_memory_policy == StaticMemoryPolicy::expand_dynamic_shape);

  const ReadResult policy = read_tf2_options(StringMap{{"memory_optimization_policy", "BalanceMode"}});
  CHECK_FALSE(policy.ok());
  CHECK(only(policy).code == DiagnosticCode::unsupported_option);
  CHECK(only(policy).key == "memory_optimization_policy");
  CHECK(only(read_tf2_options(StringMap{{"static_memory_polcy", "2"}})).code == DiagnosticCode::near_miss_key);

  // A GE map given as a TF2 one: refused, never read as if it were empty.
  const ReadResult ge_keys = read_tf2_options(StringMap{{"ge.exec.atomicCleanPolicy", "1"}});
  CHECK_FALSE(ge_keys.ok());
  CHECK(only(ge_keys).code == DiagnosticCode::unsupported_option);
  CHECK(only(ge_keys).key == "ge.exec.atomicCleanPolicy");
  CHECK_THAT(only(ge_keys).message, Catch::EndsWith("\"atomic_clean_policy\""));  // the key to write instead
  const ReadResult no_policy = read_tf2_options(StringMap{{"ge.exec.memoryOptimizationPolicy", ""}});
  CHECK(only(no_policy).code == DiagnosticCode::unsupported_option);
  CHECK(only(no_policy).severity == Severity::error);
  // A hint never points at a key the map refuses.
  CHECK(read_tf2_options(StringMap{{"ge.exec.atomicClenPolicy", "1"}}).diagnostics.empty());
}

TEST_CASE("TF1 parameter_map: each key in the kind the adapter reads it with", "[readers]") {
  const std::map<std::string, Tf1ParameterMap::mapped_type> typed{
      {"atomic_clean_policy", std::int64_t{1}},
      {"memory_optimization_policy", std::string("BalanceMode")},
      {"static_memory_policy", std::int64_t{2}}};
  const ReadResult result = read_tf1_parameter_map(typed);
  REQUIRE(result.ok());
  CHECK(result.config->atomic_clean_policy == AtomicCleanPolicy::separate);
  CHECK(result.config->memory_optimization_policy == MemoryOptimizationPolicy::balance_mode);
  CHECK(result.config->static_memory_policy == StaticMemoryPolicy::expand_static_shape);

  const std::map<std::string, long> integers{{"variable_use_1g_huge_page", 2}, {"static_memory_policy", 4294967298}};
  const ReadResult wrapped = read_tf1_parameter_map(integers);
  CHECK_FALSE(wrapped.ok());
  CHECK(only(wrapped).key == "static_memory_policy");

  // The other kind is what the runtime silently reads as 0 or "".
  const std::map<std::string, Tf1ParameterMap::mapped_type> static_as_string{
      {"static_memory_policy", std::string("2")}};
  const Diagnostic& string_kind = only(read_tf1_parameter_map(static_as_string));
  CHECK(string_kind.code == DiagnosticCode::wrong_type);
  CHECK(string_kind.value == "s: \"2\"");
  const std::map<std::string, Tf1ParameterMap::mapped_type> policy_as_int{
      {"memory_optimization_policy", std::int64_t{1}}};
  const Diagnostic& integer_kind = only(read_tf1_parameter_map(policy_as_int));
  CHECK(integer_kind.code == DiagnosticCode::wrong_type);
  CHECK(integer_kind.key == "memory_optimization_policy");
  CHECK(integer_kind.value == "i: 1");
  const std::map<std::string, std::string> all_strings{{"atomic_clean_policy", "1"},
                                                       {"variable_use_1g_huge_page", "0"}};
  CHECK(read_tf1_parameter_map(all_strings).diagnostics.size() == 2);
}

TEST_CASE("GE_USE_STATIC_MEMORY as an option key, in any case, is warned about and not read", "[readers]") {
  for (const char* key : {"GE_USE_STATIC_MEMORY", "ge_use_static_memory", "Ge_Use_Static_Memory"}) {
    INFO(key);
    const ReadResult result = read_ge_options(StringMap{{key, "3"}, {"ge.exec.staticMemoryPolicy", "2"}});
    REQUIRE(result.ok());
    CHECK(result.config->static_memory_policy == StaticMemoryPolicy::expand_static_shape);
    CHECK(only(result).code == DiagnosticCode::ignored_option);
    CHECK(only(result).key == key);
  }
}
