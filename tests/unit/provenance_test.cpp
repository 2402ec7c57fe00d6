// Where each value came from: positions, origins, and the provenance every
// reader records and set_field_from_text updates.
#include <catch2/catch.hpp>

#include <map>
#include <string>

#include <npu/memory_config.hpp>
#include <npu/memory_config/forms/map_readers.hpp>
#include <npu/memory_config/validation/field_text.hpp>

#include "diagnostics.hpp"

using namespace npu;
using test::StringMap;

TEST_CASE("a position: known from line 1, ordered, written line:column", "[provenance]") {
  CHECK_FALSE(SourcePosition{}.known());
  CHECK(SourcePosition{3, 5}.known());
  CHECK(to_string(SourcePosition{3, 5}) == "3:5");
  CHECK(to_string(SourcePosition{}).empty());
  CHECK(SourcePosition{2, 9} < SourcePosition{3, 1});
  CHECK(SourcePosition{3, 1} < SourcePosition{3, 2});
  CHECK_FALSE(SourcePosition{3, 2} < SourcePosition{3, 2});
  CHECK(SourcePosition{3, 2} == SourcePosition{3, 2});
  CHECK_FALSE(SourcePosition{3, 2} == SourcePosition{3, 1});
  CHECK_FALSE(SourcePosition{2, 2} == SourcePosition{3, 2});
}

TEST_CASE("an origin: its source with its level, and where it is", "[provenance]") {
  CHECK(Origin{"job.json", {}, {}, {}}.source_text() == "job.json");
  CHECK(Origin{"GE options", "session", {}, {}}.source_text() == "GE options (session)");
  CHECK(Origin{"GE options", "session", {}, {}}.location_text() == "GE options (session)");
  CHECK(Origin{"ge.json", "session", {}, {4, 5}}.location_text() ==
        "ge.json:4:5");  // a position says more than a level
  CHECK(Origin{"--static-memory-policy", {}, {}, {}}.location_text() == "--static-memory-policy");
}

TEST_CASE("a default Provenance: every field at its default", "[provenance]") {
  const Provenance provenance;
  CHECK(provenance.config_source == "defaults");
  for (const detail::FieldInfo& field : detail::fields) {
    CHECK(provenance.is_default(field.field));
    CHECK(provenance.source_of(field.field) == "defaults");
  }
  const Provenance all = Provenance::all_from("job.json");
  CHECK(all.source_of(Field::memory_optimization_policy) == "job.json");
  CHECK_FALSE(all.is_default(Field::memory_optimization_policy));
}

TEST_CASE("a GE map: the fields it sets come from it, the others are defaults", "[provenance]") {
  const ReadResult result =
      read_ge_options(StringMap{{"ge.exec.staticMemoryPolicy", "3"}, {"ge.exec.deviceId", "0"}}, "adapter");
  REQUIRE(result.ok());
  CHECK(result.provenance.config_source == "adapter");
  CHECK(result.provenance.source_of(Field::static_memory_policy) == "adapter");
  CHECK(result.provenance.of(Field::static_memory_policy).origin.key == "ge.exec.staticMemoryPolicy");
  CHECK_FALSE(result.provenance.is_default(Field::static_memory_policy));
  CHECK(result.provenance.is_default(Field::atomic_clean_policy));
  CHECK(result.provenance.source_of(Field::atomic_clean_policy) == "defaults");
}

TEST_CASE("maps by level: the level a field was given at", "[provenance]") {
  const ReadResult result =
      read_ge_options(StringMap{{"ge.variableUse1gHugePage", "2"}}, StringMap{{"ge.exec.atomicCleanPolicy", "1"}},
                      StringMap{{"ge.exec.staticMemoryPolicy", "3"}}, "framework");
  REQUIRE(result.ok());
  CHECK(result.provenance.source_of(Field::variable_use_1g_huge_page) == "framework (global)");
  CHECK(result.provenance.source_of(Field::atomic_clean_policy) == "framework (session)");
  CHECK(result.provenance.source_of(Field::static_memory_policy) == "framework (graph)");
  CHECK(result.provenance.source_of(Field::memory_optimization_policy) == "defaults");
}

TEST_CASE("TF2 and TF1 maps record their fields too, and the legacy 1 as given", "[provenance]") {
  const ReadResult tf2 = read_tf2_options(StringMap{{"atomic_clean_policy", "1"}}, "npu_device");
  REQUIRE(tf2.ok());
  CHECK(tf2.provenance.source_of(Field::atomic_clean_policy) == "npu_device");
  CHECK(tf2.provenance.is_default(Field::variable_use_1g_huge_page));
  const std::map<std::string, Tf1ParameterMap::mapped_type> parameters{
      {"memory_optimization_policy", std::string("BalanceMode")}};
  const ReadResult tf1 = read_tf1_parameter_map(parameters, "session_config");
  REQUIRE(tf1.ok());
  CHECK(tf1.provenance.source_of(Field::memory_optimization_policy) == "session_config");
  const ReadResult legacy = read_ge_options(StringMap{{"ge.exec.staticMemoryPolicy", "1"}});
  CHECK(legacy.provenance.of(Field::static_memory_policy).legacy_alias);
  CHECK_FALSE(read_ge_options(StringMap{{"ge.exec.staticMemoryPolicy", "2"}})
                  .provenance.of(Field::static_memory_policy)
                  .legacy_alias);
}

TEST_CASE("a flag over a config becomes its field's source, and a refused one changes nothing", "[provenance]") {
  ReadResult read = read_ge_options(StringMap{{"ge.exec.staticMemoryPolicy", "3"}}, "job.json");
  REQUIRE(read.ok());
  MemoryConfig config = *read.config;
  Provenance provenance = read.provenance;
  CHECK(set_field_from_text(config, Field::static_memory_policy, "4", "--static-memory-policy", &provenance).empty());
  CHECK(provenance.source_of(Field::static_memory_policy) == "--static-memory-policy");
  CHECK(provenance.config_source == "job.json");
  CHECK(set_field_from_text(config, Field::atomic_clean_policy, "7", "--atomic-clean-policy", &provenance).size() == 1);
  CHECK(provenance.is_default(Field::atomic_clean_policy));
  // Unsetting the policy is a choice too: the flag asked for it.
  CHECK(set_field_from_text(config, Field::memory_optimization_policy, "null", "--memory-optimization-policy",
                            &provenance)
            .empty());
  CHECK(provenance.source_of(Field::memory_optimization_policy) == "--memory-optimization-policy");
}

TEST_CASE("origin_of names the source of a field's value in every case", "[provenance]") {
  Provenance provenance;
  provenance.config_source = "job.json";
  provenance.of(Field::atomic_clean_policy) = {true, {{}, "session", "ge.exec.atomicCleanPolicy", {3, 5}}, false};
  provenance.of(Field::static_memory_policy) = {true, {"--static-memory-policy", {}, {}, {}}, false};
  provenance.of(Field::memory_optimization_policy).origin.source = "MindSpore's defaults";
  const Origin atomic = provenance.origin_of(Field::atomic_clean_policy);
  CHECK(atomic.source == "job.json");
  CHECK(atomic.scope == "session");
  CHECK(atomic.position == SourcePosition{3, 5});
  CHECK(provenance.source_of(Field::atomic_clean_policy) == "job.json (session)");
  CHECK(provenance.source_of(Field::static_memory_policy) == "--static-memory-policy");
  CHECK(provenance.source_of(Field::memory_optimization_policy) == "MindSpore's defaults");
  CHECK(provenance.is_default(Field::memory_optimization_policy));
  CHECK(provenance.source_of(Field::variable_use_1g_huge_page) == "defaults");
}
