// --check's reading: every file given checked on its own (a config file,
// a job's script or launcher, a folder's job files), which --check renders
// and --fix edits.
#pragma once

#include <functional>
#include <vector>

#include "file_io.hpp"
#include "options.hpp"
#include "report.hpp"
#include "run.hpp"

namespace npu::memcfg {

struct CheckRun {
  std::vector<FileReport> reports;
  bool unreadable = false;  // a file given could not be read
  bool invalid = false;     // a report holds an error
};

[[nodiscard]] CheckRun check_paths(const Options& options, const Environment& environment,
                                   const std::function<FileResult()>& read_standard_input);

}  // namespace npu::memcfg
