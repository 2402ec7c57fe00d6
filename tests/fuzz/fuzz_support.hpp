// What every harness shares: splitting the fuzzer's bytes into pieces, and
// the properties checked beyond "no crash".
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <npu/memory_config.hpp>
#include <npu/memory_config/forms/map_readers.hpp>
#include <npu/memory_config/forms/tf1_parameter_map.hpp>

namespace npu::fuzz {

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// "key=value" lines; a line without '=' is a key with an empty value.
inline std::vector<std::pair<std::string, std::string>> key_value_lines(std::string_view text) {
  std::vector<std::pair<std::string, std::string>> entries;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    const std::string_view line = text.substr(0, end);
    const std::size_t equals = line.find('=');
    entries.emplace_back(std::string(line.substr(0, equals)),
                         equals == std::string_view::npos ? std::string() : std::string(line.substr(equals + 1)));
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  return entries;
}

[[noreturn]] inline void violated(const char* property, const std::string& detail) {
  std::fprintf(stderr, "property violated: %s\n%s\n", property, detail.c_str());
  std::abort();
}

// A rejected input carries at least one error, and every error names a field
// (or key) or the input's position.
inline void check_rejection(const ReadResult& result) {
  if (result.ok()) return;
  bool has_error = false;
  for (const Diagnostic& d : result.diagnostics) {
    if (d.severity != Severity::error) continue;
    has_error = true;
    const bool names_position = d.code == DiagnosticCode::syntax_error || d.code == DiagnosticCode::not_an_object ||
                                d.code == DiagnosticCode::pointer_unresolved || d.code == DiagnosticCode::wrong_form;
    if (d.key.empty() && !names_position) violated("an error names a field or a position", to_string(d));
    if (d.message.empty()) violated("an error says what is wrong", to_string(d));
  }
  if (!has_error) violated("a rejected input carries an error", "no error diagnostic");
}

// An accepted config serializes to every form and reads back unchanged.
inline void check_round_trip(const MemoryConfig& config) {
  const GeOptions ge = ge_options(config);
  if (read_ge_options(ge.global, ge.session).config != config) violated("GE round trip", "");
  if (read_tf1_parameter_map(tf1_parameter_map(config)).config != config) violated("TF1 round trip", "");
  if (const std::optional<std::map<std::string, std::string>> tf2 = tf2_options(config)) {
    if (read_tf2_options(*tf2).config != config) violated("TF2 round trip", "");
  }
}

// Every diagnostic of a map read names a field: its field is a key of the
// input or a field name ("name (key)" when the key is not the name), and a
// value it shows is one of that key's values as given, which its message
// holds.
inline void check_names(const ReadResult& result, const std::vector<std::pair<std::string, std::string>>& entries) {
  for (const Diagnostic& d : result.diagnostics) {
    std::string_view key = d.key;
    const std::size_t open = d.key.find(" (");
    if (open != std::string::npos && !d.key.empty() && d.key.back() == ')') {
      const std::string_view name = std::string_view(d.key).substr(0, open);
      bool is_field = false;
      for (const detail::FieldInfo& field : detail::fields) is_field = is_field || field.name == name;
      if (!is_field) violated("a diagnostic's label starts with a field name", to_string(d));
      key = std::string_view(d.key).substr(open + 2, d.key.size() - open - 3);
    }
    bool is_input_key = false;
    bool value_as_given = d.value.empty();
    for (const auto& [entry_key, entry_value] : entries) {
      if (entry_key != key) continue;
      is_input_key = true;
      value_as_given = value_as_given || detail::quote(entry_value) == d.value;
    }
    bool is_field = false;
    for (const detail::FieldInfo& field : detail::fields) is_field = is_field || field.name == key;
    if (!is_input_key && !is_field) violated("a diagnostic names a key of the input or a field", to_string(d));
    if (!value_as_given) violated("a diagnostic shows a value as given", to_string(d));
    if (d.message.find(d.value) == std::string::npos) violated("the message holds the value", to_string(d));
  }
}

inline void check(const ReadResult& result) {
  check_rejection(result);
  if (result.config) check_round_trip(*result.config);
}

// The readers of a text form: every diagnostic's line is a line of the
// text, and an accepted config's text, as `write` writes it, reads back
// with `read` to the same config and no diagnostic.
template <class Write, class Read>
void check_text_form(std::string_view text, const ReadResult& result, Write write, Read read) {
  const auto lines = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) + 1;
  for (const Diagnostic& d : result.diagnostics) {
    if (d.origin.position.line > lines) violated("a diagnostic's line is a line of the text", to_string(d));
  }
  if (!result.config) return;
  const std::string form = write(*result.config);
  const ReadResult again = read(form);
  if (again.config != result.config || !again.diagnostics.empty()) {
    violated("the form of an accepted config reads back to it", form);
  }
}

}  // namespace npu::fuzz
