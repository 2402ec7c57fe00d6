// Where the parts of a JSON text stand, in bytes: what an update in place
// needs to rewrite one value or add one member and leave every other byte
// as it was. Only for a text the JSON parser has accepted: it checks no
// syntax of its own.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

struct JsonSpanMember;

// A value: its bytes [begin, end), a container's brackets included.
struct JsonSpan {
  char kind = 0;  // '{' an object, '[' an array, '"' a string, else the first byte of a number or literal
  std::size_t begin = 0;
  std::size_t end = 0;
  std::vector<JsonSpanMember> members;  // a container's, as far as the layout goes down
};

struct JsonSpanMember {
  std::string key;  // unescaped; an array element's index: "0"
  std::size_t key_begin = 0;
  JsonSpan value;
};

class JsonLayoutScanner {
 public:
  explicit JsonLayoutScanner(std::string_view text) noexcept : text_(text) {}

  // The value at the start of the text (after blanks); its containers'
  // members down to `depth` levels, deeper containers only skipped.
  [[nodiscard]] JsonSpan scan(std::size_t depth) {
    at_ = 0;
    return value(depth);
  }

 private:
  void skip_blanks() noexcept {
    while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\t' || text_[at_] == '\n' || text_[at_] == '\r'))
      ++at_;
  }

  // Past one byte (a quote, a bracket, a colon), never past the end: a text
  // given by mistake is never read beyond it.
  void step() noexcept { at_ += at_ < text_.size() ? 1 : 0; }

  // Past the string that starts at at_.
  void skip_string() noexcept {
    step();
    while (at_ < text_.size() && text_[at_] != '"') {
      if (text_[at_] == '\\') step();
      step();
    }
    step();
  }

  // Past the value that starts at at_, without recursion: a deep document
  // costs no stack.
  void skip_value() noexcept {
    constexpr std::string_view delimiters = ",:]} \t\n\r";
    std::size_t open = 0;
    while (at_ < text_.size()) {
      const char c = text_[at_];
      if (c == '"') {
        skip_string();
      } else if (c == '{' || c == '[' || c == '}' || c == ']') {
        open = c == '{' || c == '[' ? open + 1 : open - 1;
        step();
      } else if (delimiters.find(c) != std::string_view::npos) {
        step();
      } else {
        while (at_ < text_.size() && delimiters.find(text_[at_]) == std::string_view::npos) step();
      }
      if (open == 0) break;
    }
  }

  JsonSpan value(std::size_t depth) {
    skip_blanks();
    JsonSpan span;
    span.begin = at_;
    span.kind = at_ < text_.size() ? text_[at_] : '\0';
    const bool object = span.kind == '{';
    if ((!object && span.kind != '[') || depth == 0) {
      skip_value();
      span.end = at_;
      return span;
    }
    const char close = object ? '}' : ']';
    step();
    for (skip_blanks(); at_ < text_.size() && text_[at_] != close; skip_blanks()) {
      if (text_[at_] == ',') {
        step();
        continue;
      }
      JsonSpanMember member;
      member.key_begin = at_;
      if (object) {
        skip_string();
        const nlohmann::json key = nlohmann::json::parse(text_.substr(member.key_begin, at_ - member.key_begin),
                                                         nullptr, /*allow_exceptions=*/false);
        if (key.is_string()) member.key = key.get<std::string>();
        skip_blanks();
        step();  // the ":"
      } else {
        member.key = std::to_string(span.members.size());
      }
      member.value = value(depth - 1);
      span.members.push_back(std::move(member));
    }
    step();  // the closing bracket
    span.end = at_;
    return span;
  }

  std::string_view text_;
  std::size_t at_ = 0;
};

// The layout of `text` down to `depth` levels of objects.
[[nodiscard]] inline JsonSpan json_layout(std::string_view text, std::size_t depth) {
  return JsonLayoutScanner(text).scan(depth);
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
