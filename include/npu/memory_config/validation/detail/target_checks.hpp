// The checks of the runtime a config is written for: the settings its
// framework does not run as asked, and why.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "npu/memory_config/provenance.hpp"
#include "npu/memory_config/settings/config.hpp"
#include "npu/memory_config/settings/detail/field_table.hpp"
#include "npu/memory_config/settings/detail/target_table.hpp"
#include "npu/memory_config/settings/detail/text.hpp"
#include "npu/memory_config/settings/diagnostic.hpp"
#include "npu/memory_config/settings/reflection.hpp"
#include "npu/memory_config/validation/detail/check_text.hpp"
#include "npu/memory_config/validation/detail/engine_run.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

// "tf1, ge or mindspore": the targets that carry `field` by an option.
[[nodiscard]] inline std::string targets_carrying(Field field) {
  std::vector<std::string> names;
  for (const TargetInfo& target : targets) {
    if (target.of(field).carriage == Carriage::option) names.emplace_back(target.name);
  }
  return joined(names, " or ");
}

// "2 (expand_static_shape) or 4 (...)": the static policies a target whose
// form is the variable can make the engine run, with or without the one it
// forces.
[[nodiscard]] inline std::string runnable_values(const TargetInfo& target, bool with_forced) {
  const auto forced = static_cast<StaticMemoryPolicy>(target.of(Field::static_memory_policy).code.value_or(0));
  std::vector<std::string> values;
  for (const ValueInfo& value : field_info(Field::static_memory_policy).values) {
    const auto wanted = static_cast<StaticMemoryPolicy>(value.code);
    if (wanted == forced ? !with_forced : static_memory_env_for(forced, wanted) == nullptr) continue;
    values.push_back(describe_value(Field::static_memory_policy, value));
  }
  return joined(values, " or ");
}

// What the target does with a field it does not carry as an option, and so
// what the engine runs; empty for a field it carries.
[[nodiscard]] inline std::string target_reason(const TargetInfo& target, Field field) {
  const TargetField& carried = target.of(field);
  const std::string runs_text = describe_code_or_unset(field, carried.code);
  const std::string framework(target.framework);
  switch (carried.carriage) {
    case Carriage::option:
      break;
    case Carriage::not_carried:
      return framework + " has no " + std::string(enum_name(field)) + " option, so the engine " +
             (carried.code ? "runs " + runs_text : "decides itself");
    case Carriage::forced:
      return framework + " forces " + std::string(ge_key(field)) + " " + runs_text + ", so the engine runs that";
    case Carriage::environment:
      return framework + " forces " + std::string(ge_key(field)) + " " + runs_text + ", which " +
             std::string(carried.key) + " can only turn into " + runnable_values(target, false);
  }
  return {};
}

// Settings the target does not run: an error when an input gave the value,
// a warning when the field only holds a default (asking for "unset" is never
// more than that: the framework then decides).
inline void check_target(const MemoryConfig& config, TargetRuntime target, const Provenance& provenance,
                         std::vector<Finding>& out) {
  const TargetInfo& info = target_info(target);
  for (const FieldInfo& field : fields) {
    if (runs_as_asked(config, target, field.field)) continue;
    const TargetField& carried = info.of(field.field);
    const std::optional<std::uint8_t> asked = config.code(field.field);
    const std::string asked_text = describe_code_or_unset(field.field, asked);
    const bool only_default = provenance.is_default(field.field) || !asked;
    std::string message = target_reason(info, field.field) + ", not " + asked_text;
    if (only_default) {
      out.push_back(
          {about_field(provenance, field.field, Severity::warning, DiagnosticCode::unsupported_option, asked_text,
                       message.append("; ").append(asked_text).append(" is only the default here"))});
      continue;
    }
    // The values the target runs; then the setting removed.
    std::vector<Remedy> candidates;
    if (carried.carriage == Carriage::environment) {
      for (const ValueInfo& value : field_info(field.field).values) {
        MemoryConfig runs = config;
        runs.set_code(field.field, value.code);
        if (runs_as_asked(runs, target, field.field))
          candidates.push_back(set_value(provenance, field.field, value.code));
      }
    } else {
      candidates.push_back(set_value(provenance, field.field, carried.code));
    }
    candidates.push_back(
        {{{EditAction::remove_setting, field.field, std::nullopt, {}, edit_place(provenance, field.field)}}});
    out.push_back(field_finding(provenance, field.field, Severity::error, DiagnosticCode::unsupported_option,
                                asked_text, std::move(message), std::move(candidates),
                                "target " + targets_carrying(field.field)));
  }
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
