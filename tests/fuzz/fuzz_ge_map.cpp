// GE option maps: merged, and split into global and session. Both
// reads of the same entries agree: one map or two, the entries are the same.
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto entries = npu::fuzz::key_value_lines(npu::fuzz::as_text(data, size));
  const npu::ReadResult merged = npu::read_ge_options(entries, "fuzz");
  npu::fuzz::check(merged);
  npu::fuzz::check_names(merged, entries);

  const auto middle = entries.begin() + static_cast<std::ptrdiff_t>(entries.size() / 2);
  const std::vector<std::pair<std::string, std::string>> global(entries.begin(), middle);
  const std::vector<std::pair<std::string, std::string>> session(middle, entries.end());
  const npu::ReadResult split = npu::read_ge_options(global, session, "fuzz");
  npu::fuzz::check(split);
  npu::fuzz::check_names(split, entries);

  if (merged.ok() != split.ok() || merged.config != split.config ||
      merged.diagnostics.size() != split.diagnostics.size()) {
    std::string detail;
    for (const npu::Diagnostic& d : merged.diagnostics) detail += "merged: " + to_string(d) + "\n";
    for (const npu::Diagnostic& d : split.diagnostics) detail += "split:  " + to_string(d) + "\n";
    npu::fuzz::violated("the merged and the split reads agree", detail);
  }
  return 0;
}
