#include "launcher_members.hpp"

#include <algorithm>
#include <utility>

#include <nlohmann/json.hpp>

#include "text_diff.hpp"

namespace npu::memcfg {

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

std::string without_line(std::string text, std::size_t index) {
  const std::size_t begin = *offset_of(text, {index + 1, 1});
  return text.erase(begin, text.find('\n', begin) + 1 - begin);
}

namespace {

// What --fix says of an edit whose text does not read back as it means.
std::string not_read_back() { return "the edited launcher does not read back as the fix means; make the fix by hand"; }

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

// The bytes of `text` a span covers, replaced; nullopt where the span is not in it.
std::optional<TextEdit> span_edit(const std::string& text, const LiteralSpan& span, std::string replacement) {
  const std::optional<std::size_t> begin = offset_of(text, span.begin);
  const std::optional<std::size_t> end = offset_of(text, span.end);
  if (!begin || !end || *end < *begin) return std::nullopt;
  return TextEdit{*begin, *end, std::move(replacement)};
}

}  // namespace

std::optional<std::string> members_edited(const std::string& text, const LauncherConfig& config,
                                          const std::string& fixed, std::string& why) {
  std::vector<TextEdit> edits;
  why = "the launcher's text gives no place for the change";
  if (config.form == Form::tf1) {  // a parameter_map entry removed: its statement goes
    const std::vector<LineChange> changes = line_changes(config.text, fixed);
    if (changes.size() != 1 || changes[0].removed.size() != 1 || !changes[0].added.empty()) return std::nullopt;
    const std::optional<LiteralSpan>& removal = config.removals[changes[0].old_line - 1];
    if (!removal) {
      why = "its statement shares its lines, or is the only one of its block";
      return std::nullopt;
    }
    const std::optional<TextEdit> cut = span_edit(text, *removal, "");
    if (!cut) return std::nullopt;
    return with_edits(text, {*cut});
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
      why = "its statement shares its lines, or is the only one of its block";
      return std::nullopt;
    }
    std::optional<TextEdit> cut = removal ? span_edit(text, *removal, "") : std::nullopt;
    if (!cut) return std::nullopt;
    edits.push_back(std::move(*cut));
  }
  for (const MemberChanges::Added& added : members.added) {
    const auto dict = std::find_if(config.dicts.begin(), config.dicts.end(),
                                   [&](const LauncherDict& d) { return d.path == added.path; });
    if (dict == config.dicts.end()) return std::nullopt;
    const MemberInsertion& insertion = dict->insertion;
    const std::optional<TextEdit> at = span_edit(text, {insertion.at, insertion.at}, "");
    const std::optional<TextEdit> comma =
        insertion.comma_at ? span_edit(text, {*insertion.comma_at, *insertion.comma_at}, ",") : std::nullopt;
    if (!at || (insertion.comma_at && !comma)) return std::nullopt;
    edits.push_back({at->begin, at->end,
                     insertion.before + python_literal_of(added.key, insertion.quote) + ": " +
                         python_literal_of(added.value, insertion.quote) + insertion.after});
    if (comma) edits.push_back(*comma);
  }
  if (edits.empty()) return std::nullopt;
  return with_edits(text, std::move(edits));
}

bool reads_back(const std::string& text, const std::string& shown, const std::vector<LauncherConfig>& configs,
                std::size_t index, const std::string& fixed, std::string& why) {
  const PythonReading reading = read_python_launcher_text(text, shown);
  why = reading.problem;
  if (!reading.problem.empty()) return false;
  const LauncherFacts& facts = reading.launchers.begin()->second;
  why = not_read_back();
  const bool gone = facts.configs.size() + 1 == configs.size();
  if (facts.not_read || (!gone && facts.configs.size() != configs.size())) return false;
  for (std::size_t k = 0; k < configs.size(); ++k) {
    if (k == index) continue;
    const std::string& now = facts.configs[gone && k > index ? k - 1 : k].text;
    // A dict two calls give is one literal: edited once, for both.
    const bool same_dict = !gone && configs[k].text == configs[index].text && now == facts.configs[index].text;
    if (now != configs[k].text && !same_dict) return false;
  }
  const ReadResult meant = read_text(fixed, configs[index].form);
  const ReadResult got = gone ? ReadResult{} : read_text(facts.configs[index].text, configs[index].form);
  for (const Field field : enum_values<Field>()) {
    if (got.provenance.of(field).given != meant.provenance.of(field).given) return false;
  }
  return gone || (got.config == meant.config && facts.configs[index].what == configs[index].what);
}

bool environment_reads_back(const std::string& shown, const std::string& text, std::size_t index, std::size_t writes,
                            const std::optional<std::string>& value, std::string& why) {
  const PythonReading reading = read_python_launcher_text(text, shown);
  why = reading.problem.empty() ? not_read_back() : reading.problem;
  if (!reading.problem.empty() || reading.launchers.begin()->second.not_read) return false;
  const std::vector<jobs::EnvironmentWrite>& environment = reading.launchers.begin()->second.environment;
  if (!value) return environment.size() + 1 == writes;
  return environment.size() == writes && environment[index].value == value;
}

}  // namespace npu::memcfg
