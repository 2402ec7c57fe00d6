// NPU_MEMORY_CONFIG_NO_ASSERTS compiles the checks out: the library builds
// and runs as before where no precondition is broken (a broken one is then
// undefined behaviour, so none is broken here).
#define NPU_MEMORY_CONFIG_NO_ASSERTS

#include <catch2/catch.hpp>

#include <npu/memory_config.hpp>

using namespace npu;

static_assert(enum_cast<Product>("atlas-a3") == Product::atlas_a3);

TEST_CASE("without the checks, every valid call answers as with them", "[assert]") {
  CHECK(enum_name(Product::atlas_inference) == "atlas-inference");
  CHECK(detail::field_info(Field::variable_use_1g_huge_page).name == "variable_use_1g_huge_page");
  MemoryConfig config;
  config.static_memory_policy = StaticMemoryPolicy::expand_static_shape;
  ValidationContext context;
  context.concurrent_graphs = true;
  CHECK(has_errors(validate(config, context)));
}
