// Diagnostics as a pipeline reads them on stderr: text lines, JSON lines or
// one SARIF log, each diagnostic tied to the CONFIG whose check found it.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <npu/memory_config_json.hpp>

#include "options.hpp"

namespace npu::memcfg {

// What the tool's own invocation is: for SARIF's tool and invocation.
struct RunInfo {
  std::string version;            // "1.0.0"
  std::string working_directory;  // absolute
};

// A remedy as the bytes it changes, file by file: what SARIF's fixes say.
struct FileChange {
  std::string path;  // as diagnostics name the file
  std::size_t offset = 0;
  std::size_t length = 0;  // the bytes replaced
  std::string inserted;
};
struct RemedyChanges {
  std::string description;  // the remedy's text
  std::vector<FileChange> changes;
};

// The diagnostics of one CONFIG's check, or of a run without a CONFIG.
struct FileReport {
  std::optional<std::string> path;  // the CONFIG as given ("-": standard input); nullopt: none
  std::string text;                 // its contents, when it could be read
  std::vector<Diagnostic> diagnostics;
  // The remedies of the diagnostics at `.first` (by place and message) that
  // are edits of files; filled only for a SARIF log.
  std::vector<std::pair<Diagnostic, std::vector<RemedyChanges>>> changes = {};
};

// Adds `diagnostic` to `out` unless the same report (message and place) is
// there: a text read twice is reported once.
void add_once(std::vector<Diagnostic>& out, Diagnostic diagnostic);

// How diagnostics name a CONFIG: as given, "<stdin>" for "-".
[[nodiscard]] std::string file_name(const std::string& path);

// The reports as --diagnostics asks: per CONFIG, the diagnostics without a
// position first, in the order found, then those with one, in the order of
// their positions. A diagnostic whose source is not the CONFIG itself (a
// flag, the defaults, the environment) names the CONFIG too.
[[nodiscard]] std::string render_reports(std::vector<FileReport> reports, DiagnosticsFormat format, const RunInfo& run);

// Usage errors, in the format asked once --diagnostics could be read.
[[nodiscard]] std::string render_usage_errors(const std::vector<std::string>& errors, DiagnosticsFormat format,
                                              const RunInfo& run);

}  // namespace npu::memcfg
