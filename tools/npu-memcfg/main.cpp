// npu-memcfg: check and convert a job's NPU memory configuration.
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <npu/memory_config.hpp>

#include "run.hpp"

int main(int argc, char** argv) {
  // Over a file-size limit, write() then fails with EFBIG and --output cleans
  // up, instead of the signal killing the process beside a half-written file.
  std::signal(SIGXFSZ, SIG_IGN);
  const std::vector<std::string> arguments(argv + 1, argv + argc);
  npu::memcfg::Environment environment;
  const std::string variable(npu::keys::ge_use_static_memory_env);
  if (const char* value = std::getenv(variable.c_str())) environment.ge_use_static_memory = value;
  std::vector<char> directory(4096);
  if (::getcwd(directory.data(), directory.size()) != nullptr) environment.working_directory = directory.data();

  const npu::memcfg::Outcome outcome = npu::memcfg::run(arguments, environment, npu::memcfg::read_stdin);
  std::fwrite(outcome.err.data(), 1, outcome.err.size(), stderr);
  if (std::fwrite(outcome.out.data(), 1, outcome.out.size(), stdout) != outcome.out.size() ||
      std::fflush(stdout) != 0) {
    std::fputs("error: cannot write to standard output\n", stderr);
    return npu::memcfg::exit_usage;
  }
  return outcome.exit_code;
}
