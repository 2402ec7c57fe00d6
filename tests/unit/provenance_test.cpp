// Provenance (spec 3): every reader records where each field was given,
// set_field_from_text records the flag that overrides it, and validate names
// the source of the field each diagnostic is about.
#include <catch2/catch.hpp>

#include <map>
#include <string>
#include <vector>

#include <npu/memory_config.hpp>

using namespace npu;

namespace {

using StringMap = std::map<std::string, std::string>;

}  // namespace

TEST_CASE("a default Provenance: every field at its default, named \"defaults\"", "[provenance]") {
  const Provenance provenance;
  CHECK(provenance.config_source == "defaults");
  for (const Field field : {Field::atomic_clean_policy, Field::static_memory_policy, Field::memory_optimization_policy,
                            Field::variable_use_1g_huge_page}) {
    CHECK(provenance.is_default(field));
    CHECK(provenance.source_of(field) == "defaults");
  }
}

TEST_CASE("a GE map: the fields it sets come from it, the others are defaults", "[provenance]") {
  const ReadResult result =
      read_ge_options(StringMap{{"ge.exec.staticMemoryPolicy", "3"}, {"ge.exec.deviceId", "0"}}, "adapter");
  REQUIRE(result.ok());
  CHECK(result.provenance.config_source == "adapter");
  CHECK(result.provenance.source_of(Field::static_memory_policy) == "adapter");
  CHECK_FALSE(result.provenance.is_default(Field::static_memory_policy));
  CHECK(result.provenance.is_default(Field::atomic_clean_policy));
  CHECK(result.provenance.source_of(Field::atomic_clean_policy) == "defaults");
}

TEST_CASE("global and session maps: the scope a field was given in", "[provenance]") {
  const ReadResult result = read_ge_scoped_options(StringMap{{"ge.variableUse1gHugePage", "2"}},
                                                   StringMap{{"ge.exec.atomicCleanPolicy", "1"}}, "framework options");
  REQUIRE(result.ok());
  CHECK(result.provenance.source_of(Field::variable_use_1g_huge_page) == "framework options (global)");
  CHECK(result.provenance.source_of(Field::atomic_clean_policy) == "framework options (session)");
  CHECK(result.provenance.source_of(Field::static_memory_policy) == "defaults");
}

TEST_CASE("TF2 and TF1 maps record their fields too", "[provenance]") {
  const ReadResult tf2 = read_tf2_options(StringMap{{"atomic_clean_policy", "1"}}, "npu_device");
  REQUIRE(tf2.ok());
  CHECK(tf2.provenance.source_of(Field::atomic_clean_policy) == "npu_device");
  CHECK(tf2.provenance.is_default(Field::variable_use_1g_huge_page));

  const std::map<std::string, Tf1Value> parameters{
      {"memory_optimization_policy", {Tf1Value::Kind::s, 0, "BalanceMode"}}};
  const ReadResult tf1 = read_tf1_parameter_map(parameters, "session_config");
  REQUIRE(tf1.ok());
  CHECK(tf1.provenance.source_of(Field::memory_optimization_policy) == "session_config");
  CHECK(tf1.provenance.is_default(Field::static_memory_policy));
}

TEST_CASE("the legacy 1 is recorded as given", "[provenance]") {
  const ReadResult result = read_ge_options(StringMap{{"ge.exec.staticMemoryPolicy", "1"}});
  REQUIRE(result.ok());
  CHECK(result.provenance.of(Field::static_memory_policy).legacy_alias);
  const ReadResult two = read_ge_options(StringMap{{"ge.exec.staticMemoryPolicy", "2"}});
  CHECK_FALSE(two.provenance.of(Field::static_memory_policy).legacy_alias);
}

TEST_CASE("an override becomes the field's source, a refused one changes nothing", "[provenance]") {
  ReadResult read = read_ge_options(StringMap{{"ge.exec.staticMemoryPolicy", "3"}}, "job.json");
  REQUIRE(read.ok());
  MemoryConfig config = *read.config;
  Provenance provenance = read.provenance;
  CHECK(set_field_from_text(config, Field::static_memory_policy, "4", "--static-memory-policy", &provenance).empty());
  CHECK(provenance.source_of(Field::static_memory_policy) == "--static-memory-policy");
  CHECK(provenance.config_source == "job.json");

  CHECK(set_field_from_text(config, Field::atomic_clean_policy, "7", "--atomic-clean-policy", &provenance).size() == 1);
  CHECK(provenance.is_default(Field::atomic_clean_policy));

  // Unsetting the policy is given too: the flag asked for it.
  CHECK(set_field_from_text(config, Field::memory_optimization_policy, "null", "--memory-optimization-policy",
                            &provenance)
            .empty());
  CHECK(provenance.source_of(Field::memory_optimization_policy) == "--memory-optimization-policy");
}

TEST_CASE("validate names each field's source, and the config's for the rest", "[provenance]") {
  MemoryConfig config;
  config.static_memory_policy = StaticMemoryPolicy::expand_static_and_dynamic_shape;
  config.atomic_clean_policy = AtomicCleanPolicy::separate;
  Provenance provenance;
  provenance.config_source = "job.json";
  provenance.of(Field::atomic_clean_policy).given = true;                                    // from job.json
  provenance.of(Field::static_memory_policy) = {true, "--static-memory-policy", {}, false};  // a flag over it
  ValidationContext context;
  context.concurrent_graphs = true;
  context.soc_version = "Ascend999X";
  const std::vector<Diagnostic> diagnostics = validate(config, context, provenance);
  REQUIRE(diagnostics.size() == 4);
  CHECK(to_string(diagnostics[0]) ==
        R"(warning: job.json: soc_version: "Ascend999X" is not a SoC version the product rules know; no product )"
        "rule was applied");
  CHECK(to_string(diagnostics[1]) ==
        "error: --static-memory-policy: static_memory_policy: 4 (expand_static_and_dynamic_shape) is not supported "
        "when graphs execute concurrently; use 0 (dynamic) or 3 (expand_dynamic_shape)");
  CHECK(to_string(diagnostics[2]) == "warning: job.json: atomic_clean_policy: 1 (separate) may cost performance");
  CHECK(to_string(diagnostics[3]) ==
        "warning: --static-memory-policy: static_memory_policy: 4 (expand_static_and_dynamic_shape) may cost "
        "performance");

  // A field no input set is blamed on nobody but the defaults.
  ValidationContext inference;
  inference.product = product_from_name("atlas-inference");
  MemoryConfig huge_pages;
  huge_pages.variable_use_1g_huge_page = HugePagePolicy::prefer_1g;
  CHECK(validate(huge_pages, inference, Provenance{}).at(0).source == "defaults");
}

TEST_CASE("validate with one source names it for every field", "[provenance]") {
  MemoryConfig config;
  config.atomic_clean_policy = AtomicCleanPolicy::separate;
  CHECK(validate(config, {}, "job.json").at(0).source == "job.json");
  const Provenance all = Provenance::all_from("job.json");
  CHECK(all.source_of(Field::memory_optimization_policy) == "job.json");
  CHECK_FALSE(all.is_default(Field::memory_optimization_policy));
}
