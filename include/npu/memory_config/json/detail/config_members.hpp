// The members of a config file, from its text or from a DOM: each a field,
// or an unknown key.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "npu/memory_config/detail/assembler.hpp"
#include "npu/memory_config/detail/key_table.hpp"
#include "npu/memory_config/detail/value_parser.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

// A DOM value as an InputValue; `storage` keeps a float's literal alive.
template <class BasicJson>
[[nodiscard]] InputValue input_value_of(const BasicJson& value, std::string& storage) {
  switch (value.type()) {
    case nlohmann::json::value_t::string:
      return InputValue::string(value.template get_ref<const typename BasicJson::string_t&>());
    case nlohmann::json::value_t::number_integer:
      return InputValue::integer(value.template get<std::int64_t>());
    case nlohmann::json::value_t::number_unsigned:
      return InputValue::unsigned_integer(value.template get<std::uint64_t>());
    case nlohmann::json::value_t::number_float:
      storage = value.dump();
      return InputValue::floating(storage);
    case nlohmann::json::value_t::boolean:
      return InputValue::boolean(value.template get<bool>());
    case nlohmann::json::value_t::object:
      return InputValue::object();
    case nlohmann::json::value_t::array:
    case nlohmann::json::value_t::binary:
      return InputValue::array();
    default:
      return InputValue::null();
  }
}

// One member of a config object: a field, or an unknown key (an error, with
// a "did you mean" and the keys there are).
inline void read_config_member(ConfigAssembler& assembler, const KeyTable& keys, std::string_view key,
                               const InputValue& value, SourcePosition position) {
  if (const KeyBinding* binding = keys.find(key)) {
    assembler.assign(binding->field, {{}, {}, binding->key, position}, value, UnsetSpelling::null);
    return;
  }
  std::string message = "unknown key";
  if (const KeyBinding* near = keys.near_miss(key)) message += " (did you mean \"" + std::string(near->key) + "\"?)";
  message += "; the keys are ";
  for (std::size_t i = 0; i < field_count; ++i) {
    message.append(i == 0 ? "" : (i + 1 == field_count ? " and " : ", ")).append(fields[i].name);
  }
  assembler.report(
      {Severity::error, DiagnosticCode::unknown_key, {{}, {}, {}, position}, quote(key), {}, std::move(message)});
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
