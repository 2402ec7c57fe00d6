// Python launchers, read with Python's own parser: the user's python3 runs
// the tool's reader (python_reader.py) isolated (-I), once for all the
// launchers of a run, and never runs or imports a launcher.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include <npu/memory_config_jobs.hpp>
#include <npu/memory_config_json.hpp>

namespace npu::memcfg {

// A config a launcher writes as literals (MindSpore's ascend_config, TF1's
// MemoryConfig(…) and parameter_map, TF2's global_options()), as the text a
// form of the library reads, a key a line, with the place in the launcher of
// each line's key.
// Where a literal's text stands in a launcher: from its first byte to just past it.
struct LiteralSpan {
  SourcePosition begin;
  SourcePosition end;
};

// Where a member added to a dict literal goes, in the dict's own layout:
// `before`, the member, then `after`, inserted at `at`, its keys quoted
// with `quote`; a comma inserted at `comma_at` (after the last member,
// where it had none).
struct MemberInsertion {
  SourcePosition at;
  std::string before;
  std::string after;
  char quote = '"';
  std::optional<SourcePosition> comma_at;
};

// A dict literal of a launcher's config: the keys of the member it is
// (none: the config's own), and where a member added to it goes.
struct LauncherDict {
  std::vector<std::string> path;
  MemberInsertion insertion;
};

struct LauncherConfig {
  Form form = Form::json;
  std::string text;
  std::vector<std::optional<SourcePosition>> places;    // per line of `text`
  std::vector<std::optional<LiteralSpan>> value_spans;  // per line of `text`: the literal of its value, if one
  std::vector<std::vector<std::string>> paths;          // per line of a JSON form's `text`: its member's keys, if one
  std::vector<std::optional<LiteralSpan>> removals;     // per line: what removing its setting takes, if it can go
  std::vector<LauncherDict> dicts;                      // the dict literals read (ascend_config, ge_options)
  Origin origin;                                        // the call that writes it
  bool certain = true;                                  // runs on every path when the file is started
  std::string what;                                     // "ascend_config", "MemoryConfig(…)", "parameter_map", ...
  bool complete = true;  // false: a value is no literal and was left out, so what runs is not known
};

// A setting that makes the engine's memory settings do nothing: MindSpore's
// jit_level "O0"/"O1" (kernel by kernel), its PYNATIVE_MODE; torchair's
// reduce-overhead mode.
struct InertSetting {
  std::string what;   // "jit_level"
  std::string value;  // "O1"
  Origin origin;
  bool certain = true;
  std::string framework;  // "mindspore", "torchair"
};

// Where an environment write stands, for --fix: its value when that is a
// string literal, and the lines of a statement that writes nothing else.
struct EnvironmentPlace {
  SourcePosition value_begin;  // not known: the value is no string literal
  SourcePosition value_end;    // just past the literal
  std::size_t first_line = 0;  // 0: its statement cannot be removed alone
  std::size_t last_line = 0;
};

struct LauncherFacts {
  std::optional<Diagnostic> not_read;   // a syntax error (a warning), or a file that cannot be read (an error)
  std::vector<std::string> frameworks;  // imported: "tf1" (npu_bridge), "tf2", "mindspore", "torchair"
  std::vector<jobs::EnvironmentWrite> environment;
  std::vector<EnvironmentPlace> environment_places;  // one for each of `environment`
  std::vector<LauncherConfig> configs;
  std::vector<InertSetting> inert;
  bool jit_level_given = false;           // MindSpore's jit_level or backend written (a literal or not)
  std::vector<Diagnostic> not_checkable;  // values that are no literal
};

struct PythonReading {
  std::map<std::string, LauncherFacts> launchers;  // by absolute path
  std::string problem;  // not empty: python3 could not read them (none on PATH, too old, failed): why
};

// Each launcher (absolute path, and the name diagnostics give it) read by
// `python3 -I` found on PATH; the path "-" is `input`, given on python3's
// standard input.
[[nodiscard]] PythonReading read_python_launchers(const std::map<std::string, std::string>& shown_by_absolute,
                                                  const std::string* input = nullptr);

// A launcher's text not (yet) in a file, read as read_python_launchers
// reads a file: what --fix reads back of an edit before writing it.
[[nodiscard]] PythonReading read_python_launcher_text(const std::string& text, const std::string& shown);

// `config`'s text read as its form, each position moved to the launcher.
[[nodiscard]] ReadResult read_launcher_config(const LauncherConfig& config);

}  // namespace npu::memcfg
