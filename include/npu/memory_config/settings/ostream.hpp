// Streams for the settings and MemoryConfig, opt-in: <ostream> is heavier to
// compile than the whole core, and most launchers never stream a config.
//   std::cout << config;  // {atomic_clean_policy: separate, static_memory_policy: dynamic, ...}
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string_view>

#include "npu/memory_config/settings/config.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

// One of the four settings by its value's name ("expand_static_shape"); an
// integer cast into the enumeration that is none of its values by that
// integer.
template <class Setting, class = decltype(detail::field_of<Setting>::value)>
std::ostream& operator<<(std::ostream& out, Setting value) {
  const std::string_view name = enum_name(value);
  return name.empty() ? out << static_cast<int>(value) : out << name;
}

// {atomic_clean_policy: separate, static_memory_policy: dynamic,
//  memory_optimization_policy: unset, variable_use_1g_huge_page: prefer_1g}
inline std::ostream& operator<<(std::ostream& out, const MemoryConfig& config) {
  out << '{';
  for (const detail::FieldInfo& field : detail::fields) {
    out << (field.field == detail::fields[0].field ? "" : ", ") << field.name << ": ";
    const std::optional<std::uint8_t> code = config.code(field.field);
    const detail::ValueInfo* value = code ? detail::value_of(field.field, *code) : nullptr;
    if (!code) {
      out << "unset";
    } else if (value == nullptr) {
      out << int{*code};  // an integer cast into the enumeration that is none of its values
    } else {
      out << value->name;
    }
  }
  return out << '}';
}

NPU_MEMORY_CONFIG_NAMESPACE_END
