#include "explain.hpp"

#include <cstdint>

#include <npu/memory_config/validation/text.hpp>

namespace npu::memcfg {
namespace {

using npu::text::value_text;

// What the value does, and what it costs.
void describe_effect(std::string& text, const Description<Field>& field, std::uint8_t code) {
  const auto& value = *field.value(code);
  text.append("    ").append(value.meaning).append("\n");
  if (value.costs_performance) text.append("    cost: known to cost performance\n");
}

// "static_memory_policy = 2 (expand_static_shape)  (from job.json)", then
// what the value does.
void describe_setting(std::string& text, const Description<Field>& field, std::optional<std::uint8_t> code,
                      const std::string& source) {
  text.append(field.name).append(" = ");
  text.append(code ? value_text(field.field, code) : "unset");
  text.append("  (from ").append(source).append(")\n");
  if (!code) {
    text.append("    the runtime decides\n");
    return;
  }
  describe_effect(text, field, *code);
}

std::string describe_policy(StaticMemoryPolicy policy) {
  return value_text(Field::static_memory_policy, static_cast<std::uint8_t>(policy));
}

// static_memory_policy as the engine runs it: the option (the config's, or
// the one the target forces) combined with GE_USE_STATIC_MEMORY (the one the
// target's form exports, or the inherited one).
void describe_static_memory(std::string& text, const MemoryConfig& config, const StaticMemoryRun& run, Form form) {
  const std::string env_name(keys::ge_use_static_memory_env);
  const std::string option_text = describe_policy(run.option);
  const std::string framework = run.option_from_target ? std::string(describe(form).framework()) : "";
  const std::string forced = framework.empty() ? std::string() : framework + " forces " + option_text + "; ";
  const std::string with_option = framework.empty() ? "the option" : "the " + option_text + " " + framework + " forces";
  const std::string variable(run.variable.value_or(""));

  text.append("    the engine runs ").append(describe_policy(run.runs));
  if (run.variable_exported) {
    text.append(", because the ").append(enum_name(form)).append(" form exports ").append(env_name);
    text.append("=").append(variable).append(", which the engine combines with ").append(with_option).append("\n");
  } else if (!run.variable) {
    text.append(" (").append(forced).append(env_name).append(" is not set)\n");
  } else if (!run.variable_read) {
    text.append(" (").append(forced).append(env_name).append("=").append(npu::text::quote(variable));
    text.append(" is ignored by the engine)\n");
  } else if (run.runs == run.option) {
    text.append(" (").append(forced).append(env_name).append("=").append(variable).append(" adds nothing)\n");
  } else {
    text.append(", because ").append(env_name).append("=").append(variable);
    text.append(" is combined with ").append(with_option).append("\n");
  }
  if (run.runs != config.static_memory_policy) {
    describe_effect(text, describe(Field::static_memory_policy), static_cast<std::uint8_t>(run.runs));
  }
}

// A form that states a field its framework would otherwise set to a value of
// its own (MindSpore's defaults, Lite's static policy 2).
void describe_stated(std::string& text, Form form, Field field) {
  const std::optional<std::uint8_t> own = describe(form).own_default(field);
  if (!own) return;
  text.append("    the ").append(enum_name(form)).append(" form states it: without it, ");
  text.append(describe(form).framework()).append(" would run ").append(value_text(field, own)).append("\n");
}

}  // namespace

std::string explain(const MemoryConfig& config, const Provenance& provenance,
                    std::optional<std::string_view> ge_use_static_memory, Form form) {
  const MemoryConfig runs = effective_config(config, form, ge_use_static_memory);
  std::string text;
  for (const Field each : enum_values<Field>()) {
    const Description<Field>& field = describe(each);
    const std::optional<std::uint8_t> asked = config.code(each);
    describe_setting(text, field, asked, provenance.source_of(each));
    describe_stated(text, form, each);
    if (each == Field::static_memory_policy) {
      describe_static_memory(text, config, static_memory_run(config, form, ge_use_static_memory), form);
      continue;
    }
    const std::optional<std::uint8_t> ran = runs.code(each);
    if (ran == asked) continue;
    text.append("    ").append(describe(form).framework()).append(" runs ");
    text.append(ran ? value_text(each, ran) : "it unset");
    text.append(": ").append(npu::text::runtime_difference(form, each)).append("\n");
    if (ran) describe_effect(text, field, *ran);
  }
  return text;
}

}  // namespace npu::memcfg
