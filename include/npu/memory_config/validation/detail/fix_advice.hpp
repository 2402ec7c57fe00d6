// A fix as the advice that ends a message: "use 0 (dynamic) or 3
// (expand_dynamic_shape)", "unset GE_USE_STATIC_MEMORY".
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "npu/memory_config/enums.hpp"
#include "npu/memory_config/keys.hpp"
#include "npu/memory_config/settings/detail/text.hpp"
#include "npu/memory_config/settings/fix.hpp"
#include "npu/memory_config/settings/reflection.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

// One remedy as advice: "use 3 (expand_dynamic_shape)" for a value of the
// setting the diagnostic is about, else what to do ("unset
// GE_USE_STATIC_MEMORY", "remove it", "set static_memory_policy to 0
// (dynamic) and unset GE_USE_STATIC_MEMORY").
[[nodiscard]] inline std::string edit_advice(const Edit& edit, std::optional<Field> about) {
  const std::string variable(keys::ge_use_static_memory_env);
  const bool own = edit.field && edit.field == about;
  switch (edit.action) {
    case EditAction::set_value:
      if (!edit.code) return own ? "unset it" : "unset " + std::string(enum_name(*edit.field));
      return (own ? "use " : "set " + std::string(enum_name(*edit.field)) + " to ") + edit.value_text();
    case EditAction::remove_setting:
      return own ? "remove it" : "remove " + std::string(enum_name(*edit.field));
    case EditAction::set_variable:
      return "set " + variable + "=" + edit.variable_value;
    case EditAction::unset_variable:
      return "unset " + variable;
  }
  return {};
}

// The advice of a fix, as messages end: consecutive values of the setting
// the diagnostic is about are joined ("use 0 (dynamic) or 3
// (expand_dynamic_shape)"), as are those that need the variable unset
// beside them ("unset GE_USE_STATIC_MEMORY and use 0 (dynamic) or 3
// (expand_dynamic_shape)") and consecutive values of the variable ("set
// GE_USE_STATIC_MEMORY to 0 or 3"); the other remedies follow (", or unset
// GE_USE_STATIC_MEMORY"). Empty for no remedy.
[[nodiscard]] inline std::string fix_advice(const std::vector<Remedy>& fix, std::optional<Field> about) {
  std::vector<std::string> clauses;
  std::vector<std::string> values;  // the run of values being joined
  std::string lead;                 // what they are values of: "use ", "set GE_USE_STATIC_MEMORY to "
  const auto close_values = [&] {
    if (!values.empty()) clauses.push_back(lead + joined(values, " or "));
    values.clear();
  };
  const auto add_value = [&](std::string run_lead, std::string value) {
    if (run_lead != lead) close_values();
    lead = std::move(run_lead);
    values.push_back(std::move(value));
  };
  for (const Remedy& remedy : fix) {
    const Edit* single = remedy.edits.size() == 1 ? &remedy.edits[0] : nullptr;
    if (single != nullptr && single->action == EditAction::set_value && single->field == about && single->code) {
      add_value("use ", single->value_text());
    } else if (remedy.edits.size() == 2 && remedy.edits[0].action == EditAction::set_value &&
               remedy.edits[0].field == about && remedy.edits[0].code &&
               remedy.edits[1].action == EditAction::unset_variable) {
      add_value("unset " + std::string(keys::ge_use_static_memory_env) + " and use ", remedy.edits[0].value_text());
    } else if (single != nullptr && single->action == EditAction::set_variable) {
      add_value("set " + std::string(keys::ge_use_static_memory_env) + " to ", single->variable_value);
    } else {
      close_values();
      lead.clear();
      std::vector<std::string> parts;
      for (const Edit& edit : remedy.edits) parts.push_back(edit_advice(edit, about));
      clauses.push_back(joined(parts, " and "));
    }
  }
  close_values();
  return joined(clauses, ", or ");
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
