// The JSON layer through ADL, as docs/api.md names it.
#include <npu/memory_config_json.hpp>

#include <cstdio>

int main() {
  const nlohmann::json text = nlohmann::json::parse(R"({"static_memory_policy": "expand_static_shape"})");
  const auto config = text.get<npu::MemoryConfig>();
  const nlohmann::json back = config;
  const bool ok = config.static_memory_policy == npu::StaticMemoryPolicy::expand_static_shape &&
                  back.at("static_memory_policy") == 2;
  bool threw = false;
  try {
    (void)nlohmann::json::parse(R"({"static_memory_policy": 5})").get<npu::MemoryConfig>();
  } catch (const std::invalid_argument&) {
    threw = true;
  }
  std::puts(ok && threw ? "json consumer: ok" : "json consumer: MISMATCH");
  return ok && threw ? 0 : 1;
}
