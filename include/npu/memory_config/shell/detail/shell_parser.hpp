// The command structure of a shell script: lists, and-or lists, pipelines,
// simple commands and the compound commands (if, while, until, for, case,
// { }, ( ), functions), each command with its position. What bash runs is
// read line by line: a syntax error stops the script at the complete
// command that holds it, and the commands before it still run.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "npu/memory_config/provenance.hpp"
#include "npu/memory_config/settings/detail/assert.hpp"
#include "npu/memory_config/shell/detail/shell_lexer.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

struct ShellCommand;

// Commands run one after another; `background` ones ("… &") in a subshell.
struct ShellList {
  struct Item {
    std::vector<ShellCommand> and_or;  // a pipeline each: the first always, the rest after && or ||
    bool background = false;
  };
  std::vector<Item> items;
};

struct ShellCommand {
  enum class Kind {
    simple,       // words: the command and its arguments, each NAME=VALUE before them in assignments
    pipeline,     // body: its commands, each in a subshell
    brace_group,  // { body; }
    subshell,     // ( body )
    if_clause,    // branches: the condition and its body in turn, then else as its last body
    loop,         // while, until, for, select: branches[0] the condition (empty for for), body
    case_clause,  // branches: each arm's body
    function,     // name, body
    test,         // [[ … ]] (its words) or (( … )): sets nothing
  };
  Kind kind = Kind::simple;
  SourcePosition position;
  std::vector<ShellWord> assignments;
  std::vector<ShellWord> words;
  ShellList body;
  std::vector<ShellList> branches;
  std::string name;  // function
};

struct ShellScript {
  ShellList commands;  // the complete commands before a syntax error
  std::optional<ShellSyntaxError> error;
};

// Whether `word` is NAME=VALUE or NAME+=VALUE, as the shell reads an
// assignment: an unquoted name first.
[[nodiscard]] inline bool is_shell_assignment(const ShellWord& word) {
  if (word.parts.empty() || word.parts[0].kind != ShellWordPart::Kind::literal) return false;
  const std::string& text = word.parts[0].text;
  std::size_t i = 0;
  while (i < text.size() && (text[i] == '_' || (text[i] >= 'a' && text[i] <= 'z') ||
                             (text[i] >= 'A' && text[i] <= 'Z') || (i > 0 && text[i] >= '0' && text[i] <= '9')))
    ++i;
  if (i == 0 || i >= text.size()) return false;
  return text[i] == '=' || (text[i] == '+' && i + 1 < text.size() && text[i + 1] == '=');
}

// The NAME of a word that is_shell_assignment: before its "=" or "+="
// (a name of at least one character, so the byte before "=" is there).
[[nodiscard]] inline std::string assignment_name(const ShellWord& word) {
  NPU_MEMORY_CONFIG_ASSERT(is_shell_assignment(word), "assignment_name takes a NAME=VALUE or NAME+=VALUE word");
  const std::string& first = word.parts[0].text;
  const std::size_t equals = first.find('=');
  return first.substr(0, first[equals - 1] == '+' ? equals - 1 : equals);
}

class ShellParser {
 public:
  explicit ShellParser(std::string_view text) : lexer_(text) { advance(); }

  ShellScript parse() {
    ShellScript script;
    while (true) {
      skip_newlines();
      if (failed() || token_.kind == ShellToken::Kind::end) break;
      // One line's complete commands run only when the whole line parses.
      ShellList line = list({}, true);
      if (!failed() && token_.kind != ShellToken::Kind::newline && token_.kind != ShellToken::Kind::end) unexpected();
      if (failed()) break;
      for (ShellList::Item& item : line.items) script.commands.items.push_back(std::move(item));
    }
    script.error = error_ ? error_ : lexer_.error();
    return script;
  }

 private:
  [[nodiscard]] bool failed() const { return error_.has_value() || lexer_.error().has_value(); }
  void advance() { token_ = lexer_.next(); }
  void fail(SourcePosition position, std::string message) {
    if (!error_) error_ = ShellSyntaxError{position, std::move(message)};
  }
  void unexpected() {
    if (token_.kind == ShellToken::Kind::end) return fail(token_.position, "unexpected end of file");
    const std::string text = token_.kind == ShellToken::Kind::op     ? token_.op
                             : token_.kind == ShellToken::Kind::word ? token_.word.text()
                                                                     : "newline";
    fail(token_.position, "syntax error near unexpected token '" + text + "'");
  }
  [[nodiscard]] bool at_word(std::string_view word) const {
    return token_.kind == ShellToken::Kind::word && token_.word.is_plain(word);
  }
  [[nodiscard]] bool at_op(std::string_view op) const { return token_.kind == ShellToken::Kind::op && token_.op == op; }
  void skip_newlines() {
    while (!failed() && token_.kind == ShellToken::Kind::newline) advance();
  }
  void expect_word(std::string_view word) {
    if (failed()) return;
    if (!at_word(word)) return unexpected();
    advance();
  }

  // A list bash requires to hold a command (a condition, a body): an
  // empty one is the syntax error at the token that ends it.
  ShellList required_list(const std::vector<std::string_view>& ends) {
    ShellList result = list(ends);
    if (!failed() && result.items.empty()) unexpected();
    return result;
  }

  // Commands until one of `ends` (reserved words, or ")" / ";;"-like
  // operators) at a command's start; `one_line`: until a newline too.
  ShellList list(const std::vector<std::string_view>& ends, bool one_line = false) {
    ShellList result;
    while (!failed()) {
      if (!one_line) skip_newlines();
      if (token_.kind == ShellToken::Kind::end || token_.kind == ShellToken::Kind::newline) break;
      bool at_end = false;
      for (const std::string_view end : ends) at_end = at_end || at_word(end) || at_op(end);
      // A word that closes a compound command is reserved where a command
      // starts: where nothing expects it, it is the syntax error.
      for (const std::string_view closing : {"then", "elif", "else", "fi", "do", "done", "esac", "}"})
        at_end = at_end || at_word(closing);
      if (at_end) break;
      ShellList::Item item;
      item.and_or.push_back(pipeline());
      while (!failed() && (at_op("&&") || at_op("||"))) {
        advance();
        skip_newlines();
        item.and_or.push_back(pipeline());
      }
      if (at_op("&")) item.background = true;
      result.items.push_back(std::move(item));
      if (at_op(";") || at_op("&")) {
        advance();
      } else if (token_.kind != ShellToken::Kind::newline) {
        break;
      }
    }
    return result;
  }

  ShellCommand pipeline() {
    const SourcePosition position = token_.position;
    if (at_word("!") || at_word("time")) advance();
    ShellCommand first = command();
    if (!at_op("|") && !at_op("|&")) return first;
    ShellCommand pipe;
    pipe.kind = ShellCommand::Kind::pipeline;
    pipe.position = position;
    pipe.body.items.push_back({});
    pipe.body.items.back().and_or.push_back(std::move(first));
    while (!failed() && (at_op("|") || at_op("|&"))) {
      advance();
      skip_newlines();
      pipe.body.items.push_back({});
      pipe.body.items.back().and_or.push_back(command());
    }
    return pipe;
  }

  ShellCommand command() {
    ShellCommand result;
    result.position = token_.position;
    if (at_op("(")) {
      if (lexer_.next_byte_is('(')) {
        lexer_.skip_arithmetic();
        advance();
        result.kind = ShellCommand::Kind::test;
      } else {
        advance();
        result.kind = ShellCommand::Kind::subshell;
        result.body = required_list({")"});
        if (!at_op(")")) return unexpected(), result;
        advance();
      }
    } else if (at_word("{")) {
      advance();
      result.kind = ShellCommand::Kind::brace_group;
      result.body = required_list({"}"});
      expect_word("}");
    } else if (at_word("[[")) {
      result.words = lexer_.conditional_words(token_.begin);
      advance();
      result.kind = ShellCommand::Kind::test;
    } else if (at_word("if")) {
      if_clause(result);
    } else if (at_word("while") || at_word("until")) {
      advance();
      result.kind = ShellCommand::Kind::loop;
      result.branches.push_back(required_list({"do"}));
      do_group(result);
    } else if (at_word("for") || at_word("select")) {
      for_clause(result);
    } else if (at_word("case")) {
      case_clause(result);
    } else if (at_word("function")) {
      advance();
      if (token_.kind != ShellToken::Kind::word) return unexpected(), result;
      result.name = token_.word.text();
      advance();
      if (at_op("(")) {  // "function f ( … )": with the keyword, a subshell may follow the name
        const SourcePosition open = token_.position;
        advance();
        if (!at_op(")")) {
          ShellCommand body;
          body.kind = ShellCommand::Kind::subshell;
          body.position = open;
          body.body = required_list({")"});
          if (!at_op(")")) return unexpected(), result;
          advance();
          result.kind = ShellCommand::Kind::function;
          result.body.items.push_back({});
          result.body.items.back().and_or.push_back(std::move(body));
          return result;
        }
        advance();
      }
      function_body(result);
      return result;
    } else if (token_.kind == ShellToken::Kind::word || is_redirection()) {  // an io number is a word too
      simple(result);
      return result;
    } else {
      unexpected();
      return result;
    }
    redirections();
    return result;
  }

  void if_clause(ShellCommand& result) {
    result.kind = ShellCommand::Kind::if_clause;
    advance();
    result.branches.push_back(required_list({"then"}));
    expect_word("then");
    result.branches.push_back(required_list({"elif", "else", "fi"}));
    while (!failed() && at_word("elif")) {
      advance();
      result.branches.push_back(required_list({"then"}));
      expect_word("then");
      result.branches.push_back(required_list({"elif", "else", "fi"}));
    }
    if (!failed() && at_word("else")) {
      advance();
      result.branches.push_back(required_list({"fi"}));
    } else {
      result.branches.emplace_back();  // no else: nothing runs there
    }
    expect_word("fi");
  }

  void do_group(ShellCommand& result) {
    expect_word("do");
    result.body = required_list({"done"});
    expect_word("done");
  }

  void for_clause(ShellCommand& result) {
    result.kind = ShellCommand::Kind::loop;
    result.branches.emplace_back();
    advance();
    if (at_op("(") && lexer_.next_byte_is('(')) {
      lexer_.skip_arithmetic();
      advance();
    } else {
      if (token_.kind != ShellToken::Kind::word) return unexpected();
      advance();
      skip_newlines();
      if (at_word("in")) {
        advance();
        while (!failed() && token_.kind == ShellToken::Kind::word) advance();
      }
    }
    if (at_op(";")) advance();
    skip_newlines();
    if (at_word("{")) {  // bash also takes "for …; { …; }"
      advance();
      result.body = list({"}"});
      expect_word("}");
      return;
    }
    do_group(result);
  }

  void case_clause(ShellCommand& result) {
    result.kind = ShellCommand::Kind::case_clause;
    advance();
    if (token_.kind != ShellToken::Kind::word) return unexpected();
    advance();
    skip_newlines();
    expect_word("in");
    skip_newlines();
    while (!failed() && !at_word("esac")) {
      if (at_op("(")) advance();
      while (!failed() && token_.kind == ShellToken::Kind::word) {  // the patterns, "|" between
        advance();
        if (at_op("|")) advance();
      }
      if (!at_op(")")) return unexpected();
      advance();
      result.branches.push_back(list({";;", ";&", ";;&", "esac"}));
      if (at_op(";;") || at_op(";&") || at_op(";;&")) advance();
      skip_newlines();
      if (token_.kind == ShellToken::Kind::end) return unexpected();
    }
    expect_word("esac");
  }

  void function_body(ShellCommand& result) {
    result.kind = ShellCommand::Kind::function;
    skip_newlines();
    // A function's body is a compound command.
    bool compound = at_op("(");
    for (const std::string_view opening : {"{", "if", "while", "until", "for", "select", "case", "[["})
      compound = compound || at_word(opening);
    if (!compound) return unexpected();
    ShellCommand body = command();
    result.body.items.push_back({});
    result.body.items.back().and_or.push_back(std::move(body));
  }

  [[nodiscard]] bool is_redirection() const {
    if (token_.kind != ShellToken::Kind::op) return false;
    const std::string& op = token_.op;
    return op == "<" || op == ">" || op == ">>" || op == "<<" || op == "<<-" || op == "<<<" || op == "<&" ||
           op == ">&" || op == "<>" || op == ">|" || op == "&>" || op == "&>>";
  }

  // Redirections after a command: each operator and its word.
  void redirections() {
    while (!failed() && (is_redirection() || token_.io_number)) {
      if (token_.io_number) advance();
      advance();
      if (token_.kind != ShellToken::Kind::word) return unexpected();
      advance();
    }
  }

  // NAME=(a b c), an array: its words up to the ")", newlines between
  // them; a value known only when the script runs, as far as a launch's
  // environment goes (an array is never exported).
  void array_value(ShellWord& word) {
    const SourcePosition open = token_.position;
    advance();
    while (!failed() && (token_.kind == ShellToken::Kind::word || token_.kind == ShellToken::Kind::newline)) advance();
    if (token_.kind == ShellToken::Kind::end) {
      return fail(open, "unexpected end of file while looking for the matching ')'");  // where it opens, as bash says
    }
    if (!at_op(")")) return unexpected();
    word.parts.push_back({ShellWordPart::Kind::expansion, "(…)"});
    word.end = token_.begin + 1;
    advance();
  }

  void simple(ShellCommand& result) {
    result.kind = ShellCommand::Kind::simple;
    while (!failed()) {
      if (is_redirection() || token_.io_number) {
        redirections();
      } else if (token_.kind == ShellToken::Kind::word) {
        ShellWord word = std::move(token_.word);
        advance();
        // NAME=(…), also as declare's and local's argument.
        if (is_shell_assignment(word) && at_op("(") && token_.glued && word.text().back() == '=') array_value(word);
        if (result.words.empty() && is_shell_assignment(word)) {
          result.assignments.push_back(std::move(word));
        } else if (result.words.empty() && result.assignments.empty() && at_op("(")) {
          result.name = word.text();  // name() { …; }
          advance();
          if (!at_op(")")) return unexpected();
          advance();
          function_body(result);
          return;
        } else {
          result.words.push_back(std::move(word));
        }
      } else {
        break;
      }
    }
  }

  ShellLexer lexer_;
  ShellToken token_;
  std::optional<ShellSyntaxError> error_;
};

[[nodiscard]] inline ShellScript parse_shell_script(std::string_view text) { return ShellParser(text).parse(); }

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
