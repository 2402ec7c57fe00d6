// Where each value of a config came from (spec 3): a file or "<stdin>", a
// flag, a GE / TF map; or nowhere, when the field holds its default. The
// readers fill it, set_field_from_text updates it, and validate names the
// source of the field each diagnostic is about.
//
// (Strings are built with detail::concat and assign(data, size): the
// std::string templates for string_view would be instantiated in every
// includer.)
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "npu/memory_config/enums.hpp"
#include "npu/memory_config/message_text.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

// Where in a text a value or a problem is: lines and columns count from 1,
// columns in bytes. Line 0: no position (the input was no text, or the
// problem is about the input as a whole).
struct SourcePosition {
  std::size_t line = 0;
  std::size_t column = 0;

  [[nodiscard]] constexpr bool known() const noexcept { return line != 0; }
};

struct FieldOrigin {
  bool given = false;            // false: no input set the field; it holds a default
  std::string source;            // given: where, when that is not the config's source (a flag); else whose default
                                 // it holds when not the engine's ("MindSpore's defaults"); else empty
  std::string_view part;         // the part of the source it was given in ("global", "session"); a static name
  bool legacy_alias = false;     // given as static_memory_policy's legacy 1 (read as 2)
  SourcePosition position = {};  // where its key is, when it was given in a text
};

// (clang-tidy reports the loop variable of the implicit copy of `fields`, a
// name the compiler makes up, as a reserved identifier.)
struct Provenance {                        // NOLINT(bugprone-reserved-identifier)
  std::string config_source = "defaults";  // where the config as a whole came from
  FieldOrigin fields[field_count];

  [[nodiscard]] const FieldOrigin& of(Field field) const noexcept { return fields[static_cast<std::size_t>(field)]; }
  [[nodiscard]] FieldOrigin& of(Field field) noexcept { return fields[static_cast<std::size_t>(field)]; }

  // Whether no input set the field: it holds a default (the engine's, or a
  // framework's) because nothing asked for another value.
  [[nodiscard]] bool is_default(Field field) const noexcept { return !of(field).given; }

  // The source messages name for the field: "--static-memory-policy",
  // "job.json", "framework options (session)", "MindSpore's defaults" or
  // "defaults".
  [[nodiscard]] std::string source_of(Field field) const {
    const FieldOrigin& origin = of(field);
    if (!origin.given) return detail::concat({origin.source.empty() ? std::string_view("defaults") : origin.source});
    const std::string_view source = origin.source.empty() ? config_source : origin.source;
    if (origin.part.empty()) return detail::concat({source});
    return detail::concat({source, " (", origin.part, ")"});
  }

  // A config that came whole from `source`: every field attributed to it.
  [[nodiscard]] static Provenance all_from(std::string_view source) {
    Provenance provenance;
    provenance.config_source.assign(source.data(), source.size());
    for (FieldOrigin& origin : provenance.fields) origin.given = true;
    return provenance;
  }
};

NPU_MEMORY_CONFIG_NAMESPACE_END
