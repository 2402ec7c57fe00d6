// The words and operators of a shell script, as bash splits them (POSIX
// token rules): quotes, backslashes, expansions kept whole, comments only
// at the start of a word, line continuations, here-documents skipped. A
// carriage return is an ordinary character, as bash reads it.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "npu/memory_config/provenance.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

// One piece of a word: text the shell takes as it is (unquoted or quoted,
// quotes removed), or an expansion known only when the script runs, kept
// as written ("$X", "${X:-1}", "$(pwd)", "`pwd`", "$((i+1))").
struct ShellWordPart {
  enum class Kind { literal, quoted, expansion };
  Kind kind = Kind::literal;
  std::string text;
};

struct ShellWord {
  std::vector<ShellWordPart> parts;
  SourcePosition position;  // of its first byte
  std::size_t begin = 0;    // its bytes in the script: [begin, end)
  std::size_t end = 0;

  // Whether the shell knows its value before running anything.
  [[nodiscard]] bool is_literal() const noexcept {
    for (const ShellWordPart& part : parts) {
      if (part.kind == ShellWordPart::Kind::expansion) return false;
    }
    return true;
  }
  // The value of a literal word; an expansion stands as written.
  [[nodiscard]] std::string text() const {
    std::string out;
    for (const ShellWordPart& part : parts) out += part.text;
    return out;
  }
  // A reserved word or an operator spelled as a word only counts unquoted.
  [[nodiscard]] bool is_plain(std::string_view word) const noexcept {
    return parts.size() == 1 && parts[0].kind == ShellWordPart::Kind::literal && parts[0].text == word;
  }
};

struct ShellToken {
  enum class Kind { word, op, newline, end };
  Kind kind = Kind::end;
  ShellWord word;  // kind word
  std::string op;  // kind op: ";", "&&", "|", "(", "<<", ">&", ...
  SourcePosition position;
  std::size_t begin = 0;
  bool glued = false;      // op: no blank before it (NAME=( opens an array)
  bool io_number = false;  // word: digits just before < or > (the "2" of "2>&1"), part of a redirection
};

struct ShellSyntaxError {
  SourcePosition position;
  std::string message;  // "unexpected end of file while looking for the matching '\"'"
};

class ShellLexer {
 public:
  explicit ShellLexer(std::string_view text) : text_(text) {
    line_starts_.push_back(0);
    for (std::size_t i = 0; i < text_.size(); ++i) {
      if (text_[i] == '\n') line_starts_.push_back(i + 1);
    }
  }

  [[nodiscard]] SourcePosition position_of(std::size_t offset) const noexcept {
    std::size_t low = 0;
    std::size_t high = line_starts_.size();
    while (high - low > 1) {
      const std::size_t middle = (low + high) / 2;
      (line_starts_[middle] <= offset ? low : high) = middle;
    }
    return {low + 1, offset - line_starts_[low] + 1};
  }

  [[nodiscard]] const std::optional<ShellSyntaxError>& error() const noexcept { return error_; }

  // The next token; after an error, the end.
  ShellToken next() {
    ShellToken token;
    skip_blanks_and_comment();
    token.begin = at_;
    token.position = position_of(at_);
    token.glued = at_ > 0 && at_ < text_.size() && !is_blank(text_[at_ - 1]) && text_[at_ - 1] != '\n';
    if (at_ >= text_.size()) {  // an error ends the text too
      token.position = end_position();
      // A last line without a newline ends as if it had one.
      if (!error_ && !text_.empty() && text_.back() != '\n' && !final_newline_read_) {
        final_newline_read_ = true;
        token.kind = ShellToken::Kind::newline;
        token.position = position_of(text_.size());
      }
      return token;
    }
    const char c = text_[at_];
    if (c == '\n') {
      ++at_;
      skip_here_documents();
      token.kind = ShellToken::Kind::newline;
      return token;
    }
    if (is_operator_start(c) && !starts_process_substitution()) {
      token.kind = ShellToken::Kind::op;
      token.op = read_operator();
      if (token.op == "<<" || token.op == "<<-") pending_here_.push_back({"", token.op == "<<-", true});
      return token;
    }
    token.kind = ShellToken::Kind::word;
    token.word = read_word();
    const std::string digits = token.word.text();
    token.io_number = !digits.empty() && token.word.is_literal() && at_ < text_.size() &&
                      (text_[at_] == '<' || text_[at_] == '>') &&
                      digits.find_first_not_of("0123456789") == std::string::npos;
    if (!pending_here_.empty() && pending_here_.back().awaiting_delimiter) {
      pending_here_.back().delimiter = token.word.text();
      pending_here_.back().awaiting_delimiter = false;
    }
    return token;
  }

  // After "((" or "[[" opened a command the shell reads as one piece:
  // skips to just after its "))" or "]]".
  void skip_arithmetic() { skip_balanced('(', ')', "))"); }
  // The words of a [[ … ]] that opens at `open` up to its "]]" (operators
  // read as words there); without one, the error is where it opens, as
  // bash reports it.
  std::vector<ShellWord> conditional_words(std::size_t open) {
    std::vector<ShellWord> words;
    while (true) {
      ShellToken token = next();
      if (token.kind == ShellToken::Kind::end) {
        fail(open, "unexpected end of file while looking for the matching ']]'");
        break;
      }
      if (token.kind == ShellToken::Kind::word && token.word.is_plain("]]")) break;
      if (token.kind == ShellToken::Kind::op) {
        token.word.parts.push_back({ShellWordPart::Kind::literal, token.op});
        token.word.position = token.position;
      }
      if (token.kind != ShellToken::Kind::newline) words.push_back(std::move(token.word));
    }
    return words;
  }
  // Whether the next byte is `c`, with nothing between ("((" of a command).
  [[nodiscard]] bool next_byte_is(char c) const noexcept { return next_byte_at(at_) == c; }

  // Where the text ends, as bash counts it: a last line without a newline
  // still ends, so the end is on the line after it.
  [[nodiscard]] SourcePosition end_position() const noexcept {
    const SourcePosition end = position_of(text_.size());
    if (text_.empty() || text_.back() == '\n') return end;
    return {end.line + 1, 1};
  }

 private:
  struct HereDocument {
    std::string delimiter;
    bool strip_tabs = false;
    bool awaiting_delimiter = false;
  };

  [[nodiscard]] char next_byte_at(std::size_t offset) const noexcept {
    return offset < text_.size() ? text_[offset] : '\0';
  }
  static constexpr bool is_blank(char c) noexcept { return c == ' ' || c == '\t'; }
  static constexpr bool is_operator_start(char c) noexcept {
    return c == ';' || c == '&' || c == '|' || c == '(' || c == ')' || c == '<' || c == '>';
  }
  static constexpr bool is_name_char(char c) noexcept {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
  }

  // The first error ends the text, and is the one reported ("$(abc: the
  // command substitution's, not the quote's around it).
  void fail(std::size_t offset, std::string message) {
    const SourcePosition position = offset == text_.size() ? end_position() : position_of(offset);
    if (!error_) error_ = ShellSyntaxError{position, std::move(message)};
    at_ = text_.size();
  }

  [[nodiscard]] bool starts_process_substitution() const noexcept {
    return (text_[at_] == '<' || text_[at_] == '>') && next_byte_at(at_ + 1) == '(';
  }

  // A backslash before a newline joins the lines, outside single quotes.
  bool skip_continuation() {
    if (at_ + 1 < text_.size() && text_[at_] == '\\' && text_[at_ + 1] == '\n') {
      at_ += 2;
      return true;
    }
    return false;
  }

  void skip_blanks_and_comment() {
    while (at_ < text_.size()) {
      if (is_blank(text_[at_])) {
        ++at_;
      } else if (!skip_continuation()) {
        break;
      }
    }
    if (at_ < text_.size() && text_[at_] == '#') {
      while (at_ < text_.size() && text_[at_] != '\n') ++at_;
    }
  }

  std::string read_operator() {
    static constexpr std::string_view operators[] = {";;&", "<<<", "<<-", "&>>", "&&", "||", ";;", ";&",
                                                     "|&",  "&>",  "<<",  ">>",  "<&", ">&", "<>", ">|",
                                                     ";",   "&",   "|",   "(",   ")",  "<",  ">"};
    for (const std::string_view op : operators) {
      if (text_.substr(at_, op.size()) == op) {
        at_ += op.size();
        return std::string(op);
      }
    }
    ++at_;  // not reached: every operator start is listed
    return {};
  }

  // The lines of each here-document opened on the line just ended.
  void skip_here_documents() {
    for (const HereDocument& here : pending_here_) {
      while (at_ < text_.size()) {
        std::size_t line_end = text_.find('\n', at_);
        if (line_end == std::string_view::npos) line_end = text_.size();
        std::string_view line = text_.substr(at_, line_end - at_);
        if (here.strip_tabs) {
          while (!line.empty() && line.front() == '\t') line.remove_prefix(1);
        }
        at_ = line_end < text_.size() ? line_end + 1 : line_end;
        if (line == here.delimiter) break;
      }
    }
    pending_here_.clear();
  }

  ShellWord read_word() {
    ShellWord word;
    word.begin = at_;
    word.position = position_of(at_);
    const auto add = [&word](ShellWordPart::Kind kind, std::string_view text) {
      if (!word.parts.empty() && word.parts.back().kind == kind && kind != ShellWordPart::Kind::expansion) {
        word.parts.back().text += text;
      } else {
        word.parts.push_back({kind, std::string(text)});
      }
    };
    while (at_ < text_.size()) {  // an error ends the text
      if (skip_continuation()) continue;
      const char c = text_[at_];
      if (is_blank(c) || c == '\n' || (is_operator_start(c) && !starts_process_substitution())) break;
      const std::size_t start = at_;
      if (c == '\'') {
        const std::size_t close = text_.find('\'', at_ + 1);
        if (close == std::string_view::npos)
          return fail(start, "unexpected end of file while looking for the matching \"'\""), word;
        add(ShellWordPart::Kind::quoted, text_.substr(at_ + 1, close - at_ - 1));
        at_ = close + 1;
      } else if (c == '"') {
        read_double_quoted(add);
      } else if (c == '\\') {
        if (at_ + 1 < text_.size()) add(ShellWordPart::Kind::quoted, text_.substr(at_ + 1, 1));
        at_ += 2;
      } else if (c == '$' && next_byte_at(at_ + 1) == '\'') {
        read_ansi_c_quoted(add);
      } else if (c == '$' && next_byte_at(at_ + 1) == '"') {
        ++at_;                                                    // a translatable string reads as a double-quoted one
      } else if (c == '$' || c == '`' || c == '<' || c == '>') {  // "<" or ">" here: a process substitution
        const std::size_t end = expansion_end(at_);
        // A "$" before no name ("$:", a "$" last) is itself, as bash reads it.
        const bool lone_dollar = c == '$' && end == at_ + 1;
        add(lone_dollar ? ShellWordPart::Kind::literal : ShellWordPart::Kind::expansion, text_.substr(at_, end - at_));
        at_ = end;
      } else {
        add(ShellWordPart::Kind::literal, text_.substr(at_, 1));
        ++at_;
      }
    }
    word.end = at_;
    return word;
  }

  template <typename Add>
  void read_double_quoted(const Add& add) {
    const std::size_t open = at_++;
    while (true) {
      if (at_ >= text_.size()) return fail(open, "unexpected end of file while looking for the matching '\"'");
      if (skip_continuation()) continue;
      const char c = text_[at_];
      if (c == '"') {
        ++at_;
        add(ShellWordPart::Kind::quoted, "");  // "" is a word, even empty
        return;
      }
      const char n = next_byte_at(at_ + 1);
      if (c == '\\' && std::string_view("$`\"\\").find(n) != std::string_view::npos) {
        add(ShellWordPart::Kind::quoted, text_.substr(at_ + 1, 1));
        at_ += 2;
      } else if ((c == '$' && (n == '{' || n == '(' || is_name_char(n) ||
                               std::string_view("@*#?$!-").find(n) != std::string_view::npos)) ||
                 c == '`') {
        const std::size_t end = expansion_end(at_);
        add(ShellWordPart::Kind::expansion, text_.substr(at_, end - at_));
        at_ = end;
      } else {
        add(ShellWordPart::Kind::quoted, text_.substr(at_, 1));
        ++at_;
      }
    }
  }

  template <typename Add>
  void read_ansi_c_quoted(const Add& add) {
    const std::size_t open = at_;
    at_ += 2;
    std::string value;
    while (true) {
      if (at_ >= text_.size()) return fail(open, "unexpected end of file while looking for the matching \"'\"");
      const char c = text_[at_];
      if (c == '\'') break;
      if (c == '\\') {  // last in the text: the loop then finds the quote left open
        const char e = next_byte_at(at_ + 1);
        const std::string_view from = "ntr\\'\"ae";
        const std::string_view to = "\n\t\r\\'\"\a\x1b";
        const std::size_t k = from.find(e);
        value += k != std::string_view::npos ? to[k] : e;
        at_ += 2;
      } else {
        value += c;
        ++at_;
      }
    }
    ++at_;
    add(ShellWordPart::Kind::quoted, value);
  }

  // The end of the expansion that starts at `start` ("$", "`", "<(", ">(").
  std::size_t expansion_end(std::size_t start) {
    const char c = text_[start];
    if (c == '`') {
      for (std::size_t i = start + 1; i < text_.size(); ++i) {
        if (text_[i] == '\\') {
          ++i;
        } else if (text_[i] == '`') {
          return i + 1;
        }
      }
      fail(start, "unexpected end of file while looking for the matching '`'");
      return text_.size();
    }
    // Where bash reports one left open: a command's ("$(", "<(", ">(") at
    // the end of the file, the others (an arithmetic "$((" or "<((" too)
    // where they open.
    if (start + 1 >= text_.size()) return start + 1;  // a lone "$" is itself
    const char n = text_[start + 1];
    if (n == '{') return balanced_end(start + 1, '{', '}', start);
    if (n == '(') return balanced_end(start + 1, '(', ')', next_byte_at(start + 2) == '(' ? start : text_.size());
    if (n == '[') return balanced_end(start + 1, '[', ']', start);  // $[…], the old arithmetic
    if (is_name_char(n) && !(n >= '0' && n <= '9')) {
      std::size_t i = start + 1;
      while (i < text_.size() && is_name_char(text_[i])) ++i;
      return i;
    }
    if ((n >= '0' && n <= '9') || std::string_view("@*#?$!-").find(n) != std::string_view::npos) return start + 2;
    return start + 1;
  }

  // Just after the `close` that matches the `open` at `at`, quotes and
  // nested expansions skipped.
  std::size_t balanced_end(std::size_t at, char open, char close, std::size_t reported) {
    std::size_t depth = 0;
    for (std::size_t i = at; i < text_.size(); ++i) {
      const char c = text_[i];
      if (c == '\\') {
        ++i;
      } else if (c == '\'') {
        const std::size_t end = text_.find('\'', i + 1);
        if (end == std::string_view::npos) {
          fail(i, "unexpected end of file while looking for the matching \"'\"");
          return text_.size();
        }
        i = end;
      } else if (c == '"') {
        std::size_t j = i + 1;
        while (j < text_.size() && text_[j] != '"') j += text_[j] == '\\' ? std::size_t{2} : std::size_t{1};
        if (j >= text_.size()) {
          fail(i, "unexpected end of file while looking for the matching '\"'");
          return text_.size();
        }
        i = j;
      } else if (c == open) {
        ++depth;
      } else if (c == close && --depth == 0) {
        return i + 1;
      }
    }
    fail(reported, std::string("unexpected end of file while looking for the matching '") + close + "'");
    return text_.size();
  }

  void skip_balanced(char open, char close, std::string_view what) {
    const std::size_t start = at_ - 1;  // the "(" already read
    std::size_t depth = 1;
    for (; at_ < text_.size(); ++at_) {
      if (text_[at_] == open) ++depth;
      if (text_[at_] == close && --depth == 0) {
        ++at_;
        return;
      }
    }
    fail(start, "unexpected end of file while looking for the matching '" + std::string(what) + "'");
  }

  std::string_view text_;
  std::size_t at_ = 0;
  std::vector<std::size_t> line_starts_;
  std::vector<HereDocument> pending_here_;
  std::optional<ShellSyntaxError> error_;
  bool final_newline_read_ = false;
};

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
