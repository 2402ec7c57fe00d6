// MindSpore Lite's model config file (config_path of Model.build_from_file,
// Model::LoadConfig, benchmark --configFile): GE options in the sections
// [ge_global_options], [ge_session_options] and [ge_graph_options]. A writer,
// and a reader that follows Lite's runtime parser rule by rule and says out
// loud what that parser does silently.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "npu/memory_config/forms/detail/forms.hpp"
#include "npu/memory_config/forms/detail/map_entries.hpp"
#include "npu/memory_config/forms/detail/mslite_parser.hpp"
#include "npu/memory_config/forms/detail/text_shape.hpp"
#include "npu/memory_config/settings/config.hpp"
#include "npu/memory_config/settings/diagnostic.hpp"
#include "npu/memory_config/validation/detail/assembler.hpp"
#include "npu/memory_config/validation/detail/config_values.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

namespace detail {

// The four fields in [ge_session_options] (the policy only when set: Lite
// sets none), keys sorted, and ge.variableUse1gHugePage in
// [ge_global_options] too, as the TF adapter sends it to both. The static
// policy is always stated, 0 included: Lite's own is 2. Empty for a config
// that holds a code no table has: Lite would run its own value for a field
// left out (validate() names it).
[[nodiscard]] inline std::string mslite_config_text(const MemoryConfig& config) {
  std::string text;
  if (!detail::holds_table_values(config)) return text;
  for (const detail::GeScope scope : {detail::GeScope::global, detail::GeScope::session}) {
    text += text.empty() ? "" : "\n";
    text += detail::lite_header(detail::lite_sections[scope == detail::GeScope::global ? 0 : 1][0]) + "\n";
    for (const auto& [key, value] : detail::option_entries(detail::TargetRuntime::mslite, scope, config)) {
      text.append(key).append("=").append(value).append("\n");
    }
  }
  return text;
}

// A Lite config file as Lite's runtime reads it, with Lite's defaults for
// what it leaves out (its session's static policy 2; the engine's for the
// rest): the config Lite runs. Every memory option Lite would drop, misread
// or hide is reported at its key. `source` and the text must outlive the call.
[[nodiscard]] inline ReadResult read_mslite_config(std::string_view text,
                                                   std::string_view source = "MindSpore Lite config") {
  using namespace detail;
  using Kind = LiteLine::Kind;
  ConfigAssembler assembler(source);
  if (text_shape(text) == TextShape::json) {  // Lite would warn on every line and run its defaults
    assembler.report(text_in_other_form(TextShape::json, "a MindSpore Lite config file"));
    return std::move(assembler).finish();
  }
  const KeyTable keys = key_table(KeyForm::mslite_section);
  const std::vector<LiteLine> lines = lite_lines(text);
  const std::string sections = lite_section_list();
  // Whether a memory key (or a near miss of one) follows line `i` in its block.
  const auto memory_key_follows = [&](std::size_t i) {
    for (++i; i < lines.size() && lines[i].kind != Kind::header; ++i) {
      if (lines[i].kind == Kind::entry && !lite_memory_key(keys, lines[i].text).empty()) return true;
    }
    return false;
  };
  // A memory key (or a near miss of one) where Lite never reads it.
  const auto report_ignored = [&](const LiteLine& line, Severity severity, const std::string& where,
                                  const std::string& advice) {
    const std::string_view meant = lite_memory_key(keys, line.text);
    if (meant.empty()) return;
    const std::string hint = meant == line.text ? "" : " (" + did_you_mean(meant) + ")";
    assembler.report({severity, DiagnosticCode::ignored_option, origin_at(line.position), std::string(line.text), "",
                      where + hint + "; " + advice});
  };
  // The block a line is in (before any header, or under the last one), and
  // what Lite does with it: a section's first block that holds an entry is
  // read, its later ones dropped.
  enum class Fate : std::uint8_t { ignored, unread, read, dropped, misnamed };
  Fate fate = Fate::ignored;
  std::string header;  // "[ge_session_options]"; empty before the first
  std::size_t section = no_lite_section;
  std::size_t header_line = 0;
  std::size_t read_at[no_lite_section] = {};  // the header line of each section's block read
  LiteLine first_of[2 * field_count];         // by key binding: the entry Lite keeps in the block read
  // The static policy in [ge_global_options]: the session's value, which
  // Lite always sets, hides it; said once the session's value is known.
  ParsedValue global_static;
  Origin global_static_origin;
  std::vector<Diagnostic> global_static_problems;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const LiteLine& line = lines[i];
    if (line.kind == Kind::header) {
      header = lite_header(line.text);
      header_line = line.position.line;
      section = lite_section(line.text);
      for (LiteLine& first : first_of) first = {};
      const std::string_view meant = lite_meant_section(line.text);
      const bool holds = memory_key_follows(i);
      fate = section == no_lite_section ? (meant.empty() ? Fate::ignored : Fate::misnamed)
                                        : (read_at[section] != 0 ? Fate::dropped : Fate::unread);
      if (fate == Fate::dropped) {
        assembler.report({Severity::warning, DiagnosticCode::duplicate_section, origin_at(line.position), header, "",
                          "given again: MindSpore Lite keeps the block at line " + std::to_string(read_at[section]) +
                              " and drops this one whole"});
      } else if (fate == Fate::misnamed) {
        assembler.report({holds ? Severity::error : Severity::warning, DiagnosticCode::unknown_section,
                          origin_at(line.position), header, "",
                          (lite_trimmed(line.text) == meant
                               ? "the blanks inside the brackets are part of the name, so MindSpore Lite does not "
                                 "read it as " +
                                     lite_header(meant)
                               : "MindSpore Lite reads no such section (" + did_you_mean(lite_header(meant)) + ")") +
                              (holds ? "; the memory options in it never run" : "; it holds no memory option")});
      }
    } else if (line.kind == Kind::other) {
      // A header with text after its "]", or behind a byte order mark, opens
      // no section: the lines after it stay in the block before.
      constexpr std::string_view bom = "\xEF\xBB\xBF";
      const bool behind_bom = line.text.substr(0, bom.size()) == bom;
      const std::string_view shown = behind_bom ? line.text.substr(bom.size()) : line.text;
      if (!shown.empty() && shown.front() == '[' && shown.find(']') != std::string_view::npos) {
        assembler.report(
            {memory_key_follows(i) ? Severity::error : Severity::warning,
             behind_bom ? DiagnosticCode::unknown_section : DiagnosticCode::malformed_header, origin_at(line.position),
             std::string(shown), "",
             (behind_bom ? "a UTF-8 byte order mark before the \"[\"" : "text after the \"]\"") +
                 std::string(" makes this line no section header: the options after it stay ") +
                 (header.empty() ? "before the first section, where MindSpore Lite ignores them" : "in " + header)});
      } else {
        const LiteLine key{line.kind, shown.substr(0, shown.find_first_of(" \t:")), {}, line.position};
        report_ignored(key, Severity::warning, "a line without \"=\", which MindSpore Lite ignores",
                       "write " + std::string(key.text) + "=VALUE");
      }
    } else if (fate == Fate::ignored) {
      report_ignored(line, Severity::warning,
                     "MindSpore Lite ignores it " + (header.empty() ? "before the first section" : "in " + header),
                     "it reads memory options in " + sections);
    } else if (fate == Fate::dropped) {
      report_ignored(line, Severity::error, "never runs: MindSpore Lite drops this second " + header + " block",
                     "move it into the first one");
    } else if (fate != Fate::misnamed) {  // Lite stores a block once it holds an entry
      fate = Fate::read;
      read_at[section] = header_line;
      const KeyBinding* binding = keys.find(line.text);
      if (binding == nullptr) {
        read_entry(assembler, keys, line.text, InputValue::string(line.value), origin_at(line.position),
                   Spelling::engine, ValueKinds::any);
        continue;
      }
      const std::string_view level = lite_sections[section][1];
      const Origin origin{{}, level, binding->key, line.position};
      const std::string label = field_label(binding->field, binding->key);
      LiteLine& first = first_of[binding - keys.bindings];
      const std::size_t trailing = line.value.find_first_of(" \t#;");
      if (first.kind != Kind::none) {  // Lite keeps the first value of a key
        const bool same = first.value == line.value;
        assembler.report(
            {same ? Severity::warning : Severity::error,
             same ? DiagnosticCode::duplicate_key : DiagnosticCode::conflicting_values, origin, label,
             quote(line.value),
             quote(line.value) +
                 (same ? " given again after line " : " conflicts with " + quote(first.value) + " at line ") +
                 std::to_string(first.position.line) + ", which MindSpore Lite keeps; give " +
                 (same ? "each key once" : "one value"),
             binding->field});
        continue;
      }
      first = line;
      const bool read = binding->use == KeyUse::read;
      if (read && trailing != std::string_view::npos && trailing > 0) {
        assembler.report({Severity::error, DiagnosticCode::invalid_value, origin, label, quote(line.value),
                          quote(line.value) + " is the value MindSpore Lite keeps: it has no inline comments; put the "
                                              "comment on a line of its own",
                          binding->field});
      } else if (read && binding->field == Field::static_memory_policy && level == keys::ge_global_scope) {
        global_static = parse_field_value(detail::field_info(binding->field), InputValue::string(line.value),
                                          Spelling::engine, origin, global_static_problems);
        global_static_origin = origin;
      } else {
        read_entry(assembler, keys, line.text, InputValue::string(line.value), origin, Spelling::engine,
                   ValueKinds::any);
      }
    }
  }
  for (Diagnostic& problem : global_static_problems) assembler.report(std::move(problem));
  if (global_static.valid && global_static.value != nullptr) {
    const Field field = Field::static_memory_policy;
    const detail::ValueInfo* session = assembler.given_value(field);
    const detail::ValueInfo& runs =
        session != nullptr
            ? *session
            : *detail::value_of(field, *detail::target_info(detail::TargetRuntime::mslite).of(field).code);
    const std::string given = detail::describe_value(field, *global_static.value);
    assembler.report({&runs == global_static.value ? Severity::warning : Severity::error,
                      DiagnosticCode::ignored_option, global_static_origin,
                      field_label(field, keys::ge_static_memory_policy), given,
                      given + " in " + lite_header(lite_sections[0][0]) +
                          " never runs: the engine takes the session's value first, and the session runs " +
                          detail::describe_value(field, runs) + (session != nullptr ? "" : ", MindSpore Lite's own") +
                          "; write it in " + lite_header(lite_sections[1][0]),
                      field});
  }
  return std::move(assembler).finish(detail::TargetRuntime::mslite);
}

}  // namespace detail

NPU_MEMORY_CONFIG_NAMESPACE_END
