// npu-memory-config: the core, standard library only. In layers: enums and
// keys; the reflection layer over the tables (enum_name, enum_cast,
// enum_values, describe); npu::MemoryConfig; provenance and diagnostics;
// CANN releases; effective (what the engine runs) and validate;
// option_maps (the maps a runtime consumes) and map_readers (reading them
// back). The tables everything derives from are under detail/. Opt-in:
// tf1_parameter_map.hpp (TF1's parameter_map as values), ostream.hpp
// (operator<<). JSON, and write_text/read_text for every form, live behind
// <npu/memory_config_json.hpp>.
#pragma once

#include "npu/memory_config/cann_release.hpp"
#include "npu/memory_config/config.hpp"
#include "npu/memory_config/diagnostic.hpp"
#include "npu/memory_config/effective.hpp"
#include "npu/memory_config/enums.hpp"
#include "npu/memory_config/field_text.hpp"
#include "npu/memory_config/fields.hpp"
#include "npu/memory_config/keys.hpp"
#include "npu/memory_config/map_readers.hpp"
#include "npu/memory_config/option_maps.hpp"
#include "npu/memory_config/provenance.hpp"
#include "npu/memory_config/reflection.hpp"
#include "npu/memory_config/text.hpp"
#include "npu/memory_config/validate.hpp"
#include "npu/memory_config/validation_context.hpp"
#include "npu/memory_config/version.hpp"
