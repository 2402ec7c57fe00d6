// npu-memory-config: the core, standard library only. In layers: enums and
// keys, fields (names and values) and config (npu::MemoryConfig);
// provenance and diagnostics; products, CANN releases and targets; effective
// (what the engine runs) and validate; option_maps (the maps a runtime
// consumes) and map_readers (reading them back); form (npu::Form). The
// tables everything derives from are under detail/. Opt-in, so that a
// launcher that only builds, validates and passes on maps does not compile
// their parsers: tf1_text.hpp (the TF1 session config as protobuf text),
// mslite.hpp (MindSpore Lite's config file), ostream.hpp (operator<<). JSON,
// and write_text/read_text for every form, live behind
// <npu/memory_config_json.hpp>.
#pragma once

#include "npu/memory_config/cann_release.hpp"
#include "npu/memory_config/config.hpp"
#include "npu/memory_config/diagnostic.hpp"
#include "npu/memory_config/effective.hpp"
#include "npu/memory_config/enums.hpp"
#include "npu/memory_config/field_text.hpp"
#include "npu/memory_config/fields.hpp"
#include "npu/memory_config/form.hpp"
#include "npu/memory_config/keys.hpp"
#include "npu/memory_config/map_readers.hpp"
#include "npu/memory_config/option_maps.hpp"
#include "npu/memory_config/products.hpp"
#include "npu/memory_config/provenance.hpp"
#include "npu/memory_config/targets.hpp"
#include "npu/memory_config/validate.hpp"
#include "npu/memory_config/validation_context.hpp"
#include "npu/memory_config/version.hpp"
