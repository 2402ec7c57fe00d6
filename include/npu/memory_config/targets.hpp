// The runtimes a config runs through, each named by its Form; how each
// carries each setting is the table in detail/target_table.hpp.
#pragma once

#include "npu/memory_config/detail/target_table.hpp"
#include "npu/memory_config/enums.hpp"
#include "npu/memory_config/reflection.hpp"
#include "npu/memory_config/version.hpp"
