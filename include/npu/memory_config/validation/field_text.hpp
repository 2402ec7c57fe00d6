// A field set from text a person typed, on a command line or in an
// environment variable, checked as a config file's value would be.
#pragma once

#include <string_view>
#include <vector>

#include "npu/memory_config/provenance.hpp"
#include "npu/memory_config/settings/config.hpp"
#include "npu/memory_config/settings/diagnostic.hpp"
#include "npu/memory_config/validation/detail/config_values.hpp"
#include "npu/memory_config/validation/detail/value_parser.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

// Sets `field` from `text` (a value's name, decimal or runtime spelling;
// "null" unsets the policy) when it is valid, and with `provenance` makes
// `source` (a flag, a variable) its origin. Returns the diagnostics, which
// name `source` (the legacy "1" warns).
[[nodiscard]] inline std::vector<Diagnostic> set_field_from_text(MemoryConfig& config, Field field,
                                                                 std::string_view text, std::string_view source,
                                                                 Provenance* provenance = nullptr) {
  std::vector<Diagnostic> diagnostics;
  const detail::InputValue value = text == "null" ? detail::InputValue::null() : detail::InputValue::string(text);
  const Origin origin{std::string(source), {}, {}, {}};
  const detail::ParsedValue parsed =
      detail::parse_field_value(detail::field_info(field), value, detail::Spelling::library, origin, diagnostics);
  if (!parsed.valid) return diagnostics;
  config.set_code(field, detail::code_of(parsed.value));
  if (provenance != nullptr) provenance->of(field) = {true, origin, parsed.legacy_alias};
  return diagnostics;
}

NPU_MEMORY_CONFIG_NAMESPACE_END
