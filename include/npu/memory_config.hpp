// npu-memory-config: the core, standard library only. In layers: enums,
// keys, fields (the one table every name and value comes from) and config
// (npu::MemoryConfig); provenance and diagnostics; products, CANN releases
// and targets (how each framework carries each field); effective (what the
// engine runs) and validate; option_maps and tf1_text (what the runtime
// consumes), map_readers (reading them back), mslite (MindSpore Lite's
// config file, both ways). Opt-in: ostream.hpp (operator<<). JSON lives
// behind <npu/memory_config_json.hpp>.
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
#include "npu/memory_config/mslite.hpp"
#include "npu/memory_config/option_maps.hpp"
#include "npu/memory_config/products.hpp"
#include "npu/memory_config/provenance.hpp"
#include "npu/memory_config/targets.hpp"
#include "npu/memory_config/tf1_text.hpp"
#include "npu/memory_config/validate.hpp"
#include "npu/memory_config/validation_context.hpp"
#include "npu/memory_config/version.hpp"
