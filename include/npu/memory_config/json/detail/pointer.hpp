// JSON Pointers (RFC 6901), so that a config nested in a bigger job file
// ("/memory_config", "/jobs/0/memory") is read where it stands.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

// The reference tokens of `pointer`, unescaped: "~1" is "/", then "~0" is
// "~" (so "~01" is "~1"). "" is the whole document: no tokens. nullopt for
// text that is no pointer: it does not start with "/", or a "~" is followed
// by neither 0 nor 1.
[[nodiscard]] inline std::optional<std::vector<std::string>> parse_json_pointer(std::string_view pointer) {
  std::vector<std::string> tokens;
  if (pointer.empty()) return tokens;
  if (pointer[0] != '/') return std::nullopt;
  for (std::size_t i = 0; i < pointer.size(); ++i) {
    if (pointer[i] == '/') {
      tokens.emplace_back();
    } else if (pointer[i] != '~') {
      tokens.back() += pointer[i];
    } else if (i + 1 < pointer.size() && (pointer[i + 1] == '0' || pointer[i + 1] == '1')) {
      tokens.back() += pointer[++i] == '1' ? '/' : '~';
    } else {
      return std::nullopt;
    }
  }
  return tokens;
}

// The pointer of the first `count` tokens, escaped again: "/jobs/0".
[[nodiscard]] inline std::string json_pointer_prefix(const std::vector<std::string>& tokens, std::size_t count) {
  std::string pointer;
  for (std::size_t i = 0; i < count && i < tokens.size(); ++i) {
    pointer += '/';
    for (const char c : tokens[i]) {
      if (c == '~') {
        pointer += "~0";
      } else if (c == '/') {
        pointer += "~1";
      } else {
        pointer += c;
      }
    }
  }
  return pointer;
}

// Whether `token` names the array element `index`: "0", or a number
// without a leading zero ("-", the element after the last, names nothing
// that could be read).
[[nodiscard]] constexpr bool names_array_index(std::string_view token, std::size_t index) noexcept {
  if (token.empty() || token.size() > 19 || (token.size() > 1 && token[0] == '0')) return false;
  std::size_t value = 0;
  for (const char c : token) {
    if (c < '0' || c > '9') return false;
    value = value * 10 + static_cast<std::size_t>(c - '0');
  }
  return value == index;
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
