#include "fix.hpp"

#include <algorithm>
#include <optional>
#include <string_view>
#include <utility>

#include <npu/memory_config/shell/edit.hpp>
#include <npu/memory_config/texts/fix_text.hpp>

#include "check.hpp"
#include "file_io.hpp"
#include "job_files.hpp"
#include "launcher_members.hpp"
#include "python_launchers.hpp"
#include "report.hpp"
#include "text_diff.hpp"

namespace npu::memcfg {
namespace {

// GE_USE_STATIC_MEMORY, as a string to build messages with.
std::string variable_name() { return std::string(keys::ge_use_static_memory_env); }

// A file the fix edits: as diagnostics name it, where it is, its text as
// read and as edited.
struct EditedFile {
  std::string shown;
  std::string path;
  std::string original;
  std::string text;
};

// `text` without the blanks around it.
std::string_view trimmed(std::string_view text) {
  const std::size_t begin = text.find_first_not_of(" \t\r");
  if (begin == std::string_view::npos) return {};
  return text.substr(begin, text.find_last_not_of(" \t\r") + 1 - begin);
}

// What an edit was not made for: an error at the place it would go.
Diagnostic not_fixed(const Edit& edit, const std::string& why) {
  return {Severity::error,    DiagnosticCode::not_updatable, edit.at, std::string(edit.setting()), "",
          "not fixed: " + why};
}

}  // namespace

std::optional<std::string> edit_shell(const std::string& text, SourcePosition at,
                                      const std::optional<std::string>& value, std::string& why) {
  WriteResult edited = jobs::edit_variable(text, at, value, "");
  if (!edited.text) why = edited.diagnostics.front().message;
  return std::move(edited.text);
}

namespace {

// A Python launcher's write of the variable at `at` given `value` (the
// string literal rewritten in its own quotes), or its statement removed.
std::optional<std::string> edit_python(const EditedFile& file, SourcePosition at,
                                       const std::optional<std::string>& value, std::string& why) {
  const PythonReading reading = read_python_launcher_text(file.text, file.shown);
  if (!reading.problem.empty()) {
    why = reading.problem;
    return std::nullopt;
  }
  const LauncherFacts& facts = reading.launchers.begin()->second;
  for (std::size_t i = 0; i < facts.environment.size(); ++i) {
    if (facts.environment[i].name != variable_name() || !(facts.environment[i].origin.position == at)) continue;
    const EnvironmentPlace& place = facts.environment_places[i];
    std::string out = file.text;
    if (value) {
      const std::optional<std::size_t> begin = offset_of(file.text, place.value_begin);
      const std::optional<std::size_t> end = offset_of(file.text, place.value_end);
      if (!place.value_begin.known() || !begin || !end) break;
      const std::string_view literal = std::string_view(file.text).substr(*begin, *end - *begin);
      const std::size_t open = literal.find_first_of("\"'");
      const std::size_t quotes = literal.compare(open, 3, std::string(3, literal[open])) == 0 ? 3 : 1;
      out.replace(*begin + open + quotes, literal.size() - open - 2 * quotes, *value);
      if (!environment_reads_back(file.shown, out, i, facts.environment.size(), value, why)) return std::nullopt;
      return out;
    }
    if (place.first_line == 0) {
      why = "its statement does more than write " + variable_name() + ", or is the only one of its block";
      return std::nullopt;
    }
    const std::size_t begin = *offset_of(file.text, {place.first_line, 1});
    const std::size_t last_line_end = file.text.find('\n', *offset_of(file.text, {place.last_line, 1}));
    const std::size_t end = last_line_end == std::string::npos ? file.text.size() : last_line_end + 1;
    out.erase(begin, end - begin);
    if (!environment_reads_back(file.shown, out, i, facts.environment.size(), value, why)) return std::nullopt;
    return out;
  }
  why = "no string literal written to " + variable_name() + " stands there";
  return std::nullopt;
}

// The value line `line` of a launcher config's text gives its key, as its
// text: `  "key": 0,` gives 0, `  "key": "x"` x; TF1's `value { i: 0 }` 0,
// `value { s: "x" }` x.
std::optional<std::string> line_value(std::string_view line, Form form) {
  std::string_view value;
  if (form == Form::tf1) {
    const std::size_t at = line.find("value { ");
    if (at == std::string_view::npos) return std::nullopt;
    value = line.substr(at + 8);
    value = value.substr(std::min(value.size(), std::size_t{3}));  // "i: " or "s: "
    value = value.substr(0, value.rfind(" }", value.rfind(" }") - 1));
  } else {
    const std::size_t colon = line.find("\": ");
    if (colon == std::string_view::npos) return std::nullopt;
    value = trimmed(line.substr(colon + 3));
    if (!value.empty() && value.back() == ',') value.remove_suffix(1);
  }
  const nlohmann::json parsed = nlohmann::json::parse(value, nullptr, false);
  if (parsed.is_string()) return parsed.get<std::string>();
  if (parsed.is_number_unsigned()) return parsed.dump();
  return std::nullopt;
}

// The literal `literal` of a launcher holding `value` instead, in its own
// kind and quotes: 7 → 0, "7" → "0", b'7' → b'0'. `value` is a form's
// table's name or digits: nothing in it needs escaping.
std::string python_literal(std::string_view literal, const std::string& value) {
  const std::size_t open = literal.find_first_of("\"'");
  if (open == std::string_view::npos) {  // a number stays one where the value is one (TF2 passes on its text)
    return value.find_first_not_of("0123456789") == std::string::npos ? value : "\"" + value + "\"";
  }
  const std::size_t quotes = literal.compare(open, 3, std::string(3, literal[open])) == 0 ? 3 : 1;
  return std::string(literal.substr(0, open + quotes)) + value + std::string(literal.substr(literal.size() - quotes));
}

// A launcher with the config setting `edit` is about changed where the
// launcher writes it (section 17): the remedy made in the config's text as
// its form reads it, then the value put back in its literal, or the
// members that changes added or removed (launcher_members.hpp); placed
// nowhere, a MindSpore default overridden in the ascend_config written.
// Each edit is read back before it is made.
std::optional<std::string> edit_launcher_config(const EditedFile& file, const Edit& edit, std::string& why) {
  const PythonReading reading = read_python_launcher_text(file.text, file.shown);
  if (!reading.problem.empty()) {
    why = reading.problem;
    return std::nullopt;
  }
  why = "no config the launcher writes as literals holds it; the fix is " + edit.text();
  const std::vector<LauncherConfig>& configs = reading.launchers.begin()->second.configs;
  for (std::size_t c = 0; c < configs.size(); ++c) {
    const LauncherConfig& config = configs[c];
    // The line placed there, the one with a value where several are (TF1's
    // opening lines share the place of its first entry).
    std::size_t index = config.places.size();
    for (std::size_t line = config.places.size(); line-- > 0;) {
      if (config.places[line] == edit.at.position && (index == config.places.size() || config.value_spans[line]))
        index = line;
    }
    Edit in_text = edit;
    if (index < config.places.size()) {
      // The edit where the config's text has the key, as its reader places
      // it: at the key's opening quote, or at TF1's `key` field.
      const std::size_t line_begin = *offset_of(config.text, {index + 1, 1});
      const std::string_view line_text =
          std::string_view(config.text).substr(line_begin, config.text.find('\n', line_begin) - line_begin);
      in_text.at.position = {index + 1, (config.form == Form::tf1 ? line_text.find("key:") : line_text.find('"')) + 1};
    } else if (edit.at.position.known() || config.form != Form::mindspore) {
      continue;
    }
    // The tf1 form's text takes no removal; a parameter_map's entry is a
    // line of it, whose statement goes where the setting is removed, or
    // unset (an optional setting, unset where no entry gives it).
    const bool entry_removed = config.form == Form::tf1 && (edit.action == EditAction::remove_setting || !edit.code);
    const WriteResult fixed = entry_removed ? WriteResult{without_line(config.text, index), {}}
                                            : fix_text(config.text, {in_text}, config.form, file.shown);
    if (!fixed) {
      why = fixed.diagnostics.front().message + "; the fix is " + edit.text();
      return std::nullopt;
    }
    const std::vector<LineChange> changes = line_changes(config.text, *fixed.text);
    const bool one_value = changes.size() == 1 && changes[0].removed.size() == 1 && changes[0].added.size() == 1;
    if (index == config.places.size() || !one_value) {  // an addition, or a removal
      std::optional<std::string> edited = members_edited(file.text, config, *fixed.text, why);
      if (edited && reads_back(*edited, file.shown, configs, c, *fixed.text, why)) return edited;
      why += "; the fix is " + edit.text();
      return std::nullopt;
    }
    const std::optional<LiteralSpan>& span = config.value_spans[index];
    if (!span) {  // the value's own line, rewritten
      why = "the value at this key is no literal --fix can rewrite; the fix is " + edit.text();
      return std::nullopt;
    }
    // TF1's entry read as i where the launcher gives s (or back): the field
    // written changes, not only its literal.
    const auto kind = [](std::string_view line) { return line.substr(line.find("value { ") + 8, 1); };
    if (config.form == Form::tf1 && kind(changes[0].removed[0]) != kind(changes[0].added[0])) {
      why = "the entry is read as ." + std::string(kind(changes[0].added[0])) + ", not ." +
            std::string(kind(changes[0].removed[0])) + ": write it as such; the fix is " + edit.text();
      return std::nullopt;
    }
    const std::optional<std::size_t> begin = offset_of(file.text, span->begin);
    const std::optional<std::size_t> end = offset_of(file.text, span->end);
    const std::optional<std::string> value = line_value(changes[0].added[0], config.form);
    if (!begin || !end || !value) break;
    std::string out = file.text;
    out.replace(*begin, *end - *begin,
                python_literal(std::string_view(file.text).substr(*begin, *end - *begin), *value));
    if (!reads_back(out, file.shown, configs, c, *fixed.text, why)) return std::nullopt;
    return out;
  }
  return std::nullopt;
}

// From the last place up (an addition, placed nowhere, last): each edit
// leaves the places above it where they were.
std::vector<Edit> bottom_up(std::vector<Edit> edits) {
  std::stable_sort(edits.begin(), edits.end(),
                   [](const Edit& a, const Edit& b) { return b.at.position < a.at.position; });
  return edits;
}

// `file` with `edits` made, each in the way of its file's kind; nullopt
// and why, when one cannot be.
std::optional<std::string> edited(const EditedFile& file, const std::vector<Edit>& edits, const Options& options,
                                  std::string& why) {
  JobFile::Kind kind = JobFile::Kind::shell_script;
  const bool given =
      std::find(options.config_paths.begin(), options.config_paths.end(), file.shown) != options.config_paths.end();
  // As --check reads it: a CONFIG given in the --from form, a job's
  // script or launcher, a MindSpore Lite config a folder holds or a launch names.
  const bool job = (!given || !options.from) && job_file_kind(file.path, &kind);
  if (!job) {
    std::optional<Form> form;
    if (given) form = options.from.value_or(Form::json);
    if (!given && is_lite_config_text(file.text)) form = Form::mslite;
    if (!form) {
      why = "the form of " + file.shown + " is not known: give it to --fix with its --from";
      return std::nullopt;
    }
    WriteResult result = fix_text(file.text, edits, *form, file.shown, given ? options.pointer.value_or("") : "");
    if (!result) why = result.diagnostics.front().message;
    return std::move(result.text);
  }
  std::string text = file.text;
  for (const Edit& edit : bottom_up(edits)) {
    std::optional<std::string> value;
    if (edit.action == EditAction::set_variable) value = edit.variable_value;
    const EditedFile current{file.shown, file.path, file.original, text};
    if (edit.action != EditAction::set_variable && edit.action != EditAction::unset_variable) {
      if (kind == JobFile::Kind::shell_script) {
        why = "a shell script's settings are not edited; the fix is " + edit.text();
        return std::nullopt;
      }
      std::optional<std::string> next = edit_launcher_config(current, edit, why);
      if (!next) return std::nullopt;
      text = std::move(*next);
      continue;
    }
    std::optional<std::string> next = kind == JobFile::Kind::shell_script
                                          ? edit_shell(text, edit.at.position, value, why)
                                          : edit_python(current, edit.at.position, value, why);
    if (!next) return std::nullopt;
    text = std::move(*next);
  }
  return text;
}

// What an environment edit is as a command: "unset GE_USE_STATIC_MEMORY".
std::string command_of(const Edit& edit) {
  if (edit.action == EditAction::set_variable) return "export " + variable_name() + "=" + edit.variable_value;
  return "unset " + variable_name();
}

// What a line sets: the text before its first "=" or ":", trimmed
// ("export GE_USE_STATIC_MEMORY", "\"ge.exec.staticMemoryPolicy\"").
std::string_view setting_part(std::string_view line) {
  return trimmed(line.substr(0, std::min(line.find('='), line.find(':'))));
}

// "run.sh:4: export GE_USE_STATIC_MEMORY=1 → removed", a line per line
// changed: a line replaced by the one that sets the same, else removed;
// a line that replaces none, added.
std::string edits_text(const EditedFile& file) {
  std::string out;
  for (const LineChange& change : line_changes(file.original, file.text)) {
    std::vector<bool> used(change.added.size(), false);
    for (std::size_t k = 0; k < change.removed.size(); ++k) {
      const std::string_view removed = change.removed[k];
      std::string after = "removed";
      for (std::size_t a = 0; a < change.added.size(); ++a) {
        if (used[a] || setting_part(change.added[a]) != setting_part(removed)) continue;
        used[a] = true;
        after = trimmed(change.added[a]);
        break;
      }
      out += file.shown + ":" + std::to_string(change.old_line + k) + ": " + std::string(trimmed(removed)) +
             " \u2192 " + after + "\n";
    }
    for (std::size_t a = 0; a < change.added.size(); ++a) {
      if (!used[a]) {
        out += file.shown + ":" + std::to_string(change.old_line + change.removed.size()) + ": added " +
               std::string(trimmed(change.added[a])) + "\n";
      }
    }
  }
  return out;
}

// Edits by the file they go to, in the order first named.
using EditsByFile = std::vector<std::pair<std::string, std::vector<Edit>>>;

// `edit` added to its file's; where two remedies change one setting at one
// place, the first is made.
void add_edit(EditsByFile& by_file, const Edit& edit) {
  auto in =
      std::find_if(by_file.begin(), by_file.end(), [&](const auto& entry) { return entry.first == edit.at.source; });
  if (in == by_file.end()) in = by_file.insert(by_file.end(), {edit.at.source, {}});
  const bool placed = std::any_of(in->second.begin(), in->second.end(), [&](const Edit& have) {
    return have.at.same_place(edit.at) && have.setting() == edit.setting();
  });
  if (!placed) in->second.push_back(edit);
}

// The bytes that differ between two texts, as one replacement.
FileChange change_between(const std::string& shown, std::string_view before, std::string_view after) {
  const auto prefix = static_cast<std::size_t>(
      std::mismatch(before.begin(), before.end(), after.begin(), after.end()).first - before.begin());
  // What follows the prefix in each, compared from the end.
  const std::string_view old_rest = before.substr(prefix);
  const std::string_view new_rest = after.substr(prefix);
  const auto suffix = static_cast<std::size_t>(
      std::mismatch(old_rest.rbegin(), old_rest.rend(), new_rest.rbegin(), new_rest.rend()).first - old_rest.rbegin());
  return {shown, prefix, before.size() - prefix - suffix,
          std::string(after.substr(prefix, after.size() - prefix - suffix))};
}

}  // namespace

void add_remedy_changes(FileReport& report, const Options& options, const Environment& environment) {
  for (const Diagnostic& diagnostic : report.diagnostics) {
    std::vector<RemedyChanges> remedies;
    for (const Remedy& remedy : diagnostic.fix) {
      RemedyChanges described{remedy.text(), {}};
      bool in_files = true;
      EditsByFile by_source;
      for (const Edit& edit : remedy.edits) {
        in_files = in_files && !edit.at.source.empty();
        add_edit(by_source, edit);
      }
      for (const auto& [source, edits] : by_source) {
        if (!in_files) break;
        const std::string path = path_in(environment.working_directory, source);
        const FileResult read = read_file(path);
        std::string why;
        const std::optional<std::string> text =
            read.ok ? edited({source, path, read.text, read.text}, edits, options, why) : std::nullopt;
        in_files = text.has_value();
        if (text) described.changes.push_back(change_between(source, read.text, *text));
      }
      if (in_files) remedies.push_back(std::move(described));
    }
    if (!remedies.empty()) report.changes.emplace_back(diagnostic, std::move(remedies));
  }
}

Outcome fix(const Options& options, const Environment& environment, const RunInfo& info) {
  const auto no_standard_input = [] { return FileResult{false, "", "cannot be read: --fix reads no standard input"}; };
  std::vector<EditedFile> files;  // in the order first edited
  std::vector<std::string> commands;
  std::vector<Diagnostic> notes;  // what could not be fixed
  const auto note = [&](Diagnostic diagnostic) { add_once(notes, std::move(diagnostic)); };
  // The rounds after the first check the files as the job will run them:
  // in the environment the commands printed make.
  Environment commanded = environment;
  CheckRun run = check_paths(options, environment, no_standard_input);
  // One round per layer of errors: a value the reader rejects hides the
  // rules validation applies to it, checked once it is fixed.
  const int rounds = options.diff ? 1 : 3;
  for (int round = 0; round < rounds && !run.unreadable; ++round) {
    EditsByFile by_source;
    for (const FileReport& report : run.reports) {
      for (const Diagnostic& diagnostic : report.diagnostics) {
        if (diagnostic.severity != Severity::error || diagnostic.fix.empty()) continue;
        for (const Edit& edit : diagnostic.fix.front().edits) {
          if (edit.at.source.empty()) {
            if (std::find(commands.begin(), commands.end(), command_of(edit)) == commands.end())
              commands.push_back(command_of(edit));
            commanded.ge_use_static_memory = std::nullopt;
            if (edit.action == EditAction::set_variable) commanded.ge_use_static_memory = edit.variable_value;
            continue;
          }
          add_edit(by_source, edit);
        }
      }
    }
    bool changed = false;
    for (const auto& entry : by_source) {
      const std::string& source = entry.first;  // named, not bound: a lambda captures it
      const std::vector<Edit>& edits = entry.second;
      auto file = std::find_if(files.begin(), files.end(), [&](const EditedFile& f) { return f.shown == source; });
      if (file == files.end()) {
        const std::string path = path_in(environment.working_directory, source);
        const FileResult read = read_file(path);
        if (!read.ok) {  // the engine's or a framework's defaults, a flag, a file gone
          for (const Edit& edit : edits) {
            note(not_fixed(
                edit, "no file of the job holds it (" + source + ": " + read.error + "); the fix is " + edit.text()));
          }
          continue;
        }
        file = files.insert(files.end(), {source, path, read.text, read.text});
      }
      std::string why;
      std::optional<std::string> text = edited(*file, edits, options, why);
      if (!text) {  // edit by edit, from the last place up: those that can be made are
        text = file->text;
        for (const Edit& edit : bottom_up(edits)) {
          const std::optional<std::string> one =
              edited({source, file->path, file->original, *text}, {edit}, options, why);
          if (one) {
            text = *one;
          } else {
            note(not_fixed(edit, why));
          }
        }
      }
      if (*text == file->text) continue;
      std::string before = std::exchange(file->text, std::move(*text));  // what the file holds now
      changed = true;
      if (options.diff) continue;
      const FileResult written = write_file_atomically(file->path, file->text);
      if (!written.ok) {
        note(not_fixed(edits.front(), written.error));
        file->text = std::move(before);
      }
    }
    if (!changed || options.diff) break;
    run = check_paths(options, commanded, no_standard_input);
  }
  // What is left, in the environment the tool runs in.
  if (!options.diff && !commands.empty()) run = check_paths(options, environment, no_standard_input);

  Outcome outcome;
  for (const EditedFile& file : files) {
    outcome.out += options.diff ? unified_diff(file.original, file.text, file.shown, file.shown) : edits_text(file);
  }
  std::string& commands_out = options.diff ? outcome.err : outcome.out;
  for (const std::string& command : commands) commands_out += "run: " + command + "\n";
  if (!notes.empty()) run.reports.push_back({std::nullopt, "", notes});
  if (options.diagnostics == DiagnosticsFormat::sarif) {
    for (FileReport& report : run.reports) add_remedy_changes(report, options, environment);
  }
  bool left = false;  // an error that remains, or (--diff) that the edits printed would not clear
  for (FileReport& report : run.reports) {
    if (options.diff) {  // what the edits clear is not said again
      std::vector<Diagnostic> kept;
      for (Diagnostic& diagnostic : report.diagnostics) {
        const auto in_environment = [](const Edit& edit) { return edit.at.source.empty(); };
        if (diagnostic.severity == Severity::error &&
            (diagnostic.fix.empty() ||
             std::any_of(diagnostic.fix.front().edits.begin(), diagnostic.fix.front().edits.end(), in_environment))) {
          kept.push_back(std::move(diagnostic));
        }
      }
      report.diagnostics = std::move(kept);
    }
    left = left || has_errors(report.diagnostics);
  }
  outcome.exit_code = run.unreadable ? exit_usage : left ? exit_invalid : exit_ok;
  outcome.err += render_reports(std::move(run.reports), options.diagnostics, info);
  return outcome;
}

}  // namespace npu::memcfg
