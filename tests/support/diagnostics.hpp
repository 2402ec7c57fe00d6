// What tests ask of diagnostics: which codes, which fields, where. A
// message's wording is pinned in messages_test.cpp and nowhere else.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include <npu/memory_config.hpp>

namespace npu::test {

using StringMap = std::map<std::string, std::string>;
using Position = std::pair<std::size_t, std::size_t>;

// Where a diagnostic points: its line and column.
inline Position position_of(const Diagnostic& diagnostic) {
  return {diagnostic.origin.position.line, diagnostic.origin.position.column};
}

// The diagnostics of `all` that have `code`, in order.
inline std::vector<Diagnostic> of_code(const std::vector<Diagnostic>& all, DiagnosticCode code) {
  std::vector<Diagnostic> out;
  for (const Diagnostic& d : all) {
    if (d.code == code) out.push_back(d);
  }
  return out;
}

inline std::vector<DiagnosticCode> codes_of(const std::vector<Diagnostic>& all) {
  std::vector<DiagnosticCode> codes;
  for (const Diagnostic& d : all) codes.push_back(d.code);
  return codes;
}

inline std::vector<std::string> keys_of(const std::vector<Diagnostic>& all) {
  std::vector<std::string> keys;
  for (const Diagnostic& d : all) keys.push_back(d.key);
  return keys;
}

// The setting each diagnostic is about.
inline std::vector<std::optional<Field>> settings_of(const std::vector<Diagnostic>& all) {
  std::vector<std::optional<Field>> settings;
  for (const Diagnostic& d : all) settings.push_back(d.field);
  return settings;
}
inline std::vector<std::optional<Field>> settings_of(const ReadResult& result) {
  return settings_of(result.diagnostics);
}

inline std::vector<std::string> lines_of(const std::vector<Diagnostic>& all) {
  std::vector<std::string> lines;
  for (const Diagnostic& d : all) lines.push_back(to_string(d));
  return lines;
}

inline std::size_t count(const std::vector<Diagnostic>& all, Severity severity) {
  std::size_t n = 0;
  for (const Diagnostic& d : all) n += d.severity == severity ? 1 : 0;
  return n;
}

// The one diagnostic of `all` (a copy: `all` is often a temporary).
inline Diagnostic only(const std::vector<Diagnostic>& all) {
  REQUIRE(all.size() == 1);
  return all[0];
}

// A default config but for its static_memory_policy.
inline MemoryConfig with_static(StaticMemoryPolicy policy) {
  MemoryConfig config;
  config.static_memory_policy = policy;
  return config;
}

}  // namespace npu::test
