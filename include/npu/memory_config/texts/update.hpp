// An existing file of a form brought to a config in place: only the memory
// values that change are rewritten, a missing key is added only where the
// runtime would otherwise run another value, and every other byte (comments,
// other options, order, blank lines, CRLF, a missing final newline) stays.
// The form's own reader is the judge: the text is updated only when it reads
// without an error, and the update is kept only when it reads back to the
// config.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "npu/memory_config/forms/detail/mslite_update.hpp"
#include "npu/memory_config/json/detail/pointer.hpp"
#include "npu/memory_config/settings/config.hpp"
#include "npu/memory_config/settings/diagnostic.hpp"
#include "npu/memory_config/texts/detail/json_update.hpp"
#include "npu/memory_config/texts/detail/update_checks.hpp"
#include "npu/memory_config/texts/text_forms.hpp"
#include "npu/memory_config/validation/detail/form_names.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

// `existing`, a text of `form` (with `pointer`, the JSON value it names
// there), updated to hold `config`. Not updated: a form that cannot be
// (tf1, torchair), a config the form cannot carry, a text its reader reads
// with an error: then no text, and first among the diagnostics a
// not_updatable error that says why ("read as ge, it has an error: ..."),
// the read's own after it. Updated, the text is the very bytes given when
// nothing changes. `source` names the text in the diagnostics.
[[nodiscard]] inline WriteResult update_text(std::string_view existing, const MemoryConfig& config, Form form,
                                             std::string_view source = "existing text", std::string_view pointer = {}) {
  using namespace detail;
  const std::string name(enum_name(form));
  if (!detail::form_info(form).updatable) {
    return not_updated(source, "the " + name + " form cannot be updated in place");
  }
  if (!form_carries(config, form)) return not_updated(source, "the " + name + " form cannot carry the config");
  const auto first_error = [](const ReadResult& read) {  // of a read that failed: it has one
    return std::find_if(read.diagnostics.begin(), read.diagnostics.end(),
                        [](const Diagnostic& d) { return d.severity == Severity::error; })
        ->message_line();
  };
  const ReadResult before = read_text(existing, form, source, pointer);
  if (!before)
    return not_updated(source, "read as " + name + ", it has an error: " + first_error(before), before.diagnostics);
  bool changed[detail::field_count];
  differing_fields(*before.config, config, changed);
  std::string rewritten;
  std::string added;
  if (!detail::form_info(form).json) {  // MindSpore Lite's config file: the one updatable form that is no JSON
    rewritten = LiteUpdater(existing, config).rewritten(changed);
    const ReadResult middle = read_text(rewritten, form, source, pointer);
    if (middle) differing_fields(*middle.config, config, changed);
    added = LiteUpdater(rewritten, config).added(changed);
  } else {
    const std::vector<std::string> tokens = parse_json_pointer(pointer).value_or(std::vector<std::string>());
    const nlohmann::json written = form_text(form).json(config);
    rewritten = JsonUpdater(existing, form, tokens, config, written).rewritten(changed);
    const ReadResult middle = read_text(rewritten, form, source, pointer);
    if (middle) differing_fields(*middle.config, config, changed);
    added = JsonUpdater(rewritten, form, tokens, config, written).added(changed);
  }
  const ReadResult after = read_text(added, form, source, pointer);
  // The reader judges the result too: an update that would not run the
  // config is not made (a safety net: no text that reads without an error
  // is known to get there).
  if (after.config != config) return not_updated(source, "updated in place, it would not read back as the config");
  WriteResult updated;
  updated.text = std::move(added);
  return updated;
}

NPU_MEMORY_CONFIG_NAMESPACE_END
