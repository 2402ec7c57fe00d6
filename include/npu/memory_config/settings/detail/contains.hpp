// Whether a range holds an element equal to a value, or one a predicate
// takes: a loop, so that the core does not include <algorithm> for two
// lookups (its parse costs about a tenth of the core's).
#pragma once

#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

template <class Range, class Value>
[[nodiscard]] bool contains(const Range& range, const Value& value) {
  for (const auto& element : range) {
    if (element == value) return true;
  }
  return false;
}

template <class Range, class Predicate>
[[nodiscard]] bool contains_if(const Range& range, Predicate predicate) {
  for (const auto& element : range) {
    if (predicate(element)) return true;
  }
  return false;
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
