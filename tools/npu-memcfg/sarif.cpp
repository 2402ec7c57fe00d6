#include "sarif.hpp"

#include <cstddef>
#include <map>
#include <optional>
#include <string_view>

#include <npu/memory_config/validation/text.hpp>

#include "code_help.hpp"
#include "file_io.hpp"

namespace npu::memcfg {
namespace {

std::string percent_encoded(std::string_view path) {
  constexpr std::string_view hex = "0123456789ABCDEF";
  std::string uri;
  for (const char c : path) {
    const auto byte = static_cast<unsigned char>(c);
    const bool plain = (byte >= 'a' && byte <= 'z') || (byte >= 'A' && byte <= 'Z') || (byte >= '0' && byte <= '9') ||
                       c == '-' || c == '.' || c == '_' || c == '~' || c == '/';
    if (plain) {
      uri += c;
    } else {
      uri.append(1, '%').append(1, hex[byte >> 4U]).append(1, hex[byte & 0x0FU]);
    }
  }
  return uri;
}

nlohmann::json rules() {
  nlohmann::json list = nlohmann::json::array();
  for (const DiagnosticCode code : enum_values<DiagnosticCode>()) {
    list.push_back({{"id", std::string(enum_name(code))},
                    {"shortDescription", {{"text", std::string(describe(code).summary)}}},
                    {"fullDescription", {{"text", std::string(code_help(code).description)}}},
                    {"help", {{"text", std::string(code_help(code).help)}}}});
  }
  return list;
}

// The log around `results`, with its one invocation.
nlohmann::json log_of(nlohmann::json results, nlohmann::json invocation, const RunInfo& run) {
  std::string directory = run.working_directory;
  if (directory.empty() || directory.back() != '/') directory += '/';
  invocation["workingDirectory"] = {{"uri", artifact_uri(directory)}};
  const nlohmann::json driver = {
      {"name", "npu-memcfg"}, {"version", run.version}, {"semanticVersion", run.version}, {"rules", rules()}};
  return {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
          {"version", "2.1.0"},
          {"runs", nlohmann::json::array({{{"tool", {{"driver", driver}}},
                                           {"invocations", nlohmann::json::array({invocation})},
                                           {"columnKind", "unicodeCodePoints"},
                                           {"results", std::move(results)}}})}};
}

// The line `number` (from 1) of `text`.
std::string_view line_of(std::string_view text, std::size_t number) {
  for (std::size_t line = 1; line < number; ++line) {
    const std::size_t end = text.find('\n');
    if (end == std::string_view::npos) return {};
    text.remove_prefix(end + 1);
  }
  return text.substr(0, text.find('\n'));
}

// The texts of the files a job's diagnostics name besides its CONFIG (a
// sourced script), by the name they go by; nullopt: no file of that name
// (a runtime's defaults, a flag).
using OtherTexts = std::map<std::string, std::optional<std::string>>;

// Where the result is: the file the diagnostic names, at its key; a place
// that is no file (a flag, a runtime's defaults) is the CONFIG's file.
nlohmann::json location_of(const FileReport& report, const Diagnostic& diagnostic, const RunInfo& run,
                           OtherTexts& other_texts) {
  std::string path = *report.path;
  std::optional<std::string_view> text = report.text;
  const std::string& source = diagnostic.origin.source;
  if (source != file_name(path)) {
    auto [other, added] = other_texts.try_emplace(source);
    if (added && !source.empty()) {
      const FileResult read = read_file(path_in(run.working_directory, source));
      if (read.ok) other->second = read.text;
    }
    text = other->second;
    if (text) path = source;
  }
  nlohmann::json physical = {{"artifactLocation", {{"uri", artifact_uri(path)}}}};
  const SourcePosition& position = diagnostic.origin.position;
  if (position.known() && text) {
    const std::string_view line = line_of(*text, position.line);
    const std::size_t before = npu::text::character_count(line.substr(0, position.column - 1));
    physical["region"] = {{"startLine", position.line}, {"startColumn", before + 1}};
  }
  return nlohmann::json::array({{{"physicalLocation", physical}}});
}

// SARIF's fixes (section 3.55) of a diagnostic: each remedy that edits
// files, as the bytes it replaces in each.
nlohmann::json fixes_of(const FileReport& report, const Diagnostic& diagnostic) {
  nlohmann::json fixes = nlohmann::json::array();
  for (const auto& [about, remedies] : report.changes) {
    if (!about.same_report(diagnostic)) continue;
    for (const RemedyChanges& remedy : remedies) {
      nlohmann::json changes = nlohmann::json::array();
      for (const FileChange& change : remedy.changes) {
        const nlohmann::json replacement = {
            {"deletedRegion", {{"byteOffset", change.offset}, {"byteLength", change.length}}},
            {"insertedContent", {{"text", change.inserted}}}};
        changes.push_back({{"artifactLocation", {{"uri", artifact_uri(change.path)}}},
                           {"replacements", nlohmann::json::array({replacement})}});
      }
      fixes.push_back({{"description", {{"text", remedy.description}}}, {"artifactChanges", std::move(changes)}});
    }
    break;
  }
  return fixes;
}

}  // namespace

std::string artifact_uri(const std::string& path) {
  return (!path.empty() && path[0] == '/' ? "file://" : "") + percent_encoded(path);
}

nlohmann::json sarif_log(const std::vector<FileReport>& reports, const RunInfo& run) {
  nlohmann::json results = nlohmann::json::array();
  OtherTexts other_texts;
  for (const FileReport& report : reports) {
    // Standard input ("-") and a run without a CONFIG have no file to point into.
    const bool located = report.path.value_or("-") != "-";
    const std::string file = report.path ? file_name(*report.path) : std::string();
    for (const Diagnostic& diagnostic : report.diagnostics) {
      // The message says where the value came from when that is not the file.
      // Its text is as given (valid UTF-8 as written; the JSON dump writes
      // control characters as escapes and other bytes as U+FFFD).
      const std::string about =
          !located || diagnostic.origin.source != file ? diagnostic.origin.source_text() + ": " : std::string();
      const std::string field = diagnostic.key.empty() ? std::string() : diagnostic.key + ": ";
      nlohmann::json result = {
          {"ruleId", std::string(enum_name(diagnostic.code))},
          {"ruleIndex", static_cast<std::size_t>(diagnostic.code)},
          {"level", std::string(enum_name(diagnostic.severity))},
          {"message", {{"text", about + field + diagnostic.message}}},
      };
      if (located) result["locations"] = location_of(report, diagnostic, run, other_texts);
      if (nlohmann::json fixes = fixes_of(report, diagnostic); !fixes.empty()) result["fixes"] = std::move(fixes);
      results.push_back(std::move(result));
    }
  }
  return log_of(std::move(results), {{"executionSuccessful", true}}, run);
}

nlohmann::json sarif_usage_log(const std::vector<std::string>& errors, const RunInfo& run) {
  nlohmann::json notifications = nlohmann::json::array();
  for (const std::string& error : errors) {
    notifications.push_back({{"level", "error"}, {"message", {{"text", error}}}});
  }
  return log_of(nlohmann::json::array(),
                {{"executionSuccessful", false}, {"toolExecutionNotifications", std::move(notifications)}}, run);
}

}  // namespace npu::memcfg
