// The environment variables a job's launch reports: the engine's, the
// names meant for it, and MindSpore's old one; what is said where a job
// writes one of the last two.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "npu/memory_config/keys.hpp"
#include "npu/memory_config/provenance.hpp"
#include "npu/memory_config/settings/detail/message_text.hpp"
#include "npu/memory_config/settings/detail/near_miss.hpp"
#include "npu/memory_config/settings/detail/text.hpp"
#include "npu/memory_config/settings/diagnostic.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

// Whether the engine's variable is what `name` was meant to be: another
// letter case, a prefix or a suffix around it, or two edits from it.
[[nodiscard]] inline bool is_static_memory_variable_near_miss(std::string_view name) {
  const std::string_view meant = keys::ge_use_static_memory_env;
  if (name == meant) return false;
  std::string lower(name);
  std::string meant_lower(meant);
  for (char& c : lower) c = ascii_lower(c);
  for (char& c : meant_lower) c = ascii_lower(c);
  return lower.find(meant_lower) != std::string::npos || bounded_edit_distance(name, meant, 2) <= 2;
}

// Whether a launch reports `name`: the engine's variables and near misses.
[[nodiscard]] inline bool is_job_variable(std::string_view name) {
  return name == keys::ge_use_static_memory_env || name == keys::ms_ge_atomic_clean_policy_env ||
         is_static_memory_variable_near_miss(name);
}

// What is said where a job writes `name` (as `value`, at `origin`): a name
// meant for the engine's variable does nothing; MindSpore 2.x no longer
// reads its old one. nullopt for any other name.
[[nodiscard]] inline std::optional<Diagnostic> job_variable_note(const std::string& name, const Origin& origin,
                                                                 const std::string& value) {
  if (is_static_memory_variable_near_miss(name)) {
    return Diagnostic{Severity::warning,
                      DiagnosticCode::near_miss_key,
                      origin,
                      name,
                      quote(value),
                      "the engine reads only " + std::string(keys::ge_use_static_memory_env) + "; " + name +
                          " does nothing (" + did_you_mean(std::string(keys::ge_use_static_memory_env)) + ")"};
  }
  if (name == keys::ms_ge_atomic_clean_policy_env) {
    return Diagnostic{Severity::warning,
                      DiagnosticCode::ignored_option,
                      origin,
                      name,
                      quote(value),
                      name +
                          " is deprecated: MindSpore 2.x does not read it; set_context(ascend_config={\"atomic_clean_"
                          "policy\": …}) is what MindSpore reads"};
  }
  return std::nullopt;
}

// Adds `diagnostic` unless the same report is there: a text a job reads
// twice (a sourced file, a launch reached again) is reported once.
inline void add_once(std::vector<Diagnostic>& out, Diagnostic diagnostic) {
  for (const Diagnostic& have : out) {
    if (have.same_report(diagnostic)) return;
  }
  out.push_back(std::move(diagnostic));
}

// Adds `value` to the values a variable may hold, once.
template <class Value>
void append_once(std::vector<Value>& values, Value value) {
  for (const Value& have : values) {
    if (have == value) return;
  }
  values.push_back(std::move(value));
}

// A value as it reads once its file's CRLF line ends are converted: without
// the carriage returns bash kept at its end.
[[nodiscard]] inline std::string without_carriage_returns(std::string value) {
  while (!value.empty() && value.back() == '\r') value.pop_back();
  return value;
}

// What a message adds about a value (`value` as the script writes it, set
// by `how`) that holds on some runs only, or that a CRLF line end made.
inline void qualify(Diagnostic& diagnostic, const std::string& value, const std::string& how, bool certain) {
  const std::string converted = without_carriage_returns(value);
  if (converted != value) {
    diagnostic.message +=
        "; the script has CRLF (Windows) line ends, and bash keeps the carriage return in the value; converting the "
        "file's line ends (sed -i 's/\\r$//' " +
        diagnostic.origin.source + ") makes it " + quote(converted);
  }
  if (!certain) diagnostic.message += " (where the " + how + " here may or may not happen when the job runs)";
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
