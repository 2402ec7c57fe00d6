// --diagnostics sarif: the diagnostics of a run as one SARIF 2.1.0 log, the
// form CI code scanning reads to annotate the config's line.
#pragma once

#include <string>
#include <vector>

#include <npu/memory_config_json.hpp>

namespace npu::memcfg {

// One run of npu-memcfg (`version`: "1.0.0"): one rule per DiagnosticCode,
// one result per diagnostic. A diagnostic whose source is one of `inputs`
// (the CONFIG paths; "-" is "<stdin>") points into it, at its line and
// column when it has them.
[[nodiscard]] nlohmann::json sarif_log(const std::vector<Diagnostic>& diagnostics,
                                       const std::vector<std::string>& inputs, const std::string& version);

}  // namespace npu::memcfg
