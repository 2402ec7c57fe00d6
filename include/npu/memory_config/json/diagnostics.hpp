// A diagnostic as a JSON object, found by ADL: what npu-memcfg
// --diagnostics json writes, one a line.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "npu/memory_config/diagnostic.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

// {"severity": "error", "code": "invalid_value", "source": "job.json",
//  "line": 3, "column": 5, "field": ..., "value": ..., "message": ...}; line
// and column are null when the diagnostic has no position. The source names
// its level: "ge.json (session)".
template <class BasicJson>
void to_json(BasicJson& json, const Diagnostic& diagnostic) {
  const SourcePosition& position = diagnostic.origin.position;
  json = BasicJson::object();
  json["severity"] = std::string(enum_name(diagnostic.severity));
  json["code"] = std::string(enum_name(diagnostic.code));
  json["source"] = source_text(diagnostic.origin);
  json["line"] = position.known() ? BasicJson(position.line) : BasicJson();
  json["column"] = position.known() ? BasicJson(position.column) : BasicJson();
  json["field"] = diagnostic.field;
  json["value"] = diagnostic.value;
  json["message"] = diagnostic.message;
}

NPU_MEMORY_CONFIG_NAMESPACE_END
