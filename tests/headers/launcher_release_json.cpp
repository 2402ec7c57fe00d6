// What a launcher that reads job files compiles, built by
// headers.launcher_release beside launcher_release.cpp: the JSON layer's
// readers, inlined as users' optimized builds inline them.
#include <string>

#include <npu/memory_config_json.hpp>

int main(int argc, char** argv) {
  const std::string job = argc > 1 ? argv[1] : R"({"ge.exec.staticMemoryPolicy": "2", "static_memory_policy": 3})";
  std::size_t count = npu::read_json_config(job, "job.json").diagnostics.size();
  count += npu::detail::read_ge_options_json(job, "ge.json").diagnostics.size();
  count += npu::detail::read_mindspore_config_json(job, "ascend.json").diagnostics.size();
  count += npu::detail::read_tf2_options_json("[ge_session_options]\n", "tf2.json").diagnostics.size();
  const npu::ReadResult read = npu::read_json_config(R"({"memory_optimization_policy": "memory_priority"})");
  if (read.config) count += npu::detail::ge_options_json(*read.config).dump().size();
  return static_cast<int>(count % 2);
}
