// npu-memory-config's job layer: the settings where a job writes them, in
// its shell scripts and its Python launchers. Opt-in, like the JSON layer: the core stays light.
#pragma once

#include "npu/memory_config.hpp"
#include "npu/memory_config/jobs/check.hpp"
#include "npu/memory_config/jobs/launch.hpp"
#include "npu/memory_config/jobs/launcher.hpp"
#include "npu/memory_config/shell/read.hpp"
