// The command line of npu-memcfg (spec section 7), parsed into Options.
// Every field flag is derived from the field table.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <npu/memory_config.hpp>

namespace npu::memcfg {

// --from and --format name a target's form (the target table's names) or
// "json", the config file's own form: TargetRuntime::any.

// How diagnostics are written on stderr: one line each (text), one JSON
// object a line (json), or one SARIF 2.1.0 log (sarif).
enum class DiagnosticsFormat { text, json, sarif };

struct FieldFlag {
  Field field;
  std::string flag;  // as given: "--static-memory-policy"
  std::string value;
};

struct Options {
  std::vector<std::string> config_paths;      // "-": standard input; more than one only with --check
  TargetRuntime from = TargetRuntime::any;    // json, or a target whose form has a reader: ge, tf2, mindspore
  TargetRuntime format = TargetRuntime::any;  // json, or any target; also the target validation and --explain use
  std::vector<FieldFlag> field_flags;
  const ProductInfo* product = nullptr;  // a row of npu::products
  std::optional<std::string> soc_version;
  std::optional<std::string> cann_release;  // a valid release text
  bool concurrent_graphs = false;
  std::optional<std::string> output_path;
  bool werror = false;
  bool check = false;  // validate every CONFIG, print nothing on stdout
  DiagnosticsFormat diagnostics = DiagnosticsFormat::text;
  bool explain = false;
  bool schema = false;
  bool help = false;
  bool version = false;
};

struct ParsedArguments {
  Options options;
  std::vector<std::string> usage_errors;  // each a full "error: ..." line
};

// "--static-memory-policy" for Field::static_memory_policy.
[[nodiscard]] std::string field_flag(Field field);

[[nodiscard]] ParsedArguments parse_arguments(const std::vector<std::string>& arguments);

[[nodiscard]] std::string usage_text();

// Every option the tool takes, "--from" to "--variable-use-1g-huge-page".
[[nodiscard]] std::vector<std::string> option_flags();

}  // namespace npu::memcfg
