// npu-memcfg's argument parsing and everything behind it: the bytes are the
// standard input, a NUL, then the arguments separated by NULs. --output is
// left out (the harness writes no files), and so is an input naming a file
// or a folder that exists: "/" was a walk of the machine's files.
#include <filesystem>
#include <string>
#include <system_error>
#include <vector>

#include <nlohmann/json.hpp>

#include "fuzz_support.hpp"
#include "options.hpp"
#include "run.hpp"

namespace {

using npu::memcfg::DiagnosticsFormat;

// What a run that exits 0 printed reads back, through the tool, to the same
// text: `--from F --format F` is a fixpoint for every form with a reader.
void check_reads_back(const npu::memcfg::Options& options, const std::string& out) {
  if (options.help || options.version || options.schema || options.explain || options.check) return;
  if (options.output_path && *options.output_path != "-") return;
  const npu::Form written = options.format.value_or(npu::Form::json);
  if (!describe(written).readable) return;  // torchair's variables have no reader
  const std::string form(npu::enum_name(written));
  const npu::memcfg::Outcome again = npu::memcfg::run({"--from", form, "--format", form, "-"}, {}, [&] {
    return npu::memcfg::FileResult{true, out, {}};
  });
  if (again.exit_code != 0 || again.out != out) {
    npu::fuzz::violated("what a passing run prints reads back to the same config", out + "\n" + again.err);
  }
}

// Diagnostics as text: whole lines starting error: or warning:, an error
// exactly when the run failed.
void check_text_diagnostics(const npu::memcfg::Outcome& outcome) {
  if (outcome.exit_code != 0 && outcome.err.find("error: ") == std::string::npos) {
    npu::fuzz::violated("a failure says why", outcome.err);
  }
  if (outcome.exit_code == 0 &&
      (outcome.err.rfind("error: ", 0) == 0 || outcome.err.find("\nerror: ") != std::string::npos)) {
    npu::fuzz::violated("a run that exits 0 reports no error", outcome.err);
  }
  std::string_view err = outcome.err;
  while (!err.empty()) {
    const std::size_t end = err.find('\n');
    if (end == std::string_view::npos) npu::fuzz::violated("stderr ends with a newline", outcome.err);
    const std::string_view line = err.substr(0, end);
    if (line.rfind("error: ", 0) != 0 && line.rfind("warning: ", 0) != 0) {
      npu::fuzz::violated("each stderr line is a diagnostic", std::string(line));
    }
    err.remove_prefix(end + 1);
  }
}

// JSON lines: each an object with a severity and a stable code; an error
// exactly when the run failed.
void check_json_diagnostics(const npu::memcfg::Outcome& outcome) {
  bool has_error = false;
  std::string_view err = outcome.err;
  while (!err.empty()) {
    const std::size_t end = err.find('\n');
    if (end == std::string_view::npos) npu::fuzz::violated("stderr ends with a newline", outcome.err);
    const nlohmann::json line = nlohmann::json::parse(err.substr(0, end), nullptr, false);
    if (!line.is_object() || !line.contains("severity") || !line.contains("code") || !line.contains("line")) {
      npu::fuzz::violated("each stderr line is a JSON diagnostic", std::string(err.substr(0, end)));
    }
    has_error = has_error || line.at("severity") == "error";
    err.remove_prefix(end + 1);
  }
  if (has_error != (outcome.exit_code != 0)) npu::fuzz::violated("an error exactly when the run fails", outcome.err);
}

// One SARIF log: a result at level error, or a failed invocation, exactly
// when the run failed; every result about a file located in it.
void check_sarif_log(const npu::memcfg::Outcome& outcome) {
  const nlohmann::json log = nlohmann::json::parse(outcome.err, nullptr, false);
  if (!log.is_object() || log.value("version", "") != "2.1.0")
    npu::fuzz::violated("stderr is a SARIF log", outcome.err);
  const nlohmann::json& run = log.at("runs").at(0);
  bool has_error = !run.at("invocations").at(0).at("executionSuccessful").get<bool>();
  for (const nlohmann::json& result : run.at("results")) {
    has_error = has_error || result.at("level") == "error";
  }
  if (has_error != (outcome.exit_code != 0)) npu::fuzz::violated("an error exactly when the run fails", outcome.err);
}

// Whether the run would read a file or a folder: the harness reads standard
// input only (a walk of the machine's files measures the machine).
bool reads_files(const std::vector<std::string>& arguments) {
  for (const std::string& path : npu::memcfg::parse_arguments(arguments).options.config_paths) {
    std::error_code error;
    if (path != "-" && std::filesystem::exists(path, error)) return true;
  }
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text = npu::fuzz::as_text(data, size);
  const std::size_t first = text.find('\0');
  const std::string standard_input(text.substr(0, first));
  std::vector<std::string> arguments;
  if (first != std::string_view::npos) {
    text.remove_prefix(first + 1);
    while (true) {
      const std::size_t end = text.find('\0');
      arguments.emplace_back(text.substr(0, end));
      if (arguments.back().rfind("--output", 0) == 0) return 0;
      if (end == std::string_view::npos) break;
      text.remove_prefix(end + 1);
    }
  }
  npu::memcfg::Environment environment;
  if (!arguments.empty() && arguments.back().rfind("GE_USE_STATIC_MEMORY=", 0) == 0) {
    environment.ge_use_static_memory = arguments.back().substr(21);
    arguments.pop_back();
  }
  if (reads_files(arguments)) return 0;
  const npu::memcfg::Outcome outcome = npu::memcfg::run(arguments, environment, [&] {
    return npu::memcfg::FileResult{true, standard_input, {}};
  });

  if (outcome.exit_code < 0 || outcome.exit_code > 2) npu::fuzz::violated("exit status is 0, 1 or 2", outcome.err);
  const npu::memcfg::ParsedArguments parsed = npu::memcfg::parse_arguments(arguments);
  // An explanation is printed also for a config invalid in its context (exit 1).
  const bool explained = parsed.options.explain && outcome.exit_code == 1;
  if (outcome.exit_code != 0 && !explained && !outcome.out.empty()) {
    npu::fuzz::violated("nothing on stdout on failure", outcome.out);
  }
  if (outcome.exit_code == 0) check_reads_back(parsed.options, outcome.out);
  if (parsed.options.help || parsed.options.version) return 0;  // they win: nothing on stderr
  // The diagnostics, usage errors included, come as --diagnostics asks.
  if (parsed.options.diagnostics == DiagnosticsFormat::text) {
    check_text_diagnostics(outcome);
  } else if (parsed.options.diagnostics == DiagnosticsFormat::json) {
    check_json_diagnostics(outcome);
  } else {
    check_sarif_log(outcome);
  }
  return 0;
}
