// A Python launcher's configs edited beyond a value (section 17 of the
// reference): a setting removed whole (a keyword argument, the last
// positional argument or a dict member with its comma, and its lines where
// it had them alone; a statement), a member added to a dict in the dict's
// own layout; and each launcher edit read back with Python's parser before
// --fix makes it. Python's parser (python_reader.py) gives every place.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "python_launchers.hpp"

namespace npu::memcfg {

// The offset of a position in `text` (columns in bytes from 1); nullopt
// past its line.
[[nodiscard]] std::optional<std::size_t> offset_of(std::string_view text, SourcePosition position);

// `text` without its line `index` (from 0), its line end with it.
[[nodiscard]] std::string without_line(std::string text, std::size_t index);

// The launcher `text` with the members that `fixed` (the text of `config`,
// a config it writes, with a remedy made) adds or removes made where the
// launcher writes them: a member or a parameter_map entry removed, a
// member added to its dict. nullopt, and `why`, where the launcher's text
// gives no place for one.
[[nodiscard]] std::optional<std::string> members_edited(const std::string& text, const LauncherConfig& config,
                                                        const std::string& fixed, std::string& why);

// Whether `text`, a launcher (named `shown`) that wrote `configs` edited
// for config `index`, reads back as the remedy means: it parses, it
// writes the other configs as it did (a dict two calls give changes for
// both), and config `index` reads as `fixed` does, or is gone where that
// gives no setting. `why` when not.
[[nodiscard]] bool reads_back(const std::string& text, const std::string& shown,
                              const std::vector<LauncherConfig>& configs, std::size_t index, const std::string& fixed,
                              std::string& why);

// Whether `text`, a launcher (named `shown`) with its write `index` (of
// `writes`) of GE_USE_STATIC_MEMORY given `value`, or removed (nullopt),
// reads back so. `why` when not.
[[nodiscard]] bool environment_reads_back(const std::string& shown, const std::string& text, std::size_t index,
                                          std::size_t writes, const std::optional<std::string>& value,
                                          std::string& why);

}  // namespace npu::memcfg
