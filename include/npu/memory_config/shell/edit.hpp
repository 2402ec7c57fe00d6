// A shell script's GE_USE_STATIC_MEMORY assignment edited where it is
// written: what npu-memcfg --fix does to a job's scripts. Opt-in: a launcher
// that only reads jobs does not compile it.
#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "npu/memory_config/enums.hpp"
#include "npu/memory_config/keys.hpp"
#include "npu/memory_config/provenance.hpp"
#include "npu/memory_config/settings/detail/text_edit.hpp"
#include "npu/memory_config/settings/diagnostic.hpp"
#include "npu/memory_config/settings/write_result.hpp"
#include "npu/memory_config/shell/detail/shell_lexer.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace jobs {

// `text`, a shell script (named `source` in a diagnostic), with the
// assignment word of GE_USE_STATIC_MEMORY that starts at `at` given `value`,
// inside its quotes if it had any; nullopt removes it: the word (a
// command's prefix, one entry of an export list), or its whole line when
// only `export` would be left. Every other byte stays. No text when no
// such assignment stands at `at`, or when it shares its line with another
// command: a not_updatable error at `at` says why.
[[nodiscard]] inline WriteResult edit_variable(std::string_view text, SourcePosition at,
                                               const std::optional<std::string>& value, std::string_view source) {
  const auto edited = [](std::string out) { return WriteResult{std::move(out), {}}; };
  const auto not_edited = [&](std::string why) {
    return WriteResult{std::nullopt,
                       {{Severity::error,
                         DiagnosticCode::not_updatable,
                         {std::string(source), {}, {}, at},
                         std::string(keys::ge_use_static_memory_env),
                         "",
                         std::move(why)}}};
  };
  const auto trimmed = [](std::string_view line) {
    const std::size_t begin = line.find_first_not_of(" \t\r");
    if (begin == std::string_view::npos) return std::string_view();
    return line.substr(begin, line.find_last_not_of(" \t\r") + 1 - begin);
  };
  detail::ShellLexer lexer(text);
  const std::string prefix = std::string(keys::ge_use_static_memory_env) + "=";
  detail::ShellToken previous;
  for (detail::ShellToken token = lexer.next(); token.kind != detail::ShellToken::Kind::end;
       previous = std::move(token), token = lexer.next()) {
    if (token.kind != detail::ShellToken::Kind::word || !(token.position == at)) continue;
    const detail::ShellWord& word = token.word;
    if (text.compare(word.begin, prefix.size(), prefix) != 0) break;
    std::string out(text);
    if (value) {
      std::size_t begin = word.begin + prefix.size();
      std::size_t end = word.end;
      const bool quoted =
          end - begin >= 2 && (text[begin] == '"' || text[begin] == '\'') && text[end - 1] == text[begin];
      if (quoted) ++begin, --end;  // the quotes stay
      return edited(out.replace(begin, end - begin, *value));
    }
    const std::size_t line_begin = detail::line_start(text, word.begin);
    const std::size_t line_end = std::min(text.find('\n', word.begin), text.size());
    const std::string rest = std::string(text.substr(line_begin, word.begin - line_begin))
                                 .append(text.substr(word.end, line_end - word.end));
    if (trimmed(rest).empty() || trimmed(rest) == "export") {
      return edited(out.erase(line_begin, detail::next_line_start(text, word.begin) - line_begin));
    }
    const detail::ShellToken next = lexer.next();
    if (next.kind == detail::ShellToken::Kind::word) return edited(out.erase(word.begin, next.begin - word.begin));
    if (previous.kind == detail::ShellToken::Kind::word && !previous.word.is_plain("export") &&
        previous.word.end >= line_begin) {
      return edited(out.erase(previous.word.end, word.end - previous.word.end));
    }
    return not_edited("the assignment shares its line with another command");
  }
  return not_edited("no assignment of " + std::string(keys::ge_use_static_memory_env) + " stands there");
}

}  // namespace jobs
NPU_MEMORY_CONFIG_NAMESPACE_END
