#include "launcher_edits.hpp"

#include <algorithm>
#include <string_view>
#include <utility>

#include <npu/memory_config/texts/fix_text.hpp>

#include "python_launchers.hpp"
#include "text_diff.hpp"

namespace npu::memcfg {
namespace {

// A launcher's text, and its name in diagnostics.
struct LauncherText {
  std::string shown;
  std::string text;
};

// The offset of a position (columns in bytes from 1); nullopt past its line.
std::optional<std::size_t> offset_of(std::string_view text, SourcePosition position) {
  std::size_t start = 0;
  for (std::size_t line = 1; line < position.line; ++line) {
    start = text.find('\n', start);
    if (start == std::string_view::npos) return std::nullopt;
    ++start;
  }
  const std::size_t end = std::min(text.find('\n', start), text.size());
  if (position.column == 0 || start + position.column - 1 > end) return std::nullopt;
  return start + position.column - 1;
}

// What --fix says of an edit whose text does not read back as it means.
std::string not_read_back() { return "the edited launcher does not read back as the fix means; make the fix by hand"; }

// Whether `text`, a launcher with its write `index` of the variable (of
// `writes`) given `value`, or removed, reads back so.
bool environment_reads_back(const std::string& shown, const std::string& text, std::size_t index, std::size_t writes,
                            const std::optional<std::string>& value, std::string& why) {
  const PythonReading reading = read_python_launcher_text(text, shown);
  why = reading.problem.empty() ? not_read_back() : reading.problem;
  if (!reading.problem.empty() || reading.launchers.begin()->second.not_read) return false;
  const std::vector<jobs::EnvironmentWrite>& environment = reading.launchers.begin()->second.environment;
  if (!value) return environment.size() + 1 == writes;
  return environment.size() == writes && environment[index].value == value;
}

// A Python launcher's write of the variable at `at` given `value` (the
// string literal rewritten in its own quotes), or its statement removed.
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
    value = line.substr(colon + 3);
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

// `text` without its line `index` (from 0).
std::string without_line(std::string text, std::size_t index) {
  const std::size_t begin = *offset_of(text, {index + 1, 1});
  return text.erase(begin, text.find('\n', begin) + 1 - begin);
}

// The members one JSON object gained and lost against another, by the
// keys that lead to them; `changed`: a value that both hold differs.
struct MemberChanges {
  struct Added {
    std::vector<std::string> path;  // of the object that gained it
    std::string key;
    nlohmann::json value;
  };
  std::vector<Added> added;
  std::vector<std::vector<std::string>> removed;  // each member's keys
  bool changed = false;
};

void compare_members(const nlohmann::json& before, const nlohmann::json& after, std::vector<std::string>& path,
                     MemberChanges& out) {
  for (const auto& [key, value] : before.items()) {
    path.push_back(key);
    if (!after.contains(key)) {
      out.removed.push_back(path);
    } else if (value.is_object() && after.at(key).is_object()) {
      compare_members(value, after.at(key), path, out);
    } else {
      out.changed = out.changed || value != after.at(key);
    }
    path.pop_back();
  }
  for (const auto& [key, value] : after.items()) {
    if (!before.contains(key)) out.added.push_back({path, key, value});
  }
}

// A JSON value as a Python literal with `quote` around its strings: the
// keys and values a fix adds are the tables' names and digits, so none
// needs escaping.
std::string python_literal_of(const nlohmann::json& value, char quote) {
  if (value.is_string()) {
    const std::string text = value.get<std::string>();
    NPU_MEMORY_CONFIG_ASSERT(text.find_first_of("\"'\\\n") == std::string::npos, "a fix adds no text to escape");
    return quote + text + quote;
  }
  if (!value.is_object()) return value.dump();
  std::string out = "{";
  for (const auto& [key, member] : value.items()) {
    if (out.size() > 1) out += ", ";
    out += python_literal_of(key, quote) + ": " + python_literal_of(member, quote);
  }
  return out + "}";
}

// A change to a launcher's text: the bytes [begin, end) replaced.
struct TextEdit {
  std::size_t begin = 0;
  std::size_t end = 0;
  std::string text;
};

// `text` with `edits` made, or nullopt where two overlap.
std::optional<std::string> with_edits(std::string text, std::vector<TextEdit> edits) {
  std::sort(edits.begin(), edits.end(), [](const TextEdit& a, const TextEdit& b) { return a.begin > b.begin; });
  for (std::size_t i = 0; i < edits.size(); ++i) {
    if (i > 0 && edits[i].end > edits[i - 1].begin) return std::nullopt;
    text.replace(edits[i].begin, edits[i].end - edits[i].begin, edits[i].text);
  }
  return text;
}

// The bytes of `file` a span covers, or nullopt where it is not in the text.
std::optional<TextEdit> span_edit(const std::string& text, const LiteralSpan& span, std::string replacement) {
  const std::optional<std::size_t> begin = offset_of(text, span.begin);
  const std::optional<std::size_t> end = offset_of(text, span.end);
  if (!begin || !end || *end < *begin) return std::nullopt;
  return TextEdit{*begin, *end, std::move(replacement)};
}

// The value line `index` of `config` holds, rewritten in its literal:
// `fixed` is the config's text with the remedy made, differing from it in
// that line alone.
std::optional<std::string> value_rewritten(const LauncherText& file, const LauncherConfig& config, std::size_t index,
                                           const LineChange& change, const Edit& edit, std::string& why) {
  const std::optional<LiteralSpan>& span = index < config.value_spans.size() ? config.value_spans[index] : std::nullopt;
  if (!span) {
    why = "the value at this key is no literal --fix can rewrite; the fix is " + edit.text();
    return std::nullopt;
  }
  // TF1's entry read as i where the launcher gives s (or back): the field
  // written changes, not only its literal.
  const auto kind = [](std::string_view line) { return line.substr(line.find("value { ") + 8, 1); };
  if (config.form == Form::tf1 && kind(change.removed[0]) != kind(change.added[0])) {
    why = "the entry is read as ." + std::string(kind(change.added[0])) + ", not ." +
          std::string(kind(change.removed[0])) + ": write it as such; the fix is " + edit.text();
    return std::nullopt;
  }
  const std::optional<std::string> value = line_value(change.added[0], config.form);
  const std::optional<TextEdit> at = span_edit(file.text, *span, "");
  if (!value || !at) return std::nullopt;
  const std::string_view literal = std::string_view(file.text).substr(at->begin, at->end - at->begin);
  return with_edits(file.text, {{at->begin, at->end, python_literal(literal, *value)}});
}

// The members `fixed` adds to or removes from `config` (a JSON form's
// text), made in the launcher: a member removed with its comma (and its
// lines, when it had them alone), one added in its dict's layout.
std::optional<std::string> members_edited(const LauncherText& file, const LauncherConfig& config,
                                          const std::string& fixed, const Edit& edit, std::string& why) {
  std::vector<TextEdit> edits;
  why = "the launcher's text gives no place for the change; the fix is " + edit.text();
  if (config.form == Form::tf1) {  // a parameter_map entry removed: its statement goes
    const std::vector<LineChange> changes = line_changes(config.text, fixed);
    if (changes.size() != 1 || changes[0].removed.size() != 1 || !changes[0].added.empty()) return std::nullopt;
    const std::optional<LiteralSpan>& removal = config.removals[changes[0].old_line - 1];
    if (!removal) {
      why = "its statement shares its lines, or is the only one of its block; the fix is " + edit.text();
      return std::nullopt;
    }
    const std::optional<TextEdit> cut = span_edit(file.text, *removal, "");
    if (!cut) return std::nullopt;
    return with_edits(file.text, {*cut});
  }
  MemberChanges members;
  std::vector<std::string> path;
  compare_members(nlohmann::json::parse(config.text), nlohmann::json::parse(fixed), path, members);
  if (members.changed) return std::nullopt;
  for (const std::vector<std::string>& removed : members.removed) {
    const auto line = std::find(config.paths.begin(), config.paths.end(), removed);
    const std::optional<LiteralSpan>& removal =
        line == config.paths.end() ? std::nullopt
                                   : config.removals[static_cast<std::size_t>(line - config.paths.begin())];
    if (line != config.paths.end() && !removal) {  // TF2's fields are statements
      why = "its statement shares its lines, or is the only one of its block; the fix is " + edit.text();
      return std::nullopt;
    }
    std::optional<TextEdit> cut = removal ? span_edit(file.text, *removal, "") : std::nullopt;
    if (!cut) return std::nullopt;
    edits.push_back(std::move(*cut));
  }
  for (const MemberChanges::Added& added : members.added) {
    const auto dict = std::find_if(config.dicts.begin(), config.dicts.end(),
                                   [&](const LauncherDict& d) { return d.path == added.path; });
    if (dict == config.dicts.end()) return std::nullopt;
    const MemberInsertion& insertion = dict->insertion;
    const std::optional<TextEdit> at = span_edit(file.text, {insertion.at, insertion.at}, "");
    const std::optional<TextEdit> comma =
        insertion.comma_at ? span_edit(file.text, {*insertion.comma_at, *insertion.comma_at}, ",") : std::nullopt;
    if (!at || (insertion.comma_at && !comma)) return std::nullopt;
    edits.push_back({at->begin, at->end,
                     insertion.before + python_literal_of(added.key, insertion.quote) + ": " +
                         python_literal_of(added.value, insertion.quote) + insertion.after});
    if (comma) edits.push_back(*comma);
  }
  if (edits.empty()) return std::nullopt;
  return with_edits(file.text, std::move(edits));
}

// Whether `text`, the launcher edited, reads back as the remedy meant: it
// parses, it writes the other configs as it did, and config `index` of
// `configs` reads as `fixed` (the config's text with the remedy made)
// does, or is gone where that holds no setting.
bool reads_back(const LauncherText& file, const std::string& text, const std::vector<LauncherConfig>& configs,
                std::size_t index, const std::string& fixed, std::string& why) {
  const PythonReading reading = read_python_launcher_text(text, file.shown);
  why = reading.problem;
  if (!reading.problem.empty()) return false;
  const LauncherFacts& facts = reading.launchers.begin()->second;
  why = not_read_back();
  const bool gone = facts.configs.size() + 1 == configs.size();
  if (facts.not_read || (!gone && facts.configs.size() != configs.size())) return false;
  for (std::size_t k = 0; k < configs.size(); ++k) {
    if (k != index && facts.configs[gone && k > index ? k - 1 : k].text != configs[k].text) return false;
  }
  const ReadResult meant = read_text(fixed, configs[index].form);
  const ReadResult got = gone ? ReadResult{} : read_text(facts.configs[index].text, configs[index].form);
  for (const Field field : enum_values<Field>()) {
    if (got.provenance.of(field).given != meant.provenance.of(field).given) return false;
  }
  return gone || (got.config == meant.config && facts.configs[index].what == configs[index].what);
}

// A launcher with the config setting `edit` is about changed where the
// launcher writes it (section 17): the remedy made in the config's text as
// its form reads it, then the value rewritten in its literal, the member
// or statement removed, or the member added to its dict (MindSpore's
// defaults, overridden in the ascend_config written), each read back.
}  // namespace

std::optional<std::string> edit_launcher_config(const std::string& text, const std::string& shown, const Edit& edit,
                                                std::string& why) {
  const LauncherText file{shown, text};
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
      continue;  // placed nowhere: a MindSpore default, overridden in the ascend_config written
    }
    // The tf1 form's text takes no removal; a parameter_map's entry is a
    // line of it, whose statement goes.
    const bool entry_removed = config.form == Form::tf1 && edit.action == EditAction::remove_setting;
    const WriteResult fixed = entry_removed ? WriteResult{without_line(config.text, index), {}}
                                            : fix_text(config.text, {in_text}, config.form, file.shown);
    if (!fixed) {
      why = fixed.diagnostics.front().message + "; the fix is " + edit.text();
      return std::nullopt;
    }
    const std::vector<LineChange> changes = line_changes(config.text, *fixed.text);
    const bool one_value = changes.size() == 1 && changes[0].removed.size() == 1 && changes[0].added.size() == 1;
    std::optional<std::string> edited = one_value ? value_rewritten(file, config, index, changes[0], edit, why)
                                                  : members_edited(file, config, *fixed.text, edit, why);
    if (!edited || !reads_back(file, *edited, configs, c, *fixed.text, why)) return std::nullopt;
    return edited;
  }
  return std::nullopt;
}

std::optional<std::string> edit_launcher_variable(const std::string& text, const std::string& shown, SourcePosition at,
                                                  const std::optional<std::string>& value, std::string& why) {
  const LauncherText file{shown, text};
  const std::string variable_name(keys::ge_use_static_memory_env);
  const PythonReading reading = read_python_launcher_text(file.text, file.shown);
  if (!reading.problem.empty()) {
    why = reading.problem;
    return std::nullopt;
  }
  const LauncherFacts& facts = reading.launchers.begin()->second;
  for (std::size_t i = 0; i < facts.environment.size(); ++i) {
    if (facts.environment[i].name != variable_name || !(facts.environment[i].origin.position == at)) continue;
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
      why = "its statement does more than write " + variable_name + ", or is the only one of its block";
      return std::nullopt;
    }
    const std::size_t begin = *offset_of(file.text, {place.first_line, 1});
    const std::size_t last_line_end = file.text.find('\n', *offset_of(file.text, {place.last_line, 1}));
    const std::size_t end = last_line_end == std::string::npos ? file.text.size() : last_line_end + 1;
    out.erase(begin, end - begin);
    if (!environment_reads_back(file.shown, out, i, facts.environment.size(), value, why)) return std::nullopt;
    return out;
  }
  why = "no string literal written to " + variable_name + " stands there";
  return std::nullopt;
}

}  // namespace npu::memcfg
