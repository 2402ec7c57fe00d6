// For every valid config c and every form f that has a reader, reading f(c)
// back gives c. The whole valid space is 72 configs: all of them, every form.
#include <catch2/catch.hpp>

#include <map>
#include <sstream>
#include <string>

#include <npu/memory_config/forms/map_readers.hpp>
#include <npu/memory_config/forms/tf1_parameter_map.hpp>
#include <npu/memory_config/settings/ostream.hpp>
#include <npu/memory_config/validation/field_text.hpp>
#include <npu/memory_config_json.hpp>

#include "all_configs.hpp"
#include "diagnostics.hpp"

using namespace npu;
using test::StringMap;

TEST_CASE("every config survives every form", "[round-trip]") {
  const auto configs = test::all_configs();
  REQUIRE(configs.size() == 72);
  std::size_t tf2_expressible = 0;
  for (const MemoryConfig& config : configs) {
    INFO(config);
    const GeOptions ge = ge_options(config);
    const ReadResult scoped = read_ge_options(ge.global, ge.session);
    CHECK(scoped.diagnostics.empty());
    CHECK(scoped.config == config);
    auto merged = ge.global;
    merged.insert(ge.session.begin(), ge.session.end());
    CHECK(read_ge_options(merged).config == config);
    CHECK(read_ge_options(ge.global, ge.session).config == config);

    CHECK(read_tf1_parameter_map(tf1_parameter_map(config)).config == config);

    if (const std::optional<std::map<std::string, std::string>> tf2 = tf2_options(config)) {
      ++tf2_expressible;
      CHECK(read_tf2_options(*tf2).config == config);
      CHECK(detail::read_tf2_options_json(nlohmann::json(*tf2).dump()).config == config);
    } else {
      CHECK(config.memory_optimization_policy.has_value());
    }

    const nlohmann::json canonical = config;
    CHECK(canonical.get<MemoryConfig>() == config);
    CHECK(read_json_config(canonical.dump()).config == config);
    CHECK(detail::read_ge_options_json(detail::ge_options_json(config).dump()).config == config);

    // MindSpore's form states every field, an unset policy as ""
    const ReadResult mindspore =
        detail::read_mindspore_config_json(detail::mindspore_ascend_config_json(config).dump());
    CHECK(mindspore.diagnostics.empty());
    CHECK(mindspore.config == config);
  }
  CHECK(tf2_expressible == 24);
}

// What the library prints reads back where the library defines the
// spelling: each value's name, as operator<< and enum_name print it, in a
// config file and on a flag; the engine's forms read the runtime text.
TEST_CASE("every name the library prints reads back in a config file and on a flag", "[round-trip]") {
  for (const MemoryConfig& config : test::all_configs()) {
    std::string text = "{";
    for (const detail::FieldInfo& field : detail::fields) {
      const detail::ValueInfo* value = detail::field_value(config, field.field);
      if (value == nullptr) continue;
      text += (text.size() > 1 ? ", \"" : "\"") + std::string(field.name) + "\": \"" + std::string(value->name) + "\"";
      MemoryConfig flagged;
      CHECK(set_field_from_text(flagged, field.field, value->name, "--flag").empty());
      CHECK(detail::field_value(flagged, field.field) == value);
    }
    INFO(text);
    const ReadResult read = read_json_config(text + "}", "job.json");
    CHECK(read.diagnostics.empty());
    CHECK(read.config == config);
  }
  std::ostringstream printed;
  printed << MemoryOptimizationPolicy::memory_priority << " " << MemoryOptimizationPolicy::balance_mode;
  CHECK(printed.str() == "memory_priority balance_mode");
  CHECK(read_json_config(R"({"memory_optimization_policy": "memory_priority"})").config->memory_optimization_policy ==
        MemoryOptimizationPolicy::memory_priority);
}
