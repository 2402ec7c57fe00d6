// TF1's NpuOptimizer parameter_map as values, for the TF1 adapter and the
// Python module's drop-in: opt-in, because building a map of variants is
// the dearest thing to compile in the library (a launcher of GE, TF2 or
// MindSpore never needs it). write_text(config, Form::tf1) gives the same
// map as protobuf text.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "npu/memory_config/forms/detail/tf1_parameters.hpp"
#include "npu/memory_config/forms/option_maps.hpp"
#include "npu/memory_config/settings/config.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

[[nodiscard]] inline Tf1ParameterMap tf1_parameter_map(const MemoryConfig& config) {
  return detail::tf1_parameters(config);
}

NPU_MEMORY_CONFIG_NAMESPACE_END
