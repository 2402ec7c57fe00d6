// Two versions of a text compared line by line: what --fix prints of the
// edits it makes, and --fix --diff's unified diff.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace npu::memcfg {

// Lines of the old text replaced by lines of the new one: none removed
// (an addition after line `old_line` - 1), none added (a removal).
struct LineChange {
  std::size_t old_line = 1;  // the first line replaced, counting from 1
  std::vector<std::string_view> removed;
  std::vector<std::string_view> added;
};

// The changes that make `after` of `before`, fewest lines first, in order.
[[nodiscard]] std::vector<LineChange> line_changes(std::string_view before, std::string_view after);

// The unified diff (`diff -u` with 3 lines of context) of `before` as
// `old_name` and `after` as `new_name`; empty when they are equal.
[[nodiscard]] std::string unified_diff(std::string_view before, std::string_view after, const std::string& old_name,
                                       const std::string& new_name);

}  // namespace npu::memcfg
