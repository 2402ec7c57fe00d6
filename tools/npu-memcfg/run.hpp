// npu-memcfg as a function: arguments and environment in, exit status and
// the text for stdout and stderr out. main() only does the I/O; tests and
// the fuzzer call run() directly.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "file_io.hpp"

namespace npu::memcfg {

struct Environment {
  std::optional<std::string> ge_use_static_memory;  // GE_USE_STATIC_MEMORY; nullopt: not set
  std::string working_directory = "/";              // absolute; SARIF logs name it
};

struct Outcome {
  int exit_code = 0;  // 0 valid, 1 invalid configuration, 2 usage error or unreadable input
  std::string out;    // empty unless exit_code is 0 (--explain: also on 1)
  std::string err;    // diagnostics
};

inline constexpr int exit_ok = 0;
inline constexpr int exit_invalid = 1;
inline constexpr int exit_usage = 2;

// `read_standard_input` is called when a CONFIG is "-".
[[nodiscard]] Outcome run(const std::vector<std::string>& arguments, const Environment& environment,
                          const std::function<FileResult()>& read_standard_input);

}  // namespace npu::memcfg
