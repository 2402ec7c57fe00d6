// A program's own NPU_MEMORY_CONFIG_ASSERT, defined before the library is
// included, handles every broken precondition: here it says so in the
// program's words and ends the program (the checks stand in noexcept
// functions: a handler must not return, nor throw). Its own executable: one
// program sees one definition of the library's inline functions. The test
// expects the handler's line and exit status 3.
#include <cstdio>
#include <cstdlib>

[[noreturn]] inline void launcher_assertion(const char* message) {
  std::printf("launcher: stopped: %s\n", message);
  std::fflush(stdout);
  std::exit(3);  // (not _Exit: a coverage build writes its profile at exit)
}
#define NPU_MEMORY_CONFIG_ASSERT(condition, message) ((condition) ? static_cast<void>(0) : launcher_assertion(message))

#include <npu/memory_config.hpp>

int main(int argc, char** argv) {
  (void)argv;
  if (npu::enum_name(npu::Product::atlas_a2) != "atlas-a2") return 1;
  // A Product cast from an integer that names none (argc keeps it from the compiler's view).
  const auto product = static_cast<npu::Product>(argc + 5);
  std::printf("not stopped: %zu\n", npu::enum_name(product).size());
  return 1;
}
