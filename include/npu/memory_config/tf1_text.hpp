// The TF1 session config in protobuf text format: the NpuOptimizer custom
// optimizer of a tf.ConfigProto with the memory parameter_map (docs/settings.md).
#pragma once

#include <string>

#include "npu/memory_config/option_maps.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

// Empty for a config that holds a code no table has (check_writable()
// names the field).
[[nodiscard]] inline std::string tf1_session_config_text(const MemoryConfig& config) {
  if (!holds_table_values(config)) return {};
  std::string text =
      "graph_options {\n"
      "  rewrite_options {\n"
      "    custom_optimizers {\n"
      "      name: \"";
  text.append(keys::tf1_custom_optimizer).append("\"\n");
  for (const Tf1Parameter& parameter : tf1_parameter_map(config)) {
    text.append("      parameter_map { key: \"").append(parameter.key).append("\" value { ");
    if (parameter.value.kind == Tf1Value::Kind::i) {
      text.append("i: ").append(std::to_string(parameter.value.i));
    } else {
      text.append("s: \"").append(parameter.value.s).append("\"");
    }
    text.append(" } }\n");
  }
  text +=
      "    }\n"
      "  }\n"
      "}\n";
  return text;
}

NPU_MEMORY_CONFIG_NAMESPACE_END
