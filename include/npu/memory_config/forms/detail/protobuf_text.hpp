// Protobuf's text format, as far as a TensorFlow ConfigProto needs it: the
// fields of a text as a tree, each with its position, every value kept as
// given. Messages as `name { ... }`, `name: { ... }` or `name < ... >`;
// scalars as protobuf prints them (signed decimal integers, floats,
// identifiers such as OFF or true, strings in double or single quotes with
// protobuf's escapes, adjacent strings joined); `[a, b]` lists of scalars or
// messages; `,` or `;` after a field; `#` comments. No schema: the reader of
// a form decides what the fields mean.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "npu/memory_config/provenance.hpp"
#include "npu/memory_config/settings/detail/message_text.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

struct ProtoField {
  enum class Kind : std::uint8_t { message, string, number, identifier };
  std::string_view name;
  SourcePosition position;  // of the name
  Kind kind = Kind::message;
  std::string text;                // a string's decoded bytes; a number's or an identifier's text as written
  std::vector<ProtoField> fields;  // a message's fields, in order
};

struct ProtoText {
  ProtoField root;  // the whole text, a message
  bool ok = false;
  std::string error;  // when !ok: what was expected, and what was seen
  SourcePosition error_position;
};

// Messages nest at most this deep: a deeper text is refused, never a stack
// overflow.
inline constexpr std::size_t max_proto_depth = 64;

class ProtoTextParser {
 public:
  // `text` must outlive the tree: field names are views of it.
  explicit ProtoTextParser(std::string_view text) noexcept : text_(text) {}

  [[nodiscard]] ProtoText parse() && {
    ProtoText result;
    result.ok = parse_fields(result.root, '\0', 0);
    if (!result.ok) {
      result.error = std::move(error_);
      result.error_position = error_position_;
    }
    return result;
  }

 private:
  using Kind = ProtoField::Kind;

  [[nodiscard]] SourcePosition position() const noexcept { return {line_, at_ - line_start_ + 1}; }
  [[nodiscard]] bool at_end() const noexcept { return at_ >= text_.size(); }
  [[nodiscard]] char peek() const noexcept { return at_end() ? '\0' : text_[at_]; }

  void skip_blanks() noexcept {
    while (!at_end()) {
      const char c = text_[at_];
      if (c == '#') {
        while (!at_end() && text_[at_] != '\n') ++at_;
      } else if (c == '\n') {
        ++at_;
        ++line_;
        line_start_ = at_;
      } else if (c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f') {
        ++at_;
      } else {
        return;
      }
    }
  }

  [[nodiscard]] bool fail(const std::string& expected) {
    error_position_ = position();
    error_ = "expected " + expected + ", got " +
             (at_end() ? std::string("the end of the text") : quote(text_.substr(at_, 1)));
    return false;
  }

  [[nodiscard]] static constexpr bool identifier_char(char c) noexcept {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
  }

  // A run of identifier characters (and, inside one, dots: enum values and
  // floats such as 1.5 and -inf are read the same way).
  [[nodiscard]] std::string_view take_word() noexcept {
    const std::size_t start = at_;
    while (!at_end() && (identifier_char(text_[at_]) || (at_ > start && text_[at_] == '.'))) ++at_;
    return text_.substr(start, at_ - start);
  }

  // The fields of a message up to `close` ('\0': the end of the text).
  [[nodiscard]] bool parse_fields(ProtoField& message, char close, std::size_t depth) {
    if (depth > max_proto_depth) return fail("messages nested at most " + std::to_string(max_proto_depth) + " deep");
    for (;;) {
      skip_blanks();
      if (at_end()) return close == '\0' || fail(std::string("\"") + close + "\"");
      if (close != '\0' && text_[at_] == close) {
        ++at_;
        return true;
      }
      if (!parse_field(message, depth)) return false;
      skip_blanks();
      if (peek() == ',' || peek() == ';') ++at_;
    }
  }

  [[nodiscard]] bool parse_field(ProtoField& message, std::size_t depth) {
    ProtoField field;
    field.position = position();
    if (peek() == '[') {  // an extension or Any type name: [type.googleapis.com/x.Y]
      const std::size_t start = at_;
      while (!at_end() && text_[at_] != ']' && text_[at_] != '\n') ++at_;
      if (peek() != ']') return fail("\"]\" after an extension's name");
      ++at_;
      field.name = text_.substr(start, at_ - start);
    } else {
      if (peek() >= '0' && peek() <= '9') return fail("a field name");
      field.name = take_word();
      if (field.name.empty()) return fail("a field name");
    }
    skip_blanks();
    const bool colon = peek() == ':';
    if (colon) {
      ++at_;
      skip_blanks();
    }
    if (peek() == '[') {  // a list: each element is a field of this name
      ++at_;
      skip_blanks();
      if (peek() == ']') {
        ++at_;
        return true;
      }
      for (;;) {
        skip_blanks();
        ProtoField element;
        element.name = field.name;
        element.position = field.position;
        if (!parse_value(element, true, depth)) return false;
        message.fields.push_back(std::move(element));
        skip_blanks();
        if (peek() == ',') {
          ++at_;
          continue;
        }
        if (peek() == ']') {
          ++at_;
          return true;
        }
        return fail(R"("," or "]" in a list)");
      }
    }
    if (!parse_value(field, colon, depth)) return false;
    message.fields.push_back(std::move(field));
    return true;
  }

  // A message, or (after a ":") a scalar.
  [[nodiscard]] bool parse_value(ProtoField& field, bool scalar_allowed, std::size_t depth) {
    const char open = peek();
    if (open == '{' || open == '<') {
      ++at_;
      field.kind = Kind::message;
      return parse_fields(field, open == '{' ? '}' : '>', depth + 1);
    }
    if (!scalar_allowed) return fail("\":\" or a message after a field name");
    if (open == '"' || open == '\'') {
      field.kind = Kind::string;
      while (peek() == '"' || peek() == '\'') {  // adjacent strings are one
        if (!append_string(field.text)) return false;
        skip_blanks();
      }
      return true;
    }
    const std::size_t start = at_;
    if (open == '-' || open == '+') ++at_;
    std::string_view word = take_word();
    if (word.empty()) return fail("a value");
    // A float's exponent may carry a sign: 1e-05.
    while ((word.back() == 'e' || word.back() == 'E') && (word[0] >= '0' && word[0] <= '9') &&
           (peek() == '-' || peek() == '+')) {
      ++at_;
      const std::size_t more = at_;
      word = text_.substr(start, (more - start) + take_word().size());
      if (at_ == more) break;
    }
    field.text = std::string(text_.substr(start, at_ - start));
    field.kind = (word[0] >= '0' && word[0] <= '9') || word[0] == '.' ? Kind::number : Kind::identifier;
    return true;
  }

  // A quoted string with protobuf's escapes, appended to `out`.
  [[nodiscard]] bool append_string(std::string& out) {
    const char quote_char = text_[at_++];
    while (!at_end() && text_[at_] != quote_char) {
      if (text_[at_] == '\n') return fail("the string's closing quote before the end of its line");
      const char c = text_[at_++];
      if (c != '\\') {
        out += c;
        continue;
      }
      if (at_end()) break;
      const char e = text_[at_++];
      switch (e) {
        case 'n':
          out += '\n';
          break;
        case 't':
          out += '\t';
          break;
        case 'r':
          out += '\r';
          break;
        case 'a':
          out += '\a';
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'v':
          out += '\v';
          break;
        case '\\':
        case '\'':
        case '"':
        case '?':
          out += e;
          break;
        case 'x':
        case 'X': {
          unsigned value = 0;
          std::size_t digits = 0;
          for (; digits < 2 && !at_end(); ++digits, ++at_) {
            const char h = text_[at_];
            const int nibble = h >= '0' && h <= '9'   ? h - '0'
                               : h >= 'a' && h <= 'f' ? h - 'a' + 10
                               : h >= 'A' && h <= 'F' ? h - 'A' + 10
                                                      : -1;
            if (nibble < 0) break;
            value = value * 16 + static_cast<unsigned>(nibble);
          }
          if (digits == 0) return fail("a hexadecimal digit after \\x");
          out += static_cast<char>(value);
          break;
        }
        default:
          if (e >= '0' && e <= '7') {  // up to three octal digits
            auto value = static_cast<unsigned>(e - '0');
            for (std::size_t digits = 1; digits < 3 && peek() >= '0' && peek() <= '7'; ++digits, ++at_) {
              value = value * 8 + static_cast<unsigned>(peek() - '0');
            }
            out += static_cast<char>(value & 0xffU);
            break;
          }
          --at_;
          return fail(R"(an escape (\n, \t, \\, \', \", \xNN or octal \NNN))");
      }
    }
    if (at_end()) return fail(std::string("the string's closing ") + quote_char);
    ++at_;
    return true;
  }

  std::string_view text_;
  std::size_t at_ = 0;
  std::size_t line_ = 1;
  std::size_t line_start_ = 0;
  std::string error_;
  SourcePosition error_position_;
};

[[nodiscard]] inline ProtoText parse_proto_text(std::string_view text) { return ProtoTextParser(text).parse(); }

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
