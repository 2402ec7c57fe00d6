// Diagnostics and the result of every reader (spec section 3): each problem
// names where it came from, the field, the value as given and what is allowed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "npu/memory_config/config.hpp"
#include "npu/memory_config/message_text.hpp"
#include "npu/memory_config/provenance.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

enum class Severity : std::uint8_t { warning, error };

// Stable, for programs that react to a kind of problem rather than to words.
enum class DiagnosticCode : std::uint8_t {
  syntax_error,        // input is not valid JSON
  not_an_object,       // the document or a scope is not an object
  unknown_key,         // a key that is not a memory option where only those may be
  near_miss_key,       // a foreign key that looks like a memory key (warning)
  duplicate_key,       // a key given twice in one JSON object
  wrong_type,          // e.g. a boolean, a float, an object
  invalid_value,       // the right type, but not one of the allowed values
  conflicting_values,  // two keys for one field disagree
  unsupported_option,  // the target runtime cannot express the option
  legacy_value,        // static_memory_policy 1 (warning)
  costly_policy,       // a policy known to cost performance (warning)
  unsupported_product,
  unknown_soc,                // no product rule applied (warning)
  product_mismatch,           // the SoC and the product disagree
  concurrent_graphs,          // policy not supported with concurrent graphs
  environment_changes,        // GE_USE_STATIC_MEMORY changes the effective policy (warning)
  environment_ignored,        // GE_USE_STATIC_MEMORY has a value the engine ignores (warning)
  environment_beside_option,  // GE_USE_STATIC_MEMORY set beside static_memory_policy, which CANN forbids (warning)
  invalid_release,            // the CANN release named is no release
  release_difference,         // the CANN release named treats the setting differently
  unreadable_input,           // the input could not be read: a missing or unreadable file (npu-memcfg)
  unwritable_output,          // the output could not be written (npu-memcfg --output)
};

struct Diagnostic {
  Severity severity = Severity::error;
  DiagnosticCode code = DiagnosticCode::invalid_value;
  std::string source;            // a file name, "<stdin>", a flag, "GE options", ...
  std::string field;             // a field name, or the key or setting as given
  std::string value;             // the value as given, quoted if it was a string; may be empty
  std::string message;           // the sentence after "field: ", naming the value and what is allowed
  SourcePosition position = {};  // of the key the diagnostic is about, in a JSON text
};

// "error: job.json:3:5: static_memory_policy: 5 is not allowed; use ...":
// one line, always (control characters in what the user gave are escaped).
[[nodiscard]] inline std::string to_string(const Diagnostic& diagnostic) {
  std::string line = diagnostic.severity == Severity::error ? "error: " : "warning: ";
  if (!diagnostic.source.empty()) {
    line += diagnostic.source;
    if (diagnostic.position.known()) {
      line.append(":").append(std::to_string(diagnostic.position.line));
      line.append(":").append(std::to_string(diagnostic.position.column));
    }
    line += ": ";
  }
  if (!diagnostic.field.empty()) line.append(diagnostic.field).append(": ");
  line += diagnostic.message;
  return single_line(line);
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
  Provenance provenance;  // with `config`: the reader's source for each field the input set

  [[nodiscard]] bool ok() const noexcept { return config.has_value(); }
  [[nodiscard]] explicit operator bool() const noexcept { return ok(); }
};

NPU_MEMORY_CONFIG_NAMESPACE_END
