// "Did you mean": whether a text is a near miss of a name (a typo, a case
// slip, a few letters dropped from a long dotted key). Readers use it for
// keys and values; a launcher can use it for its own flags.
#pragma once

#include <cstddef>
#include <string_view>

#include "npu/memory_config/settings/detail/text.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

// Whether `given` is within 1 edit of `candidate` (shorter than 16
// characters), 2 (up to 23) or 3, but not equal; case counts for nothing.
// Names shorter than 3 or longer than 64 characters have no near misses.
[[nodiscard]] constexpr bool is_near_miss(std::string_view given, std::string_view candidate) noexcept {
  if (candidate.size() < 3 || given == candidate) return false;
  const std::size_t budget = candidate.size() < 16 ? 1 : candidate.size() < 24 ? 2 : 3;
  return detail::bounded_edit_distance(given, candidate, budget) <= budget;
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
