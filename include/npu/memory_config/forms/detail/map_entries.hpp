// Reading the entries of an option map, whatever range holds them: each key
// looked up in the form's key table, each memory value checked.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>

#include "npu/memory_config/keys.hpp"
#include "npu/memory_config/settings/detail/contains.hpp"
#include "npu/memory_config/settings/detail/target_table.hpp"
#include "npu/memory_config/settings/detail/text.hpp"
#include "npu/memory_config/settings/reflection.hpp"
#include "npu/memory_config/validation/detail/assembler.hpp"
#include "npu/memory_config/validation/detail/key_table.hpp"
#include "npu/memory_config/validation/detail/value_parser.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

// Element access: pair-likes (first/second, as std::map gives) or records
// with key/value members (a launcher's own option struct).
template <class Entry, class = void>
struct has_key_value_members : std::false_type {};
template <class Entry>
struct has_key_value_members<
    Entry, std::void_t<decltype(std::declval<const Entry&>().key), decltype(std::declval<const Entry&>().value)>>
    : std::true_type {};

template <class Entry>
[[nodiscard]] constexpr const auto& entry_key(const Entry& entry) noexcept {
  if constexpr (has_key_value_members<Entry>::value) {
    return entry.key;
  } else {
    return entry.first;
  }
}
template <class Entry>
[[nodiscard]] constexpr const auto& entry_value(const Entry& entry) noexcept {
  if constexpr (has_key_value_members<Entry>::value) {
    return entry.value;
  } else {
    return entry.second;
  }
}

// A map value as an InputValue: strings, integers, TF1's typed values.
template <class Value>
[[nodiscard]] constexpr InputValue to_input_value(const Value& value) noexcept {
  if constexpr (std::is_same_v<Value, std::variant<std::int64_t, std::string>>) {
    if (const std::int64_t* integer = std::get_if<std::int64_t>(&value)) return InputValue::integer(*integer);
    return InputValue::string(std::get<std::string>(value));
  } else if constexpr (std::is_same_v<Value, bool>) {
    return InputValue::boolean(value);
  } else if constexpr (std::is_integral_v<Value> && std::is_signed_v<Value>) {
    return InputValue::integer(static_cast<std::int64_t>(value));
  } else if constexpr (std::is_integral_v<Value>) {
    return InputValue::unsigned_integer(static_cast<std::uint64_t>(value));
  } else {
    static_assert(std::is_convertible_v<const Value&, std::string_view>,
                  "option values must be strings, integers or a Tf1ParameterMap value");
    return InputValue::string(std::string_view(value));
  }
}

// Which kinds of value a map's reader takes.
enum class ValueKinds : std::uint8_t {
  any,  // strings, or integers, for every field
  tf1,  // the kind the TF1 adapter reads each field with
};

// A value of the other kind than the TF1 adapter reads the field with is
// what the runtime silently reads as 0 or "".
// Its fix: the value `text` names (a string of digits for an integer
// setting), then each of the field's values, given in the kind it is read as.
[[nodiscard]] inline Diagnostic tf1_kind_error(const Origin& origin, const FieldInfo& field, const std::string& given,
                                               std::string_view text = {}) {
  Diagnostic error{Severity::error,
                   DiagnosticCode::wrong_type,
                   origin,
                   field_label(field.field, origin.key),
                   given,
                   given + " is not read: the adapter reads " + std::string(field.name) +
                       (field.integer_valued ? " as an integer (i), so the runtime would run 0; give it as i"
                                             : " as a string (s), so the runtime would run \"\"; give it as s"),
                   field.field};
  for (const ValueInfo& value : field.values) {
    if (!text.empty() && text == value.runtime_text)
      error.fix.push_back({{{EditAction::set_value, field.field, value.code, {}, origin}}});
  }
  for (Remedy& remedy : value_remedies(field, origin)) {
    if (!contains(error.fix, remedy)) error.fix.push_back(std::move(remedy));
  }
  return error;
}

// One entry of a map: a memory key read (or refused by the form), a near
// miss of one warned about, anything else ignored.
inline void read_entry(ConfigAssembler& assembler, const KeyTable& keys, std::string_view key, const InputValue& value,
                       const Origin& place, Spelling spelling, ValueKinds kinds) {
  if (equal_ignoring_case(key, keys::ge_use_static_memory_env)) {
    // torch_npu writes it into session options; the engine reads it from
    // the process environment only.
    const std::string variable(keys::ge_use_static_memory_env);
    assembler.report({Severity::warning, DiagnosticCode::ignored_option, place, std::string(key), describe(value),
                      "an environment variable, not an option: the engine reads " + variable +
                          " from the process environment only and takes no option of that name, so " + describe(value) +
                          " here does nothing; export " + variable + " in the job's environment, or set " +
                          std::string(ge_key(Field::static_memory_policy))});
    return;
  }
  if (const KeyBinding* binding = keys.find(key)) {
    Origin origin = place;
    origin.key = binding->key;
    const FieldInfo& info = field_info(binding->field);
    switch (binding->use) {
      case KeyUse::read:
        if (place.scope == keys::ge_graph_scope && !ge_graph_level_takes(binding->field)) {
          // The engine logs it and still looks the value up there first.
          assembler.report({Severity::warning, DiagnosticCode::unsupported_option, origin,
                            field_label(binding->field, binding->key), describe(value),
                            "the engine's graph-level options do not include " + std::string(binding->key) +
                                ": it logs \"unsupported option(" + std::string(binding->key) +
                                ") by graph level\"; give it at global or session level",
                            binding->field});
        }
        if (kinds == ValueKinds::tf1 && (value.kind == InputKind::string) == info.integer_valued) {
          assembler.report(tf1_kind_error(origin, info,
                                          (value.kind == InputKind::integer ? "i: " : "s: ") + describe(value),
                                          value.kind == InputKind::string ? value.text : std::string_view()));
        } else {
          assembler.assign(binding->field, origin, value, spelling);
        }
        break;
      case KeyUse::other_form:
        assembler.report({keys.other_form_is_error ? Severity::error : Severity::warning,
                          DiagnosticCode::unsupported_option,
                          origin,
                          std::string(key),
                          {},
                          std::string(keys.other_form_text) + quote(binding->form_key),
                          binding->field});
        break;
      case KeyUse::not_carried:
        assembler.report({Severity::error, DiagnosticCode::unsupported_option, origin, std::string(key), "",
                          "this runtime has no such option; remove it (the setting cannot be carried here)",
                          binding->field});
        break;
    }
  } else if (const KeyBinding* near = keys.near_miss(key)) {
    assembler.report({Severity::warning, DiagnosticCode::near_miss_key, place, std::string(key), "",
                      "not a memory option, ignored; " + did_you_mean("\"" + std::string(near->key) + "\"")});
  }
}

template <class Range>
void read_entries(ConfigAssembler& assembler, const KeyTable& keys, const Range& entries, std::string_view scope,
                  Spelling spelling, ValueKinds kinds = ValueKinds::any) {
  for (const auto& entry : entries) {
    read_entry(assembler, keys, std::string_view(entry_key(entry)), to_input_value(entry_value(entry)),
               {{}, scope, {}, {}}, spelling, kinds);
  }
}

// A range of options, not a source's name: what tells read_ge_options'
// overloads apart.
template <class Range>
inline constexpr bool is_option_range = !std::is_convertible_v<const Range&, std::string_view>;

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
