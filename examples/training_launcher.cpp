// A training launcher: reads a job description (JSON), lets command-line
// flags override its memory settings, validates them for the job's chip, and
// hands the runtime its options: the TF1 session config and the GE global
// and session option maps.
//
//   training_launcher JOB.json [--static-memory-policy V] [--soc VERSION]
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>

#include <npu/memory_config/validation/field_text.hpp>
#include <npu/memory_config_json.hpp>

namespace {

int fail(const std::string& message) {
  std::cerr << "training_launcher: " << message << "\n";
  return 2;
}

void print_options(const char* title, const std::map<std::string, std::string>& options) {
  std::cout << title << ":\n";
  for (const auto& [key, value] : options) std::cout << "  " << key << " = " << value << "\n";
}

}  // namespace

int launch(int argc, char** argv) {
  if (argc < 2) return fail("usage: training_launcher JOB.json [--static-memory-policy V] [--soc VERSION]");
  std::ifstream file(argv[1]);
  std::stringstream text;
  text << file.rdbuf();
  if (!file) return fail(std::string("cannot read ") + argv[1]);

  nlohmann::json job;
  std::string soc;
  bool concurrent_graphs = false;
  std::string name;
  try {
    job = nlohmann::json::parse(text.str());
    soc = job.value("soc_version", "");
    concurrent_graphs = job.value("concurrent_graphs", false);
    name = job.value("name", std::string(argv[1]));
  } catch (const nlohmann::json::exception& error) {  // not JSON, or a field of the wrong type
    return fail(error.what());
  }
  std::string static_policy_flag;
  for (int i = 2; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    if (flag == "--soc") {
      soc = argv[i + 1];
    } else if (flag == "--static-memory-policy") {
      static_policy_flag = argv[i + 1];
    } else {
      return fail("unknown flag " + flag);
    }
  }

  // The memory section through ADL from_json: strict, every problem in one exception.
  npu::MemoryConfig config;
  const auto memory = job.find("memory_config");
  try {
    config = memory == job.end() ? npu::MemoryConfig{} : memory->get<npu::MemoryConfig>();
  } catch (const npu::ConfigError& error) {
    for (const npu::Diagnostic& diagnostic : error.diagnostics()) std::cerr << npu::to_string(diagnostic) << "\n";
    return 1;
  }

  // A flag overrides the job file; it is read with the same rules.
  std::vector<npu::Diagnostic> diagnostics;
  if (!static_policy_flag.empty()) {
    diagnostics = npu::set_field_from_text(config, npu::Field::static_memory_policy, static_policy_flag,
                                           "--static-memory-policy");
  }

  npu::ValidationContext context;
  context.soc_version = soc;
  context.concurrent_graphs = concurrent_graphs;
  context.target = npu::Form::tf1;
  for (npu::Diagnostic& diagnostic : npu::validate(config, context, name)) diagnostics.push_back(diagnostic);
  for (const npu::Diagnostic& diagnostic : diagnostics) std::cerr << npu::to_string(diagnostic) << "\n";
  if (npu::has_errors(diagnostics)) return 1;

  // What the runtime receives.
  std::cout << "# TF1: tf.ConfigProto for the session\n" << npu::write_text(config, npu::Form::tf1).text.value_or("");
  const npu::GeOptions ge = npu::ge_options(config);
  print_options("# GE: GEInitialize options", ge.global);
  print_options("# GE: session options", ge.session);
  return 0;
}

int main(int argc, char** argv) {
  try {
    return launch(argc, argv);
  } catch (const std::exception& error) {  // out of memory, a stream failure: say so, never abort
    return fail(error.what());
  }
}
