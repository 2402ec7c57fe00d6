// Diagnostics for machines: each DiagnosticCode's stable name and a short
// description (for CI annotations: JSON lines, SARIF rules), and a
// diagnostic as a JSON object, found by ADL.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "npu/memory_config/diagnostic.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

struct DiagnosticCodeInfo {
  DiagnosticCode code;
  std::string_view name;     // stable: what programs match on
  std::string_view summary;  // one sentence, for a rule's short description
};

// Indexed by DiagnosticCode.
inline constexpr DiagnosticCodeInfo diagnostic_codes[] = {
    {DiagnosticCode::syntax_error, "syntax_error", "The input is not valid JSON."},
    {DiagnosticCode::not_an_object, "not_an_object", "The document, or a part of it, is not the JSON object expected."},
    {DiagnosticCode::unknown_key, "unknown_key", "A key that is not a memory option where only those may be."},
    {DiagnosticCode::near_miss_key, "near_miss_key", "A foreign key that looks like a memory key; it is ignored."},
    {DiagnosticCode::duplicate_key, "duplicate_key", "A key given twice in one JSON object."},
    {DiagnosticCode::wrong_type, "wrong_type", "A value of the wrong type: a boolean, a float, an object, ..."},
    {DiagnosticCode::invalid_value, "invalid_value", "A value of the right type that is not one of those allowed."},
    {DiagnosticCode::conflicting_values, "conflicting_values", "Two keys for one field disagree."},
    {DiagnosticCode::unsupported_option, "unsupported_option",
     "The target runtime or framework cannot carry the option."},
    {DiagnosticCode::legacy_value, "legacy_value", "static_memory_policy 1, a legacy alias of 2."},
    {DiagnosticCode::costly_policy, "costly_policy", "A policy known to cost performance."},
    {DiagnosticCode::unsupported_product, "unsupported_product", "The product does not support the setting."},
    {DiagnosticCode::unknown_soc, "unknown_soc", "A SoC version no product rule knows; no product rule was applied."},
    {DiagnosticCode::product_mismatch, "product_mismatch", "The SoC version and the product disagree."},
    {DiagnosticCode::concurrent_graphs, "concurrent_graphs",
     "A static_memory_policy not supported when graphs execute concurrently."},
    {DiagnosticCode::environment_changes, "environment_changes",
     "GE_USE_STATIC_MEMORY changes the static_memory_policy the engine runs."},
    {DiagnosticCode::environment_ignored, "environment_ignored",
     "GE_USE_STATIC_MEMORY holds a value the engine ignores."},
    {DiagnosticCode::environment_beside_option, "environment_beside_option",
     "GE_USE_STATIC_MEMORY is set beside static_memory_policy, which CANN forbids."},
    {DiagnosticCode::invalid_release, "invalid_release", "The text given as a CANN release is no release."},
    {DiagnosticCode::release_difference, "release_difference",
     "The CANN release named treats the setting differently."},
    {DiagnosticCode::unreadable_input, "unreadable_input", "The input could not be read."},
    {DiagnosticCode::unwritable_output, "unwritable_output", "The output could not be written."},
};

[[nodiscard]] constexpr const DiagnosticCodeInfo& diagnostic_code_info(DiagnosticCode code) noexcept {
  return diagnostic_codes[static_cast<std::size_t>(code)];
}

namespace detail {

[[nodiscard]] constexpr bool codes_in_order() noexcept {
  for (std::size_t i = 0; i < std::size(diagnostic_codes); ++i) {
    if (static_cast<std::size_t>(diagnostic_codes[i].code) != i || diagnostic_codes[i].name.empty()) return false;
  }
  return static_cast<std::size_t>(DiagnosticCode::unwritable_output) + 1 == std::size(diagnostic_codes);
}

}  // namespace detail

// {"severity": "error", "code": "invalid_value", "source": "job.json",
//  "line": 3, "column": 5, "field": ..., "value": ..., "message": ...}; line
// and column are null when the diagnostic has no position.
template <class BasicJson>
void to_json(BasicJson& json, const Diagnostic& diagnostic) {
  json = BasicJson::object();
  json["severity"] = diagnostic.severity == Severity::error ? "error" : "warning";
  json["code"] = std::string(diagnostic_code_info(diagnostic.code).name);
  json["source"] = diagnostic.source;
  json["line"] = diagnostic.position.known() ? BasicJson(diagnostic.position.line) : BasicJson();
  json["column"] = diagnostic.position.known() ? BasicJson(diagnostic.position.column) : BasicJson();
  json["field"] = diagnostic.field;
  json["value"] = diagnostic.value;
  json["message"] = diagnostic.message;
}

NPU_MEMORY_CONFIG_NAMESPACE_END
