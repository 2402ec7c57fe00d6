// What a form's runtime does with a config given without other context: what
// npu-memcfg --format FORM reports of it.
#pragma once

#include <vector>

#include "npu/memory_config/enums.hpp"
#include "npu/memory_config/provenance.hpp"
#include "npu/memory_config/settings/config.hpp"
#include "npu/memory_config/settings/detail/field_table.hpp"
#include "npu/memory_config/settings/diagnostic.hpp"
#include "npu/memory_config/settings/validation_context.hpp"
#include "npu/memory_config/validation/validate.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

// What npu-memcfg --format FORM says of `config` given without other
// context. A field holding its default counts as a default, as it does for
// the tool when no input sets the field: a default the form's runtime
// replaces (torchair forces atomic 1) is a warning, a value asked for an
// error.
[[nodiscard]] inline std::vector<Diagnostic> form_diagnostics(const MemoryConfig& config, Form form) {
  Provenance provenance = Provenance::all_from("config");
  const MemoryConfig defaults;
  for (const FieldInfo& field : fields) {
    provenance.of(field.field).given = config.code(field.field) != defaults.code(field.field);
  }
  ValidationContext context;
  context.target = form;
  return validate(config, context, provenance);
}

// Whether `form` carries `config`: npu-memcfg --format FORM would not exit 1
// for it without other context.
[[nodiscard]] inline bool form_carries(const MemoryConfig& config, Form form) {
  return !has_errors(form_diagnostics(config, form));
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
