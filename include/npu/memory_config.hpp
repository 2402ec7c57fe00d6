// npu-memory-config: the core, standard library only. Its floors, each a
// folder built on the ones before (a layer's detail/ holds what its headers
// are built from): the words (enums, keys, CANN releases, provenance);
// settings/ (the tables, MemoryConfig, reflection, diagnostics and their
// fixes, the context of a job, what the engine runs for static memory);
// validation/ (validate, a config as a runtime runs it, a setting from
// text); forms/ (the option maps a runtime consumes, and reading them
// back). Opt-in: forms/tf1_parameter_map.hpp (TF1's parameter_map as
// values), settings/ostream.hpp (operator<<), validation/text.hpp (the
// library's way of showing text, for messages of your own). JSON, and
// write_text/read_text for every form, live behind
// <npu/memory_config_json.hpp>; a job's scripts behind
// <npu/memory_config_jobs.hpp>.
#pragma once

#include "npu/memory_config/cann_release.hpp"
#include "npu/memory_config/enums.hpp"
#include "npu/memory_config/forms/option_maps.hpp"
#include "npu/memory_config/keys.hpp"
#include "npu/memory_config/provenance.hpp"
#include "npu/memory_config/settings/config.hpp"
#include "npu/memory_config/settings/diagnostic.hpp"
#include "npu/memory_config/settings/fields.hpp"
#include "npu/memory_config/settings/reflection.hpp"
#include "npu/memory_config/settings/validation_context.hpp"
#include "npu/memory_config/validation/effective.hpp"
#include "npu/memory_config/validation/validate.hpp"
#include "npu/memory_config/version.hpp"
