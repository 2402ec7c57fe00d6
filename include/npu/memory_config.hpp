// npu-memory-config: the core. Standard library only, cheap to include.
//
//   version.hpp                       the version and the versioned namespace
//   enums.hpp, keys.hpp, fields.hpp   the enumerations, runtime keys, and the
//                                     one table every name and value comes from
//   config.hpp                        npu::MemoryConfig
//   diagnostic.hpp, value_parser.hpp  diagnostics; reading one value (spec 2)
//   near_miss.hpp, message_text.hpp   "did you mean"; values shown in messages
//   provenance.hpp                    where each value came from (spec 3)
//   products.hpp, cann_release.hpp    products, SoC versions, CANN releases (spec 4)
//   targets.hpp                       how TF1, GE, TF2, MindSpore and torchair
//                                     carry each field (spec 5, 9)
//   effective.hpp                     what the engine runs: the environment
//                                     variable, a target's own values (spec 4, 9)
//   validation_context.hpp            where a config runs (spec 4)
//   context.hpp                       validation in context (spec 3, 4)
//   option_maps.hpp, tf1_text.hpp,    what the runtime consumes (spec 5, 9)
//   canonical_json.hpp                 and the canonical JSON text
//   map_readers.hpp                   reading option maps back (spec 6)
//
// JSON lives behind <npu/memory_config_json.hpp>.
#pragma once

#include "npu/memory_config/cann_release.hpp"
#include "npu/memory_config/canonical_json.hpp"
#include "npu/memory_config/config.hpp"
#include "npu/memory_config/context.hpp"
#include "npu/memory_config/diagnostic.hpp"
#include "npu/memory_config/effective.hpp"
#include "npu/memory_config/enums.hpp"
#include "npu/memory_config/fields.hpp"
#include "npu/memory_config/keys.hpp"
#include "npu/memory_config/map_readers.hpp"
#include "npu/memory_config/message_text.hpp"
#include "npu/memory_config/near_miss.hpp"
#include "npu/memory_config/option_maps.hpp"
#include "npu/memory_config/products.hpp"
#include "npu/memory_config/provenance.hpp"
#include "npu/memory_config/targets.hpp"
#include "npu/memory_config/tf1_text.hpp"
#include "npu/memory_config/validation_context.hpp"
#include "npu/memory_config/value_parser.hpp"
#include "npu/memory_config/version.hpp"
