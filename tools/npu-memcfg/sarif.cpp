#include "sarif.hpp"

#include <algorithm>
#include <cstddef>
#include <string_view>

namespace npu::memcfg {
namespace {

constexpr std::string_view stdin_source = "<stdin>";

// A path as a URI reference: unreserved characters and '/' as they are,
// every other byte percent-encoded.
std::string uri_of(std::string_view path) {
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
  for (const DiagnosticCodeInfo& info : diagnostic_codes) {
    list.push_back({{"id", std::string(info.name)}, {"shortDescription", {{"text", std::string(info.summary)}}}});
  }
  return list;
}

// The text of a result: what the line says after its source and position.
std::string message_of(const Diagnostic& diagnostic, bool located) {
  std::string text;
  if (!located && !diagnostic.source.empty()) text.append(diagnostic.source).append(": ");
  if (!diagnostic.field.empty()) text.append(diagnostic.field).append(": ");
  return single_line(text + diagnostic.message);
}

}  // namespace

nlohmann::json sarif_log(const std::vector<Diagnostic>& diagnostics, const std::vector<std::string>& inputs,
                         const std::string& version) {
  // The artifacts: the inputs as sources name them.
  std::vector<std::string> sources;
  sources.reserve(inputs.size());
  for (const std::string& input : inputs) sources.push_back(input == "-" ? std::string(stdin_source) : input);

  nlohmann::json results = nlohmann::json::array();
  for (const Diagnostic& diagnostic : diagnostics) {
    const auto artifact = std::find(sources.begin(), sources.end(), diagnostic.source);
    const bool located = artifact != sources.end();
    nlohmann::json result = {
        {"ruleId", std::string(diagnostic_code_info(diagnostic.code).name)},
        {"ruleIndex", static_cast<std::size_t>(diagnostic.code)},
        {"level", diagnostic.severity == Severity::error ? "error" : "warning"},
        {"message", {{"text", message_of(diagnostic, located)}}},
    };
    if (located) {
      nlohmann::json physical = {{"artifactLocation", {{"uri", uri_of(*artifact)}}}};
      if (diagnostic.position.known()) {
        physical["region"] = {{"startLine", diagnostic.position.line}, {"startColumn", diagnostic.position.column}};
      }
      result["locations"] = nlohmann::json::array({{{"physicalLocation", physical}}});
    }
    results.push_back(std::move(result));
  }
  return {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
          {"version", "2.1.0"},
          {"runs", nlohmann::json::array(
                       {{{"tool", {{"driver", {{"name", "npu-memcfg"}, {"version", version}, {"rules", rules()}}}}},
                         {"results", results}}})}};
}

}  // namespace npu::memcfg
