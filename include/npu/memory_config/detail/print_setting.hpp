// How streams show a setting's value.
#pragma once

#include <ostream>
#include <string_view>

#include "npu/memory_config/fields.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

// The value's name ("expand_static_shape"), or the integer itself when a
// cast put one there that is none of the enumeration's values.
template <class E>
std::ostream& print_setting(std::ostream& out, E value) {
  const std::string_view name = enum_name(value);
  return name.empty() ? out << static_cast<int>(value) : out << name;
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
