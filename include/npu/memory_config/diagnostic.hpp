// Diagnostics: each problem names where it came from, the field, the value
// as given and what is allowed; its code is stable, for programs that react
// to a kind of problem rather than to words. And ReadResult, what every
// reader returns.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "npu/memory_config/config.hpp"
#include "npu/memory_config/detail/message_text.hpp"
#include "npu/memory_config/provenance.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

enum class Severity : std::uint8_t { warning, error };

// "warning", "error".
[[nodiscard]] constexpr std::string_view enum_name(Severity severity) noexcept {
  return severity == Severity::error ? "error" : "warning";
}

enum class DiagnosticCode : std::uint8_t {
  syntax_error,
  not_an_object,
  unknown_key,
  near_miss_key,
  duplicate_key,
  wrong_type,
  invalid_value,
  conflicting_values,
  unsupported_option,
  legacy_value,
  costly_policy,
  unsupported_product,
  unknown_soc,
  product_mismatch,
  concurrent_graphs,
  environment_changes,
  environment_ignored,
  environment_beside_option,
  release_difference,
  pointer_unresolved,
  unknown_section,
  malformed_header,
  duplicate_section,
  ignored_option,
  wrong_form,
  no_memory_settings,
  // Reported by npu-memcfg, never by the library.
  unreadable_input,
  unwritable_output,
  not_updatable,
  usage_error,
};

struct DiagnosticCodeInfo {
  DiagnosticCode code;
  std::string_view name;     // stable: what programs match on
  std::string_view summary;  // one sentence
};

// Indexed by DiagnosticCode.
inline constexpr DiagnosticCodeInfo diagnostic_codes[] = {
    {DiagnosticCode::syntax_error, "syntax_error", "The input is not valid JSON."},
    {DiagnosticCode::not_an_object, "not_an_object", "The document, or a part of it, is not the JSON object expected."},
    {DiagnosticCode::unknown_key, "unknown_key", "A key that is not a memory option where only those may be."},
    {DiagnosticCode::near_miss_key, "near_miss_key", "A foreign key that looks like a memory key; it is ignored."},
    {DiagnosticCode::duplicate_key, "duplicate_key", "A key given twice in one object."},
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
    {DiagnosticCode::release_difference, "release_difference",
     "The CANN release named treats the setting differently."},
    {DiagnosticCode::pointer_unresolved, "pointer_unresolved", "The JSON Pointer names nothing in the file."},
    {DiagnosticCode::unknown_section, "unknown_section", "A section no reader takes, named like one that does."},
    {DiagnosticCode::malformed_header, "malformed_header", "A line meant as a section header that is none."},
    {DiagnosticCode::duplicate_section, "duplicate_section", "A section given twice; the runtime keeps the first."},
    {DiagnosticCode::ignored_option, "ignored_option", "A memory option where the runtime never reads it."},
    {DiagnosticCode::wrong_form, "wrong_form", "The text is written in another form than the one read."},
    {DiagnosticCode::no_memory_settings, "no_memory_settings",
     "The input carries no memory settings: the runtime runs its defaults."},
    {DiagnosticCode::unreadable_input, "unreadable_input", "The input could not be read."},
    {DiagnosticCode::unwritable_output, "unwritable_output", "The output could not be written."},
    {DiagnosticCode::not_updatable, "not_updatable",
     "The --output file is a CONFIG read, and cannot be updated in place in the form written."},
    {DiagnosticCode::usage_error, "usage_error", "The command line is not valid."},
};

[[nodiscard]] constexpr const DiagnosticCodeInfo& diagnostic_code_info(DiagnosticCode code) noexcept {
  return diagnostic_codes[static_cast<std::size_t>(code)];
}

// The code's stable name: "invalid_value".
[[nodiscard]] constexpr std::string_view enum_name(DiagnosticCode code) noexcept {
  return diagnostic_code_info(code).name;
}

struct Diagnostic {
  Severity severity = Severity::error;
  DiagnosticCode code = DiagnosticCode::invalid_value;
  Origin origin;  // where the value, or the problem, came from
  // What the message is about, as it names it: the setting and the key it
  // was given as ("static_memory_policy (ge.exec.staticMemoryPolicy)"), a
  // key, a section or a setting of the context as written; may be empty.
  std::string key;
  std::string value;    // the value as given; may be empty
  std::string message;  // naming the value and what is allowed
  // The setting it is about; none for a problem of a file, a section, a
  // key that is no setting's, or the context.
  std::optional<Field> field = std::nullopt;
};

// "job.json:3:5: static_memory_policy: 5 is not allowed; use ...": the
// diagnostic without its severity, one line always (control characters and
// bytes that are not UTF-8 are escaped).
[[nodiscard]] inline std::string message_line(const Diagnostic& diagnostic) {
  std::string line = location_text(diagnostic.origin);
  if (!line.empty()) line += ": ";
  if (!diagnostic.key.empty()) line.append(diagnostic.key).append(": ");
  return detail::single_line(line + diagnostic.message);
}

// "error: job.json:3:5: static_memory_policy: 5 is not allowed; use ...".
[[nodiscard]] inline std::string to_string(const Diagnostic& diagnostic) {
  return std::string(enum_name(diagnostic.severity)) + ": " + message_line(diagnostic);
}

[[nodiscard]] inline bool has_errors(const std::vector<Diagnostic>& diagnostics) noexcept {
  for (const Diagnostic& diagnostic : diagnostics) {
    if (diagnostic.severity == Severity::error) return true;
  }
  return false;
}

// What every reader returns. `config` is set exactly when there is no error:
// never a half-built value. Warnings may accompany a config.
struct ReadResult {
  std::optional<MemoryConfig> config;
  std::vector<Diagnostic> diagnostics;
  Provenance provenance;  // with `config`: where each field came from

  [[nodiscard]] bool ok() const noexcept { return config.has_value(); }
  [[nodiscard]] explicit operator bool() const noexcept { return ok(); }
};

NPU_MEMORY_CONFIG_NAMESPACE_END
