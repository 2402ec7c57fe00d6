// npu-memory-config: the JSON layer (brings nlohmann_json along). json/: a
// config as a JSON value (to_json/from_json by ADL, ConfigError; the values
// another language hands over, HostValue). texts/: every form's text
// through one door (write_text, read_text, update_text: a file of a form
// updated in place; readers of config files, at a JSON Pointer, and of
// host values). Opt-in: json/schema.hpp (the JSON Schema of config files)
// and texts/fix_text.hpp (a fix's edits made in a text: the fix machinery).
#pragma once

#include "npu/memory_config.hpp"
#include "npu/memory_config/json/convert.hpp"
#include "npu/memory_config/json/host_value.hpp"
#include "npu/memory_config/texts/readers.hpp"
#include "npu/memory_config/texts/text_forms.hpp"
