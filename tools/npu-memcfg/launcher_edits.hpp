// --fix's edits of a Python launcher (section 17 of the reference): a
// value rewritten in its literal's own kind and quotes, a setting removed
// whole, an override of MindSpore's own values added to the launcher's
// ascend_config in the dict's layout. Python's parser places each edit
// (python_reader.py), and reads the edited text back before it is made.
#pragma once

#include <optional>
#include <string>

#include <npu/memory_config.hpp>

namespace npu::memcfg {

// The launcher `text` (named `shown`) with its write of
// GE_USE_STATIC_MEMORY at `at` given `value` (its string literal rewritten
// in its own quotes), or removed (nullopt: its statement and lines).
// nullopt, and `why`, when no literal write stands there, the statement
// does more or is alone in its block, or the edit does not read back.
[[nodiscard]] std::optional<std::string> edit_launcher_variable(const std::string& text, const std::string& shown,
                                                                SourcePosition at,
                                                                const std::optional<std::string>& value,
                                                                std::string& why);

// The launcher `text` (named `shown`) with `edit`, a config setting's
// (set_value, remove_setting; placed nowhere: a MindSpore default,
// overridden in the ascend_config written), made where the launcher
// writes it. nullopt, and `why`, when it cannot be made there.
[[nodiscard]] std::optional<std::string> edit_launcher_config(const std::string& text, const std::string& shown,
                                                              const Edit& edit, std::string& why);

}  // namespace npu::memcfg
