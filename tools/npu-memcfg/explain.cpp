#include "explain.hpp"

namespace npu::memcfg {
namespace {

// What the value does, and what it costs.
void describe_effect(std::string& text, const ValueInfo& value) {
  text.append("    ").append(value.meaning).append("\n");
  if (value.costs_performance) text.append("    cost: known to cost performance\n");
}

// "static_memory_policy = 2 (expand_static_shape)  (from job.json)", then
// what the value does.
void describe_setting(std::string& text, const FieldInfo& field, const ValueInfo* value, std::string_view source) {
  text.append(field.name).append(" = ");
  text.append(value == nullptr ? "unset" : describe_value(field.field, *value));
  text.append("  (from ").append(source).append(")\n");
  if (value == nullptr) {
    text.append("    the runtime decides\n");
    return;
  }
  describe_effect(text, *value);
}

// static_memory_policy as the engine runs it: the option (the config's, or
// the one the target forces) combined with GE_USE_STATIC_MEMORY (the one the
// target's form exports, or the inherited one).
void describe_static_memory(std::string& text, const MemoryConfig& config, const char* inherited,
                            TargetRuntime target) {
  const Field field = Field::static_memory_policy;
  const std::string env_name(keys::ge_use_static_memory_env);
  StaticMemoryPolicy option = config.static_memory_policy;
  const ValueInfo* exported = nullptr;
  std::string forced_by;  // "torchair" when the target forces the option
  if (target != TargetRuntime::any) {
    const TargetInfo& info = target_info(target);
    option = static_cast<StaticMemoryPolicy>(target_code(config, info, field));
    exported = exported_static_memory_env(config, info);
    if (info.of(field).carriage != Carriage::option) forced_by = info.framework;
  }
  const std::string option_text = describe_value(field, *value_of(field, static_cast<std::uint8_t>(option)));
  const char* env = exported != nullptr ? exported->runtime_text.data() : inherited;
  const StaticMemoryPolicy effective = effective_static_memory_policy(option, env);
  const ValueInfo& runs = *value_of(field, static_cast<std::uint8_t>(effective));
  const std::string forced = forced_by.empty() ? std::string() : forced_by + " forces " + option_text + "; ";
  const std::string with_option =
      forced_by.empty() ? std::string("the option") : "the " + option_text + " " + forced_by + " forces";

  text.append("    the engine runs ").append(describe_value(field, runs));
  if (exported != nullptr) {
    text.append(", because the ").append(target_info(target).name).append(" form exports ").append(env_name);
    text.append("=").append(env).append(", which the engine combines with ").append(with_option).append("\n");
  } else if (env == nullptr) {
    text.append(" (").append(forced).append(env_name).append(" is not set)\n");
  } else if (!engine_reads_static_memory_env(env)) {
    text.append(" (").append(forced).append(env_name).append("=").append(quote(env));
    text.append(" is ignored by the engine)\n");
  } else if (effective == option) {
    text.append(" (").append(forced).append(env_name).append("=").append(env).append(" adds nothing)\n");
  } else {
    text.append(", because ").append(env_name).append("=").append(env);
    text.append(" is combined with ").append(with_option).append("\n");
  }
  if (effective != config.static_memory_policy) describe_effect(text, runs);
}

}  // namespace

std::string explain(const MemoryConfig& config, const Provenance& provenance, const char* ge_use_static_memory,
                    TargetRuntime target) {
  const MemoryConfig runs = effective_config(config, target, ge_use_static_memory);
  std::string text;
  for (const FieldInfo& field : fields) {
    const ValueInfo* asked = field_value(config, field.field);
    describe_setting(text, field, asked, provenance.source_of(field.field));
    if (field.field == Field::static_memory_policy) {
      describe_static_memory(text, config, ge_use_static_memory, target);
      continue;
    }
    const ValueInfo* ran = field_value(runs, field.field);
    if (ran == asked) continue;
    text.append("    ").append(target_info(target).framework).append(" runs ");
    text.append(ran == nullptr ? "it unset" : describe_value(field.field, *ran));
    text.append(": ").append(target_difference(target, field.field)).append("\n");
    if (ran != nullptr) describe_effect(text, *ran);
  }
  return text;
}

}  // namespace npu::memcfg
