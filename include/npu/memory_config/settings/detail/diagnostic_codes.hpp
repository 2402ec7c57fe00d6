// Each diagnostic code's stable name and one-line summary (--help codes),
// and the severities' and edit actions' names. Not API: enum_name gives a code's name.
#pragma once

#include <cstddef>
#include <string_view>

#include "npu/memory_config/enums.hpp"
#include "npu/memory_config/settings/detail/table_rows.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

struct DiagnosticCodeInfo {
  DiagnosticCode code;
  std::string_view name;     // stable: what programs match on
  std::string_view summary;  // one sentence
};

// Indexed by DiagnosticCode.
inline constexpr DiagnosticCodeInfo diagnostic_codes[] = {
    {DiagnosticCode::syntax_error, "syntax_error",
     "The input does not parse: not JSON, or a shell script bash stops in."},
    {DiagnosticCode::not_an_object, "not_an_object", "The document, or a part of it, is not the JSON object expected."},
    {DiagnosticCode::unknown_key, "unknown_key", "A key that is not a memory option where only those may be."},
    {DiagnosticCode::near_miss_key, "near_miss_key", "A foreign key that looks like a memory key; it is ignored."},
    {DiagnosticCode::duplicate_key, "duplicate_key", "A key given twice in one object."},
    {DiagnosticCode::wrong_type, "wrong_type", "A value of the wrong type: a boolean, a float, an object, ..."},
    {DiagnosticCode::invalid_value, "invalid_value", "A value of the right type that is not one of those allowed."},
    {DiagnosticCode::conflicting_values, "conflicting_values", "Two keys for one field disagree."},
    {DiagnosticCode::unsupported_option, "unsupported_option",
     "The target runtime or framework cannot carry the option."},
    {DiagnosticCode::legacy_value, "legacy_value", "static_memory_policy 1, a legacy alias of 2."},
    {DiagnosticCode::costly_policy, "costly_policy", "A policy known to cost performance."},
    {DiagnosticCode::unsupported_product, "unsupported_product", "The product does not support the setting."},
    {DiagnosticCode::unknown_soc, "unknown_soc", "A SoC version no product rule knows; no product rule was applied."},
    {DiagnosticCode::product_mismatch, "product_mismatch", "The SoC version and the product disagree."},
    {DiagnosticCode::concurrent_graphs, "concurrent_graphs",
     "A static_memory_policy not supported when graphs execute concurrently."},
    {DiagnosticCode::environment_changes, "environment_changes",
     "GE_USE_STATIC_MEMORY changes the static_memory_policy the engine runs."},
    {DiagnosticCode::environment_ignored, "environment_ignored",
     "GE_USE_STATIC_MEMORY holds a value the engine ignores."},
    {DiagnosticCode::environment_beside_option, "environment_beside_option",
     "GE_USE_STATIC_MEMORY is set beside static_memory_policy, which CANN forbids."},
    {DiagnosticCode::release_difference, "release_difference",
     "The CANN release named treats the setting differently."},
    {DiagnosticCode::pointer_unresolved, "pointer_unresolved", "The JSON Pointer names nothing in the file."},
    {DiagnosticCode::unknown_section, "unknown_section", "A section no reader takes, named like one that does."},
    {DiagnosticCode::malformed_header, "malformed_header", "A line meant as a section header that is none."},
    {DiagnosticCode::duplicate_section, "duplicate_section", "A section given twice; the runtime keeps the first."},
    {DiagnosticCode::ignored_option, "ignored_option", "A memory option where the runtime never reads it."},
    {DiagnosticCode::wrong_form, "wrong_form", "The text is written in another form than the one read."},
    {DiagnosticCode::no_memory_settings, "no_memory_settings",
     "The input carries no memory settings: the runtime runs its defaults."},
    {DiagnosticCode::not_checkable, "not_checkable",
     "A value, a path or a command a job script knows only when it runs; it cannot be checked."},
    {DiagnosticCode::inert_settings, "inert_settings",
     "A setting that runs the job without the engine's memory settings: they do nothing there."},
    {DiagnosticCode::not_exported, "not_exported",
     "A job script assigns an engine variable without exporting it: no process it starts gets it."},
    {DiagnosticCode::unreadable_input, "unreadable_input", "The input could not be read."},
    {DiagnosticCode::unwritable_output, "unwritable_output", "The output could not be written."},
    {DiagnosticCode::not_updatable, "not_updatable",
     "A file cannot be edited in place as asked: the file to be written is one of the files read and its form "
     "cannot be updated in place, or a fix's edit has no place in the file it is for."},
    {DiagnosticCode::usage_error, "usage_error", "The command line is not valid."},
};

// DiagnosticCode's and Severity's enumerators, for the assertions below
// (-Wswitch an error: a code added alone names this table first).
#pragma GCC diagnostic push
#pragma GCC diagnostic error "-Wswitch"
[[nodiscard]] constexpr bool is_enumerator(DiagnosticCode code) noexcept {
  switch (code) {
    case DiagnosticCode::syntax_error:
    case DiagnosticCode::not_an_object:
    case DiagnosticCode::unknown_key:
    case DiagnosticCode::near_miss_key:
    case DiagnosticCode::duplicate_key:
    case DiagnosticCode::wrong_type:
    case DiagnosticCode::invalid_value:
    case DiagnosticCode::conflicting_values:
    case DiagnosticCode::unsupported_option:
    case DiagnosticCode::legacy_value:
    case DiagnosticCode::costly_policy:
    case DiagnosticCode::unsupported_product:
    case DiagnosticCode::unknown_soc:
    case DiagnosticCode::product_mismatch:
    case DiagnosticCode::concurrent_graphs:
    case DiagnosticCode::environment_changes:
    case DiagnosticCode::environment_ignored:
    case DiagnosticCode::environment_beside_option:
    case DiagnosticCode::release_difference:
    case DiagnosticCode::pointer_unresolved:
    case DiagnosticCode::unknown_section:
    case DiagnosticCode::malformed_header:
    case DiagnosticCode::duplicate_section:
    case DiagnosticCode::ignored_option:
    case DiagnosticCode::wrong_form:
    case DiagnosticCode::no_memory_settings:
    case DiagnosticCode::not_checkable:
    case DiagnosticCode::inert_settings:
    case DiagnosticCode::not_exported:
    case DiagnosticCode::unreadable_input:
    case DiagnosticCode::unwritable_output:
    case DiagnosticCode::not_updatable:
    case DiagnosticCode::usage_error:
      return true;
  }
  return false;
}
[[nodiscard]] constexpr bool is_enumerator(Severity severity) noexcept {
  switch (severity) {
    case Severity::warning:
    case Severity::error:
      return true;
  }
  return false;
}
#pragma GCC diagnostic pop

static_assert(one_row_per_enumerator(diagnostic_codes, &DiagnosticCodeInfo::code, is_enumerator),
              "diagnostic_codes.hpp: diagnostic_codes has one row per DiagnosticCode, in its order");
static_assert(names_unique(diagnostic_codes, &DiagnosticCodeInfo::name),
              "diagnostic_codes.hpp: every code's name given, and none twice");

[[nodiscard]] constexpr const DiagnosticCodeInfo& diagnostic_code_info(DiagnosticCode code) noexcept {
  return row_of(diagnostic_codes, code, "a DiagnosticCode that names no code");
}

// The severities' names, as diagnostics print them. Indexed by Severity.
struct SeverityInfo {
  Severity severity;
  std::string_view name;
};
inline constexpr SeverityInfo severities[] = {{Severity::warning, "warning"}, {Severity::error, "error"}};
static_assert(one_row_per_enumerator(severities, &SeverityInfo::severity, is_enumerator) &&
                  names_unique(severities, &SeverityInfo::name),
              "diagnostic_codes.hpp: severities has one named row per Severity, in its order");

// The edit actions' names. Indexed by EditAction.
struct EditActionInfo {
  EditAction action;
  std::string_view name;
};
inline constexpr EditActionInfo edit_actions[] = {{EditAction::set_value, "set_value"},
                                                  {EditAction::remove_setting, "remove_setting"},
                                                  {EditAction::set_variable, "set_variable"},
                                                  {EditAction::unset_variable, "unset_variable"}};
#pragma GCC diagnostic push
#pragma GCC diagnostic error "-Wswitch"
[[nodiscard]] constexpr bool is_enumerator(EditAction action) noexcept {
  switch (action) {
    case EditAction::set_value:
    case EditAction::remove_setting:
    case EditAction::set_variable:
    case EditAction::unset_variable:
      return true;
  }
  return false;
}
#pragma GCC diagnostic pop
static_assert(one_row_per_enumerator(edit_actions, &EditActionInfo::action, is_enumerator) &&
                  names_unique(edit_actions, &EditActionInfo::name),
              "diagnostic_codes.hpp: edit_actions has one named row per EditAction, in its order");

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
