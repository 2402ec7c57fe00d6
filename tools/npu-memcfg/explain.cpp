#include "explain.hpp"

namespace npu::memcfg {
namespace {

// What the value does, and what it costs.
void describe_effect(std::string& text, const detail::ValueInfo& value) {
  text.append("    ").append(value.meaning).append("\n");
  if (value.costs_performance) text.append("    cost: known to cost performance\n");
}

// "static_memory_policy = 2 (expand_static_shape)  (from job.json)", then
// what the value does.
void describe_setting(std::string& text, const detail::FieldInfo& field, const detail::ValueInfo* value,
                      const std::string& source) {
  text.append(field.name).append(" = ");
  text.append(value == nullptr ? "unset" : detail::describe_value(field.field, *value));
  text.append("  (from ").append(source).append(")\n");
  if (value == nullptr) {
    text.append("    the runtime decides\n");
    return;
  }
  describe_effect(text, *value);
}

std::string describe_policy(StaticMemoryPolicy policy) {
  return detail::describe_value(Field::static_memory_policy,
                                *detail::value_of(Field::static_memory_policy, static_cast<std::uint8_t>(policy)));
}

// static_memory_policy as the engine runs it: the option (the config's, or
// the one the target forces) combined with GE_USE_STATIC_MEMORY (the one the
// target's form exports, or the inherited one).
void describe_static_memory(std::string& text, const MemoryConfig& config, const StaticMemoryRun& run, Form form) {
  const std::optional<detail::TargetRuntime> target = detail::target_of(form);
  const std::string env_name(keys::ge_use_static_memory_env);
  const std::string option_text = describe_policy(run.option);
  const std::string framework = run.option_from_target ? std::string(detail::target_info(*target).framework) : "";
  const std::string forced = framework.empty() ? std::string() : framework + " forces " + option_text + "; ";
  const std::string with_option = framework.empty() ? "the option" : "the " + option_text + " " + framework + " forces";
  const std::string variable(run.variable.value_or(""));

  text.append("    the engine runs ").append(describe_policy(run.runs));
  if (run.variable_exported) {
    text.append(", because the ").append(enum_name(form)).append(" form exports ").append(env_name);
    text.append("=").append(variable).append(", which the engine combines with ").append(with_option).append("\n");
  } else if (!run.variable) {
    text.append(" (").append(forced).append(env_name).append(" is not set)\n");
  } else if (!detail::engine_reads_static_memory_env(variable)) {
    text.append(" (").append(forced).append(env_name).append("=").append(detail::quote(variable));
    text.append(" is ignored by the engine)\n");
  } else if (run.runs == run.option) {
    text.append(" (").append(forced).append(env_name).append("=").append(variable).append(" adds nothing)\n");
  } else {
    text.append(", because ").append(env_name).append("=").append(variable);
    text.append(" is combined with ").append(with_option).append("\n");
  }
  if (run.runs != config.static_memory_policy) {
    describe_effect(text, *detail::value_of(Field::static_memory_policy, static_cast<std::uint8_t>(run.runs)));
  }
}

// A form that states a field its framework would otherwise set to a value of
// its own (MindSpore's defaults, Lite's static policy 2).
void describe_stated(std::string& text, std::optional<detail::TargetRuntime> target, Field field) {
  if (!target) return;
  const detail::TargetInfo& info = detail::target_info(*target);
  const detail::TargetField& carried = info.of(field);
  if (carried.carriage != detail::Carriage::option || carried.code == detail::engine_default(field)) return;
  text.append("    the ").append(info.name).append(" form states it: without it, ").append(info.framework);
  text.append(" would run ")
      .append(detail::describe_value(field, *detail::value_of(field, *carried.code)))
      .append("\n");
}

}  // namespace

std::string explain(const MemoryConfig& config, const Provenance& provenance,
                    std::optional<std::string_view> ge_use_static_memory, Form form) {
  const std::optional<detail::TargetRuntime> target = detail::target_of(form);
  const MemoryConfig runs = effective_config(config, form, ge_use_static_memory);
  std::string text;
  for (const detail::FieldInfo& field : detail::fields) {
    const detail::ValueInfo* asked = detail::field_value(config, field.field);
    describe_setting(text, field, asked, provenance.source_of(field.field));
    describe_stated(text, target, field.field);
    if (field.field == Field::static_memory_policy) {
      describe_static_memory(text, config, static_memory_run(config, form, ge_use_static_memory), form);
      continue;
    }
    const detail::ValueInfo* ran = detail::field_value(runs, field.field);
    if (ran == asked) continue;
    text.append("    ").append(detail::target_info(*target).framework).append(" runs ");
    text.append(ran == nullptr ? "it unset" : detail::describe_value(field.field, *ran));
    text.append(": ").append(detail::target_difference(*target, field.field)).append("\n");
    if (ran != nullptr) describe_effect(text, *ran);
  }
  return text;
}

}  // namespace npu::memcfg
