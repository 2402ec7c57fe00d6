#include "explain.hpp"

namespace npu::memcfg {
namespace {

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
  text.append("    ").append(value->meaning).append("\n");
  if (value->costs_performance) text.append("    cost: known to cost performance\n");
}

}  // namespace

std::string explain(const MemoryConfig& config, const Provenance& provenance, const char* ge_use_static_memory) {
  std::string text;
  for (const FieldInfo& field : fields) {
    describe_setting(text, field, field_value(config, field.field), provenance.source_of(field.field));
    if (field.field != Field::static_memory_policy) continue;

    const std::string env_name(keys::ge_use_static_memory_env);
    const StaticMemoryPolicy effective =
        effective_static_memory_policy(config.static_memory_policy, ge_use_static_memory);
    const ValueInfo& runs = *value_of(field.field, static_cast<std::uint8_t>(effective));
    text.append("    the engine runs ").append(describe_value(field.field, runs));
    if (ge_use_static_memory == nullptr) {
      text.append(" (").append(env_name).append(" is not set)\n");
    } else if (!engine_reads_static_memory_env(ge_use_static_memory)) {
      text.append(" (").append(env_name).append("=").append(quote(ge_use_static_memory));
      text.append(" is ignored by the engine)\n");
    } else if (effective == config.static_memory_policy) {
      text.append(" (").append(env_name).append("=").append(ge_use_static_memory).append(" adds nothing)\n");
    } else {
      text.append(", because ").append(env_name).append("=").append(ge_use_static_memory);
      text.append(" is combined with the option\n    ").append(runs.meaning).append("\n");
      if (runs.costs_performance) text.append("    cost: known to cost performance\n");
    }
  }
  return text;
}

}  // namespace npu::memcfg
