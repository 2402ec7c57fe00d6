// A program's own NPU_MEMORY_CONFIG_ASSERT, defined before the library is
// included, handles every broken precondition: here it says so in the
// program's words and ends the program (the checks stand in noexcept
// functions: a handler must not return, nor throw). Its own executable: one
// program sees one definition of the library's inline functions. The test
// runs it once for each precondition its argument names, and expects the
// handler's line and exit status 3.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

[[noreturn]] inline void launcher_assertion(const char* message) {
  std::printf("launcher: stopped: %s\n", message);
  std::fflush(stdout);
  std::exit(3);  // (not _Exit: a coverage build writes its profile at exit)
}
#define NPU_MEMORY_CONFIG_ASSERT(condition, message) ((condition) ? static_cast<void>(0) : launcher_assertion(message))

#include <npu/memory_config.hpp>
#include <npu/memory_config/validation/text.hpp>

int main(int argc, char** argv) {
  if (npu::enum_name(npu::Product::atlas_a2) != "atlas-a2") return 1;
  const std::string_view broken = argc > 1 ? argv[1] : "product";
  // (argc keeps the values from the compiler's view)
  if (broken == "product") {  // a Product cast from an integer that names none
    std::printf("not stopped: %zu\n", npu::enum_name(static_cast<npu::Product>(argc + 5)).size());
  } else if (broken == "value_text") {  // a code that is none of the field's values
    std::printf("not stopped: %s\n",
                npu::text::value_text(npu::Field::static_memory_policy, static_cast<std::uint8_t>(argc + 5)).c_str());
  }
  return 1;
}
