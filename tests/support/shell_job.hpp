// Reading a job's scripts from a map of texts, as the shell tests do, and
// what the walk found as short strings a test compares with literals.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include <npu/memory_config_jobs.hpp>

namespace npu::test {

// A job's files, by absolute path.
inline jobs::ShellJob read_job(const std::map<std::string, std::string>& files,
                               const std::string& script = "job/run.sh",
                               std::optional<std::string> inherited = std::nullopt) {
  return jobs::read_shell_job(
      script,
      [&](const std::string& path) -> std::optional<std::string> {
        const auto found = files.find(path);
        if (found == files.end()) return std::nullopt;
        return found->second;
      },
      std::move(inherited), "/w");
}

// Each value as "value@line:column" ("unset" for none, "?" for one known
// only at run time).
inline std::vector<std::string> value_texts(const std::vector<jobs::VariableValue>& values) {
  std::vector<std::string> texts;
  for (const jobs::VariableValue& value : values) {
    switch (value.state) {
      case jobs::VariableValue::State::unset:
        texts.emplace_back("unset");
        break;
      case jobs::VariableValue::State::value:
        texts.push_back(value.value + "@" + to_string(value.origin.position));
        break;
      case jobs::VariableValue::State::unknown:
        texts.emplace_back("?");
        break;
    }
  }
  return texts;
}

// The values GE_USE_STATIC_MEMORY may hold at each launch (value_texts).
inline std::vector<std::vector<std::string>> ge_values(const jobs::ShellJob& job) {
  std::vector<std::vector<std::string>> launches;
  for (const jobs::Launch& launch : job.launches) launches.push_back(value_texts(launch.ge_use_static_memory().values));
  return launches;
}

inline std::vector<std::string> lines(const std::vector<Diagnostic>& diagnostics) {
  std::vector<std::string> out;
  out.reserve(diagnostics.size());
  for (const Diagnostic& diagnostic : diagnostics) out.push_back(to_string(diagnostic));
  return out;
}

}  // namespace npu::test
