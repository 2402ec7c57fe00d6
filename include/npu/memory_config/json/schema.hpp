// The JSON Schema of config files, derived from the field table:
// additionalProperties false, and an enum of every accepted spelling. Not in
// <npu/memory_config_json.hpp>: editors and tools ask for it, launchers do
// not, and building it costs every includer as much as the readers do.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "npu/memory_config/settings/fields.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

[[nodiscard]] inline nlohmann::json json_schema() {
  using nlohmann::json;
  json properties = json::object();
  for (const detail::FieldInfo& field : detail::fields) {
    json accepted = json::array();
    std::string description(field.summary);
    for (const detail::ValueInfo& value : field.values) {
      description.append("; ").append(value.runtime_text).append(": ").append(value.meaning);
    }
    if (field.integer_valued) {
      // integers, then names, then decimal strings; the legacy alias too
      for (const detail::ValueInfo& value : field.values) accepted.push_back(json(int{value.code}));
      if (field.legacy_alias) accepted.push_back(json(int{field.legacy_alias->code}));
      for (const detail::ValueInfo& value : field.values) accepted.push_back(json(std::string(value.name)));
      for (const detail::ValueInfo& value : field.values) accepted.push_back(json(std::string(value.runtime_text)));
      if (field.legacy_alias) accepted.push_back(json(std::to_string(field.legacy_alias->code)));
    } else {
      // the runtime's texts, then the names, then null
      for (const detail::ValueInfo& value : field.values) accepted.push_back(json(std::string(value.runtime_text)));
      for (const detail::ValueInfo& value : field.values) accepted.push_back(json(std::string(value.name)));
      accepted.push_back(json());
    }
    json& property = properties[std::string(field.name)];
    property["description"] = json(description);
    property["enum"] = std::move(accepted);
    property["default"] = field.optional ? json() : json(int{field.default_code});
  }
  json schema = json::object();
  schema["$schema"] = json(std::string("https://json-schema.org/draft/2020-12/schema"));
  schema["title"] = json(std::string("npu-memory-config MemoryConfig"));
  schema["description"] =
      json(std::string("A job's NPU memory configuration, as passed to NPURunConfig(memory_config=...)"));
  schema["type"] = json(std::string("object"));
  schema["properties"] = std::move(properties);
  schema["additionalProperties"] = json(false);
  return schema;
}

NPU_MEMORY_CONFIG_NAMESPACE_END
