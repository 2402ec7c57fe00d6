// A shell script walked in the order bash runs it, without running it: the
// variables each command sees (every value a branch may leave), the working
// folder, sourced files read in place, child scripts read with the exported
// environment, and each launch with what its environment holds.
#pragma once

#include <algorithm>
#include <cstddef>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "npu/memory_config/jobs/detail/job_variables.hpp"
#include "npu/memory_config/jobs/launch.hpp"
#include "npu/memory_config/keys.hpp"
#include "npu/memory_config/settings/detail/message_text.hpp"
#include "npu/memory_config/settings/detail/text.hpp"
#include "npu/memory_config/settings/diagnostic.hpp"
#include "npu/memory_config/shell/detail/shell_builtins.hpp"
#include "npu/memory_config/shell/detail/shell_parser.hpp"
#include "npu/memory_config/shell/detail/shell_paths.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

[[nodiscard]] inline bool is_python_program(std::string_view program) {
  if (program == "python" || program == "python3") return true;
  if (program.substr(0, 7) != "python3" || program.size() < 9 || program[7] != '.') return false;
  for (const char c : program.substr(8)) {
    if (!((c >= '0' && c <= '9') || c == '.')) return false;
  }
  return program.back() != '.';
}

// MindSpore Lite's benchmark tool, as a script runs it: "benchmark",
// "./benchmark", "${LITE_HOME}/tools/benchmark/benchmark".
[[nodiscard]] inline bool is_lite_benchmark(std::string_view program) {
  const std::size_t slash = program.rfind('/');
  return program.substr(slash == std::string_view::npos ? 0 : slash + 1) == "benchmark";
}

// The options that name a launch's config file: a Python launcher's
// `--config_file`, Lite benchmark's `--configFile`.
inline constexpr std::string_view config_file_options[] = {"--config_file", "--configFile"};

// `word` without its first `count` characters, when no expansion holds them
// (the value of "--configFile=$DIR/model.ini"); nullopt otherwise.
[[nodiscard]] inline std::optional<ShellWord> without_prefix(const ShellWord& word, std::size_t count) {
  ShellWord rest = word;
  rest.position.column += count;  // "--option=" is on one line
  while (count > 0 && !rest.parts.empty()) {
    ShellWordPart& part = rest.parts.front();
    if (part.kind == ShellWordPart::Kind::expansion) return std::nullopt;
    const std::size_t taken = std::min(count, part.text.size());
    part.text.erase(0, taken);
    count -= taken;
    if (part.text.empty()) rest.parts.erase(rest.parts.begin());
  }
  return rest;
}

using ShellFileReader = std::function<std::optional<std::string>(const std::string& path)>;

class ShellWalker {
 public:
  // `working_directory`: absolute, the folder relative paths start from.
  ShellWalker(const ShellFileReader& read, std::optional<std::string> inherited, const std::string& working_directory)
      : read_(read), working_directory_(normal_path(working_directory)) {
    if (inherited) {
      jobs::VariableValue value{jobs::VariableValue::State::value, *inherited,
                                Origin{std::string(keys::ge_use_static_memory_env), {}, {}, {}}, "environment"};
      initial_.variables[std::string(keys::ge_use_static_memory_env)] = {{value, true}};
    }
  }

  jobs::ShellJob walk(const std::string& path) {
    State state = initial_;
    const std::string absolute = joined_path(working_directory_, path);
    absolute_names_ = !path.empty() && path.front() == '/';
    state.cwd = folder_of(absolute);
    Frame frame{path, path.substr(path.rfind('/') + 1), 0};  // $0: run as "bash NAME" from its folder
    run_file(absolute, frame, state);
    if (state.alive) leave(state);
    record_environment_left(frame.file);
    for (auto& [place, warning] : unexported_) add_once(job_.diagnostics, std::move(warning));
    return std::move(job_);
  }

 private:
  // How the job names an absolute path: as the script was named, absolute,
  // or from the working directory, when it is under it.
  [[nodiscard]] std::string shown(const std::string& absolute) const {
    if (absolute_names_) return absolute;
    if (working_directory_ == "/") return absolute.substr(1).empty() ? "/" : absolute.substr(1);
    if (absolute == working_directory_) return ".";
    if (absolute.rfind(working_directory_ + "/", 0) == 0) return absolute.substr(working_directory_.size() + 1);
    return absolute;
  }

  struct Binding {
    jobs::VariableValue value;
    bool exported = false;
    bool array = false;  // bash exports no array, whatever its attribute
  };
  struct Function {
    const ShellCommand* body = nullptr;
    std::string file;
    bool on_every_path = true;  // false: defined along some of the paths that reach here
  };
  // set -a: on, off, or on along some of the paths that reach here.
  enum class AllExported : unsigned char { off, some_paths, on };
  struct State {
    std::map<std::string, std::vector<Binding>> variables;  // absent: not set when the job starts
    std::string cwd = ".";                                  // parts known only at run time: unknown_path_part
    bool cwd_known = true;                                  // false: no part of it is known
    bool alive = true;                                      // false: every path here has exited
    AllExported export_all = AllExported::off;              // set -a
    std::map<std::string, Function> functions;
  };
  struct Frame {
    std::string file;     // as diagnostics name it
    std::string dollar0;  // $0
    int depth = 0;        // of sourced files, child scripts and function calls
  };
  static constexpr int max_depth = 16;

  // --- states
  static std::vector<Binding> bindings_or_unset(const State& state, const std::string& name) {
    const auto found = state.variables.find(name);
    if (found != state.variables.end()) return found->second;
    return {Binding{}};
  }
  static void add_unique(std::vector<Binding>& into, const Binding& binding) {
    for (const Binding& have : into) {
      if (have.value == binding.value && have.exported == binding.exported && have.array == binding.array) return;
    }
    into.push_back(binding);
  }
  // What holds after either `a` or `b` ran.
  static State merged(const State& a, const State& b) {
    if (!a.alive) return b;
    if (!b.alive) return a;
    State out = a;
    for (const auto& [name, bindings] : b.variables) {
      std::vector<Binding>& into = out.variables[name];
      if (into.empty()) into = bindings_or_unset(a, name);
      for (const Binding& binding : bindings) add_unique(into, binding);
    }
    for (auto& [name, bindings] : out.variables) {
      if (b.variables.count(name) == 0) add_unique(bindings, Binding{});
    }
    if (a.cwd != b.cwd || !a.cwd_known || !b.cwd_known) out.cwd_known = false;
    for (auto& [name, function] : out.functions) {
      if (b.functions.count(name) == 0) function.on_every_path = false;
    }
    for (const auto& [name, function] : b.functions) {
      const auto [in, added] = out.functions.insert({name, function});
      if (added || !function.on_every_path) in->second.on_every_path = false;
    }
    if (a.export_all != b.export_all) out.export_all = AllExported::some_paths;
    return out;
  }

  // --- diagnostics
  void report(Severity severity, DiagnosticCode code, const Frame& frame, SourcePosition position, std::string key,
              std::string value, std::string message) {
    add_once(job_.diagnostics, {severity, code, Origin{frame.file, {}, {}, position}, std::move(key), std::move(value),
                                std::move(message)});
  }

  // --- values
  // The value of `word` before the script runs, or nullopt: literals, $0,
  // the working folder, and variables that hold one such value.
  std::optional<std::string> value_of(const ShellWord& word, const State& state, const Frame& frame) const {
    std::string out;
    for (const ShellWordPart& part : word.parts) {
      if (part.kind != ShellWordPart::Kind::expansion) {
        out += part.text;
        continue;
      }
      const std::optional<std::string> expanded = expansion_value(part.text, state, frame);
      if (!expanded) return std::nullopt;
      out += *expanded;
    }
    return out;
  }

  // The path `word` names from the working folder, absolute; parts made
  // with an expansion not known before the run stand as unknown folders
  // ("./LOG$i"), which ".." climbs back out of. nullopt: where it starts is
  // not known (an expansion first, or a working folder not known).
  std::optional<std::string> path_of(const ShellWord& word, const State& state, const Frame& frame) const {
    std::string path;
    for (const ShellWordPart& part : word.parts) {
      if (part.kind != ShellWordPart::Kind::expansion) {
        path += part.text;
        continue;
      }
      const std::optional<std::string> expanded = expansion_value(part.text, state, frame);
      if (!expanded && path.empty()) return std::nullopt;  // might be absolute
      path += expanded ? *expanded : std::string(unknown_path_part);
    }
    if (!path.empty() && path.front() == '/') return normal_path(path);
    const std::optional<std::string> folder = working_folder(state);
    if (!folder) return std::nullopt;
    return joined_path(*folder, path);
  }

  std::optional<std::string> working_folder(const State& state) const {
    if (!state.cwd_known) return std::nullopt;
    return state.cwd;
  }

  // ${NAME##*/} and the like: `value` with a prefix or suffix removed,
  // for patterns of text with one "*" at their outer end; nullopt for any
  // other operator.
  static std::optional<std::string> trimmed(std::string value, std::string_view operation) {
    const bool prefix = operation[0] == '#';
    const bool longest = operation.size() > 1 && operation[1] == operation[0];
    const std::string_view pattern = operation.substr(longest ? 2 : 1);
    const bool star = !pattern.empty() && (prefix ? pattern.front() == '*' : pattern.back() == '*');
    const std::string_view text = star ? (prefix ? pattern.substr(1) : pattern.substr(0, pattern.size() - 1)) : pattern;
    if (text.find_first_of("*?[\\'\"$`") != std::string_view::npos) return std::nullopt;
    if (!star) {
      if (prefix && value.compare(0, text.size(), text) == 0) return value.substr(text.size());
      if (!prefix && value.size() >= text.size() && value.compare(value.size() - text.size(), text.size(), text) == 0)
        return value.substr(0, value.size() - text.size());
      return value;
    }
    // "*X" from the front: through the first X (#) or the last (##); "X*"
    // from the back: from the last X (%) or the first (%%).
    const std::size_t at = prefix == longest ? value.rfind(text) : value.find(text);
    if (at == std::string::npos) return value;
    return prefix ? value.substr(at + text.size()) : value.substr(0, at);
  }

  std::optional<std::string> expansion_value(std::string_view text, const State& state, const Frame& frame) const {
    std::string_view name;
    std::string_view operation;
    if (text.size() > 1 && text[0] == '$' && text[1] != '{' && text[1] != '(') name = text.substr(1);
    if (text.substr(0, 2) == "${") {  // the lexer closed it
      name = text.substr(2, text.size() - 3);
      const std::size_t end = name.find_first_of("#%");
      if (end != std::string_view::npos && end > 0) {
        operation = name.substr(end);
        name = name.substr(0, end);
      }
    }
    if (!operation.empty()) {
      const std::optional<std::string> value = expansion_value("${" + std::string(name) + "}", state, frame);
      if (!value) return std::nullopt;
      return trimmed(*value, operation);
    }
    if (!name.empty()) {
      if (name == "0") return frame.dollar0;
      if (name == "PWD") return working_folder(state);
      for (const char c : name) {
        if (!(c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')))
          return std::nullopt;
      }
      const auto found = state.variables.find(std::string(name));
      if (found == state.variables.end() || found->second.size() != 1 ||
          found->second[0].value.state != jobs::VariableValue::State::value)
        return std::nullopt;
      return found->second[0].value.value;
    }
    std::string_view inner;
    if (text.size() > 3 && text.substr(0, 2) == "$(" && text[2] != '(') inner = text.substr(2, text.size() - 3);
    if (text.size() > 2 && text[0] == '`') inner = text.substr(1, text.size() - 2);
    if (inner.empty()) return std::nullopt;
    return command_output(inner, state, frame);
  }

  // The output of the commands that name paths: pwd, dirname, cd … && pwd.
  std::optional<std::string> command_output(std::string_view inner, const State& state, const Frame& frame) const {
    ShellLexer lexer(inner);
    std::vector<ShellToken> tokens;
    for (ShellToken token = lexer.next(); token.kind != ShellToken::Kind::end; token = lexer.next()) {
      if (token.kind != ShellToken::Kind::newline) tokens.push_back(std::move(token));
    }
    if (lexer.error()) return std::nullopt;
    const auto is_word = [&](std::size_t i, std::string_view word) {
      return i < tokens.size() && tokens[i].kind == ShellToken::Kind::word && tokens[i].word.is_plain(word);
    };
    const auto word_value = [&](std::size_t i) -> std::optional<std::string> {
      if (i >= tokens.size() || tokens[i].kind != ShellToken::Kind::word) return std::nullopt;
      return value_of(tokens[i].word, state, frame);
    };
    if (tokens.size() == 1 && is_word(0, "pwd")) return working_folder(state);
    if (tokens.size() == 2 && is_word(0, "dirname")) {
      const std::optional<std::string> path = word_value(1);
      if (path) return folder_of(*path);
    }
    if ((tokens.size() == 3 && (is_word(0, "realpath") || is_word(0, "readlink")) && is_word(1, "-f"))) {
      const std::optional<std::string> path = word_value(2);
      const std::optional<std::string> folder = working_folder(state);
      if (path && folder) return joined_path(*folder, *path);
    }
    const auto is_op = [&](std::size_t i, std::string_view op) {
      return i < tokens.size() && tokens[i].kind == ShellToken::Kind::op && tokens[i].op == op;
    };
    // cd X; pwd   cd X && pwd   cd X || exit; pwd
    const bool or_exit = tokens.size() == 6 && is_op(2, "||") && is_word(3, "exit");
    if ((tokens.size() == 4 || or_exit) && is_word(0, "cd") && is_word(tokens.size() - 1, "pwd") &&
        (is_op(tokens.size() - 2, ";") || is_op(tokens.size() - 2, "&&"))) {
      const std::optional<std::string> path = word_value(1);
      const std::optional<std::string> folder = working_folder(state);
      if (path && folder) return joined_path(*folder, *path);
    }
    return std::nullopt;
  }

  // --- files
  // Whether the walk may go on: a job that runs scripts in loops of loops,
  // or functions that call themselves, is read up to a bound, and says so.
  bool within_budget(const Frame& frame, SourcePosition position) {
    if (steps_ < max_steps) return true;
    if (!over_budget_) {
      over_budget_ = true;
      report(Severity::warning, DiagnosticCode::not_checkable, frame, position, "", "",
             "the job runs more than " + std::to_string(max_steps) +
                 " commands in the scripts it reads; what comes after is not checked");
    }
    return false;
  }

  // Whether a call (a function, a sourced file, a child script) may be
  // followed: calls nest up to max_depth, which says so once when reached.
  bool within_depth(const Frame& frame, SourcePosition position) {
    if (frame.depth < max_depth) return true;
    if (!too_deep_) {
      too_deep_ = true;
      report(Severity::warning, DiagnosticCode::not_checkable, frame, position, "", "",
             "the job's functions, sourced files and child scripts nest more than " + std::to_string(max_depth) +
                 " deep here; what the deeper call sets is not checked");
    }
    return false;
  }

  // `path`: absolute.
  // `sourced`: by "source" or ".", whose syntax error ends that file alone
  // (bash goes on after the command that sourced it).
  void run_file(const std::string& path, const Frame& frame, State& state, bool sourced = false) {
    for (const std::string& open : open_files_) {
      if (open == path) return;  // a file that sources itself runs once here
    }
    auto parsed = scripts_.find(path);
    if (parsed == scripts_.end()) {
      std::optional<std::string> text = read_(path);
      if (!text) return;
      auto same_text = parsed_texts_.find(*text);
      if (same_text == parsed_texts_.end()) {
        ShellScript script = parse_shell_script(*text);
        same_text = parsed_texts_.emplace(std::move(*text), std::move(script)).first;
      }
      parsed = scripts_.emplace(path, &same_text->second).first;
    }
    if (listed_files_.insert(frame.file).second) job_.files.push_back(frame.file);
    const ShellScript& script = *parsed->second;
    open_files_.push_back(path);
    run_list(script.commands, frame, state);
    open_files_.pop_back();
    if (script.error) {
      report(Severity::error, DiagnosticCode::syntax_error, frame, script.error->position, "", "",
             script.error->message + (sourced ? ": bash stops reading the file here, and goes on after the command "
                                                "that sources it"
                                              : ": bash stops here, and nothing after it runs"));
      if (!sourced) {
        leave(state);
        state.alive = false;
      }
    }
  }

  // A path a command names (source FILE, bash FILE): the file, or a warning
  // at the word that its assignments cannot be checked.
  std::optional<std::string> file_named(const ShellWord& word, const State& state, const Frame& frame,
                                        std::string_view what) {
    const std::optional<std::string> named = path_of(word, state, frame);
    if (!named || !is_known_path(*named)) {
      report(Severity::warning, DiagnosticCode::not_checkable, frame, word.position, "", quote(word.text()),
             "the " + std::string(what) + " " + quote(word.text()) +
                 " is known only when the script runs; the variables it sets cannot be checked");
      return std::nullopt;
    }
    const std::string& path = *named;
    if (!read_(path)) {
      report(Severity::warning, DiagnosticCode::not_checkable, frame, word.position, "", quote(word.text()),
             "the " + std::string(what) + " " + quote(shown(path)) +
                 " does not exist here; the variables it sets cannot be checked");
      return std::nullopt;
    }
    return path;
  }

  // --- commands
  void run_list(const ShellList& list, const Frame& frame, State& state) {
    for (const ShellList::Item& item : list.items) {
      if (!state.alive) return;
      if (item.background) {
        State copy = state;  // "… &" runs in a subshell
        ++subshells_;
        run_and_or(item, frame, copy);
        --subshells_;
      } else {
        run_and_or(item, frame, state);
      }
    }
  }

  void run_and_or(const ShellList::Item& item, const Frame& frame, State& state) {
    run_command(item.and_or.front(), frame, state);
    for (std::size_t i = 1; i < item.and_or.size(); ++i) {
      State ran = state;  // after && or ||, a command may or may not run
      run_command(item.and_or[i], frame, ran);
      state = merged(state, ran);
    }
  }

  void run_command(const ShellCommand& command, const Frame& frame, State& state) {
    switch (command.kind) {
      case ShellCommand::Kind::simple:
        return run_simple(command, frame, state);
      case ShellCommand::Kind::pipeline:
        for (const ShellList::Item& item : command.body.items) {
          State copy = state;  // each command of a pipeline runs in a subshell
          ++subshells_;
          run_and_or(item, frame, copy);
          --subshells_;
        }
        return;
      case ShellCommand::Kind::brace_group:
        return run_list(command.body, frame, state);
      case ShellCommand::Kind::subshell: {
        State copy = state;
        ++subshells_;
        run_list(command.body, frame, copy);
        --subshells_;
        return;
      }
      case ShellCommand::Kind::if_clause: {
        // branches: condition, body, [condition, body]…, else (empty when
        // none). A condition the script decides before it runs (a string
        // compared with a known one) takes its branch; any other may go
        // either way.
        State after{};
        after.alive = false;
        const std::size_t last = command.branches.size() - 1;
        bool decided = false;
        for (std::size_t i = 0; i < last && !decided; i += 2) {
          run_list(command.branches[i], frame, state);
          const std::optional<bool> holds = condition_value(command.branches[i], state, frame);
          if (holds == false) continue;
          State taken = state;
          run_list(command.branches[i + 1], frame, taken);
          after = merged(after, taken);
          decided = holds == true;
        }
        if (!decided) {
          run_list(command.branches[last], frame, state);
          after = merged(after, state);
        }
        state = after;
        return;
      }
      case ShellCommand::Kind::loop: {
        // The body runs no times, once, or again with what the time before
        // left (an export after the launch in the body reaches the next
        // round's launch): walked twice.
        run_list(command.branches[0], frame, state);
        State once = state;
        run_list(command.body, frame, once);
        State twice = once;
        if (twice.alive) run_list(command.branches[0], frame, twice);
        run_list(command.body, frame, twice);
        state = merged(merged(state, once), twice);
        return;
      }
      case ShellCommand::Kind::case_clause: {
        State after = state;  // no arm may match
        for (const ShellList& arm : command.branches) {
          State taken = state;
          run_list(arm, frame, taken);
          after = merged(after, taken);
        }
        state = after;
        return;
      }
      case ShellCommand::Kind::function:
        state.functions[command.name] = Function{&command, frame.file};
        return;
      case ShellCommand::Kind::test:
        return;
    }
  }

  // Whether a condition holds, where the script knows before it runs: one
  // "[ A = B ]", "test A != B" or "[[ A == B ]]" of words whose values are
  // known (and, in [[ ]], no unquoted pattern on the right).
  std::optional<bool> condition_value(const ShellList& condition, const State& state, const Frame& frame) const {
    if (condition.items.size() != 1 || condition.items[0].and_or.size() != 1 || condition.items[0].background)
      return std::nullopt;
    const ShellCommand& command = condition.items[0].and_or[0];
    std::vector<const ShellWord*> operands;
    bool pattern_allowed = false;
    if (command.kind == ShellCommand::Kind::test) {
      for (const ShellWord& word : command.words) operands.push_back(&word);
      pattern_allowed = true;
    } else if (command.kind == ShellCommand::Kind::simple && command.assignments.empty() && !command.words.empty()) {
      const bool bracket = command.words.front().is_plain("[") && command.words.back().is_plain("]");
      if (!bracket && !command.words.front().is_plain("test")) return std::nullopt;
      for (std::size_t k = 1; k + (bracket ? 1 : 0) < command.words.size(); ++k) operands.push_back(&command.words[k]);
    }
    if (operands.size() != 3) return std::nullopt;
    const std::string op = operands[1]->is_literal() ? operands[1]->text() : std::string();
    if (op != "=" && op != "==" && op != "!=") return std::nullopt;
    if (pattern_allowed) {
      for (const ShellWordPart& part : operands[2]->parts) {
        if (part.kind == ShellWordPart::Kind::literal && part.text.find_first_of("*?[") != std::string::npos)
          return std::nullopt;
      }
    }
    const std::optional<std::string> left = value_of(*operands[0], state, frame);
    const std::optional<std::string> right = value_of(*operands[2], state, frame);
    if (!left || !right || !is_known_path(*left) || !is_known_path(*right)) return std::nullopt;
    return (*left == *right) == (op != "!=");
  }

  // NAME=VALUE as a binding, with a warning where the engine's variable gets
  // a value known only at run time.
  Binding assigned(const ShellWord& word, bool exported, std::string how, const State& state, const Frame& frame,
                   std::string* name_out) {
    const std::string& first = word.parts[0].text;
    const std::size_t equals = first.find('=');
    const bool append = equals > 0 && first[equals - 1] == '+';
    const std::string name = assignment_name(word);
    *name_out = name;
    ShellWord value = word;
    value.parts[0].text = first.substr(equals + 1);
    value.position.column += equals + 1;
    Binding binding;
    binding.exported = exported;
    binding.value.origin = Origin{frame.file, {}, {}, word.position};
    binding.value.how = std::move(how);
    if (word.parts.back().kind == ShellWordPart::Kind::expansion && word.parts.back().text == "(…)") {
      binding.array = true;  // NAME=(…)
      return binding;
    }
    // Other variables hold paths made of what is known before the run
    // (cur_path=`pwd`); the engine's are never guessed ("${X:-1}" is not 1).
    const std::optional<std::string> known = append ? std::nullopt
                                             : value.is_literal() || is_job_variable(name)
                                                 ? std::optional<std::string>(value.text())
                                                 : value_of(value, state, frame);
    if (known && (value.is_literal() || !is_job_variable(name))) {
      binding.value.state = jobs::VariableValue::State::value;
      binding.value.value = *known;
    } else {
      binding.value.state = jobs::VariableValue::State::unknown;
      binding.value.value = word.text().substr(equals + 1);
      if (is_job_variable(name)) {
        report(
            Severity::warning, DiagnosticCode::not_checkable, frame, value.position, name, quote(binding.value.value),
            quote(binding.value.value) +
                " is known only when the job runs, so it cannot be checked; write the value itself to have it checked");
      }
    }
    return binding;
  }

  void note_job_variable(const std::string& name, const ShellWord& word, const Frame& frame, const Binding& binding) {
    if (std::optional<Diagnostic> note =
            job_variable_note(name, Origin{frame.file, {}, {}, word.position}, binding.value.value)) {
      add_once(job_.diagnostics, std::move(*note));
    }
  }

  void assign(State& state, const ShellWord& word, bool exported, const std::string& how, const Frame& frame) {
    std::string name;
    Binding binding = assigned(word, exported, how, state, frame, &name);
    if (is_job_variable(name)) note_job_variable(name, word, frame, binding);
    bind(state, name, binding);
  }

  // NAME set by a builtin (`how`: read, printf, let, mapfile, …) at `word`,
  // to a value known only when the job runs, or made an array.
  void set_by_builtin(State& state, const std::string& name, bool array, const std::string& how, const ShellWord& word,
                      const Frame& frame) {
    Binding binding;
    binding.array = array;
    binding.value.origin = Origin{frame.file, {}, {}, word.position};
    binding.value.how = how;
    if (!array) {
      binding.value.state = jobs::VariableValue::State::unknown;
      binding.value.value = "(" + how + ")";
      if (is_job_variable(name)) {
        report(Severity::warning, DiagnosticCode::not_checkable, frame, word.position, name, "",
               name + " is set by " + how + ", to a value known only when the job runs, so it cannot be checked; " +
                   "assign the value itself (export " + name + "=VALUE) to have it checked");
      }
    }
    if (is_job_variable(name)) note_job_variable(name, word, frame, binding);
    bind(state, name, binding);
  }

  // NAME bound to `binding`, which keeps the export attribute NAME has;
  // for the engine's variables, a warning where no path exports it.
  void bind(State& state, const std::string& name, const Binding& binding) {
    // Per path: an assignment keeps the export attribute NAME has there,
    // and an array stays one (NAME=1 sets its element 0).
    std::vector<Binding> bindings;
    for (const Binding& before : bindings_or_unset(state, name)) {
      Binding after = binding;
      after.array = binding.array || before.array;
      after.exported = !after.array && (binding.exported || before.exported || state.export_all == AllExported::on);
      if (after.array) after.value.how += " (an array)";
      add_unique(bindings, after);
      if (!after.array && state.export_all == AllExported::some_paths) {
        after.exported = true;
        add_unique(bindings, after);
      }
    }
    if (is_job_variable(name)) {
      const std::string place = binding.value.origin.location_text();
      if (std::all_of(bindings.begin(), bindings.end(), [](const Binding& b) { return b.array; })) {
        unexported_.try_emplace(
            place, Diagnostic{Severity::warning, DiagnosticCode::not_exported, binding.value.origin, name, "",
                              name +
                                  " is made an array here, and bash exports no array, so no "
                                  "process the script starts gets it: export one value (unset " +
                                  name + " first)"});
      } else if (std::none_of(bindings.begin(), bindings.end(), [](const Binding& b) { return b.exported; })) {
        unexported_.try_emplace(
            place, Diagnostic{Severity::warning, DiagnosticCode::not_exported, binding.value.origin, name,
                              quote(binding.value.value),
                              name + " is assigned without export, so no process the script starts gets it: no "
                                     "launch runs with it (export it, or drop the assignment)"});
      } else {
        unexported_.erase(place);
      }
    }
    state.variables[name] = std::move(bindings);
  }

  // A variable of the job written inside a string the tool does not run.
  void note_text_commands(const ShellCommand& command, const Frame& frame) {
    const auto check = [&](const ShellWord& word, std::size_t from) {
      const std::string text = word.text();
      for (const std::string_view name : {keys::ge_use_static_memory_env, keys::ms_ge_atomic_clean_policy_env}) {
        const std::size_t at = text.find(std::string(name) + "=", from);
        if (at == std::string::npos) continue;
        report(Severity::warning, DiagnosticCode::not_checkable, frame, word.position, std::string(name), quote(text),
               std::string(name) +
                   " is set in text the tool does not run (a command built from a string), "
                   "so it cannot be checked");
      }
    };
    for (const ShellWord& word : command.assignments) check(word, word.parts[0].text.find('=') + 1);
    for (const ShellWord& word : command.words) {
      if (word.is_plain("echo") || word.is_plain("printf")) return;  // printed, not run
      // export NAME=VALUE is read as an assignment; its value is still text.
      check(word, is_shell_assignment(word) ? word.parts[0].text.find('=') + 1 : 0);
    }
  }

  // env's options, from words[i]: -i or a lone "-" starts the program with
  // no variable but those assigned after them; -u NAME unsets NAME; -C
  // takes a folder. What they unset goes into `prefix`, as bash would leave
  // it for that command alone.
  static void env_options(const std::vector<ShellWord>& words, std::size_t& i, const Frame& frame, const State& state,
                          std::vector<std::pair<std::string, Binding>>& prefix) {
    const auto unset_by = [&](const std::string& name, const ShellWord& word, const char* how) {
      Binding unset;
      unset.value.origin = Origin{frame.file, {}, {}, word.position};
      unset.value.how = how;
      prefix.emplace_back(name, unset);
    };
    while (i < words.size() && words[i].is_literal()) {
      const std::string option = words[i].text();
      if (option.empty() || option[0] != '-') return;
      const ShellWord& at = words[i++];
      if (option == "--") return;
      if (option == "-" || option == "-i" || option == "--ignore-environment") {
        unset_by(std::string(keys::ge_use_static_memory_env), at, "env -i");
        for (const auto& [name, bindings] : state.variables) unset_by(name, at, "env -i");
      } else if ((option == "-u" || option == "--unset") && i < words.size()) {
        unset_by(words[i].text(), words[i], "env -u");
        ++i;
      } else if (option.rfind("--unset=", 0) == 0) {
        unset_by(option.substr(8), at, "env -u");
      } else if (option.size() > 2 && option.rfind("-u", 0) == 0) {
        unset_by(option.substr(2), at, "env -u");
      } else if (option == "-C" || option == "--chdir") {
        ++i;
      }
    }
  }

  void run_simple(const ShellCommand& command, const Frame& frame, State& state) {
    if (!within_budget(frame, command.position)) {
      state.alive = false;
      return;
    }
    ++steps_;
    note_text_commands(command, frame);
    if (command.words.empty()) {
      for (const ShellWord& word : command.assignments) assign(state, word, false, "assignment", frame);
      return;
    }
    // NAME=VALUE before a command: in that command's environment only.
    std::vector<std::pair<std::string, Binding>> prefix;
    for (const ShellWord& word : command.assignments) {
      std::string name;
      Binding binding = assigned(word, true, "command prefix", state, frame, &name);
      if (is_job_variable(name)) note_job_variable(name, word, frame, binding);
      prefix.emplace_back(name, binding);
    }
    const std::vector<ShellWord>& words = command.words;
    std::size_t i = 0;
    const auto text = [&](std::size_t k) { return words[k].is_literal() ? words[k].text() : std::string(); };
    const auto skip_options = [&](std::initializer_list<std::string_view> taking_value) {
      while (i < words.size() && text(i).size() > 1 && text(i)[0] == '-') {
        bool takes = false;
        for (const std::string_view option : taking_value) takes = takes || text(i) == option;
        i += takes ? 2 : 1;
      }
    };
    while (i < words.size()) {  // what runs the program: nohup, taskset …, env …
      const std::string program = text(i);
      const bool may_be_empty = !words[i].is_literal() && words[i].parts.size() == 1 && i + 1 < words.size();
      if (may_be_empty || program == "nohup" || program == "exec" || program == "time" || program == "command") {
        ++i;
      } else if (program == "taskset") {
        ++i;
        skip_options({});
        ++i;  // the mask or the CPU list
      } else if (program == "numactl") {
        ++i;
        skip_options({"-C", "-N", "-m", "-p", "-i", "-P"});
      } else if (program == "timeout") {
        ++i;
        skip_options({"-s", "-k"});
        ++i;  // the duration
      } else if (program == "env") {
        ++i;
        env_options(words, i, frame, state, prefix);
        while (i < words.size() && is_shell_assignment(words[i])) {
          std::string name;
          Binding binding = assigned(words[i], true, "env", state, frame, &name);
          if (is_job_variable(name)) note_job_variable(name, words[i], frame, binding);
          prefix.emplace_back(name, binding);
          ++i;
        }
      } else {
        break;
      }
    }
    if (i >= words.size()) return;
    // The program as the script names it: "${currentDir}/train.sh" is a path.
    const std::string program = value_of(words[i], state, frame).value_or(std::string());
    if (is_python_program(program) || program == "msrun" || program == "torchrun" || program == "mpirun" ||
        program == "mpiexec" || program == "horovodrun" || is_lite_benchmark(program) ||
        is_lite_benchmark(words[i].text())) {
      return add_launch(command, i, prefix, frame, state);
    }
    if (program == "source" || program == ".") {
      if (i + 1 >= words.size()) return;
      if (!within_depth(frame, command.position)) return;
      const std::optional<std::string> path = file_named(words[i + 1], state, frame, "sourced file");
      if (!path) return;
      Frame inner{shown(*path), frame.dollar0, frame.depth + 1};
      returns_.emplace_back();
      run_file(*path, inner, state, true);
      resume_after_returns(state);
      return;
    }
    if (program == "bash" || program == "sh" || (program.size() > 3 && program.substr(program.size() - 3) == ".sh")) {
      std::size_t script = i;
      if (program == "bash" || program == "sh") {
        ++script;
        // bash's options: "-" or "--" ends them; -o and -O take a value;
        // with -c the commands are a string, not a file.
        while (script < words.size() && text(script).size() > 1 && (text(script)[0] == '-' || text(script)[0] == '+')) {
          const std::string option = text(script++);
          if (option == "--") break;
          if (option[1] != '-' && option.find('c') != std::string::npos) return;
          if (option == "-o" || option == "+o" || option == "-O" || option == "+O" || option == "--rcfile" ||
              option == "--init-file")
            ++script;
        }
        if (script < words.size() && text(script) == "-") ++script;
        if (script >= words.size()) return;
      }
      if (!within_depth(frame, command.position)) return;
      const std::optional<std::string> path = file_named(words[script], state, frame, "child script");
      if (!path) return;
      State child;  // only what is exported reaches a child
      for (const auto& [name, bindings] : state.variables) {
        for (const Binding& binding : bindings) {
          if (binding.exported) child.variables[name].push_back(binding);
        }
        if (!child.variables[name].empty() && child.variables[name].size() != bindings.size())
          add_unique(child.variables[name], Binding{});
        if (child.variables[name].empty()) child.variables.erase(name);
      }
      for (const auto& [name, binding] : prefix) child.variables[name] = {binding};
      child.cwd = state.cwd;
      child.cwd_known = state.cwd_known;
      Frame inner{shown(*path), value_of(words[script], state, frame).value_or(words[script].text()), frame.depth + 1};
      returns_.emplace_back();  // a return there ends the child, never a function of this script
      scopes_.emplace_back();
      ++subshells_;
      run_file(*path, inner, child);
      --subshells_;
      scopes_.pop_back();
      returns_.pop_back();
      return;
    }
    if (program == "export" || program == "declare" || program == "typeset" || program == "readonly" ||
        program == "local") {
      // Outside a function bash refuses `local` and sets nothing.
      if (program == "local" && (scopes_.empty() || !scopes_.back().function)) return;
      bool exports = program == "export";
      bool unexports = false;
      for (std::size_t k = i + 1; k < words.size(); ++k) {
        const std::string word = text(k);
        if (word.size() > 1 && word[0] == '-') {
          exports = exports || word.find('x') != std::string::npos;
          if (program == "export" && word.find('n') != std::string::npos) unexports = true;
        } else if (word.size() > 1 && word[0] == '+') {
          unexports = unexports || word.find('x') != std::string::npos;  // declare +x NAME
        } else if (is_shell_assignment(words[k])) {
          if (program == "local") save_before_local(state, assignment_name(words[k]));
          assign(state, words[k], exports && !unexports, program, frame);
          if (unexports) {  // export -n NAME=VALUE: the value stays, the attribute goes
            for (Binding& binding : state.variables[assignment_name(words[k])]) binding.exported = false;
          }
        } else if (const std::optional<std::string> element = array_element_name(words[k].text())) {
          if (program == "export" || program == "readonly") continue;  // bash: "not a valid identifier"
          if (program == "local") save_before_local(state, *element);
          set_by_builtin(state, *element, true, program, words[k], frame);
        } else if (!word.empty()) {
          if (program == "local") save_before_local(state, word);
          std::vector<Binding> bindings = bindings_or_unset(state, word);
          for (Binding& binding : bindings) {
            if (exports || unexports) binding.exported = !unexports && !binding.array;
            if (binding.exported) unexported_.erase(binding.value.origin.location_text());
          }
          state.variables[word] = bindings;
        }
      }
      return;
    }
    if (program == "unset") {
      for (std::size_t k = i + 1; k < words.size(); ++k) {
        if (text(k).empty() || text(k)[0] == '-') continue;
        Binding unset;
        unset.value.origin = Origin{frame.file, {}, {}, words[k].position};
        unset.value.how = "unset";
        state.variables[text(k)] = {unset};
      }
      return;
    }
    if (program == "set") {
      for (std::size_t k = i + 1; k < words.size(); ++k) {
        if (text(k) == "-a" || (text(k) == "-o" && k + 1 < words.size() && text(k + 1) == "allexport"))
          state.export_all = AllExported::on;
        if (text(k) == "+a") state.export_all = AllExported::off;
      }
      return;
    }
    if (program == "cd" || program == "pushd") {
      return change_folder(i + 1 < words.size() ? &words[i + 1] : nullptr, frame, state);
    }
    if (program == "exit") {
      leave(state);
      state.alive = false;
      return;
    }
    if (program == "return") {  // out of the function or sourced file, where the walk goes on
      if (returns_.empty()) {
        leave(state);  // the script's end where it is sourced; run as a script, bash goes on
        return;
      }
      returns_.back().push_back(state);
      state.alive = false;
      return;
    }
    if (const std::optional<std::string> element = array_element_name(words[i].text())) {
      return set_by_builtin(state, *element, true, "array element", words[i], frame);  // NAME[i]=VALUE
    }
    if (program == "read" || program == "printf" || program == "let" || program == "mapfile" ||
        program == "readarray") {
      std::vector<std::string> texts;
      for (std::size_t k = 0; k < words.size(); ++k) texts.push_back(text(k));
      for (const SetByBuiltin& target : builtin_targets(texts, i)) {
        set_by_builtin(state, target.name, target.array, program, words[target.word], frame);
      }
      return;
    }
    const auto found = state.functions.find(program);
    if (found != state.functions.end() && within_depth(frame, command.position)) {
      const Function function = found->second;
      std::optional<State> not_defined;  // where it is not, the command is not found
      if (!function.on_every_path) not_defined = state;
      Frame inner{function.file, frame.dollar0, frame.depth + 1};
      returns_.emplace_back();
      scopes_.push_back({true, {}});
      run_list(function.body->body, inner, state);
      resume_after_returns(state);
      for (auto& [name, before] : scopes_.back().saved) {
        if (before) {
          state.variables[name] = std::move(*before);
        } else {
          state.variables.erase(name);
        }
      }
      scopes_.pop_back();
      if (not_defined) state = merged(state, *not_defined);
    }
  }

  // `local NAME`: what NAME holds now comes back when the function returns
  // (the first `local` of it in the call, on whichever path reaches it).
  void save_before_local(const State& state, const std::string& name) {
    const auto found = state.variables.find(name);
    std::optional<std::vector<Binding>> before;
    if (found != state.variables.end()) before = found->second;
    scopes_.back().saved.emplace(name, std::move(before));
  }

  // After a function or a sourced file: what each of its returns left, and
  // what its end left.
  void resume_after_returns(State& state) {
    for (const State& returned : returns_.back()) state = merged(state, returned);
    returns_.pop_back();
  }

  void change_folder(const ShellWord* word, const Frame& frame, State& state) {
    if (word == nullptr || word->is_plain("-") || word->is_plain("~")) {
      state.cwd_known = false;
      return;
    }
    const std::optional<std::string> path = path_of(*word, state, frame);
    state.cwd_known = path.has_value();
    if (path) state.cwd = *path;
  }

  static bool same_variables(const jobs::Launch& a, const jobs::Launch& b) {
    if (a.variables.size() != b.variables.size()) return false;
    for (std::size_t k = 0; k < a.variables.size(); ++k) {
      if (a.variables[k].name != b.variables[k].name || !(a.variables[k].values == b.variables[k].values)) return false;
    }
    return true;
  }

  // Whether a process started here gets a rank table variable, any value.
  static jobs::Presence rank_table_in(const State& state, const std::vector<std::pair<std::string, Binding>>& prefix) {
    jobs::Presence found = jobs::Presence::none;
    for (const char* name : jobs::rank_table_variables) {
      std::vector<Binding> bindings = bindings_or_unset(state, name);
      for (const auto& [prefixed, binding] : prefix) {
        if (prefixed == name) bindings = {binding};
      }
      const auto gets = [](const Binding& binding) {
        return binding.exported && binding.value.state != jobs::VariableValue::State::unset;
      };
      if (std::all_of(bindings.begin(), bindings.end(), gets)) return jobs::Presence::every_path;
      if (std::any_of(bindings.begin(), bindings.end(), gets)) found = jobs::Presence::some_paths;
    }
    return found;
  }

  // What a process the shell starts gets of `name`, bound to `bindings`.
  static jobs::LaunchVariable launch_variable(const std::string& name, const std::vector<Binding>& bindings) {
    jobs::LaunchVariable variable{name, {}};
    for (const Binding& binding : bindings) {
      jobs::VariableValue value = binding.value;
      if (!binding.exported && value.state != jobs::VariableValue::State::unset) {
        value.state = jobs::VariableValue::State::unset;
        if (!binding.array) value.how = "not exported";  // an array's says it is one
      }
      bool seen = false;
      for (const jobs::VariableValue& have : variable.values) seen = seen || have == value;
      if (!seen) variable.values.push_back(std::move(value));
    }
    return variable;
  }

  // Where the script itself ends (its end, a top-level exit or return,
  // where bash stops), what it leaves; a subshell's or a child script's
  // end leaves nothing to the script.
  void leave(const State& state) {
    if (subshells_ == 0) left_ = left_ ? merged(*left_, state) : state;
  }

  // The environment the script leaves, as a launch whose launcher is
  // unknown: what a file sourced by hand (env.sh) gives the shell that
  // sources it. Values a launch of the script got are checked there.
  void record_environment_left(const std::string& file) {
    if (!left_) return;
    jobs::Launch left;
    left.origin = Origin{file, {}, {}, {}};
    left.variables.push_back(launch_variable(std::string(keys::ge_use_static_memory_env),
                                             bindings_or_unset(*left_, std::string(keys::ge_use_static_memory_env))));
    for (const auto& [name, bindings] : left_->variables) {
      if (name != keys::ge_use_static_memory_env && is_job_variable(name))
        left.variables.push_back(launch_variable(name, bindings));
    }
    job_.left = jobs::unreached_values(std::move(left), job_.launches);
  }

  void add_launch(const ShellCommand& command, std::size_t program_at,
                  const std::vector<std::pair<std::string, Binding>>& prefix, const Frame& frame, const State& state) {
    const std::vector<ShellWord>& words = command.words;
    jobs::Launch launch;
    launch.origin = Origin{frame.file, {}, {}, command.position};  // where the command starts, as bash's LINENO
    launch.program = words[program_at].text();
    // The launcher: the first .py operand (python's, or after torchrun's
    // options); python -m torch.distributed.run takes the next .py.
    std::optional<std::string> folder = working_folder(state);
    for (std::size_t k = program_at + 1; k < words.size(); ++k) {
      const std::string text = words[k].text();
      if (text == "-c") break;
      if (text == "-m" && is_python_program(launch.program)) {
        if (k + 1 < words.size() && words[k + 1].text().rfind("torch.distributed.", 0) == 0) {
          ++k;
          continue;
        }
        // -m MODULE under the working folder, as Python's import finds it:
        // a package (with __init__.py) runs its __main__.py, before a
        // MODULE.py beside it; a folder without one (a namespace package)
        // only where no MODULE.py is.
        if (k + 1 < words.size() && words[k + 1].is_literal() && folder && is_known_path(*folder)) {
          std::string module = words[k + 1].text();
          for (char& c : module) c = c == '.' ? '/' : c;
          const std::string path = joined_path(*folder, module);
          if (!read_(path + "/__init__.py") && read_(path + ".py")) {
            launch.launcher = shown(path + ".py");
          } else if (read_(path + "/__main__.py")) {
            launch.launcher = shown(path + "/__main__.py");
          }
        }
        break;
      }
      if (text.size() < 3 || text.compare(text.size() - 3, 3, ".py") != 0) {
        if (is_python_program(launch.program) && (text == "-W" || text == "-X")) ++k;  // the option's value
        if (!text.empty() && text[0] == '-') continue;
        if (is_python_program(launch.program)) break;  // python's first operand is its script ("": none)
        continue;
      }
      const std::optional<std::string> path = path_of(words[k], state, frame);
      if (path && is_known_path(*path)) launch.launcher = shown(*path);
      break;
    }
    launch.rank_table = launch.program == "msrun" ? jobs::Presence::none : rank_table_in(state, prefix);
    launch.mindspore_lite = is_lite_benchmark(words[program_at].text()) ||
                            is_lite_benchmark(value_of(words[program_at], state, frame).value_or(std::string()));
    add_config_files(launch, words, program_at, state, frame);
    std::vector<std::string> names = {std::string(keys::ge_use_static_memory_env)};
    for (const auto& [name, bindings] : state.variables) {
      if (name != keys::ge_use_static_memory_env && is_job_variable(name)) names.push_back(name);
    }
    for (const auto& [name, binding] : prefix) {
      bool listed = false;
      for (const std::string& have : names) listed = listed || have == name;
      if (!listed && is_job_variable(name)) names.push_back(name);
    }
    for (const std::string& name : names) {
      std::vector<Binding> bindings = bindings_or_unset(state, name);
      for (const auto& [prefixed, binding] : prefix) {
        if (prefixed == name) bindings = {binding};
      }
      jobs::LaunchVariable variable = launch_variable(name, bindings);
      bool sets_something = false;
      for (const jobs::VariableValue& value : variable.values) sets_something = sets_something || !value.how.empty();
      if (sets_something || name == keys::ge_use_static_memory_env) launch.variables.push_back(std::move(variable));
    }
    for (const jobs::Launch& have : job_.launches) {
      // Reached again with the same environment (a function called twice):
      // one launch. Each child script's run is a launch of its own.
      if (have.origin.same_place(launch.origin) && have.launcher == launch.launcher && same_variables(have, launch))
        return;
    }
    job_.launches.push_back(std::move(launch));
  }

  // The config files the launch's words name: "--configFile=model.ini",
  // "--config_file model.ini".
  void add_config_files(jobs::Launch& launch, const std::vector<ShellWord>& words, std::size_t program_at,
                        const State& state, const Frame& frame) const {
    for (std::size_t k = program_at + 1; k < words.size(); ++k) {
      const std::string text = words[k].text();
      for (const std::string_view option : config_file_options) {
        std::optional<ShellWord> value;
        if (text == option && k + 1 < words.size()) {
          value = words[++k];
        } else if (text.size() > option.size() && text.compare(0, option.size(), option) == 0 &&
                   text[option.size()] == '=') {
          value = without_prefix(words[k], option.size() + 1);
        } else {
          continue;
        }
        jobs::NamedConfigFile named{std::string(option), std::nullopt, Origin{frame.file, {}, {}, words[k].position}};
        if (value) {
          named.origin.position = value->position;
          const std::optional<std::string> path = path_of(*value, state, frame);
          if (path && is_known_path(*path)) named.path = shown(*path);
        }
        launch.config_files.push_back(std::move(named));
        break;
      }
    }
  }

  const ShellFileReader& read_;
  std::string working_directory_;
  bool absolute_names_ = false;  // the script was named by an absolute path: so is every file
  State initial_;
  jobs::ShellJob job_;
  // Each text parsed once, however many paths name it (a script run under
  // new names, "bash ${0}x", would otherwise be parsed at every name);
  // functions point into them.
  std::map<std::string, ShellScript> parsed_texts_;
  std::map<std::string, const ShellScript*> scripts_;  // by absolute path
  std::set<std::string> listed_files_;                 // job_.files, looked up
  static constexpr std::size_t max_steps = 20000;
  std::size_t steps_ = 0;
  bool over_budget_ = false;
  bool too_deep_ = false;
  std::vector<std::string> open_files_;
  std::vector<std::vector<State>> returns_;  // per function call or sourced file: the states its returns left
  // Per function call (and child script, where `local` is refused): each
  // variable made local, with what it held before, which its return restores.
  struct Scope {
    bool function = false;
    std::map<std::string, std::optional<std::vector<Binding>>> saved;  // nullopt: not set before
  };
  std::vector<Scope> scopes_;
  int subshells_ = 0;          // subshells and child scripts the walk is in
  std::optional<State> left_;  // what the script leaves where it ends, on every path that ends it
  // Assignments of the engine's variables that no path exports, by place:
  // each a warning once the walk ends.
  std::map<std::string, Diagnostic> unexported_;
};

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
