// Every valid MemoryConfig: 2 x 4 x 3 x 3 = 72, enumerated from the field
// table so that a value added there is covered here too.
#pragma once

#include <vector>

#include <npu/memory_config.hpp>

namespace npu::test {

inline std::vector<MemoryConfig> all_configs() {
  std::vector<MemoryConfig> configs(1);
  for (const detail::FieldInfo& field : detail::fields) {
    std::vector<std::optional<std::uint8_t>> choices;
    if (field.optional) choices.push_back(std::nullopt);  // unset
    for (const detail::ValueInfo& value : field.values) choices.push_back(value.code);
    std::vector<MemoryConfig> next;
    for (const MemoryConfig& config : configs) {
      for (const std::optional<std::uint8_t> choice : choices) {
        MemoryConfig extended = config;
        extended.set_code(field.field, choice);
        next.push_back(extended);
      }
    }
    configs = next;
  }
  return configs;
}

}  // namespace npu::test
