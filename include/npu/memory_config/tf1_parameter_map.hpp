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

#include "npu/memory_config/config.hpp"
#include "npu/memory_config/detail/forms.hpp"
#include "npu/memory_config/option_maps.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

[[nodiscard]] inline Tf1ParameterMap tf1_parameter_map(const MemoryConfig& config) {
  Tf1ParameterMap parameters;
  detail::for_each_stated(detail::TargetRuntime::tf1, detail::GeScope::none, config,
                          [&parameters](const detail::FieldInfo& field, std::string_view key,
                                        const std::optional<detail::ValueInfo>& value) {
                            if (field.integer_valued && value) {
                              parameters.emplace(key, std::int64_t{value->code});
                            } else {  // TF1 states no field unset; were it to, as "" (the engine's unset)
                              parameters.emplace(key, std::string(value ? value->runtime_text : std::string_view()));
                            }
                          });
  return parameters;
}

NPU_MEMORY_CONFIG_NAMESPACE_END
