// npu-memcfg's argument parsing and everything behind it: the bytes are the
// standard input, a NUL, then the arguments separated by NULs. --output is
// left out (the harness writes no files).
#include <string>
#include <vector>

#include "fuzz_support.hpp"
#include "options.hpp"
#include "run.hpp"

namespace {

// What a run that exits 0 printed reads back, through the tool, to the same
// text: `--from F --format F` is a fixpoint for every form with a reader.
void check_reads_back(const npu::memcfg::Options& options, const std::string& out) {
  using npu::TargetRuntime;
  if (options.help || options.version || options.schema || options.explain) return;
  const TargetRuntime format = options.format;
  const bool readable = format == TargetRuntime::any || format == TargetRuntime::ge || format == TargetRuntime::tf2 ||
                        format == TargetRuntime::mindspore;
  if (!readable) return;  // TF1 session-config text and torchair's variables have no reader
  const std::string form(format == TargetRuntime::any ? "json" : npu::target_info(format).name);
  const npu::memcfg::Outcome again = npu::memcfg::run({"--from", form, "--format", form, "-"}, {}, [&] {
    return npu::memcfg::FileResult{true, out, {}};
  });
  if (again.exit_code != 0 || again.out != out) {
    npu::fuzz::violated("what a passing run prints reads back to the same config", out + "\n" + again.err);
  }
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
  const npu::memcfg::Outcome outcome = npu::memcfg::run(arguments, environment, [&] {
    return npu::memcfg::FileResult{true, standard_input, {}};
  });

  if (outcome.exit_code < 0 || outcome.exit_code > 2) npu::fuzz::violated("exit status is 0, 1 or 2", outcome.err);
  if (outcome.exit_code != 0 && !outcome.out.empty()) npu::fuzz::violated("nothing on stdout on failure", outcome.out);
  if (outcome.exit_code != 0 && outcome.err.find("error: ") == std::string::npos) {
    npu::fuzz::violated("a failure says why", outcome.err);
  }
  if (outcome.exit_code == 0) {
    if (outcome.err.rfind("error: ", 0) == 0 || outcome.err.find("\nerror: ") != std::string::npos) {
      npu::fuzz::violated("a run that exits 0 reports no error", outcome.err);
    }
    check_reads_back(npu::memcfg::parse_arguments(arguments).options, outcome.out);
  }
  // Diagnostics are whole lines starting error: or warning:.
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
  return 0;
}
