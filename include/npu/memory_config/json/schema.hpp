// The JSON Schema of config files (spec 2), derived from the field table:
// additionalProperties false, and an enum of every accepted spelling.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "npu/memory_config/fields.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

// A template only so that a translation unit that does not ask for the
// schema does not instantiate the JSON building it needs.
template <class BasicJson = nlohmann::json>
[[nodiscard]] BasicJson json_schema() {
  BasicJson properties = BasicJson::object();
  for (const FieldInfo& field : fields) {
    BasicJson accepted = BasicJson::array();
    std::string description(field.summary);
    for (const ValueInfo& value : field.values) {
      description.append("; ").append(value.runtime_text).append(": ").append(value.meaning);
    }
    if (field.integer_valued) {
      // integers, then names, then decimal strings; the legacy alias too
      for (const ValueInfo& value : field.values) accepted.push_back(value.code);
      if (field.legacy_alias) accepted.push_back(field.legacy_alias->code);
      for (const ValueInfo& value : field.values) accepted.push_back(std::string(value.name));
      for (const ValueInfo& value : field.values) accepted.push_back(std::string(value.runtime_text));
      if (field.legacy_alias) accepted.push_back(std::to_string(field.legacy_alias->code));
    } else {
      for (const ValueInfo& value : field.values) accepted.push_back(std::string(value.runtime_text));
      accepted.push_back(nullptr);
    }
    BasicJson property = {{"description", description}, {"enum", accepted}};
    if (field.optional) {
      property["default"] = nullptr;
    } else {
      property["default"] = field.default_code;
    }
    properties[std::string(field.name)] = property;
  }
  return {{"$schema", "https://json-schema.org/draft/2020-12/schema"},
          {"title", "npu-memory-config MemoryConfig"},
          {"description", "A job's NPU memory configuration, as passed to NPURunConfig(memory_config=...)"},
          {"type", "object"},
          {"properties", properties},
          {"additionalProperties", false}};
}

NPU_MEMORY_CONFIG_NAMESPACE_END
