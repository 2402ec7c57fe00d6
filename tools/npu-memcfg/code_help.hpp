// What each diagnostic code means and what to do about it, in full: the
// SARIF rules' descriptions and help, and the table of codes in the manual.
// (The core's table gives each code its stable name and a summary.)
#pragma once

#include <string>

#include <npu/memory_config.hpp>

namespace npu::memcfg {

struct CodeHelp {
  DiagnosticCode code;
  std::string description;  // what it means, and why it matters
  std::string help;         // what to do
};

[[nodiscard]] const CodeHelp& code_help(DiagnosticCode code);

}  // namespace npu::memcfg
