// Paths as a script names them before it runs: a folder may hold parts
// known only at run time ("./LOG$i"), which ".." climbs back out of.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

// A part of a path known only when the script runs.
inline constexpr std::string_view unknown_path_part = "\x01";

// `path` with "." and "a/.." taken out, as text: "a/./b/../c" is "a/c";
// leading ".." of a relative path stay; "" is ".".
[[nodiscard]] inline std::string normal_path(std::string_view path) {
  const bool absolute = !path.empty() && path.front() == '/';
  std::vector<std::string_view> parts;
  std::size_t at = 0;
  while (at <= path.size()) {
    std::size_t slash = path.find('/', at);
    if (slash == std::string_view::npos) slash = path.size();
    const std::string_view part = path.substr(at, slash - at);
    at = slash + 1;
    if (part.empty() || part == ".") continue;
    if (part == ".." && !parts.empty() && parts.back() != "..") {
      parts.pop_back();
    } else if (part != ".." || !absolute) {
      parts.push_back(part);
    }
  }
  std::string out = absolute ? "/" : "";
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) out += '/';
    out += parts[i];
  }
  return out.empty() ? "." : out;
}

// `path` from the folder `base`.
[[nodiscard]] inline std::string joined_path(std::string_view base, std::string_view path) {
  if (!path.empty() && path.front() == '/') return normal_path(path);
  return normal_path(std::string(base) + "/" + std::string(path));
}

[[nodiscard]] inline bool is_known_path(std::string_view path) {
  return path.find(unknown_path_part) == std::string_view::npos;
}

// The folder of `path`, as dirname prints it.
[[nodiscard]] inline std::string folder_of(std::string_view path) {
  while (path.size() > 1 && path.back() == '/') path.remove_suffix(1);
  const std::size_t slash = path.rfind('/');
  if (slash == std::string_view::npos) return ".";
  if (slash == 0) return "/";
  return std::string(path.substr(0, slash));
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
