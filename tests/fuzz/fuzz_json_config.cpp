// JSON config text: read_json_config, and from_json on what parses.
#include <npu/memory_config_json.hpp>

#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = npu::fuzz::as_text(data, size);
  const npu::ReadResult result = npu::read_json_config(text, "fuzz.json");
  npu::fuzz::check(result);
  if (result.config) {
    // The canonical text reads back.
    const nlohmann::json canonical = *result.config;
    if (npu::read_json_config(canonical.dump()).config != result.config) {
      npu::fuzz::violated("JSON round trip", canonical.dump());
    }
  }
  // The DOM path must agree with the text path on what it can see (no
  // duplicate keys in a DOM): accepted text is accepted by from_json, and
  // text rejected for anything but a duplicate key is rejected by it.
  const nlohmann::json dom = nlohmann::json::parse(text.begin(), text.end(), nullptr, false);
  if (dom.is_discarded()) return 0;
  bool duplicate = false;
  for (const npu::Diagnostic& d : result.diagnostics)
    duplicate = duplicate || d.code == npu::DiagnosticCode::duplicate_key;
  try {
    const auto config = dom.get<npu::MemoryConfig>();
    if (!result.config && !duplicate)
      npu::fuzz::violated("from_json rejects what read_json_config rejects", std::string(text));
    if (result.config && config != *result.config) npu::fuzz::violated("from_json agrees", dom.dump());
  } catch (const npu::ConfigError& error) {
    if (result.config) npu::fuzz::violated("from_json accepts what read_json_config accepts", error.what());
  }
  // Every diagnostic names a field or a key of the document, and its
  // message holds the value it shows.
  for (const npu::Diagnostic& d : result.diagnostics) {
    bool named =
        d.key.empty() && (d.code == npu::DiagnosticCode::syntax_error || d.code == npu::DiagnosticCode::not_an_object);
    for (const npu::detail::FieldInfo& field : npu::detail::fields) named = named || d.key == field.name;
    if (dom.is_object()) {
      for (const auto& member : dom.items()) named = named || d.key == npu::detail::quote(member.key());
    }
    if (!named) npu::fuzz::violated("a diagnostic names a field or a key of the document", to_string(d));
    if (d.message.find(d.value) == std::string::npos) npu::fuzz::violated("the message holds the value", to_string(d));
  }
  return 0;
}
