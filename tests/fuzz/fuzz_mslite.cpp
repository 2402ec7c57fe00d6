// MindSpore Lite config text: detail::read_mslite_config on any bytes. Beyond "no
// crash": every diagnostic names a key or a section, where it stands; an
// accepted config's Lite form reads back to it.
#include <string>

#include <npu/memory_config/forms/detail/mslite_form.hpp>

#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = npu::fuzz::as_text(data, size);
  const npu::ReadResult result = npu::detail::read_mslite_config(text, "fuzz.ini");
  npu::fuzz::check(result);
  for (const npu::Diagnostic& d : result.diagnostics) {
    if (d.key.empty() && d.code != npu::DiagnosticCode::wrong_form) {  // a JSON text: about the whole text
      npu::fuzz::violated("a diagnostic names a key or a section", to_string(d));
    }
    if (!d.origin.position.known()) npu::fuzz::violated("a diagnostic says where", to_string(d));
  }
  npu::fuzz::check_text_form(
      text, result, [](const npu::MemoryConfig& config) { return npu::detail::mslite_config_text(config); },
      [](const std::string& form) { return npu::detail::read_mslite_config(form); });
  return 0;
}
