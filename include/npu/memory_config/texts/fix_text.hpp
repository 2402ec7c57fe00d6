// A diagnostic's fix made in the text it was read from: the edits placed
// in that text applied where they stand, every other byte kept. Unlike an
// update (update.hpp), the text may hold errors: fixing them is the point.
#pragma once

#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "npu/memory_config/forms/detail/mslite_update.hpp"
#include "npu/memory_config/forms/detail/tf1_update.hpp"
#include "npu/memory_config/json/detail/pointer.hpp"
#include "npu/memory_config/settings/config.hpp"
#include "npu/memory_config/settings/diagnostic.hpp"
#include "npu/memory_config/settings/fix.hpp"
#include "npu/memory_config/settings/write_result.hpp"
#include "npu/memory_config/texts/detail/json_update.hpp"
#include "npu/memory_config/texts/text_forms.hpp"
#include "npu/memory_config/texts/update.hpp"
#include "npu/memory_config/validation/contradictions.hpp"
#include "npu/memory_config/validation/detail/form_names.hpp"
#include "npu/memory_config/validation/validate.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

// `existing`, a text of `form` named `source` (with `pointer`, the JSON
// value it names there), with the setting edits of `edits` that are in it
// made: a value set (set_value) or a key removed (remove_setting, or
// set_value unsetting an optional setting) at the key's position, a key added (set_value at `source` with no position)
// where an update adds one. Edits elsewhere (a flag, the environment,
// another file) are not the text's and are skipped. No text, and an error
// that says why: a form that cannot be edited in place (torchair; tf1's
// values can, its keys cannot be added or removed), a text that is no JSON
// of the form, a place that holds no memory key.
[[nodiscard]] inline WriteResult fix_text(std::string_view existing, const std::vector<Edit>& edits, Form form,
                                          std::string_view source, std::string_view pointer = {}) {
  using namespace detail;
  MemoryConfig config;
  std::vector<SourcePosition> rewrite;
  std::vector<SourcePosition> remove;
  bool missing[field_count] = {};
  bool any_missing = false;
  for (const Edit& edit : edits) {
    const bool placed = edit.at.position.known();
    if (edit.at.source != source || !edit.field) continue;
    if (edit.action == EditAction::set_value && edit.code) {
      config.set_code(*edit.field, edit.code);
      if (placed) {
        rewrite.push_back(edit.at.position);
      } else {
        missing[static_cast<std::size_t>(*edit.field)] = true;
        any_missing = true;
      }
    } else if (placed) {  // removed, or an optional setting unset: its key goes
      remove.push_back(edit.at.position);
    }
  }
  if (rewrite.empty() && remove.empty() && !any_missing) return WriteResult{std::string(existing), {}};
  const std::string name(enum_name(form));
  if (form == Form::tf1) {  // its values are rewritten in place; its keys are not added or removed
    std::optional<std::string> edited =
        remove.empty() && !any_missing ? tf1_edited_at(existing, rewrite, config) : std::nullopt;
    if (!edited)
      return not_updated(
          source,
          "the tf1 form's values are rewritten where they stand; no key is added or removed there, nor a value "
          "given to a key without one");
    return WriteResult{std::move(*edited), {}};
  }
  if (!detail::form_info(form).updatable) return not_updated(source, "the " + name + " form cannot be edited in place");
  if (!form_carries(config, form)) return not_updated(source, "the " + name + " form cannot carry the values");
  const std::string no_key = "no memory key of the " + name + " form stands at the place of an edit";
  std::optional<std::string> edited;
  std::string added;
  if (!detail::form_info(form).json) {  // MindSpore Lite's config file: the one updatable form that is no JSON
    edited = LiteUpdater(existing, config).edited_at(rewrite, remove);
    if (!edited) return not_updated(source, no_key);
    added = LiteUpdater(*edited, config).added(missing);
  } else {
    const std::optional<std::vector<std::string>> tokens = parse_json_pointer(pointer);
    if (!tokens || !nlohmann::json::accept(existing) ||
        span_at(json_layout(existing, tokens->size() + 3), *tokens) == nullptr) {
      return not_updated(source, "read as " + name + ", it is no JSON value at the pointer");
    }
    // Positions to offsets: the reader places a key at its opening quote.
    std::vector<std::size_t> rewrite_at;
    std::vector<std::size_t> remove_at;
    SourcePosition position{1, 1};
    for (std::size_t offset = 0; offset < existing.size(); ++offset, ++position.column) {
      if (existing[offset] == '\n') position = {position.line + 1, 0};
      if (existing[offset] != '"') continue;
      if (std::find(rewrite.begin(), rewrite.end(), position) != rewrite.end()) rewrite_at.push_back(offset);
      if (std::find(remove.begin(), remove.end(), position) != remove.end()) remove_at.push_back(offset);
    }
    const nlohmann::json written = form_text(form).json(config);
    edited = JsonUpdater(existing, form, *tokens, config, written).edited_at(rewrite_at, remove_at);
    if (!edited || rewrite_at.size() != rewrite.size() || remove_at.size() != remove.size()) {
      return not_updated(source, no_key);
    }
    added = JsonUpdater(*edited, form, *tokens, config, written).added(missing);
  }
  return WriteResult{std::move(added), {}};
}

// Every problem of `text`, a config of `form` (with `pointer`, the JSON
// value it names there), in `context`: what its reader finds, then, when
// it reads without an error, validate()'s (without_contradictions).
[[nodiscard]] inline std::vector<Diagnostic> check_text(std::string_view text, Form form,
                                                        const ValidationContext& context, std::string_view source,
                                                        std::string_view pointer = {}) {
  ReadResult read = read_text(text, form, source, pointer);
  std::vector<Diagnostic> found = std::move(read.diagnostics);
  if (!read) return found;  // a reader gives a config only where it found no error
  for (Diagnostic& diagnostic : validate(*read.config, context, read.provenance))
    found.push_back(std::move(diagnostic));
  return without_contradictions(std::move(found));
}

// `text`, a config of `form`, with the first remedy of each of its errors
// in `context` made where it stands, as `npu-memcfg --fix` makes it: again
// while a fix uncovers errors that a reader's error hid, three rounds at
// most. The text, every other byte kept, and the diagnostics left (an
// error whose remedy is not the text's, as the environment's, stays). No
// text where an edit cannot be made in this form (torchair; a tf1 key to
// add or remove): the not_updatable error says why, and what is left.
[[nodiscard]] inline WriteResult fix_text(std::string_view text, Form form, const ValidationContext& context = {},
                                          std::string_view source = "text", std::string_view pointer = {}) {
  std::string fixed(text);
  std::vector<Diagnostic> left = check_text(fixed, form, context, source, pointer);
  for (int round = 0; round < 3; ++round) {
    std::vector<Edit> edits;
    for (const Diagnostic& diagnostic : left) {
      if (diagnostic.severity != Severity::error || diagnostic.fix.empty()) continue;
      for (const Edit& edit : diagnostic.fix.front().edits) {
        if (edit.at.source == source && edit.field) edits.push_back(edit);
      }
    }
    if (edits.empty()) break;
    WriteResult edited = fix_text(fixed, edits, form, source, pointer);
    if (!edited) {
      edited.diagnostics.insert(edited.diagnostics.end(), left.begin(), left.end());
      return edited;
    }
    if (*edited.text == fixed) break;
    fixed = std::move(*edited.text);
    left = check_text(fixed, form, context, source, pointer);
  }
  return WriteResult{std::move(fixed), std::move(left)};
}

NPU_MEMORY_CONFIG_NAMESPACE_END
