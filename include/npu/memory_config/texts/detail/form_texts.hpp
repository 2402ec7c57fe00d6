// How each form's text is written and read: the form table's text columns,
// kept in the JSON layer, where every writer and reader of a text is.
// write_text, read_text, update_text and the readers of in-process values
// take a form's row and call its columns; no code names a form to choose
// one.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include <nlohmann/json.hpp>

#include "npu/memory_config/forms/detail/mslite_form.hpp"
#include "npu/memory_config/forms/detail/tf1_form.hpp"
#include "npu/memory_config/forms/option_maps.hpp"
#include "npu/memory_config/json/convert.hpp"
#include "npu/memory_config/settings/config.hpp"
#include "npu/memory_config/settings/detail/assert.hpp"
#include "npu/memory_config/settings/detail/form_table.hpp"
#include "npu/memory_config/settings/detail/table_rows.hpp"
#include "npu/memory_config/settings/diagnostic.hpp"
#include "npu/memory_config/texts/detail/documents.hpp"
#include "npu/memory_config/texts/detail/form_json.hpp"
#include "npu/memory_config/validation/detail/assembler.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

struct FormText {
  Form form;
  // A JSON form: its document for a config it carries, and the reader of a
  // parsed one, whose result is finished with the defaults of `finish_as`
  // (MindSpore's: what a text leaves out runs them). nullptr for another form.
  nlohmann::json (*json)(const MemoryConfig&);
  void (*read_document)(const JsonDocument&, ConfigAssembler&);
  std::optional<TargetRuntime> finish_as;
  // Another form: its text, and the reader of one (nullptr: no text is read).
  std::string (*text)(const MemoryConfig&);
  ReadResult (*read)(std::string_view text, std::string_view source);
};

[[nodiscard]] inline std::string torchair_environment_text(const MemoryConfig& config) {
  std::string lines;
  for (const auto& [name, value] : environment_options(config, Form::torchair)) {
    lines.append(name).append("=").append(value).append("\n");
  }
  return lines;
}

// Indexed by Form. (Lambdas where the writer is overloaded or a conversion;
// assigned, not {...}: a braced list would be a JSON array.)
inline constexpr FormText form_texts[] = {
    {Form::json,
     [](const MemoryConfig& config) {
       nlohmann::json json;
       json = config;
       return json;
     },
     read_config_document, std::nullopt, nullptr, nullptr},
    {Form::ge, [](const MemoryConfig& config) { return ge_options_json(config); }, read_ge_document, std::nullopt,
     nullptr, nullptr},
    {Form::tf1, nullptr, nullptr, std::nullopt, tf1_session_config_text, read_tf1_session_config},
    {Form::tf2,
     [](const MemoryConfig& config) {
       nlohmann::json json;
       json = tf2_options(config).value();
       return json;
     },
     read_tf2_document, std::nullopt, nullptr, nullptr},
    {Form::mindspore, mindspore_ascend_config_json, read_mindspore_document, TargetRuntime::mindspore, nullptr,
     nullptr},
    {Form::torchair, nullptr, nullptr, std::nullopt, torchair_environment_text, nullptr},
    {Form::mslite, nullptr, nullptr, std::nullopt, mslite_config_text, read_mslite_config},
};

// A JSON form has a document writer and reader and nothing else; another
// form a text writer, and a reader exactly when a text of it is read.
template <std::size_t N>
[[nodiscard]] constexpr bool form_texts_consistent(const FormText (&table)[N]) noexcept {
  for (const FormText& row : table) {
    const FormInfo& info = form_info(row.form);
    if ((row.json != nullptr) != info.json || (row.read_document != nullptr) != info.json) return false;
    if ((row.text != nullptr) == info.json) return false;
    if ((row.read != nullptr) != (info.readable && !info.json)) return false;
    if (row.finish_as && row.finish_as != info.target) return false;
  }
  return true;
}
static_assert(indexed_by(form_texts, &FormText::form, std::size(forms)),
              "form_texts.hpp: form_texts has one row per Form, in its order");
static_assert(form_texts_consistent(form_texts),
              "form_texts.hpp: a JSON form has a document writer and reader, another form a text writer, and a text "
              "reader exactly when it is readable");

[[nodiscard]] constexpr const FormText& form_text(Form form) noexcept {
  return row_of(form_texts, form, "a Form that names no form");
}

// `document` read as `form`, one of the JSON forms. `source` must outlive
// the call.
[[nodiscard]] inline ReadResult read_json_form(const JsonDocument& document, Form form, std::string_view source) {
  NPU_MEMORY_CONFIG_ASSERT(form_info(form).json, "read_json_form reads the JSON forms");
  const FormText& row = form_text(form);
  ConfigAssembler assembler(source);
  row.read_document(document, assembler);
  return std::move(assembler).finish(row.finish_as);
}

// A GE option map as JSON: flat, or by level {"global": {...}, "session":
// {...}, "graph": {...}}. Values are strings (or numbers); other options are
// ignored.
[[nodiscard]] inline ReadResult read_ge_options_json(std::string_view text, std::string_view source = "GE options",
                                                     std::string_view pointer = {}) {
  return read_json_form(parse_json_document(text, pointer), Form::ge, source);
}

// The TF2 npu_device option map as JSON.
[[nodiscard]] inline ReadResult read_tf2_options_json(std::string_view text, std::string_view source = "TF2 options",
                                                      std::string_view pointer = {}) {
  return read_json_form(parse_json_document(text, pointer), Form::tf2, source);
}

// MindSpore's ascend_config as JSON: atomic_clean_policy, the integer 0 or
// 1, and ge_options. What the text leaves out takes MindSpore's defaults
// (atomic 1, static 2, MemoryPriority, huge page 0), so that the config is
// what MindSpore runs; "" for the policy reads as unset. Other ascend_config
// keys are ignored, near misses and misplaced memory keys warned about.
[[nodiscard]] inline ReadResult read_mindspore_config_json(std::string_view text,
                                                           std::string_view source = "MindSpore ascend_config",
                                                           std::string_view pointer = {}) {
  return read_json_form(parse_json_document(text, pointer), Form::mindspore, source);
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
