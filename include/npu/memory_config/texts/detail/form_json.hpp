// The JSON documents of the forms that are JSON beside a config file: GE's
// levels of options, MindSpore's ascend_config.
#pragma once

#include <map>
#include <string>

#include <nlohmann/json.hpp>

#include "npu/memory_config/forms/option_maps.hpp"
#include "npu/memory_config/json/convert.hpp"
#include "npu/memory_config/keys.hpp"
#include "npu/memory_config/settings/config.hpp"
#include "npu/memory_config/validation/detail/code_errors.hpp"
#include "npu/memory_config/validation/detail/config_values.hpp"
#include "npu/memory_config/validation/detail/value_parser.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

// {"global": {...}, "session": {...}}: the form npu-memcfg --format ge prints.
[[nodiscard]] inline nlohmann::json ge_options_json(const GeOptions& options) {
  nlohmann::json json = nlohmann::json::object();
  json[std::string(keys::ge_global_scope)] = options.global;
  json[std::string(keys::ge_session_scope)] = options.session;
  return json;
}

// Throws ConfigError, as to_json does, for a config that holds a code no
// table has.
[[nodiscard]] inline nlohmann::json ge_options_json(const MemoryConfig& config) {
  if (!detail::holds_table_values(config)) throw ConfigError(detail::code_errors(config));
  return ge_options_json(ge_options(config));
}

// MindSpore's ascend_config, as npu-memcfg --format mindspore prints it:
// {"atomic_clean_policy": 1, "ge_options": {"global": {...}, "session":
// {...}}}, also a valid Python literal.
[[nodiscard]] inline nlohmann::json mindspore_ascend_config_json(const MemoryConfig& config) {
  if (!detail::holds_table_values(config)) throw ConfigError(detail::code_errors(config));
  const MindSporeAscendConfig form = mindspore_ascend_config(config);
  nlohmann::json json = nlohmann::json::object();
  for (const auto& [key, value] : form.top_level) {  // integers there
    json[key] = static_cast<int>(detail::parse_canonical_decimal(value).value);
  }
  json[std::string(keys::mindspore_ge_options)] = ge_options_json(GeOptions{form.ge_global, form.ge_session});
  return json;
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
