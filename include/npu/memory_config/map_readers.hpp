// The runtime-adapter side (spec section 6): read the memory options back out
// of a GE option map (global, session, or merged), a TF2 option map or a TF1
// parameter_map, with validation. Any range of key/value pairs works: a
// std::map, an unordered_map, a vector of pairs, an OptionMap. Nothing is
// allocated unless there is something to report.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <type_traits>
#include <utility>

#include "npu/memory_config/detail/assembler.hpp"
#include "npu/memory_config/detail/key_table.hpp"
#include "npu/memory_config/option_maps.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

namespace detail {

// Element access: pair-likes (first/second, as std::map gives) or records
// with key/value members (OptionEntry, Tf1Parameter).
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

// Where an entry's key is in its text: entries of a JSON text carry a
// `position`; a map's have none.
template <class Entry, class = void>
struct has_position_member : std::false_type {};
template <class Entry>
struct has_position_member<Entry, std::void_t<decltype(std::declval<const Entry&>().position)>> : std::true_type {};

template <class Entry>
[[nodiscard]] constexpr SourcePosition entry_position(const Entry& entry) noexcept {
  if constexpr (has_position_member<Entry>::value) {
    return entry.position;
  } else {
    return {};
  }
}

// A map value as an InputValue: strings, integers, TF1's typed values, or an
// InputValue a structured reader (JSON) already made.
template <class Value>
[[nodiscard]] constexpr InputValue to_input_value(const Value& value) noexcept {
  if constexpr (std::is_same_v<Value, InputValue>) {
    return value;
  } else if constexpr (std::is_same_v<Value, Tf1Value>) {
    return value.kind == Tf1Value::Kind::i ? InputValue::integer(value.i) : InputValue::string(value.s);
  } else if constexpr (std::is_same_v<Value, bool>) {
    return InputValue::boolean(value);
  } else if constexpr (std::is_integral_v<Value> && std::is_signed_v<Value>) {
    return InputValue::integer(static_cast<std::int64_t>(value));
  } else if constexpr (std::is_integral_v<Value>) {
    return InputValue::unsigned_integer(static_cast<std::uint64_t>(value));
  } else {
    static_assert(std::is_convertible_v<const Value&, std::string_view>,
                  "option values must be strings, integers or npu::Tf1Value");
    return InputValue::string(std::string_view(value));
  }
}

// How a TF1 adapter reads a key: integer fields with .i(), the policy with
// .s(). A value of the other kind is what the runtime silently reads as 0
// or "": reported, naming the kind the adapter reads.
inline void report_tf1_kind(ConfigAssembler& assembler, const ValueOrigin& origin, const FieldInfo& field,
                            const InputValue& value) {
  const std::string given = concat({value.kind == InputKind::integer ? "i: " : "s: ", describe(value)});
  assembler.report(field_diagnostic(
      Severity::error, DiagnosticCode::wrong_type, origin, field, given,
      concat({given, " is not read: the adapter reads ", field.name,
              field.integer_valued ? " as an integer (i), so the runtime would run 0; give it as i"
                                   : " as a string (s), so the runtime would run \"\"; give it as s"})));
}

// Which kinds of value a map's reader takes.
enum class ValueKinds : std::uint8_t {
  any,  // strings, or integers, for every field
  tf1,  // the kind the TF1 adapter reads each field with
};

template <class Range>
void read_entries(ConfigAssembler& assembler, const KeyTable& keys, const Range& entries, std::string_view source,
                  std::string_view scope, UnsetSpelling unset, ValueKinds kinds = ValueKinds::any) {
  for (const auto& entry : entries) {
    const std::string_view key(entry_key(entry));
    const ValueOrigin origin{source, key, scope, entry_position(entry)};
    if (const KeyBinding* binding = keys.find(key)) {
      const InputValue value = to_input_value(entry_value(entry));
      const FieldInfo& info = field_info(binding->field);
      const bool integer = value.kind == InputKind::integer;
      if (binding->use == KeyUse::read && kinds == ValueKinds::tf1 && integer != info.integer_valued) {
        report_tf1_kind(assembler, origin, info, value);
      } else if (binding->use == KeyUse::read) {
        assembler.assign(binding->field, origin, value, unset);
      } else if (binding->use == KeyUse::other_form) {
        assembler.report({keys.other_form_is_error ? Severity::error : Severity::warning,
                          DiagnosticCode::unsupported_option,
                          origin_source(origin),
                          std::string(key),
                          {},
                          concat({keys.other_form_text, quote(binding->form_key)}),
                          origin.position});
      } else {
        assembler.report({Severity::error,
                          DiagnosticCode::unsupported_option,
                          origin_source(origin),
                          std::string(key),
                          {},
                          "this runtime has no such option; remove it (the setting cannot be carried here)",
                          origin.position});
      }
    } else if (const KeyBinding* near = keys.near_miss(key)) {
      assembler.report({Severity::warning,
                        DiagnosticCode::near_miss_key,
                        origin_source(origin),
                        std::string(key),
                        {},
                        concat({"not a memory option, ignored; did you mean \"", near->key, "\"?"}),
                        origin.position});
    }
  }
}

}  // namespace detail

// A GE option map, global or session or both merged. Reads the GE keys and
// the adapter's short aliases; ignores other options, warning on near misses.
template <class Range>
[[nodiscard]] ReadResult read_ge_options(const Range& options, std::string_view source = "GE options") {
  detail::ConfigAssembler assembler;
  detail::read_entries(assembler, detail::key_table<detail::KeyForm::ge>, options, source, {},
                       detail::UnsetSpelling::empty_string);
  return std::move(assembler).finish(source);
}

// The global and the session maps as given to GEInitialize and the session;
// a key in both (ge.variableUse1gHugePage) must agree. `source` names the
// pair; diagnostics say "<source> (global)" or "<source> (session)".
template <class GlobalRange, class SessionRange>
[[nodiscard]] ReadResult read_ge_scoped_options(const GlobalRange& global, const SessionRange& session,
                                                std::string_view source = "GE options") {
  detail::ConfigAssembler assembler;
  detail::read_entries(assembler, detail::key_table<detail::KeyForm::ge>, global, source, keys::ge_global_scope,
                       detail::UnsetSpelling::empty_string);
  detail::read_entries(assembler, detail::key_table<detail::KeyForm::ge>, session, source, keys::ge_session_scope,
                       detail::UnsetSpelling::empty_string);
  return std::move(assembler).finish(source);
}

// The TF2 npu_device option map (string values). A memory_optimization_policy
// key is an error: the TF2 adapter cannot carry it.
template <class Range>
[[nodiscard]] ReadResult read_tf2_options(const Range& options, std::string_view source = "TF2 options") {
  detail::ConfigAssembler assembler;
  detail::read_entries(assembler, detail::key_table<detail::KeyForm::tf2>, options, source, {},
                       detail::UnsetSpelling::empty_string);
  return std::move(assembler).finish(source);
}

// A TF1 NpuOptimizer parameter_map: key to integer (`i`) or string (`s`).
// The adapter reads the integer fields with .i() and the policy with .s():
// a value of the other kind is an error.
template <class Range>
[[nodiscard]] ReadResult read_tf1_parameter_map(const Range& parameters,
                                                std::string_view source = "NpuOptimizer parameter_map") {
  detail::ConfigAssembler assembler;
  detail::read_entries(assembler, detail::key_table<detail::KeyForm::short_keys>, parameters, source, {},
                       detail::UnsetSpelling::empty_string, detail::ValueKinds::tf1);
  return std::move(assembler).finish(source);
}

NPU_MEMORY_CONFIG_NAMESPACE_END
