// Collects the values an input gives for each field, checks each one,
// detects two keys for one field that disagree, and builds the config only
// when nothing failed. Shared by every reader.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "npu/memory_config/config.hpp"
#include "npu/memory_config/diagnostic.hpp"
#include "npu/memory_config/keys.hpp"
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

class ConfigAssembler {
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
      if (first.origin.scope != origin.scope) where.append(" in ").append(origin_source(first.origin));
      diagnostics_.push_back(field_diagnostic(Severity::error, DiagnosticCode::conflicting_values, origin, info,
                                              describe(value),
                                              concat({describe(value), " conflicts with ", describe(first.value),
                                                      " given as ", where, "; give one value"})));
    }
  }

  void report(Diagnostic diagnostic) { diagnostics_.push_back(std::move(diagnostic)); }

  // The config, and where each field was given, named by `source`.
  [[nodiscard]] ReadResult finish(std::string_view source) && {
    ReadResult result;
    result.diagnostics = std::move(diagnostics_);
    if (has_errors(result.diagnostics)) return result;
    MemoryConfig config;
    result.provenance.config_source = std::string(source);
    for (std::size_t i = 0; i < field_count; ++i) {
      const Given& given = given_[i];
      if (!given.given) continue;
      set_field_value(config, static_cast<Field>(i), given.parsed.value);
      result.provenance.fields[i] = {true, {}, static_scope_name(given.origin.scope), given.parsed.legacy_alias};
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
  std::vector<Diagnostic> diagnostics_;
};

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
