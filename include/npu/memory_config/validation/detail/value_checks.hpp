// The checks of each setting's value on its own: a code that is none of
// the setting's values, and a choice known to cost performance.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "npu/memory_config/provenance.hpp"
#include "npu/memory_config/settings/config.hpp"
#include "npu/memory_config/settings/detail/field_table.hpp"
#include "npu/memory_config/settings/detail/target_table.hpp"
#include "npu/memory_config/settings/diagnostic.hpp"
#include "npu/memory_config/validation/detail/check_text.hpp"
#include "npu/memory_config/validation/detail/config_values.hpp"
#include "npu/memory_config/validation/detail/engine_run.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

// A field that holds a code with no row in its table (an integer cast into
// the enumeration by a C API, a database, a binding): an error naming the
// field and the code. True when every field holds a value.
inline bool check_codes(const MemoryConfig& config, const Provenance& provenance, std::vector<Finding>& out) {
  bool all_values = true;
  for (const FieldInfo& field : fields) {
    if (holds_table_value(config, field.field)) continue;
    all_values = false;
    const std::string given = std::to_string(config.code(field.field).value_or(0));  // a cast code is set
    out.push_back(field_finding(provenance, field.field, Severity::error, DiagnosticCode::invalid_value, given,
                                given + " is not allowed", field_remedies(provenance, field.field)));
  }
  return all_values;
}

// Warnings for policies known to cost performance: the user's choices only,
// not a default a reader filled in, nor a value the target replaces.
inline void check_costly_policies(const MemoryConfig& config, std::optional<TargetRuntime> target,
                                  const Provenance& provenance, std::vector<Finding>& out) {
  for (const FieldInfo& field : fields) {
    const ValueInfo* value = field_value(config, field.field);
    if (value == nullptr || !value->costs_performance || provenance.is_default(field.field)) continue;
    if (target && (target_info(*target).of(field.field).carriage == Carriage::forced ||
                   !runs_as_asked(config, *target, field.field))) {
      continue;
    }
    const std::string described = describe_value(field.field, *value);
    out.push_back({about_field(provenance, field.field, Severity::warning, DiagnosticCode::costly_policy, described,
                               described + " may cost performance")});
  }
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
