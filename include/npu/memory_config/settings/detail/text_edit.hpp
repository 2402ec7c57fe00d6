// Edits of a text that keep every byte they do not name: what an update in
// place is made of, and the facts of the text it must follow (its line
// endings and indentation).
#pragma once

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

// The bytes [begin, end) replaced by `text`; begin == end inserts.
struct TextEdit {
  std::size_t begin = 0;
  std::size_t end = 0;
  std::string text;
};

// `text` with the edits made; they do not overlap, and edits inserting at
// one offset keep the order they are given in.
[[nodiscard]] inline std::string apply_edits(std::string_view text, std::vector<TextEdit> edits) {
  std::stable_sort(edits.begin(), edits.end(), [](const TextEdit& a, const TextEdit& b) { return a.begin < b.begin; });
  std::string out;
  std::size_t kept = 0;
  for (const TextEdit& edit : edits) {
    out.append(text.substr(kept, edit.begin - kept)).append(edit.text);
    kept = edit.end;
  }
  out.append(text.substr(kept));
  return out;
}

// The text's line ending: "\r\n" when its first line ends so, else "\n".
[[nodiscard]] constexpr std::string_view line_ending(std::string_view text) noexcept {
  const std::size_t newline = text.find('\n');
  return newline != std::string_view::npos && newline > 0 && text[newline - 1] == '\r' ? "\r\n" : "\n";
}

// The offset where the line holding `offset` starts.
[[nodiscard]] constexpr std::size_t line_start(std::string_view text, std::size_t offset) noexcept {
  const std::size_t newline = text.substr(0, offset).rfind('\n');
  return newline == std::string_view::npos ? 0 : newline + 1;
}

// The blanks that start the line holding `offset`.
[[nodiscard]] constexpr std::string_view line_indentation(std::string_view text, std::size_t offset) noexcept {
  const std::size_t start = line_start(text, offset);
  std::size_t end = start;
  while (end < text.size() && (text[end] == ' ' || text[end] == '\t')) ++end;
  return text.substr(start, end - start);
}

// The offset just past the end of the line holding `offset` (past its line
// ending; the text's size on its last line).
[[nodiscard]] constexpr std::size_t next_line_start(std::string_view text, std::size_t offset) noexcept {
  const std::size_t newline = text.find('\n', offset);
  return newline == std::string_view::npos ? text.size() : newline + 1;
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
