// Diagnostics: each problem names where it came from, the field, the value
// as given and what is allowed; its code is stable, for programs that react
// to a kind of problem rather than to words. And ReadResult, what every
// reader returns (a writer's WriteResult: write_result.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "npu/memory_config/enums.hpp"
#include "npu/memory_config/provenance.hpp"
#include "npu/memory_config/settings/config.hpp"
#include "npu/memory_config/settings/detail/diagnostic_codes.hpp"
#include "npu/memory_config/settings/detail/message_text.hpp"
#include "npu/memory_config/settings/fix.hpp"
#include "npu/memory_config/settings/reflection.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

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
  // When the text is written in another form than the one read: the forms
  // that read it, and the JSON Pointer to read it at ("" for the whole
  // text). The message names them as forms; a tool adds its own flags.
  std::vector<Form> read_as = {};
  std::string read_as_pointer = {};
  // What clears it: each remedy enough on its own, in the order the
  // message advises them; empty when nothing in the job's files does (a
  // warning has one only where it keeps what runs).
  std::vector<Remedy> fix = {};

  // "job.json:3:5: static_memory_policy: 5 is not allowed; use ...": the
  // diagnostic without its severity, one line always (control characters
  // and bytes that are not UTF-8 are escaped).
  [[nodiscard]] std::string message_line() const {
    std::string line = origin.location_text();
    if (!line.empty()) line += ": ";
    if (!key.empty()) line.append(key).append(": ");
    return detail::single_line(line + message);
  }

  // Whether `other` reports the same thing: the same message at the same
  // place (a text a job reads twice reports it twice; say it once).
  [[nodiscard]] bool same_report(const Diagnostic& other) const noexcept {
    return origin.same_place(other.origin) && message == other.message;
  }
};

// "error: job.json:3:5: static_memory_policy: 5 is not allowed; use ...".
[[nodiscard]] inline std::string to_string(const Diagnostic& diagnostic) {
  return std::string(enum_name(diagnostic.severity)) + ": " + diagnostic.message_line();
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
