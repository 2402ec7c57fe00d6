// A TF1 session config in protobuf text: detail::read_tf1_session_config on any
// bytes. Beyond "no crash": a syntax error is the one diagnostic; every
// diagnostic's line is a line of the text; an accepted config's TF1 text
// reads back to it.
#include <string>

#include <npu/memory_config/forms/detail/tf1_form.hpp>

#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = npu::fuzz::as_text(data, size);
  const npu::ReadResult result = npu::detail::read_tf1_session_config(text, "fuzz.pbtxt");
  npu::fuzz::check(result);
  for (const npu::Diagnostic& d : result.diagnostics) {
    if (d.code == npu::DiagnosticCode::syntax_error && result.diagnostics.size() != 1) {
      npu::fuzz::violated("a syntax error is the only diagnostic", to_string(d));
    }
  }
  npu::fuzz::check_text_form(
      text, result, [](const npu::MemoryConfig& config) { return npu::detail::tf1_session_config_text(config); },
      [](const std::string& form) { return npu::detail::read_tf1_session_config(form); });
  return 0;
}
