#include <catch2/catch.hpp>

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <npu/memory_config.hpp>
#include <npu/memory_config/forms/detail/mslite_form.hpp>
#include <npu/memory_config/forms/map_readers.hpp>

#include "diagnostics.hpp"

using namespace npu;

static_assert(detail::indexed_by(detail::diagnostic_codes, &detail::DiagnosticCodeInfo::code,
                                 static_cast<std::size_t>(DiagnosticCode::usage_error) + 1),
              "one row per DiagnosticCode, in its order");

TEST_CASE("every diagnostic code has a stable name and a summary", "[diagnostic]") {
  std::vector<std::string_view> names;
  for (const detail::DiagnosticCodeInfo& info : detail::diagnostic_codes) {
    names.push_back(info.name);
    CHECK_FALSE(info.summary.empty());
    CHECK(enum_name(info.code) == info.name);
  }
  CHECK(names ==
        std::vector<std::string_view>{"syntax_error",        "not_an_object",       "unknown_key",
                                      "near_miss_key",       "duplicate_key",       "wrong_type",
                                      "invalid_value",       "conflicting_values",  "unsupported_option",
                                      "legacy_value",        "costly_policy",       "unsupported_product",
                                      "unknown_soc",         "product_mismatch",    "concurrent_graphs",
                                      "environment_changes", "environment_ignored", "environment_beside_option",
                                      "release_difference",  "pointer_unresolved",  "unknown_section",
                                      "malformed_header",    "duplicate_section",   "ignored_option",
                                      "wrong_form",          "no_memory_settings",  "not_checkable",
                                      "inert_settings",      "not_exported",        "unreadable_input",
                                      "unwritable_output",   "not_updatable",       "usage_error"});
  CHECK(enum_name(Severity::error) == "error");
  CHECK(enum_name(Severity::warning) == "warning");
}

TEST_CASE("a line names where, the field and the message, and leaves out what it lacks", "[diagnostic]") {
  const Diagnostic placed{
      Severity::error,   DiagnosticCode::invalid_value, {"job.json", {}, {}, {3, 5}}, "static_memory_policy", "5",
      "5 is not allowed"};
  CHECK(placed.message_line() == "job.json:3:5: static_memory_policy: 5 is not allowed");
  CHECK(to_string(placed) == "error: job.json:3:5: static_memory_policy: 5 is not allowed");
  CHECK(to_string({Severity::warning, DiagnosticCode::unknown_soc, {}, "soc_version", "", "no rule"}) ==
        "warning: soc_version: no rule");
  CHECK(to_string({Severity::error, DiagnosticCode::syntax_error, {"job.json", {}, {}, {}}, "", "", "invalid JSON"}) ==
        "error: job.json: invalid JSON");
  CHECK(to_string(
            {Severity::error, DiagnosticCode::conflicting_values, {"GE options", "session", {}, {}}, "x", "", "m"}) ==
        "error: GE options (session): x: m");
  // one line, whatever the user gave
  CHECK(to_string({Severity::error, DiagnosticCode::unknown_key, {"a\nb.json", {}, {}, {}}, "k\xff", "", "m"}) ==
        "error: a\\x0ab.json: k\\xff: m");
}

TEST_CASE("has_errors: warnings alone are none", "[diagnostic]") {
  std::vector<Diagnostic> diagnostics;
  CHECK_FALSE(has_errors(diagnostics));
  diagnostics.push_back({Severity::warning, DiagnosticCode::costly_policy, {}, {}, {}, {}});
  CHECK_FALSE(has_errors(diagnostics));
  diagnostics.push_back({Severity::error, DiagnosticCode::invalid_value, {}, {}, {}, {}});
  CHECK(has_errors(diagnostics));
}

TEST_CASE("a read result holds a config exactly when it is ok", "[diagnostic]") {
  ReadResult result;
  CHECK_FALSE(result.ok());
  CHECK_FALSE(static_cast<bool>(result));
  result.config = MemoryConfig{};
  CHECK(result.ok());
  CHECK(static_cast<bool>(result));
}

TEST_CASE("a diagnostic says which setting it is about, or none", "[diagnostic]") {
  using test::settings_of;
  using Settings = std::vector<std::optional<Field>>;
  using test::StringMap;
  constexpr auto none = std::nullopt;
  // A value, a legacy value, two keys that disagree, a near miss, a key of another form.
  CHECK(settings_of(read_ge_options(StringMap{{"ge.exec.atomicCleanPolicy", "7"}})) ==
        Settings{Field::atomic_clean_policy});
  CHECK(settings_of(read_ge_options(StringMap{{"ge.exec.staticMemoryPolicy", "1"}})) ==
        Settings{Field::static_memory_policy});
  CHECK(settings_of(read_ge_options(StringMap{{"ge.variableUse1gHugePage", "1"}, {"variable_use_1g_huge_page", "2"}}))
            .back() == Field::variable_use_1g_huge_page);
  CHECK(settings_of(read_ge_options(StringMap{{"ge.exec.staticMemPolicy", "2"}})) == Settings{none});
  CHECK(settings_of(read_tf2_options(StringMap{{"ge.exec.memoryOptimizationPolicy", "BalanceMode"}})) ==
        Settings{Field::memory_optimization_policy});
  CHECK(settings_of(read_tf2_options(StringMap{{"memory_optimization_policy", "BalanceMode"}})) ==
        Settings{Field::memory_optimization_policy});
  CHECK(settings_of(read_ge_options(StringMap{}, StringMap{}, StringMap{{"ge.exec.staticMemoryPolicy", "2"}})) ==
        Settings{Field::static_memory_policy});
  CHECK(settings_of(read_tf1_parameter_map(Tf1ParameterMap{{"static_memory_policy", std::string("2")}})) ==
        Settings{Field::static_memory_policy});
  CHECK(settings_of(read_ge_options(StringMap{{"GE_USE_STATIC_MEMORY", "1"}})) == Settings{none});
  // Lite: a section, an inline comment, a static policy where it never runs.
  CHECK(settings_of(detail::read_mslite_config("[ge_sesion_options]\nge.exec.atomicCleanPolicy=1\n")) ==
        Settings{none});
  CHECK(settings_of(detail::read_mslite_config("[ge_session_options]\nge.exec.atomicCleanPolicy=1 # x\n")) ==
        Settings{Field::atomic_clean_policy});
  CHECK(settings_of(detail::read_mslite_config("[ge_global_options]\nge.exec.staticMemoryPolicy=0\n")) ==
        Settings{Field::static_memory_policy});
  // In context: a setting, the product, the environment.
  MemoryConfig config;
  config.variable_use_1g_huge_page = HugePagePolicy::require_1g;
  ValidationContext context;
  context.product = Product::atlas_inference;
  CHECK(settings_of(validate(config, context)) == Settings{Field::variable_use_1g_huge_page});
  ValidationContext unknown;
  unknown.soc_version = "Ascend999";
  CHECK(settings_of(validate(MemoryConfig{}, unknown)) == Settings{none});
  ValidationContext environment;
  environment.ge_use_static_memory = "7";
  CHECK(settings_of(validate(MemoryConfig{}, environment)) == Settings{Field::static_memory_policy});
}
