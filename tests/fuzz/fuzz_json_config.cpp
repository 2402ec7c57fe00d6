// JSON config text (spec 2): read_json_config, and from_json on what parses.
#include <npu/memory_config_json.hpp>

#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = npu::fuzz::as_text(data, size);
  const npu::ReadResult result = npu::read_json_config(text, "fuzz.json");
  npu::fuzz::check(result);
  if (result.config) {
    // The core's canonical text and nlohmann's agree, and read back.
    const nlohmann::json canonical = *result.config;
    if (npu::canonical_json_text(*result.config).view() != canonical.dump()) {
      npu::fuzz::violated("canonical JSON texts agree", canonical.dump());
    }
    if (npu::read_json_config(canonical.dump()).config != result.config) {
      npu::fuzz::violated("JSON round trip", canonical.dump());
    }
  }
  // The DOM path must agree with the text path on what it can see (no
  // duplicate keys in a DOM): accepted text is accepted by from_json.
  const nlohmann::json dom = nlohmann::json::parse(text.begin(), text.end(), nullptr, false);
  if (!dom.is_discarded() && result.config) {
    try {
      if (dom.get<npu::MemoryConfig>() != *result.config) npu::fuzz::violated("from_json agrees", dom.dump());
    } catch (const npu::ConfigError& error) {
      npu::fuzz::violated("from_json accepts what read_json_config accepts", error.what());
    }
  }
  return 0;
}
