// Diagnostics as a pipeline reads them on stderr: text lines, JSON lines or
// one SARIF log, each diagnostic tied to the CONFIG whose check found it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <npu/memory_config_json.hpp>

#include "options.hpp"

namespace npu::memcfg {

// What the tool's own invocation is: for SARIF's tool and invocation.
struct RunInfo {
  std::string version;            // "1.0.0"
  std::string working_directory;  // absolute
};

// The diagnostics of one CONFIG's check, or of a run without a CONFIG.
struct FileReport {
  std::optional<std::string> path;  // the CONFIG as given ("-": standard input); nullopt: none
  std::string text;                 // its contents, when it could be read
  std::vector<Diagnostic> diagnostics;
};

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
