#include "report.hpp"

#include <algorithm>

#include <npu/memory_config/validation/text.hpp>

#include "sarif.hpp"

namespace npu::memcfg {
namespace {

// Invalid UTF-8 the user gave becomes U+FFFD in JSON, never a failure.
std::string dump_line(const nlohmann::json& json) {
  return json.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

std::string text_line(const Diagnostic& diagnostic, const std::optional<std::string>& file) {
  if (!file || diagnostic.origin.source == *file) return to_string(diagnostic) + "\n";
  return std::string(enum_name(diagnostic.severity)) + ": " + npu::text::single_line(*file) + ": " +
         diagnostic.message_line() + "\n";
}

nlohmann::json json_line(const Diagnostic& diagnostic, const std::optional<std::string>& file) {
  nlohmann::json json = diagnostic;
  json["file"] = file ? nlohmann::json(*file) : nlohmann::json();
  return json;
}

// The library names the forms that read a text given in another form; the
// tool adds, for a person, the flags that read it: ' (--from ge --pointer
// "/compile options")'.
void add_reading_flags(Diagnostic& diagnostic) {
  if (diagnostic.read_as.empty()) return;
  diagnostic.message += " (--from " + npu::text::form_names(diagnostic.read_as);
  if (!diagnostic.read_as_pointer.empty())
    diagnostic.message += " --pointer " + npu::text::quote(diagnostic.read_as_pointer);
  diagnostic.message += ")";
}

}  // namespace

void add_once(std::vector<Diagnostic>& out, Diagnostic diagnostic) {
  for (const Diagnostic& have : out) {
    if (have.same_report(diagnostic)) return;
  }
  out.push_back(std::move(diagnostic));
}

std::string file_name(const std::string& path) { return path == "-" ? "<stdin>" : path; }

std::string render_reports(std::vector<FileReport> reports, DiagnosticsFormat format, const RunInfo& run) {
  for (FileReport& report : reports) {
    std::vector<Diagnostic>& diagnostics = report.diagnostics;
    // JSON lines carry the library's message, as a program reads it.
    if (format != DiagnosticsFormat::json) {
      for (Diagnostic& diagnostic : diagnostics) add_reading_flags(diagnostic);
    }
    const auto placed = std::stable_partition(diagnostics.begin(), diagnostics.end(),
                                              [](const Diagnostic& d) { return !d.origin.position.known(); });
    // A job's diagnostics may be in the files it reads: file by file.
    std::stable_sort(placed, diagnostics.end(), [](const Diagnostic& a, const Diagnostic& b) {
      if (a.origin.source != b.origin.source) return a.origin.source < b.origin.source;
      return a.origin.position < b.origin.position;
    });
  }
  if (format == DiagnosticsFormat::sarif)
    return sarif_log(reports, run).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  std::string text;
  for (const FileReport& report : reports) {
    const std::optional<std::string> file =
        report.path ? std::optional<std::string>(file_name(*report.path)) : std::nullopt;
    for (const Diagnostic& diagnostic : report.diagnostics) {
      text += format == DiagnosticsFormat::json ? dump_line(json_line(diagnostic, file)) : text_line(diagnostic, file);
    }
  }
  return text;
}

std::string render_usage_errors(const std::vector<std::string>& errors, DiagnosticsFormat format, const RunInfo& run) {
  if (format == DiagnosticsFormat::sarif) {
    return sarif_usage_log(errors, run).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  }
  std::string text;
  for (const std::string& error : errors) {
    if (format == DiagnosticsFormat::json) {
      const Diagnostic diagnostic{
          Severity::error, DiagnosticCode::usage_error, {"command line", {}, {}, {}}, "", "", error};
      text += dump_line(json_line(diagnostic, std::nullopt));
    } else {
      text += npu::text::single_line("error: " + error + " (see npu-memcfg --help)") + "\n";
    }
  }
  return text;
}

}  // namespace npu::memcfg
