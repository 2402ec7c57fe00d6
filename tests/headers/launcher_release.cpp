// What a training launcher compiles, built by headers.launcher_release at
// -O2 with warnings as errors (in every test stage, not only the Release
// one): the core's calls a launcher makes, so that their inlined code is
// optimized as it is in users' builds.
#include <map>
#include <string>

#include <npu/memory_config.hpp>
#include <npu/memory_config/forms/detail/mslite_form.hpp>
#include <npu/memory_config/forms/map_readers.hpp>

int main(int argc, char**) {
  npu::MemoryConfig config;
  config.static_memory_policy =
      argc > 1 ? npu::StaticMemoryPolicy::expand_static_shape : npu::StaticMemoryPolicy::expand_dynamic_shape;
  npu::ValidationContext context;
  context.concurrent_graphs = argc > 2;
  context.soc_version = "Ascend910B2";
  context.target = npu::Form::torchair;
  std::size_t count = npu::validate(config, context).size();
  count += npu::ge_options(config).global.size() + npu::detail::mslite_config_text(config).size();
  const std::map<std::string, std::string> session{{"ge.exec.staticMemoryPolicy", "separate"}};
  count += npu::read_ge_options(session).diagnostics.size();
  count += npu::detail::read_mslite_config("[ge_graph_options]\nge.variableUse1gHugePage=2\n").diagnostics.size();
  return static_cast<int>(count % 2);
}
