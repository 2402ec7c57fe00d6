// npu-memory-config: the JSON layer (brings nlohmann_json along).
//
//   json/convert.hpp   to_json/from_json (ADL), ConfigError, option maps as JSON
//   json/document.hpp  one SAX pass that keeps duplicate keys visible
//   json/readers.hpp   read_json_config, read_ge_options_json, read_tf2_options_json
//   json/schema.hpp    json_schema()
//   json/diagnostics.hpp  diagnostic codes' names, a diagnostic as JSON
#pragma once

#include "npu/memory_config.hpp"
#include "npu/memory_config/json/convert.hpp"
#include "npu/memory_config/json/diagnostics.hpp"
#include "npu/memory_config/json/readers.hpp"
#include "npu/memory_config/json/schema.hpp"
