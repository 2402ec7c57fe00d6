// --fix: the first remedy of every error's fix made where it is written
// (config files of every form read, the assignments of shell scripts and
// Python launchers), every other byte kept; each edit printed, or with
// --diff the unified diff, and the files checked again.
#pragma once

#include <optional>
#include <string>

#include "options.hpp"
#include "report.hpp"
#include "run.hpp"

namespace npu::memcfg {

// A shell script's assignment of GE_USE_STATIC_MEMORY whose word starts at
// `at` given `value` (inside its quotes, if it has them), or removed
// (nullopt): the word and the blanks after it, or its line when nothing but
// `export` is left on it. nullopt, and `why`, when no such assignment
// stands there or removing it would leave another command broken.
[[nodiscard]] std::optional<std::string> edit_shell(const std::string& text, SourcePosition at,
                                                    const std::optional<std::string>& value, std::string& why);

// The report's diagnostics' remedies that edit files only, as the bytes
// each changes (SARIF's fixes); a remedy --fix could not make is left out.
void add_remedy_changes(FileReport& report, const Options& options, const Environment& environment);

[[nodiscard]] Outcome fix(const Options& options, const Environment& environment, const RunInfo& info);

}  // namespace npu::memcfg
