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

#include "npu/memory_config/enums.hpp"
#include "npu/memory_config/keys.hpp"
#include "npu/memory_config/provenance.hpp"
#include "npu/memory_config/settings/detail/field_table.hpp"
#include "npu/memory_config/settings/detail/text.hpp"
#include "npu/memory_config/settings/reflection.hpp"
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
           a.at.same_place(b.at);
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

NPU_MEMORY_CONFIG_NAMESPACE_END
