// npu-memory-config: the JSON layer (brings nlohmann_json along): json/convert
// (to_json/from_json by ADL, ConfigError, option maps as JSON), json/pointer
// (a config inside a bigger file), json/readers (config files, GE and TF2
// maps, MindSpore's ascend_config), json/text_forms (write_text and
// read_text: every form by a Form), json/update (update_text: a file of a
// form updated in place). Opt-in: json/schema.hpp, the JSON Schema
// of config files.
#pragma once

#include "npu/memory_config.hpp"
#include "npu/memory_config/json/convert.hpp"
#include "npu/memory_config/json/fix_text.hpp"
#include "npu/memory_config/json/host_value.hpp"
#include "npu/memory_config/json/readers.hpp"
#include "npu/memory_config/json/text_forms.hpp"
#include "npu/memory_config/json/update.hpp"
