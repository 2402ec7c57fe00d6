// One case of each of the 20 DiagnosticCodes, its whole line pinned: the
// source, the field (or key as given), the value as given and what is
// allowed (spec 3).
#include <catch2/catch.hpp>

#include <map>
#include <string>
#include <vector>

#include <npu/memory_config_json.hpp>

#include "diagnostics_of.hpp"

using namespace npu;
using test::with_static;

namespace {

using StringMap = std::map<std::string, std::string>;

// The one diagnostic of `diagnostics`: its code and its line.
void check_line(const std::vector<Diagnostic>& diagnostics, DiagnosticCode code, const std::string& line) {
  REQUIRE(diagnostics.size() == 1);
  CHECK(diagnostics[0].code == code);
  CHECK(to_string(diagnostics[0]) == line);
}

}  // namespace

TEST_CASE("the lines of the readers", "[diagnostics]") {
  check_line(read_json_config("[1]", "job.json").diagnostics, DiagnosticCode::not_an_object,
             "error: job.json: expected a JSON object of memory options at the top level, got an array");
  check_line(
      read_json_config(R"({"static_memory_polcy": 2})", "job.json").diagnostics, DiagnosticCode::unknown_key,
      R"(error: job.json:1:2: "static_memory_polcy": unknown key (did you mean "static_memory_policy"?); the keys )"
      "are atomic_clean_policy, static_memory_policy, memory_optimization_policy and variable_use_1g_huge_page");
  check_line(
      read_json_config(R"({"atomic_clean_policy": 1, "atomic_clean_policy": 0})", "job.json").diagnostics,
      DiagnosticCode::duplicate_key,
      R"(error: job.json:1:28: "atomic_clean_policy": key given twice (the second value is 0); give each key once)");
  check_line(read_json_config(R"({"atomic_clean_policy": true})", "job.json").diagnostics, DiagnosticCode::wrong_type,
             "error: job.json:1:2: atomic_clean_policy: true is not allowed; use 0 (centralized) or 1 (separate)");
  check_line(read_json_config(R"({"variable_use_1g_huge_page": "-2"})", "job.json").diagnostics,
             DiagnosticCode::invalid_value,
             R"(error: job.json:1:2: variable_use_1g_huge_page: "-2" is not allowed; use 0 (system_default), )"
             "1 (require_1g) or 2 (prefer_1g)");
  check_line(
      read_json_config(R"({"static_memory_policy": 1})", "job.json").diagnostics, DiagnosticCode::legacy_value,
      "warning: job.json:1:2: static_memory_policy: 1 is a legacy alias of 2 (expand_static_shape); it is read as 2");
  check_line(read_ge_options(StringMap{{"ge.exec.staticMemPolicy", "3"}}, "adapter").diagnostics,
             DiagnosticCode::near_miss_key,
             R"(warning: adapter: ge.exec.staticMemPolicy: not a memory option, ignored; did you mean )"
             R"("ge.exec.staticMemoryPolicy"?)");
  check_line(read_ge_scoped_options(StringMap{{"ge.variableUse1gHugePage", "1"}},
                                    StringMap{{"ge.variableUse1gHugePage", "2"}}, "adapter")
                 .diagnostics,
             DiagnosticCode::conflicting_values,
             R"(error: adapter (session): variable_use_1g_huge_page (ge.variableUse1gHugePage): "2" conflicts with )"
             R"("1" given as ge.variableUse1gHugePage in adapter (global); give one value)");
}

TEST_CASE("a JSON syntax error names line and column", "[diagnostics]") {
  const std::vector<Diagnostic> diagnostics =
      read_json_config("{\n  \"atomic_clean_policy\": }", "job.json").diagnostics;
  REQUIRE(diagnostics.size() == 1);
  CHECK(diagnostics[0].code == DiagnosticCode::syntax_error);
  CHECK(diagnostics[0].position.line == 2);
  CHECK(diagnostics[0].position.column == 26);
  CHECK_THAT(to_string(diagnostics[0]),
             Catch::StartsWith("error: job.json:2:26: atomic_clean_policy: invalid JSON: syntax error"));
}

TEST_CASE("the lines of validation", "[diagnostics]") {
  MemoryConfig balance;
  balance.memory_optimization_policy = MemoryOptimizationPolicy::balance_mode;
  ValidationContext tf2;
  tf2.target = TargetRuntime::tf2;
  check_line(
      validate(balance, tf2, "job.json"), DiagnosticCode::unsupported_option,
      R"(error: job.json: memory_optimization_policy: the TF2 adapter has no memory_optimization_policy option, )"
      R"(so the engine decides itself, not "BalanceMode"; unset it, or target tf1, ge or mindspore)");

  MemoryConfig separate;
  separate.atomic_clean_policy = AtomicCleanPolicy::separate;
  check_line(validate(separate, {}, "job.json"), DiagnosticCode::costly_policy,
             "warning: job.json: atomic_clean_policy: 1 (separate) may cost performance");

  ValidationContext inference;
  inference.product = product_from_name("atlas-inference");
  check_line(validate(MemoryConfig{}, inference, "job.json"), DiagnosticCode::unsupported_product,
             "warning: job.json: product: MemoryConfig is not supported on atlas-inference (Atlas inference series); "
             "the runtime runs its defaults, which this config holds; it is supported on atlas-350, atlas-a3, "
             "atlas-a2, atlas-training");

  ValidationContext unknown_soc;
  unknown_soc.soc_version = "Ascend999X";
  check_line(validate(MemoryConfig{}, unknown_soc, "job.json"), DiagnosticCode::unknown_soc,
             R"(warning: job.json: soc_version: "Ascend999X" is not a SoC version the product rules know; )"
             "no product rule was applied");

  ValidationContext mismatch;
  mismatch.soc_version = "Ascend910_9391";
  mismatch.product = product_from_name("atlas-a2");
  check_line(validate(MemoryConfig{}, mismatch, "job.json"), DiagnosticCode::product_mismatch,
             R"(error: job.json: soc_version: "Ascend910_9391" is a chip of atlas-a3 (Atlas A3 training and inference )"
             "series), but the product given is atlas-a2 (Atlas A2 training and inference series)");

  ValidationContext concurrent;
  concurrent.concurrent_graphs = true;
  check_line(validate(with_static(StaticMemoryPolicy::expand_static_shape), concurrent, "job.json"),
             DiagnosticCode::concurrent_graphs,
             "error: job.json: static_memory_policy: 2 (expand_static_shape) is not supported when graphs execute "
             "concurrently; use 0 (dynamic) or 3 (expand_dynamic_shape)");

  ValidationContext environment;
  environment.ge_use_static_memory = "3";
  check_line(validate(with_static(StaticMemoryPolicy::expand_static_shape), environment, "job.json"),
             DiagnosticCode::environment_changes,
             R"(warning: GE_USE_STATIC_MEMORY: static_memory_policy: "3" combined with static_memory_policy )"
             "2 (expand_static_shape) from job.json makes the engine run 4 (expand_static_and_dynamic_shape)");

  environment.ge_use_static_memory = "1";  // the legacy 1 is 2 for the variable too: it adds nothing
  check_line(validate(with_static(StaticMemoryPolicy::expand_static_shape), environment, "job.json"),
             DiagnosticCode::environment_beside_option,
             R"(warning: GE_USE_STATIC_MEMORY: static_memory_policy: "1" is set beside static_memory_policy )"
             "2 (expand_static_shape) from job.json; CANN says not to use both (the run may conflict) "
             "and deprecates GE_USE_STATIC_MEMORY: unset it");

  ValidationContext not_a_release;
  not_a_release.cann_release = "8.0.rc2";
  check_line(validate(MemoryConfig{}, not_a_release, "job.json"), DiagnosticCode::invalid_release,
             R"(error: job.json: cann_release: "8.0.rc2" is not a CANN release; use MAJOR.MINOR.PATCH or )"
             "MAJOR.MINOR.RCn, optionally followed by .N, .alphaNNN or .betaN (8.0.0, 8.0.RC2, 8.0.RC2.2, "
             "8.1.RC1.alpha001)");

  ValidationContext release;
  release.cann_release = "6.2.0";
  check_line(validate(balance, release, "job.json"), DiagnosticCode::release_difference,
             "warning: job.json: memory_optimization_policy: the adapter of CANN 6.2.0 ignores "
             "memory_optimization_policy (it knows it from 6.3.RC1.alpha002 on)");

  environment.ge_use_static_memory = "yes";
  check_line(validate(with_static(StaticMemoryPolicy::expand_static_shape), environment, "job.json"),
             DiagnosticCode::environment_ignored,
             R"(warning: GE_USE_STATIC_MEMORY: static_memory_policy: "yes" is ignored by the engine, which reads only )"
             R"("0" to "4"; static_memory_policy 2 (expand_static_shape) applies as set)");
}

TEST_CASE("a line leaves out what a diagnostic does not have", "[diagnostics]") {
  CHECK(to_string({Severity::warning, DiagnosticCode::unknown_soc, "", "soc_version", "", "no rule"}) ==
        "warning: soc_version: no rule");
  CHECK(to_string({Severity::error, DiagnosticCode::syntax_error, "job.json", "", "", "invalid JSON"}) ==
        "error: job.json: invalid JSON");
}

static_assert(npu::detail::codes_in_order(), "one name per DiagnosticCode, in its order");

TEST_CASE("every diagnostic code has a stable name (spec 7)", "[diagnostics]") {
  CHECK(diagnostic_code_info(DiagnosticCode::syntax_error).name == "syntax_error");
  CHECK(diagnostic_code_info(DiagnosticCode::invalid_value).name == "invalid_value");
  CHECK(diagnostic_code_info(DiagnosticCode::environment_beside_option).name == "environment_beside_option");
  CHECK(diagnostic_code_info(DiagnosticCode::unwritable_output).name == "unwritable_output");
  const nlohmann::json line =
      Diagnostic{Severity::warning, DiagnosticCode::costly_policy,       "job.json", "atomic_clean_policy",
                 "1 (separate)",    "1 (separate) may cost performance", {2, 3}};
  CHECK(line.dump() == R"j({"code":"costly_policy","column":3,"field":"atomic_clean_policy","line":2,)j"
                       R"j("message":"1 (separate) may cost performance","severity":"warning","source":"job.json",)j"
                       R"j("value":"1 (separate)"})j");
  CHECK(nlohmann::json(Diagnostic{}).at("line").is_null());
}
