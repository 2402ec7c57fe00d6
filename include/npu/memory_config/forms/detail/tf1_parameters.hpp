// TF1's parameter_map as values: behind tf1_parameter_map.hpp and the TF1
// session config's text, apart from forms.hpp so that the core does not
// instantiate a map of variants it never uses.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "npu/memory_config/forms/detail/forms.hpp"
#include "npu/memory_config/settings/config.hpp"
#include "npu/memory_config/settings/detail/field_table.hpp"
#include "npu/memory_config/settings/detail/target_table.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

// TF1's parameter_map entries for `config`: an integer field's value as the
// integer, another as its runtime text (tf1_parameter_map's map).
[[nodiscard]] inline std::map<std::string, std::variant<std::int64_t, std::string>> tf1_parameters(
    const MemoryConfig& config) {
  std::map<std::string, std::variant<std::int64_t, std::string>> parameters;
  for_each_stated(TargetRuntime::tf1, GeScope::none, config,
                  [&parameters](const FieldInfo& field, std::string_view key, const ValueInfo* value) {
                    if (field.integer_valued && value) {
                      parameters.emplace(key, std::int64_t{value->code});
                    } else {  // TF1 states no field unset; were it to, as "" (the engine's unset)
                      parameters.emplace(key, std::string(value ? value->runtime_text : std::string_view()));
                    }
                  });
  return parameters;
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
