#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

#include <npu/memory_config/json/schema.hpp>
#include <npu/memory_config_json.hpp>

using namespace npu;
using nlohmann::json;

TEST_CASE("the JSON Schema of config files: every spelling of every field, nothing else", "[json][schema]") {
  const json schema = json_schema();
  CHECK(schema.at("type") == "object");
  CHECK(schema.at("additionalProperties") == false);
  CHECK(schema.at("$schema") == "https://json-schema.org/draft/2020-12/schema");
  REQUIRE(schema.at("properties").size() == 4);
  CHECK(schema.at("properties").at("static_memory_policy").at("enum") ==
        json({0, 2, 3, 4, 1, "dynamic", "expand_static_shape", "expand_dynamic_shape",
              "expand_static_and_dynamic_shape", "0", "2", "3", "4", "1"}));
  CHECK(schema.at("properties").at("atomic_clean_policy").at("enum") ==
        json({0, 1, "centralized", "separate", "0", "1"}));
  CHECK(schema.at("properties").at("memory_optimization_policy").at("enum") ==
        json({"BalanceMode", "MemoryPriority", "balance_mode", "memory_priority", nullptr}));
  CHECK(schema.at("properties").at("variable_use_1g_huge_page").at("enum") ==
        json({0, 1, 2, "system_default", "require_1g", "prefer_1g", "0", "1", "2"}));
  CHECK(schema.at("properties").at("static_memory_policy").at("default") == 0);
  CHECK(schema.at("properties").at("memory_optimization_policy").at("default").is_null());
  const std::string description = schema.at("properties").at("atomic_clean_policy").at("description");
  CHECK_THAT(description, Catch::StartsWith("how the memory of memset (atomic) operators is cleaned; 0: "));
}
