// The one way in: any form written or read by a Form named at run time,
// with exactly the bytes and the diagnostics of npu-memcfg --format and
// --from, so that no launcher writes that dispatch again.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "npu/memory_config/forms/option_maps.hpp"
#include "npu/memory_config/provenance.hpp"
#include "npu/memory_config/settings/diagnostic.hpp"
#include "npu/memory_config/settings/write_result.hpp"
#include "npu/memory_config/texts/detail/form_checks.hpp"
#include "npu/memory_config/texts/detail/form_texts.hpp"
#include "npu/memory_config/texts/readers.hpp"
#include "npu/memory_config/validation/detail/form_names.hpp"
#include "npu/memory_config/validation/validate.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

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
