// GE option maps (spec 6): merged, and split into global and session.
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto entries = npu::fuzz::key_value_lines(npu::fuzz::as_text(data, size));
  npu::fuzz::check(npu::read_ge_options(entries, "fuzz"));
  const auto middle = entries.begin() + static_cast<std::ptrdiff_t>(entries.size() / 2);
  const std::vector<std::pair<std::string, std::string>> global(entries.begin(), middle);
  const std::vector<std::pair<std::string, std::string>> session(middle, entries.end());
  npu::fuzz::check(npu::read_ge_scoped_options(global, session, "fuzz"));
  return 0;
}
