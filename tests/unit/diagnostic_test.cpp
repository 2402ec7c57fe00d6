#include <catch2/catch.hpp>

#include <cstddef>
#include <string_view>
#include <vector>

#include <npu/memory_config.hpp>
#include "table_checks.hpp"

using namespace npu;

static_assert(test::indexed_by(detail::Span<DiagnosticCodeInfo>(diagnostic_codes), &DiagnosticCodeInfo::code,
                               static_cast<std::size_t>(DiagnosticCode::usage_error) + 1),
              "one row per DiagnosticCode, in its order");

TEST_CASE("every diagnostic code has a stable name and a summary", "[diagnostic]") {
  std::vector<std::string_view> names;
  for (const DiagnosticCodeInfo& info : diagnostic_codes) {
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
                                      "wrong_form",          "no_memory_settings",  "unreadable_input",
                                      "unwritable_output",   "not_updatable",       "usage_error"});
  CHECK(enum_name(Severity::error) == "error");
  CHECK(enum_name(Severity::warning) == "warning");
}

TEST_CASE("a line names where, the field and the message, and leaves out what it lacks", "[diagnostic]") {
  const Diagnostic placed{
      Severity::error,   DiagnosticCode::invalid_value, {"job.json", {}, {}, {3, 5}}, "static_memory_policy", "5",
      "5 is not allowed"};
  CHECK(message_line(placed) == "job.json:3:5: static_memory_policy: 5 is not allowed");
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
