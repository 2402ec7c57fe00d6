// npu-memory-config: the JSON layer (brings nlohmann_json along).
//
//   json/convert.hpp      to_json/from_json (ADL), ConfigError, option maps as JSON
//   json/pointer.hpp      JSON Pointers, to read a config inside a bigger file
//   json/readers.hpp      read_json_config, read_ge_options_json, read_tf2_options_json,
//                         read_mindspore_config_json
//   json/diagnostics.hpp  a diagnostic as JSON
//
// Opt-in, as heavy to compile as the rest of the layer: json/schema.hpp,
// json_schema(), the JSON Schema of config files.
#pragma once

#include "npu/memory_config.hpp"
#include "npu/memory_config/json/convert.hpp"
#include "npu/memory_config/json/diagnostics.hpp"
#include "npu/memory_config/json/pointer.hpp"
#include "npu/memory_config/json/readers.hpp"
