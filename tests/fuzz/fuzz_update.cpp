// update_text on any bytes: the first byte picks the config, the second the
// form, the rest is the existing file. Beyond "no crash": an update reads back to
// the config, changes nothing when the file already runs it, and keeps the
// file's bytes before its first memory key.
#include <iterator>
#include <string>

#include <npu/memory_config/texts/update.hpp>
#include <npu/memory_config_json.hpp>

#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  npu::MemoryConfig config;
  unsigned choice = data[0];
  for (const npu::detail::FieldInfo& field : npu::detail::fields) {  // a valid value of each field, or unset
    const std::size_t choices = std::size(field.values) + (field.optional ? 1 : 0);
    const std::size_t pick = choice % choices;
    choice /= static_cast<unsigned>(choices);
    config.set_code(field.field, pick < std::size(field.values) ? std::optional<std::uint8_t>(field.values[pick].code)
                                                                : std::nullopt);
  }
  const npu::Form form = npu::enum_values<npu::Form>()[data[1] % npu::enum_values<npu::Form>().size()];
  const std::string_view text = npu::fuzz::as_text(data + 2, size - 2);
  const npu::WriteResult update = npu::update_text(text, config, form, "fuzz");
  if (!update) {
    if (update.diagnostics.empty() || update.diagnostics[0].code != npu::DiagnosticCode::not_updatable ||
        update.diagnostics[0].message.empty()) {
      npu::fuzz::violated("a refusal says why", std::string(text));
    }
    return 0;
  }
  const npu::ReadResult again = npu::read_text(*update.text, form, "fuzz");
  if (again.config != config) npu::fuzz::violated("an update reads back to the config", *update.text);
  const npu::ReadResult before = npu::read_text(text, form, "fuzz");
  if (before.config == config && *update.text != text) {
    npu::fuzz::violated("a file that already runs the config is left as it was", *update.text);
  }
  return 0;
}
