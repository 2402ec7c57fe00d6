// "Did you mean": whether a text is a near miss of a name (a typo, a case
// slip, a few letters dropped from a long dotted key). Readers use it for
// keys and values; a launcher can use it for its own flags.
#pragma once

#include <cstddef>
#include <string_view>

#include "npu/memory_config/detail/edit_distance.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

// Whether `given` is within a few edits of `candidate` but not equal to it:
// one edit for names shorter than 16 characters, two up to 23, three beyond
// ("ge.exec.staticMemPolicy" for "ge.exec.staticMemoryPolicy"); differences
// of case count as none. Names of fewer than 3 characters, and names longer
// than 64, have no near misses.
[[nodiscard]] constexpr bool is_near_miss(std::string_view given, std::string_view candidate) noexcept {
  if (candidate.size() < 3 || given == candidate) return false;
  const std::size_t budget = candidate.size() < 16 ? 1 : candidate.size() < 24 ? 2 : 3;
  return detail::bounded_edit_distance(given, candidate, budget) <= budget;
}

NPU_MEMORY_CONFIG_NAMESPACE_END
