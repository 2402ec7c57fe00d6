// --diagnostics sarif: one SARIF 2.1.0 log, the form code scanning reads to
// annotate a CONFIG's line (GitHub's upload-sarif, GitLab).
#pragma once

#include <string>
#include <vector>

#include <npu/memory_config_json.hpp>

#include "report.hpp"

namespace npu::memcfg {

// A path as a SARIF artifact URI: an absolute path as a file:// URI, a
// relative one as a relative reference (resolved against the repository's
// root by code scanning); bytes other than unreserved ones and '/'
// percent-encoded.
[[nodiscard]] std::string artifact_uri(const std::string& path);

// The log of a run that went to its end (also when it found errors): one
// rule per diagnostic code, one result per diagnostic, located in its
// CONFIG's file (at its line and column when it has them; columns counted
// in Unicode code points). Results about standard input or a run without a
// CONFIG have no file to point into, and no location.
[[nodiscard]] nlohmann::json sarif_log(const std::vector<FileReport>& reports, const RunInfo& run);

// The log of a run that could not start: no results, and the usage errors
// as notifications of a failed invocation.
[[nodiscard]] nlohmann::json sarif_usage_log(const std::vector<std::string>& errors, const RunInfo& run);

}  // namespace npu::memcfg
