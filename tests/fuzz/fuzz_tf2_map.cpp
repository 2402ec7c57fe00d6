// The TF2 option map.
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  npu::fuzz::check(npu::read_tf2_options(npu::fuzz::key_value_lines(npu::fuzz::as_text(data, size)), "fuzz"));
  return 0;
}
