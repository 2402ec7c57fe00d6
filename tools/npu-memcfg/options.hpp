// The command line of npu-memcfg, parsed into Options by one table of flags
// that also writes --help.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <npu/memory_config_json.hpp>

namespace npu::memcfg {

// How diagnostics are written on stderr: one line each (text), one JSON
// object a line (json), or one SARIF 2.1.0 log (sarif).
enum class DiagnosticsFormat { text, json, sarif };

struct FieldFlag {
  Field field;
  std::string flag;  // "--static-memory-policy"
  std::string value;
};

struct Options {
  std::vector<std::string> config_paths;  // "-": standard input; more than one only with --check or --fix
  std::optional<Form> from;               // how CONFIG is written; nullopt: not given (json)
  std::optional<std::string> pointer;     // the JSON Pointer of the config inside CONFIG
  std::vector<FieldFlag> field_flags;     // in the order given; each overrides CONFIG
  std::optional<Product> product;
  std::optional<std::string> soc_version;
  bool concurrent_graphs = false;
  std::optional<CannRelease> cann_release;
  std::optional<Form> format;              // what to print, and the target validation applies; nullopt: json
  std::optional<std::string> output_path;  // "-": standard output
  bool werror = false;
  bool check = false;  // validate every CONFIG, print nothing on stdout
  bool fix = false;    // make every error's first remedy in the files given
  bool diff = false;   // with fix: print the edits as a unified diff, write nothing
  DiagnosticsFormat diagnostics = DiagnosticsFormat::text;
  bool explain = false;
  bool schema = false;
  bool help = false;
  bool version = false;
};

struct ParsedArguments {
  Options options;
  std::vector<std::string> usage_errors;  // each a sentence: "--cann \"8.0\" is not a CANN release; use ..."
};

[[nodiscard]] ParsedArguments parse_arguments(const std::vector<std::string>& arguments);

// --help.
[[nodiscard]] std::string usage_text();

// "--static-memory-policy" for Field::static_memory_policy.
[[nodiscard]] std::string field_flag(Field field);

// Every flag the tool takes, with what it takes and its help: the rows of
// --help, which the man page repeats.
struct FlagHelp {
  std::string flag;        // "--format"
  std::string value_name;  // "json|ge|tf1|...", "FILE"; empty: the flag takes no value
  std::string help;        // lines after the first are continuations
};
[[nodiscard]] std::vector<FlagHelp> flag_help();

}  // namespace npu::memcfg
