// The TF1 session config in protobuf text format: the NpuOptimizer custom
// optimizer of a tf.ConfigProto with the memory parameter_map
// (docs/settings.md), written, and read back as the adapter reads it.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "npu/memory_config/forms/detail/forms.hpp"
#include "npu/memory_config/forms/detail/map_entries.hpp"
#include "npu/memory_config/forms/detail/protobuf_text.hpp"
#include "npu/memory_config/forms/detail/text_shape.hpp"
#include "npu/memory_config/forms/detail/tf1_parameters.hpp"
#include "npu/memory_config/settings/diagnostic.hpp"
#include "npu/memory_config/validation/detail/assembler.hpp"
#include "npu/memory_config/validation/detail/config_values.hpp"
#include "npu/memory_config/validation/detail/key_table.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

namespace detail {

// Empty for a config that holds a code no table has (validate()
// names the field).
[[nodiscard]] inline std::string tf1_session_config_text(const MemoryConfig& config) {
  if (!detail::holds_table_values(config)) return {};
  std::string text =
      "graph_options {\n"
      "  rewrite_options {\n"
      "    custom_optimizers {\n"
      "      name: \"";
  text.append(keys::tf1_custom_optimizer).append("\"\n");
  for (const auto& [key, value] : tf1_parameters(config)) {
    text.append("      parameter_map { key: \"").append(key).append("\" value { ");
    if (const std::int64_t* integer = std::get_if<std::int64_t>(&value)) {
      text.append("i: ").append(std::to_string(*integer));
    } else {
      text.append("s: \"").append(std::get<std::string>(value)).append("\"");
    }
    text.append(" } }\n");
  }
  text +=
      "    }\n"
      "  }\n"
      "}\n";
  return text;
}

// The fields of `message` named `name`.
[[nodiscard]] inline std::vector<const ProtoField*> proto_fields(const ProtoField& message, std::string_view name) {
  std::vector<const ProtoField*> found;
  for (const ProtoField& field : message.fields) {
    if (field.name == name) found.push_back(&field);
  }
  return found;
}

// An AttrValue's `i` as an input value: a signed decimal integer, or the
// text as given (a float, a hexadecimal number), which is none.
[[nodiscard]] inline InputValue proto_integer(const ProtoField& field) {
  const std::string_view text = field.text;
  const bool negative = !text.empty() && text[0] == '-';
  const Decimal magnitude = parse_canonical_decimal(text.substr(negative ? 1 : 0));
  if (!magnitude.valid) {
    const bool digits = text.size() > (negative ? 1U : 0U) &&
                        text.find_first_not_of("0123456789", negative ? 1 : 0) == std::string_view::npos;
    return digits && text.size() > 19 ? InputValue::huge_integer(text) : InputValue::floating(text);
  }
  if (magnitude.value > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
    return InputValue::huge_integer(text);
  }
  const auto value = static_cast<std::int64_t>(magnitude.value);
  return InputValue::integer(negative ? -value : value);
}

// One parameter_map entry: its key read as the adapter reads it (.i() for
// the integer settings, .s() for the policy).
inline void read_tf1_parameter(ConfigAssembler& assembler, const KeyTable& keys, const ProtoField& entry,
                               std::vector<const ProtoField*>& seen) {
  const std::vector<const ProtoField*> key_fields = proto_fields(entry, "key");
  if (key_fields.empty() || key_fields[0]->kind != ProtoField::Kind::string)
    return;  // no key: nothing the adapter reads
  const ProtoField& key = *key_fields[0];
  const Origin place = origin_at(key.position);
  const KeyBinding* binding = keys.find(key.text);
  if (binding != nullptr) {
    for (const ProtoField* earlier : seen) {
      if (earlier->text != key.text) continue;
      assembler.report({Severity::error, DiagnosticCode::duplicate_key, place, quote(key.text), "",
                        "key given twice in the parameter_map (first at " + to_string(earlier->position) +
                            "); protobuf keeps the last; give each key once"});
      return;
    }
    seen.push_back(&key);
  }
  const std::vector<const ProtoField*> values = proto_fields(entry, "value");
  const ProtoField* kind = values.empty() || values[0]->fields.empty() ? nullptr : &values[0]->fields[0];
  if (kind != nullptr && kind->name == "i" && kind->kind == ProtoField::Kind::number) {
    read_entry(assembler, keys, key.text, proto_integer(*kind), place, Spelling::engine, ValueKinds::tf1);
  } else if (kind != nullptr && kind->name == "s" && kind->kind == ProtoField::Kind::string) {
    read_entry(assembler, keys, key.text, InputValue::string(kind->text), place, Spelling::engine, ValueKinds::tf1);
  } else if (binding != nullptr && binding->use == KeyUse::read) {
    // b, f, list, ... or no value: what the adapter reads as 0 or "".
    const std::string given = kind == nullptr ? std::string("no value")
                                              : std::string(kind->name) + ": " +
                                                    (kind->kind == ProtoField::Kind::string    ? quote(kind->text)
                                                     : kind->kind == ProtoField::Kind::message ? std::string("{...}")
                                                                                               : kind->text);
    Origin origin = place;
    origin.key = binding->key;
    assembler.report(tf1_kind_error(origin, field_info(binding->field), given));
  } else {
    read_entry(assembler, keys, key.text, InputValue::null(), place, Spelling::engine, ValueKinds::tf1);
  }
}

// A TF1 session config in protobuf text format (a tf.ConfigProto as
// text_format prints it, or a .pbtxt file): the parameter_map of the
// NpuOptimizer in graph_options.rewrite_options.custom_optimizers, read as
// the adapter reads it. Every other field, optimizer and parameter is
// skipped (their syntax checked). No NpuOptimizer: the defaults, with a
// warning. `source` and the text must outlive the call.
[[nodiscard]] inline ReadResult read_tf1_session_config(std::string_view text,
                                                        std::string_view source = "TF1 session config") {
  using namespace detail;
  ConfigAssembler assembler(source);
  const ProtoText proto = parse_proto_text(text);
  if (!proto.ok) {
    const TextShape shape = text_shape(text);
    if (shape == TextShape::json || shape == TextShape::ini) {
      assembler.report(text_in_other_form(shape, "a TF1 session config"));
    } else {
      assembler.report({Severity::error, DiagnosticCode::syntax_error, origin_at(proto.error_position), "", "",
                        "invalid protobuf text: " + proto.error});
    }
    return std::move(assembler).finish();
  }
  std::vector<const ProtoField*> optimizers;
  for (const ProtoField* graph : proto_fields(proto.root, "graph_options")) {
    for (const ProtoField* rewrite : proto_fields(*graph, "rewrite_options")) {
      for (const ProtoField* optimizer : proto_fields(*rewrite, "custom_optimizers")) {
        for (const ProtoField* name : proto_fields(*optimizer, "name")) {
          if (name->kind == ProtoField::Kind::string && name->text == keys::tf1_custom_optimizer) {
            optimizers.push_back(optimizer);
          }
        }
      }
    }
  }
  const std::string optimizer_name(keys::tf1_custom_optimizer);
  if (optimizers.empty()) {
    assembler.report({Severity::warning, DiagnosticCode::no_memory_settings, Origin(), "", "",
                      "no " + optimizer_name +
                          " in graph_options.rewrite_options.custom_optimizers: the adapter receives no memory "
                          "settings, so the runtime runs its defaults"});
    return std::move(assembler).finish();
  }
  for (std::size_t i = 1; i < optimizers.size(); ++i) {
    assembler.report({Severity::error, DiagnosticCode::duplicate_key, origin_at(optimizers[i]->position),
                      optimizer_name, "",
                      "a second " + optimizer_name + " (the first is at " + to_string(optimizers[0]->position) +
                          "): the adapter reads the first only; give one"});
  }
  const KeyTable keys = key_table(KeyForm::short_keys);
  std::vector<const ProtoField*> seen;
  for (const ProtoField* entry : proto_fields(*optimizers[0], "parameter_map")) {
    read_tf1_parameter(assembler, keys, *entry, seen);
  }
  return std::move(assembler).finish();
}

}  // namespace detail

NPU_MEMORY_CONFIG_NAMESPACE_END
