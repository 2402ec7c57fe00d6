// The variables bash's builtins set other than by NAME=VALUE: read,
// printf -v, let, mapfile and readarray, and an array's element
// (NAME[i]=VALUE). Each value is known only when the job runs (read's
// input, an arithmetic result), and bash exports no array.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

struct SetByBuiltin {
  std::size_t word = 0;  // the word that names it
  std::string name;
  bool array = false;  // made an array: bash exports none
};

[[nodiscard]] inline bool is_shell_name(std::string_view text) noexcept {
  if (text.empty() || (text[0] >= '0' && text[0] <= '9')) return false;
  for (const char c : text) {
    if (c != '_' && !(c >= 'a' && c <= 'z') && !(c >= 'A' && c <= 'Z') && !(c >= '0' && c <= '9')) return false;
  }
  return true;
}

// NAME of "NAME[i]=VALUE" or "NAME[i]+=VALUE"; nullopt for any other word.
[[nodiscard]] inline std::optional<std::string> array_element_name(std::string_view word) {
  const std::size_t open = word.find('[');
  const std::size_t close = word.find("]=") != std::string_view::npos ? word.find("]=") : word.find("]+=");
  if (open == std::string_view::npos || close == std::string_view::npos || close < open ||
      !is_shell_name(word.substr(0, open))) {
    return std::nullopt;
  }
  return std::string(word.substr(0, open));
}

// What `words[at]`, a builtin, sets from the words after it (each word's
// text; "" where it holds an expansion). Options that take a value skip
// it; the last letter of a cluster ("-rp PROMPT") takes it.
[[nodiscard]] inline std::vector<SetByBuiltin> builtin_targets(const std::vector<std::string>& words, std::size_t at) {
  std::vector<SetByBuiltin> out;
  const std::string& program = words[at];
  std::size_t k = at + 1;
  const auto options = [&](std::string_view taking_value, char array_option) {
    while (k < words.size() && words[k].size() > 1 && words[k][0] == '-') {
      const std::string& option = words[k++];
      if (option == "--") break;
      const char last = option.back();
      if (taking_value.find(last) == std::string_view::npos || k >= words.size()) continue;
      if (last == array_option) out.push_back({k, words[k], true});
      if (program == "printf" && last == 'v') out.push_back({k, words[k], false});
      ++k;
    }
  };
  if (program == "read") {
    options("adinNptu", 'a');
    for (; k < words.size(); ++k) out.push_back({k, words[k], false});
  } else if (program == "printf") {
    for (; k < words.size() && words[k].rfind("-v", 0) == 0 && words[k].size() > 2; ++k) {
      out.push_back({k, words[k].substr(2), false});  // -vNAME
    }
    options("v", '\0');
  } else if (program == "mapfile" || program == "readarray") {
    options("dnOsuCc", '\0');
    out.push_back({k < words.size() ? k : at, k < words.size() ? words[k] : "MAPFILE", true});
  } else if (program == "let") {
    // NAME=EXPR, NAME+=EXPR, …: not NAME==EXPR, a comparison.
    for (; k < words.size(); ++k) {
      const std::string& word = words[k];
      std::size_t end = 0;
      while (end < word.size() && is_shell_name(word.substr(0, end + 1))) ++end;
      std::size_t equals = end;
      while (equals < word.size() && std::string_view("+-*/%<>&^|").find(word[equals]) != std::string_view::npos) {
        ++equals;
      }
      const bool assigns = equals < word.size() && word[equals] == '=' &&
                           (equals + 1 == word.size() || word[equals + 1] != '=') &&
                           word.substr(end, equals - end) != "<" && word.substr(end, equals - end) != ">";
      if (end > 0 && assigns) out.push_back({k, word.substr(0, end), false});
    }
  }
  std::vector<SetByBuiltin> named;
  for (SetByBuiltin& target : out) {
    if (const std::optional<std::string> element = array_element_name(target.name + "=")) {
      target.name = *element;  // read 'NAME[0]'
      target.array = true;
    }
    if (is_shell_name(target.name)) named.push_back(std::move(target));
  }
  return named;
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
