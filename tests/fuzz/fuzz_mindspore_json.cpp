// MindSpore's ascend_config as JSON: detail::read_mindspore_config_json.
// Beyond "no crash": what the text never names holds MindSpore's default,
// an accepted config's MindSpore form reads back to it, and every
// diagnostic's message holds the value it shows.
#include <string>

#include <npu/memory_config_json.hpp>

#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = npu::fuzz::as_text(data, size);
  const npu::ReadResult result = npu::detail::read_mindspore_config_json(text, "fuzz.json");
  npu::fuzz::check(result);
  for (const npu::Diagnostic& d : result.diagnostics) {
    if (d.message.find(d.value) == std::string::npos) npu::fuzz::violated("the message holds the value", to_string(d));
  }
  if (!result.config) return 0;

  const npu::detail::TargetInfo& mindspore = npu::detail::target_info(npu::detail::TargetRuntime::mindspore);
  for (const npu::detail::FieldInfo& field : npu::detail::fields) {
    const npu::detail::TargetField& carried = mindspore.of(field.field);
    // A field is named by its ascend_config key, or by its GE key (possibly
    // through a JSON escape, hence the backslash).
    const bool named = text.find(carried.key) != std::string_view::npos ||
                       text.find(npu::detail::ge_key(field.field)) != std::string_view::npos ||
                       text.find('\\') != std::string_view::npos;
    if (!named && result.config->code(field.field) != carried.code)
      npu::fuzz::violated("a field the text never names holds MindSpore's default", std::string(field.name));
  }

  const std::string form = npu::detail::mindspore_ascend_config_json(*result.config).dump();
  const npu::ReadResult again = npu::detail::read_mindspore_config_json(form);
  if (again.config != result.config || !again.diagnostics.empty()) {
    npu::fuzz::violated("the MindSpore form of an accepted config reads back to it", form);
  }
  return 0;
}
