// Fixes as data: what clears a diagnostic, as edits a program can apply and
// a message is rendered from. A diagnostic's fix lists its remedies, each
// one enough on its own: the value the message means first, then the
// allowed values in their table's order, then removal.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "npu/memory_config/detail/field_table.hpp"
#include "npu/memory_config/detail/text.hpp"
#include "npu/memory_config/enums.hpp"
#include "npu/memory_config/keys.hpp"
#include "npu/memory_config/provenance.hpp"
#include "npu/memory_config/reflection.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

// One change: a setting given a value or removed, or GE_USE_STATIC_MEMORY
// given a value or unset.
struct Edit {
  EditAction action = EditAction::set_value;
  std::optional<Field> field = std::nullopt;        // set_value, remove_setting: the setting
  std::optional<std::uint8_t> code = std::nullopt;  // set_value: the new value; nullopt: unset (an optional setting)
  std::string variable_value = {};                  // set_variable: the variable's new value
  // Where: a setting's key in the file it was read from (its position), a
  // flag, or the config's source with no position (the key is added there);
  // the variable's assignment in a script, or no source: the environment
  // the job runs in, where the edit is an instruction.
  Origin at = {};

  // What it changes: the setting's name, or GE_USE_STATIC_MEMORY.
  [[nodiscard]] std::string_view setting() const noexcept {
    if (action == EditAction::set_variable || action == EditAction::unset_variable) {
      return keys::ge_use_static_memory_env;
    }
    return enum_name(*field);
  }

  // The text the runtime then reads ("0", "MemoryPriority", the variable's
  // value); nullopt for an unset or removed setting and an unset variable.
  [[nodiscard]] std::optional<std::string_view> runtime_value() const noexcept {
    if (action == EditAction::set_variable) return std::string_view(variable_value);
    if (action == EditAction::set_value && code) return detail::value_of(*field, *code)->runtime_text;
    return std::nullopt;
  }

  // "static_memory_policy 0 (dynamic)", "static_memory_policy removed",
  // "GE_USE_STATIC_MEMORY=3", "GE_USE_STATIC_MEMORY unset".
  [[nodiscard]] std::string text() const {
    const std::string name(setting());
    switch (action) {
      case EditAction::set_value:
        return name + " " + value_text();
      case EditAction::remove_setting:
        return name + " removed";
      case EditAction::set_variable:
        return name + "=" + variable_value;
      case EditAction::unset_variable:
        return name + " unset";
    }
    return {};
  }

  [[nodiscard]] friend bool operator==(const Edit& a, const Edit& b) {
    return a.action == b.action && a.field == b.field && a.code == b.code && a.variable_value == b.variable_value &&
           detail::same_place(a.at, b.at);
  }

  // set_value: "0 (dynamic)", "\"MemoryPriority\"", "unset".
  [[nodiscard]] std::string value_text() const {
    if (!code) return "unset";
    return detail::describe_value(*field, *detail::value_of(*field, *code));
  }
};

// Edits that, applied together, clear a diagnostic.
struct Remedy {
  std::vector<Edit> edits;

  [[nodiscard]] friend bool operator==(const Remedy& a, const Remedy& b) { return a.edits == b.edits; }

  // "static_memory_policy 4 (expand_static_and_dynamic_shape) and
  // GE_USE_STATIC_MEMORY unset".
  [[nodiscard]] std::string text() const {
    std::vector<std::string> parts;
    for (const Edit& edit : edits) parts.push_back(edit.text());
    return detail::joined(parts, " and ");
  }
};

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
