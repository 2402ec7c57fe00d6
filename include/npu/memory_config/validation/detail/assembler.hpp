// Collects the values an input gives for each field, checks each one,
// detects two keys for one field that disagree, and builds the config only
// when nothing failed. Every reader builds its result here.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "npu/memory_config/provenance.hpp"
#include "npu/memory_config/settings/config.hpp"
#include "npu/memory_config/settings/detail/target_table.hpp"
#include "npu/memory_config/settings/diagnostic.hpp"
#include "npu/memory_config/settings/reflection.hpp"
#include "npu/memory_config/validation/detail/config_values.hpp"
#include "npu/memory_config/validation/detail/value_parser.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

// The origin of what stands at `position` (at `scope`) in the input being
// read.
[[nodiscard]] inline Origin origin_at(SourcePosition position, std::string_view scope = {}) {
  return {{}, scope, {}, position};
}

// Origins and diagnostics with an empty source are about the input being
// read, which `source` names; finish() fills it in.
class ConfigAssembler {
 public:
  // `source` must outlive the assembler.
  explicit ConfigAssembler(std::string_view source) noexcept : source_(source) {}

  void assign(Field field, const Origin& origin, const InputValue& value, Spelling spelling) {
    const ParsedValue parsed = parse_field_value(field_info(field), value, spelling, origin, diagnostics_);
    if (!parsed.valid) return;
    Given& first = given_[static_cast<std::size_t>(field)];
    if (!first.given) {
      first = Given{true, parsed, origin, value};
      return;
    }
    if (first.parsed.value == parsed.value) return;
    std::string where(first.origin.key.empty() ? enum_name(field) : first.origin.key);
    if (first.origin.position.known()) {
      where += " at " + to_string(first.origin.position);
    } else if (first.origin.scope != origin.scope) {
      where += " in " + named(first.origin).source_text();
    }
    diagnostics_.push_back(
        {Severity::error, DiagnosticCode::conflicting_values, origin, field_label(field, origin.key), describe(value),
         describe(value) + " conflicts with " + describe(first.value) + " given as " + where + "; give one value",
         field});
  }

  void report(Diagnostic diagnostic) { diagnostics_.push_back(std::move(diagnostic)); }

  // Whether the input gave `field` a valid value so far.
  [[nodiscard]] bool given(Field field) const noexcept { return given_[static_cast<std::size_t>(field)].given; }
  // That value; nullptr: not given, or given as unset.
  [[nodiscard]] const ValueInfo* given_value(Field field) const noexcept {
    return given_[static_cast<std::size_t>(field)].parsed.value;
  }

  // The config, when nothing failed, and where each field was given. A
  // field the input left out holds the default of `defaults_of`, the target
  // whose form was read (MindSpore's are not the engine's), and its origin
  // says whose it is.
  [[nodiscard]] ReadResult finish(std::optional<TargetRuntime> defaults_of = std::nullopt) && {
    ReadResult result;
    result.diagnostics = std::move(diagnostics_);
    for (Diagnostic& diagnostic : result.diagnostics) {
      diagnostic.origin = named(std::move(diagnostic.origin));
      for (Remedy& remedy : diagnostic.fix) {
        for (Edit& edit : remedy.edits) edit.at = named(std::move(edit.at));
      }
    }
    if (has_errors(result.diagnostics)) return result;
    MemoryConfig config;
    result.provenance.config_source = std::string(source_);
    for (std::size_t i = 0; i < field_count; ++i) {
      const auto field = static_cast<Field>(i);
      const Given& given = given_[i];
      if (given.given) {
        config.set_code(field, code_of(given.parsed.value));
        result.provenance.fields[i] = {true, given.origin, given.parsed.legacy_alias};
      } else if (defaults_of && target_info(*defaults_of).fields[i].code != engine_default(field)) {
        config.set_code(field, target_info(*defaults_of).fields[i].code);
        result.provenance.fields[i].origin.source = std::string(target_info(*defaults_of).framework) + "'s defaults";
      }
    }
    result.config = config;
    return result;
  }

 private:
  // The first value given for a field: later ones must agree with it.
  struct Given {
    bool given = false;
    ParsedValue parsed;
    Origin origin;
    InputValue value;
  };

  [[nodiscard]] Origin named(Origin origin) const {
    if (origin.source.empty()) origin.source = std::string(source_);
    return origin;
  }

  std::string_view source_;
  Given given_[field_count];
  std::vector<Diagnostic> diagnostics_;
};

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
