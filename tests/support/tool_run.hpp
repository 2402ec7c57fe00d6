// Running npu-memcfg's run() as a test does: a standard input, an
// environment, and the lines of what it wrote.
#pragma once

#include <string>
#include <vector>

#include "run.hpp"

namespace npu::test {

inline memcfg::Outcome run_with_stdin(const std::vector<std::string>& arguments, const std::string& input = "",
                                      const memcfg::Environment& environment = {}) {
  return memcfg::run(arguments, environment, [&] { return memcfg::FileResult{true, input, {}}; });
}

// npu-memcfg run from `folder`, as a CI pipeline runs it from a job
// repository's root.
inline memcfg::Outcome run_from(const std::string& folder, const std::vector<std::string>& arguments) {
  memcfg::Environment environment;
  environment.working_directory = folder;
  return run_with_stdin(arguments, "", environment);
}

// A file of tests/tool/inputs, examples/configs or examples/jobs, by an absolute path.
inline std::string input(const std::string& name) { return std::string(NPU_TOOL_INPUTS) + "/" + name; }
inline std::string config(const std::string& name) { return std::string(NPU_EXAMPLE_CONFIGS) + "/" + name; }

inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  for (std::size_t end = text.find('\n'); end != std::string::npos; end = text.find('\n', start)) {
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  if (start < text.size()) lines.push_back(text.substr(start));
  return lines;
}

}  // namespace npu::test
