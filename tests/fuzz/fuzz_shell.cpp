// A job's shell script: jobs::read_shell_job on any bytes, the script also
// sourcing and running itself under other names. Beyond "no crash" and "no
// hang": a syntax error is an error at a position inside the text; every
// diagnostic says where; and a whitespace-only change (a blank first line)
// reads back the same launches with the same values, one line further down.
#include <optional>
#include <string>
#include <vector>

#include <npu/memory_config_jobs.hpp>

#include "fuzz_support.hpp"

namespace {

npu::jobs::ShellJob read(const std::string& text) {
  // Every path the script names is the script itself: sourced files and
  // child scripts are read too, and loops of them end.
  return npu::jobs::read_shell_job(
      "run.sh", [&](const std::string&) { return std::optional<std::string>(text); }, std::nullopt, "/fuzz");
}

// The last line a diagnostic may be on: the end of the file is on the line
// after a last line without a newline, as bash counts it.
std::size_t last_line(const std::string& text) {
  std::size_t lines = 1;
  for (const char c : text) lines += c == '\n' ? 1 : 0;
  return text.empty() || text.back() == '\n' ? lines : lines + 1;
}

std::string shown(const npu::jobs::VariableValue& value) {
  return std::to_string(static_cast<int>(value.state)) + "[" + value.value + "]@" + value.origin.source + ":" +
         to_string(value.origin.position) + " " + value.how;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(npu::fuzz::as_text(data, size));
  const npu::jobs::ShellJob job = read(text);
  for (const npu::Diagnostic& d : job.diagnostics) {
    if (!d.origin.position.known() || d.origin.position.line > last_line(text)) {
      npu::fuzz::violated("a diagnostic is at a position in the text", to_string(d));
    }
    if (d.message.empty()) npu::fuzz::violated("a diagnostic says what", to_string(d));
  }
  const npu::jobs::ShellJob moved = read("\n" + text);
  if (moved.launches.size() != job.launches.size() || moved.diagnostics.size() != job.diagnostics.size()) {
    npu::fuzz::violated(
        "a blank first line changes nothing but lines",
        std::to_string(job.launches.size()) + " launches, then " + std::to_string(moved.launches.size()));
  }
  for (std::size_t i = 0; i < job.launches.size(); ++i) {
    const npu::jobs::Launch& a = job.launches[i];
    const npu::jobs::Launch& b = moved.launches[i];
    if (b.origin.position.line != a.origin.position.line + 1 || b.launcher != a.launcher ||
        b.variables.size() != a.variables.size()) {
      npu::fuzz::violated("a launch reads back one line down", a.origin.location_text());
    }
    for (std::size_t k = 0; k < a.variables.size(); ++k) {
      const std::vector<npu::jobs::VariableValue>& before = a.variables[k].values;
      const std::vector<npu::jobs::VariableValue>& after = b.variables[k].values;
      bool same = before.size() == after.size();
      for (std::size_t v = 0; same && v < before.size(); ++v) {
        npu::jobs::VariableValue shifted = before[v];
        if (shifted.origin.position.known()) ++shifted.origin.position.line;
        same = shifted == after[v];
      }
      if (!same) {
        npu::fuzz::violated("values read back the same",
                            a.variables[k].name + " " + (before.empty() ? "" : shown(before[0])));
      }
    }
  }
  for (std::size_t i = 0; i < job.diagnostics.size(); ++i) {
    if (moved.diagnostics[i].origin.position.line != job.diagnostics[i].origin.position.line + 1 ||
        moved.diagnostics[i].message != job.diagnostics[i].message) {
      npu::fuzz::violated("a diagnostic reads back one line down", to_string(job.diagnostics[i]));
    }
  }
  return 0;
}
