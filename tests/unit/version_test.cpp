#include <catch2/catch.hpp>

#include <string>

#include <npu/memory_config.hpp>

TEST_CASE("the version, defined once, and the namespace it names", "[version]") {
  CHECK(std::to_string(NPU_MEMORY_CONFIG_VERSION_MAJOR) + "." + std::to_string(NPU_MEMORY_CONFIG_VERSION_MINOR) + "." +
            std::to_string(NPU_MEMORY_CONFIG_VERSION_PATCH) ==
        "2.0.0");
  // Users write npu::X; the inline namespace carries the major version.
  CHECK(sizeof(npu::v2::MemoryConfig) == sizeof(npu::MemoryConfig));
}
