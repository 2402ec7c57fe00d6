// MindSpore Lite config text: read_mslite_config on any bytes. Beyond "no
// crash": every diagnostic names a key or a section, where it stands; an
// accepted config's Lite form reads back to it.
#include <algorithm>
#include <string>

#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = npu::fuzz::as_text(data, size);
  const npu::ReadResult result = npu::read_mslite_config(text, "fuzz.ini");
  npu::fuzz::check(result);
  for (const npu::Diagnostic& d : result.diagnostics) {
    if (d.field.empty()) npu::fuzz::violated("a diagnostic names a key or a section", to_string(d));
    if (!d.origin.position.known()) npu::fuzz::violated("a diagnostic says where", to_string(d));
    if (d.origin.position.line > static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) + 1) {
      npu::fuzz::violated("a diagnostic's line is a line of the text", to_string(d));
    }
  }
  if (!result.config) return 0;
  const std::string form = npu::mslite_config_text(*result.config);
  const npu::ReadResult again = npu::read_mslite_config(form);
  if (again.config != result.config || !again.diagnostics.empty()) {
    npu::fuzz::violated("the Lite form of an accepted config reads back to it", form);
  }
  return 0;
}
