// The one way in: any form written or read by a Form named at run time,
// with exactly the bytes and the diagnostics of npu-memcfg --format and
// --from, so that no launcher writes that dispatch again.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "npu/memory_config/detail/form_names.hpp"
#include "npu/memory_config/diagnostic.hpp"
#include "npu/memory_config/json/detail/form_texts.hpp"
#include "npu/memory_config/json/readers.hpp"
#include "npu/memory_config/option_maps.hpp"
#include "npu/memory_config/provenance.hpp"
#include "npu/memory_config/validate.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

// What npu-memcfg --format FORM says of `config` given without other
// context. A field holding its default counts as a default, as it does for
// the tool when no input sets the field: a default the form's runtime
// replaces (torchair forces atomic 1) is a warning, a value asked for an
// error.
[[nodiscard]] inline std::vector<Diagnostic> form_diagnostics(const MemoryConfig& config, Form form) {
  Provenance provenance = Provenance::all_from("config");
  const MemoryConfig defaults;
  for (const FieldInfo& field : fields) {
    provenance.of(field.field).given = config.code(field.field) != defaults.code(field.field);
  }
  ValidationContext context;
  context.target = form;
  return validate(config, context, provenance);
}

// Whether `form` carries `config`: npu-memcfg --format FORM would not exit 1
// for it without other context.
[[nodiscard]] inline bool form_carries(const MemoryConfig& config, Form form) {
  return !has_errors(form_diagnostics(config, form));
}

}  // namespace detail

// What a writer returns. `text` is set exactly when there is no error, so
// that an empty text is an empty output (torchair's, when the job needs to
// export nothing); the diagnostics say why there is none, and may warn
// beside a text.
struct WriteResult {
  std::optional<std::string> text;
  std::vector<Diagnostic> diagnostics;

  [[nodiscard]] bool ok() const noexcept { return text.has_value(); }
  [[nodiscard]] explicit operator bool() const noexcept { return ok(); }
};

// The text of `config` in `form`: exactly what npu-memcfg --format FORM
// prints (JSON indented by 2 with a final newline; torchair: one NAME=VALUE
// line per variable), with the diagnostics it prints for the config without
// other context, a field holding its default counted as a default. No text
// where npu-memcfg would exit 1: the form cannot carry a value (TF2 and the
// optimization policy), or a field holds a code no table has. torchair's
// text is empty when the job needs to export nothing (its static policy is
// the one torchair runs).
[[nodiscard]] inline WriteResult write_text(const MemoryConfig& config, Form form) {
  WriteResult result;
  result.diagnostics = detail::form_diagnostics(config, form);
  if (has_errors(result.diagnostics)) return result;
  const detail::FormText& row = detail::form_text(form);
  result.text = row.json != nullptr ? row.json(config).dump(2) + "\n" : row.text(config);
  return result;
}

// `text` read as `form`, as npu-memcfg --from FORM reads it, with the
// config the runtime would run and every problem at once. `pointer` (JSON
// forms only) names the value to read inside a bigger JSON document.
// torchair takes no file: one error. `source` and the text must outlive the
// result's diagnostics' views of them.
[[nodiscard]] inline ReadResult read_text(std::string_view text, Form form, std::string_view source = "config",
                                          std::string_view pointer = {}) {
  if (!detail::form_info(form).readable || (!pointer.empty() && !detail::form_info(form).json)) {
    detail::ConfigAssembler assembler(source);
    assembler.report(
        {Severity::error, DiagnosticCode::wrong_form, Origin(), "", std::string(enum_name(form)),
         !detail::form_info(form).readable
             ? "torchair takes no file: its settings are environment variables; a file is read as " +
                   detail::readable_form_names()
             : "a JSON Pointer looks into JSON, and the " + std::string(enum_name(form)) + " form is not JSON"});
    return std::move(assembler).finish();
  }
  const detail::FormText& row = detail::form_text(form);
  if (row.read != nullptr) return row.read(text, source);
  return detail::read_json_form(detail::parse_json_document(text, pointer), form, source);
}

NPU_MEMORY_CONFIG_NAMESPACE_END
