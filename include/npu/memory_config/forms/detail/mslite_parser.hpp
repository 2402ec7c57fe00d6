// MindSpore Lite's model config file read as its runtime parser reads it
// (mindspore-lite src/common/config_file.cc): each line trimmed; one of at
// most 2 characters, or starting with "#", skipped; "[name]" opens a section
// of the raw name between the brackets; "key=value" split at the first "=",
// both sides trimmed; every other line ignored. Of a section given twice,
// the first block holding a key=value line is kept, later ones dropped.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "npu/memory_config/keys.hpp"
#include "npu/memory_config/provenance.hpp"
#include "npu/memory_config/settings/detail/near_miss.hpp"
#include "npu/memory_config/settings/detail/text.hpp"
#include "npu/memory_config/validation/detail/key_table.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

// The sections Lite hands to the engine, and the level each feeds.
inline constexpr std::string_view lite_sections[][2] = {
    {keys::mslite_global_section, keys::ge_global_scope},
    {keys::mslite_session_section, keys::ge_session_scope},
    {keys::mslite_graph_section, keys::ge_graph_scope},
};
inline constexpr std::size_t no_lite_section = 3;

// The index of `name` in lite_sections; no_lite_section for none.
[[nodiscard]] constexpr std::size_t lite_section(std::string_view name) noexcept {
  std::size_t index = 0;
  while (index < no_lite_section && lite_sections[index][0] != name) ++index;
  return index;
}

[[nodiscard]] constexpr std::string_view lite_trimmed(std::string_view text) noexcept {
  constexpr std::string_view blanks = " \t\r\n\v\f";
  const std::size_t first = text.find_first_not_of(blanks);
  return first == std::string_view::npos ? std::string_view()
                                         : text.substr(first, text.find_last_not_of(blanks) - first + 1);
}

struct LiteLine {
  enum class Kind : std::uint8_t { none, header, entry, other };  // other: a line without "="
  Kind kind = Kind::none;
  std::string_view text;  // a header's name; an entry's key; else the trimmed line
  std::string_view value;
  SourcePosition position;  // of the text, in bytes from the line's start
};

// The lines of `text` that Lite's parser does not skip, as it reads them.
[[nodiscard]] inline std::vector<LiteLine> lite_lines(std::string_view text) {
  std::vector<LiteLine> lines;
  for (std::size_t number = 1; !text.empty(); ++number) {
    const std::size_t end = text.find('\n');
    const std::string_view raw = text.substr(0, end);
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    const std::string_view line = lite_trimmed(raw);
    if (line.size() <= 2 || line[0] == '#') continue;
    const SourcePosition position{number, static_cast<std::size_t>(line.data() - raw.data()) + 1};
    const std::size_t equals = line.find('=');
    if (line.front() == '[' && line.back() == ']') {
      lines.push_back({LiteLine::Kind::header, line.substr(1, line.size() - 2), {}, position});
    } else if (equals != std::string_view::npos) {
      lines.push_back({LiteLine::Kind::entry, lite_trimmed(line.substr(0, equals)),
                       lite_trimmed(line.substr(equals + 1)), position});
    } else {
      lines.push_back({LiteLine::Kind::other, line, {}, position});
    }
  }
  return lines;
}

// The memory key `key` is, or is a near miss of; empty for none.
[[nodiscard]] constexpr std::string_view lite_memory_key(const KeyTable& keys, std::string_view key) noexcept {
  if (const KeyBinding* binding = keys.find(key)) return binding->key;
  if (const KeyBinding* near = keys.near_miss(key)) return near->key;
  return {};
}

// The section a misnamed one was meant to be: a near miss of one of the
// three, or one of them with blanks inside the brackets; empty for none.
[[nodiscard]] constexpr std::string_view lite_meant_section(std::string_view name) noexcept {
  for (const auto& section : lite_sections) {
    if (lite_trimmed(name) == section[0] || is_near_miss(name, section[0])) return section[0];
  }
  return {};
}

[[nodiscard]] inline std::string lite_header(std::string_view name) { return "[" + std::string(name) + "]"; }

// "[ge_global_options], [ge_session_options] and [ge_graph_options]": the
// sections Lite reads memory options from.
[[nodiscard]] inline std::string lite_section_list() {
  std::vector<std::string> headers;
  for (const auto& section : lite_sections) headers.push_back(lite_header(section[0]));
  return joined(headers, " and ");
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
