// Where each value came from: a file or "<stdin>", a flag, a GE or TF map, a
// framework's defaults; or nowhere, when a field holds the engine's default.
// Readers record it, set_field_from_text updates it, and validate() names
// the source of the field each diagnostic is about.
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <string_view>

#include "npu/memory_config/enums.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

// Where in a text something is: lines and columns count from 1, columns in
// bytes. Line 0: no position (the input was no text, or the problem is
// about the input as a whole).
struct SourcePosition {
  std::size_t line = 0;
  std::size_t column = 0;

  [[nodiscard]] constexpr bool known() const noexcept { return line != 0; }
  [[nodiscard]] friend constexpr bool operator==(const SourcePosition& a, const SourcePosition& b) noexcept {
    return a.line == b.line && a.column == b.column;
  }
  [[nodiscard]] friend constexpr bool operator<(const SourcePosition& a, const SourcePosition& b) noexcept {
    return a.line != b.line ? a.line < b.line : a.column < b.column;
  }
};

// "3:5"; empty when the position is not known.
[[nodiscard]] inline std::string to_string(const SourcePosition& position) {
  if (!position.known()) return {};
  return std::to_string(position.line) + ":" + std::to_string(position.column);
}

// Where a value, or a problem with one, came from.
struct Origin {
  std::string source;       // "job.json", "<stdin>", "--static-memory-policy", "GE options", ...
  std::string_view scope;   // the level of a source that has levels: "global", "session", "graph"
  std::string_view key;     // the option it was given as, when a table names it ("ge.exec.staticMemoryPolicy")
  SourcePosition position;  // of its key, when the source is a text

  // The source and its level: "job.json", "GE options (session)".
  [[nodiscard]] std::string source_text() const {
    if (scope.empty()) return source;
    return source + " (" + std::string(scope) + ")";
  }

  // Where, as editors and terminals read it: "job.json:3:5" (a position says
  // more than a level), "GE options (session)", "--static-memory-policy".
  [[nodiscard]] std::string location_text() const {
    if (!position.known()) return source_text();
    return source + ":" + to_string(position);
  }

  // Whether two origins are one place: the same source, the same position
  // (a key's spelling or a scope seen from elsewhere is the same place).
  [[nodiscard]] bool same_place(const Origin& other) const noexcept {
    return source == other.source && position == other.position;
  }
};

struct Provenance {
  // Where one field of a config came from.
  struct FieldOrigin {
    bool given = false;  // false: no input set the field, and it holds a default
    // given: where (an empty source: the config's own). Not given: whose
    // default it holds, when not the engine's ("MindSpore's defaults").
    Origin origin;
    bool legacy_alias = false;  // given as static_memory_policy's legacy 1, read as 2
  };

  std::string config_source = "defaults";  // where the config as a whole came from
  std::array<FieldOrigin, 4> fields;       // one per Field, in its order (the field table asserts the count)

  [[nodiscard]] const FieldOrigin& of(Field field) const noexcept { return fields[static_cast<std::size_t>(field)]; }
  [[nodiscard]] FieldOrigin& of(Field field) noexcept { return fields[static_cast<std::size_t>(field)]; }

  // Whether no input set the field: it holds a default (the engine's, or a
  // framework's) because nothing asked for another value.
  [[nodiscard]] bool is_default(Field field) const noexcept { return !of(field).given; }

  // Where the field's value came from, its source always named: the config's
  // source, a flag over it, "MindSpore's defaults", or "defaults".
  [[nodiscard]] Origin origin_of(Field field) const {
    Origin origin = of(field).origin;
    if (origin.source.empty()) origin.source = of(field).given ? config_source : "defaults";
    return origin;
  }

  // The source messages name for the field: "job.json", "GE options
  // (session)", "--static-memory-policy", "MindSpore's defaults", "defaults".
  [[nodiscard]] std::string source_of(Field field) const { return origin_of(field).source_text(); }

  // A config that came whole from `source`: every field given there.
  [[nodiscard]] static Provenance all_from(std::string_view source) {
    Provenance provenance;
    provenance.config_source = std::string(source);
    for (FieldOrigin& field : provenance.fields) field.given = true;
    return provenance;
  }
};

NPU_MEMORY_CONFIG_NAMESPACE_END
