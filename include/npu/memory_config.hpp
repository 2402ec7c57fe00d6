// npu-memory-config: the core. Standard library only.
//
//   version.hpp, span.hpp             the version and namespace; a view of a table
//   enums.hpp, keys.hpp, fields.hpp   the enumerations, the runtime's keys, and the
//                                     one table every name and value comes from
//   config.hpp                        npu::MemoryConfig
//   message_text.hpp, near_miss.hpp   values shown in messages; "did you mean"
//   provenance.hpp, diagnostic.hpp    where a value came from; diagnostics
//   field_text.hpp                    a field set from text a person typed
//   products.hpp, cann_release.hpp    products, SoC versions, CANN releases
//   targets.hpp                       how TF1, GE, TF2, MindSpore and torchair
//                                     carry each field
//   effective.hpp                     what the engine runs
//   validation_context.hpp, validate.hpp  validation where the config runs
//   option_list.hpp, option_maps.hpp, what the runtime consumes
//   tf1_text.hpp
//   map_readers.hpp                   reading option maps back
//
// Opt-in: ostream.hpp, operator<< for the settings and MemoryConfig (<ostream>
// costs more to compile than all of the above). JSON lives behind
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
#include "npu/memory_config/message_text.hpp"
#include "npu/memory_config/near_miss.hpp"
#include "npu/memory_config/option_list.hpp"
#include "npu/memory_config/option_maps.hpp"
#include "npu/memory_config/products.hpp"
#include "npu/memory_config/provenance.hpp"
#include "npu/memory_config/span.hpp"
#include "npu/memory_config/targets.hpp"
#include "npu/memory_config/tf1_text.hpp"
#include "npu/memory_config/validate.hpp"
#include "npu/memory_config/validation_context.hpp"
#include "npu/memory_config/version.hpp"
