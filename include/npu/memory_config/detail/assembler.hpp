// Collects the values an input gives for each field, checks each one,
// detects two keys for one field that disagree, and builds the config only
// when nothing failed. Shared by every reader.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "npu/memory_config/config.hpp"
#include "npu/memory_config/diagnostic.hpp"
#include "npu/memory_config/keys.hpp"
#include "npu/memory_config/targets.hpp"
#include "npu/memory_config/value_parser.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

// The scope a value was given in, as a name that outlives the input.
[[nodiscard]] constexpr std::string_view static_scope_name(std::string_view scope) noexcept {
  if (scope == keys::ge_global_scope) return keys::ge_global_scope;
  if (scope == keys::ge_session_scope) return keys::ge_session_scope;
  return {};
}

// A class template (over the diagnostics' container) so that its members
// are compiled only in a translation unit that reads an input, not in every
// includer of the core header.
template <class Diagnostics>
class BasicConfigAssembler {
 public:
  void assign(Field field, const ValueOrigin& origin, const InputValue& value, UnsetSpelling unset) {
    const FieldInfo& info = field_info(field);
    const ParsedValue parsed = parse_field_value(info, value, unset, origin, diagnostics_);
    if (!parsed.valid) return;
    Given& first = given_[static_cast<std::size_t>(field)];
    if (!first.given) {
      first = Given{true, parsed, origin, value};
      return;
    }
    if (first.parsed.value != parsed.value) {
      std::string where(first.origin.key);
      if (first.origin.position.known()) {
        where.append(" at ").append(std::to_string(first.origin.position.line));
        where.append(":").append(std::to_string(first.origin.position.column));
      } else if (first.origin.scope != origin.scope) {
        where.append(" in ").append(origin_source(first.origin));
      }
      diagnostics_.push_back(field_diagnostic(Severity::error, DiagnosticCode::conflicting_values, origin, info,
                                              describe(value),
                                              concat({describe(value), " conflicts with ", describe(first.value),
                                                      " given as ", where, "; give one value"})));
    }
  }

  void report(Diagnostic diagnostic) { diagnostics_.push_back(std::move(diagnostic)); }

  // The config, and where each field was given, named by `source`. A field
  // the input left out holds the default of the target whose form was read
  // (MindSpore's are not the engine's), and its source says whose it is.
  [[nodiscard]] ReadResult finish(std::string_view source, TargetRuntime defaults_of = TargetRuntime::any) && {
    ReadResult result;
    result.diagnostics = std::move(diagnostics_);
    if (has_errors(result.diagnostics)) return result;
    MemoryConfig config;
    result.provenance.config_source = std::string(source);
    for (std::size_t i = 0; i < field_count; ++i) {
      const Given& given = given_[i];
      const auto field = static_cast<Field>(i);
      if (given.given) {
        set_field_value(config, field, given.parsed.value);
        result.provenance.fields[i] = {
            true, {}, static_scope_name(given.origin.scope), given.parsed.legacy_alias, given.origin.position};
      } else if (defaults_of != TargetRuntime::any) {
        const TargetInfo& target = target_info(defaults_of);
        const std::uint8_t code = target.fields[i].code;
        if (code == engine_default(field)) continue;
        set_field_value(config, field, value_of(field, code));
        result.provenance.fields[i].source = concat({target.framework, "'s defaults"});
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
    ValueOrigin origin;
    InputValue value;
  };

  Given given_[field_count];
  Diagnostics diagnostics_;
};

using ConfigAssembler = BasicConfigAssembler<std::vector<Diagnostic>>;

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
