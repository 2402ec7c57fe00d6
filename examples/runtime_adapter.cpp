// A runtime adapter: receives the GE option maps a framework built (most
// options are not about memory), reads the memory part back with validation,
// reports what it finds, and passes normalized options on. Core header only:
// no JSON.
//
//   runtime_adapter [KEY=VALUE ...]   extra session options, e.g. a typo'd key
#include <iostream>
#include <map>
#include <string>
#include <string_view>

#include <npu/memory_config.hpp>
#include <npu/memory_config/forms/map_readers.hpp>

namespace {

using OptionMap = std::map<std::string, std::string>;

// Drops every key that carries a memory field (GE keys and the adapter's
// short aliases) and puts in the normalized ones for this scope.
std::map<std::string, std::string> normalized(std::map<std::string, std::string> options,
                                              const std::map<std::string, std::string>& memory_options) {
  namespace keys = npu::keys;
  for (const std::string_view key :
       {keys::ge_atomic_clean_policy, keys::ge_static_memory_policy, keys::ge_memory_optimization_policy,
        keys::ge_variable_use_1g_huge_page, keys::atomic_clean_policy, keys::static_memory_policy,
        keys::memory_optimization_policy, keys::variable_use_1g_huge_page}) {
    options.erase(std::string(key));
  }
  for (const auto& [key, value] : memory_options) options[key] = value;
  return options;
}

void print(const char* title, const std::map<std::string, std::string>& options) {
  std::cout << title << ":\n";
  for (const auto& [key, value] : options) std::cout << "  " << key << " = " << value << "\n";
}

}  // namespace

int main(int argc, char** argv) {
  // What a framework hands over: the legacy alias, a short key beside its GE
  // key, and the "" policy the upstream adapter sends by default.
  const std::map<std::string, std::string> global{{"ge.exec.deviceId", "0"},
                                                  {"ge.graphRunMode", "1"},
                                                  {"ge.exec.staticMemoryPolicy", "1"},
                                                  {"ge.variableUse1gHugePage", "2"},
                                                  {"ge.exec.precision_mode", "allow_fp32_to_fp16"}};
  std::map<std::string, std::string> session{
      {"ge.exec.atomicCleanPolicy", "1"}, {"atomic_clean_policy", "1"}, {"ge.exec.memoryOptimizationPolicy", ""},
      {"ge.variableUse1gHugePage", "2"},  {"ge.exec.enableDump", "0"},  {"ge.exec.hcclFlag", "1"}};
  for (int i = 1; i < argc; ++i) {
    const std::string pair = argv[i];
    const std::size_t equals = pair.find('=');
    if (equals == std::string::npos) {
      std::cerr << "runtime_adapter: expected KEY=VALUE, got " << pair << "\n";
      return 2;
    }
    session[pair.substr(0, equals)] = pair.substr(equals + 1);
  }

  const npu::ReadResult result = npu::read_ge_options(global, session, "framework options");
  for (const npu::Diagnostic& diagnostic : result.diagnostics) std::cerr << npu::to_string(diagnostic) << "\n";
  if (!result.ok()) return 1;

  const npu::MemoryConfig& config = *result.config;
  std::cout << "memory config: static_memory_policy=" << npu::enum_name(config.static_memory_policy)
            << " atomic_clean_policy=" << npu::enum_name(config.atomic_clean_policy)
            << " variable_use_1g_huge_page=" << npu::enum_name(config.variable_use_1g_huge_page)
            << " memory_optimization_policy="
            << (config.memory_optimization_policy ? npu::enum_name(*config.memory_optimization_policy) : "unset")
            << "\n";
  const npu::GeOptions memory_options = npu::ge_options(config);
  print("GEInitialize options", normalized(global, memory_options.global));
  print("session options", normalized(session, memory_options.session));
  return 0;
}
