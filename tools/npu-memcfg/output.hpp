// --output FILE: a new file written, an existing file of the output's form
// updated in place, or a CONFIG that another form would replace left alone.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <npu/memory_config_json.hpp>

#include "options.hpp"

namespace npu::memcfg {

// Writes `text`, the whole output of `config`, to --output (never "-"),
// following symbolic links. An existing file that the --format form reads
// without an error is updated in place instead (and not written at all when
// nothing changes). A CONFIG that cannot be updated so is left as it was,
// with a not_updatable error; a failed write is an unwritable_output error.
[[nodiscard]] std::optional<Diagnostic> write_output(const Options& options, const std::string& text,
                                                     const MemoryConfig& config);

}  // namespace npu::memcfg
