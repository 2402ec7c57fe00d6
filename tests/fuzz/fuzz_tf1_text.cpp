// A TF1 session config in protobuf text: read_tf1_session_config on any
// bytes. Beyond "no crash": a syntax error is the one diagnostic and says
// where; an accepted config's TF1 text reads back to it.
#include <algorithm>
#include <string>

#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = npu::fuzz::as_text(data, size);
  const npu::ReadResult result = npu::read_tf1_session_config(text, "fuzz.pbtxt");
  npu::fuzz::check(result);
  for (const npu::Diagnostic& d : result.diagnostics) {
    if (d.code == npu::DiagnosticCode::syntax_error && result.diagnostics.size() != 1) {
      npu::fuzz::violated("a syntax error is the only diagnostic", to_string(d));
    }
    if (d.origin.position.line > static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) + 1) {
      npu::fuzz::violated("a diagnostic's line is a line of the text", to_string(d));
    }
  }
  if (!result.config) return 0;
  const std::string form = npu::tf1_session_config_text(*result.config);
  const npu::ReadResult again = npu::read_tf1_session_config(form);
  if (again.config != result.config || !again.diagnostics.empty()) {
    npu::fuzz::violated("the TF1 text of an accepted config reads back to it", form);
  }
  return 0;
}
