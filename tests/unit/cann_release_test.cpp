// CANN releases (spec 4): every accepted form, the order of releases, texts
// that are no release, and each rule of the release table on both sides of
// its boundary.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include <npu/memory_config.hpp>

#include "diagnostics_of.hpp"

using namespace npu;
using test::of_code;

namespace {

CannRelease release(const char* text) {
  const CannRelease parsed = parse_cann_release(text);
  INFO(text);
  REQUIRE(parsed.valid);
  return parsed;
}

std::vector<Diagnostic> validate_in(const MemoryConfig& config, const char* cann_release) {
  ValidationContext context;
  context.cann_release = cann_release;
  return validate(config, context, "job.json");
}

}  // namespace

TEST_CASE("every form of a release is read", "[release]") {
  const CannRelease patch = release("8.0.0");
  CHECK(patch.major == 8);
  CHECK(patch.minor == 0);
  CHECK(patch.stage == CannRelease::Stage::patch);
  CHECK(patch.number == 0);
  CHECK(patch.suffix == CannRelease::Suffix::none);

  const CannRelease candidate = release("8.0.RC2");
  CHECK(candidate.stage == CannRelease::Stage::candidate);
  CHECK(candidate.number == 2);

  const CannRelease update = release("8.0.RC2.2");
  CHECK(update.suffix == CannRelease::Suffix::update);
  CHECK(update.suffix_number == 2);

  const CannRelease alpha = release("8.1.RC1.alpha001");
  CHECK(alpha.minor == 1);
  CHECK(alpha.suffix == CannRelease::Suffix::alpha);
  CHECK(alpha.suffix_number == 1);

  const CannRelease beta = release("8.0.RC3.beta1");
  CHECK(beta.suffix == CannRelease::Suffix::beta);
  CHECK(beta.suffix_number == 1);

  CHECK(release("10.12.3").major == 10);
  CHECK(release("6.3.RC1.alpha002").suffix_number == 2);
  CHECK(release("9.0.0.1").suffix == CannRelease::Suffix::update);
}

TEST_CASE("releases are ordered as they came out", "[release]") {
  // Each is earlier than the next (spec 4's own examples among them).
  const std::vector<const char*> in_order{"6.0.1",     "6.3.RC1.alpha002", "6.3.RC1",          "6.3.RC2", "8.0.RC2",
                                          "8.0.RC2.2", "8.0.RC3.alpha002", "8.0.RC3.beta1",    "8.0.RC3", "8.0.0",
                                          "8.0.1",     "8.1.RC1.alpha001", "8.2.RC1.alpha002", "9.0.0",   "10.0.RC1"};
  for (std::size_t i = 0; i + 1 < in_order.size(); ++i) {
    INFO(in_order[i] << " < " << in_order[i + 1]);
    CHECK(release(in_order[i]) < release(in_order[i + 1]));
    CHECK_FALSE(release(in_order[i + 1]) < release(in_order[i]));
    CHECK(release(in_order[i]) <= release(in_order[i + 1]));
    CHECK_FALSE(release(in_order[i + 1]) <= release(in_order[i]));
  }
  CHECK(release("8.0.RC2") == release("8.0.RC2"));
  CHECK_FALSE(release("8.0.RC2") == release("8.0.RC2.2"));
  CHECK_FALSE(release("8.0.RC2.2") == release("8.0.RC2"));
  CHECK(release("8.0.RC2") <= release("8.0.RC2"));
  CHECK(release("8.0.RC3.alpha001") < release("8.0.RC3.alpha002"));
  CHECK(release("8.0.RC3.beta1") < release("8.0.RC3.beta2"));
  CHECK(release("8.0.RC2.2") < release("8.0.RC2.10"));
  CHECK(release("8.0.RC9") < release("8.0.RC10"));
  CHECK(release("7.9.9") < release("8.0.RC1"));
}

TEST_CASE("texts that are no release", "[release]") {
  for (const char* text : {"",
                           "8",
                           "8.0",
                           "8.0.",
                           "8.0.RC",
                           "8.0.RC0",
                           "8.0.rc2",
                           "8.0.Rc2",
                           "8.0.RC2.",
                           "8.0.RC2.alpha",
                           "8.0.RC2.alpha01",
                           "8.0.RC2.alpha0001",
                           "8.0.RC2.alphaabc",
                           "8.0.RC2.beta",
                           "8.0.RC2.beta01",
                           "8.0.RC2.gamma1",
                           "08.0.0",
                           "8.00.0",
                           "8.0.01",
                           "v8.0.0",
                           " 8.0.0",
                           "8.0.0 ",
                           "8..0",
                           "8.0.-1",
                           "8.0.0-rc",
                           "8.0.RC2.2.1",
                           "8.0.RC2.alpha001.1",
                           "8.0.0.beta1.2",
                           "1234567890.0.0",
                           "8.0.RC2.02",
                           "8,0,0",
                           "8.0.RC2alpha001",
                           "8.0.0\n"}) {
    INFO('"' << text << '"');
    CHECK_FALSE(parse_cann_release(text).valid);
  }
}

TEST_CASE("the release table's rows are releases", "[release]") {
  for (const ReleaseRuleInfo& rule : release_rules) {
    INFO(rule.release);
    CHECK(parse_cann_release(rule.release).valid);
  }
  CHECK(release_rule_info(ReleaseRule::atlas_350).release == "9.0.0");
}

TEST_CASE("concurrent graphs: up to 8.0.RC2 only 2 is forbidden, later 2 and 4 (spec 4)", "[release]") {
  MemoryConfig four;
  four.static_memory_policy = StaticMemoryPolicy::expand_static_and_dynamic_shape;
  MemoryConfig two;
  two.static_memory_policy = StaticMemoryPolicy::expand_static_shape;
  ValidationContext context;
  context.concurrent_graphs = true;
  for (const char* release_text : {"8.0.RC1", "8.0.RC2"}) {
    INFO(release_text);
    context.cann_release = release_text;
    CHECK(of_code(validate(four, context), DiagnosticCode::concurrent_graphs).empty());
    const auto errors = of_code(validate(two, context), DiagnosticCode::concurrent_graphs);
    REQUIRE(errors.size() == 1);
    CHECK_THAT(errors[0].message,
               Catch::EndsWith(std::string(" concurrently in CANN ") + release_text +
                               "; use 0 (dynamic), 3 (expand_dynamic_shape) or 4 (expand_static_and_dynamic_shape)"));
  }
  for (const char* release_text : {"8.0.RC2.2", "8.0.RC3.alpha001", "9.0.0"}) {
    INFO(release_text);
    context.cann_release = release_text;
    const auto errors = of_code(validate(four, context), DiagnosticCode::concurrent_graphs);
    REQUIRE(errors.size() == 1);
    CHECK_THAT(errors[0].message, Catch::EndsWith(std::string(" concurrently in CANN ") + release_text +
                                                  "; use 0 (dynamic) or 3 (expand_dynamic_shape)"));
  }
  context.cann_release = {};  // the latest rules, without naming a release
  CHECK(of_code(validate(four, context), DiagnosticCode::concurrent_graphs).at(0).message ==
        "4 (expand_static_and_dynamic_shape) is not supported when graphs execute concurrently; use 0 (dynamic) or "
        "3 (expand_dynamic_shape)");
}

TEST_CASE("the legacy 1: static allocation up to 6.0.1, an alias of 2 after (spec 4)", "[release]") {
  MemoryConfig config;
  Provenance provenance;
  REQUIRE(set_field_from_text(config, Field::static_memory_policy, "1", "--static-memory-policy", &provenance).size() ==
          1);
  CHECK(provenance.of(Field::static_memory_policy).legacy_alias);
  ValidationContext context;
  context.cann_release = "6.0.1";
  const auto errors = of_code(validate(config, context, provenance), DiagnosticCode::release_difference);
  REQUIRE(errors.size() == 1);
  CHECK(to_string(errors[0]) ==
        "error: --static-memory-policy: static_memory_policy: 1 means static allocation at the maximum size in CANN "
        "6.0.1, which this library does not model; 2 (expand_static_shape) is the expanding policy");
  context.cann_release = "6.3.RC1.alpha001";
  CHECK(validate(config, context, provenance).empty());
  // 2 given as 2 is the expanding policy in every release.
  provenance.of(Field::static_memory_policy).legacy_alias = false;
  context.cann_release = "6.0.1";
  CHECK(validate(config, context, provenance).empty());
}

TEST_CASE("static_memory_policy 3 and 4 are documented from 8.0.RC2 (spec 4)", "[release]") {
  MemoryConfig config;
  config.static_memory_policy = StaticMemoryPolicy::expand_static_and_dynamic_shape;
  const auto before = of_code(validate_in(config, "8.0.RC1.beta1"), DiagnosticCode::release_difference);
  REQUIRE(before.size() == 1);
  CHECK(to_string(before[0]) ==
        "warning: job.json: static_memory_policy: 4 (expand_static_and_dynamic_shape) is not documented in CANN "
        "8.0.RC1.beta1 (it is from 8.0.RC2 on)");
  CHECK(of_code(validate_in(config, "8.0.RC2"), DiagnosticCode::release_difference).empty());
  config.static_memory_policy = StaticMemoryPolicy::expand_static_shape;
  CHECK(validate_in(config, "6.0.1").empty());
}

TEST_CASE("memory_optimization_policy is known to the adapter from 6.3.RC1.alpha002 (spec 4)", "[release]") {
  MemoryConfig config;
  config.memory_optimization_policy = MemoryOptimizationPolicy::memory_priority;
  const auto before = validate_in(config, "6.3.RC1.alpha001");
  REQUIRE(before.size() == 1);
  CHECK(to_string(before[0]) ==
        "warning: job.json: memory_optimization_policy: the adapter of CANN 6.3.RC1.alpha001 ignores "
        "memory_optimization_policy (it knows it from 6.3.RC1.alpha002 on)");
  CHECK(validate_in(config, "6.3.RC1.alpha002").empty());
  CHECK(validate_in(MemoryConfig{}, "6.0.1").empty());  // unset: nothing to ignore
}

TEST_CASE("variable_use_1g_huge_page is documented from 8.2.RC1.alpha002 (spec 4)", "[release]") {
  MemoryConfig config;
  config.variable_use_1g_huge_page = HugePagePolicy::require_1g;
  const auto before = validate_in(config, "8.1.0");
  REQUIRE(before.size() == 1);
  CHECK(to_string(before[0]) ==
        "warning: job.json: variable_use_1g_huge_page: the adapter of CANN 8.1.0 ignores variable_use_1g_huge_page "
        "(it is documented from 8.2.RC1.alpha002 on)");
  CHECK(validate_in(config, "8.2.RC1.alpha002").empty());
}

TEST_CASE("atlas-350 is listed from 9.0.0 (spec 4)", "[release]") {
  ValidationContext context;
  context.product = product_from_name("atlas-350");
  context.cann_release = "8.5.0";
  const auto before = validate(MemoryConfig{}, context, "job.json");
  REQUIRE(before.size() == 1);
  CHECK(to_string(before[0]) ==
        "warning: job.json: product: atlas-350 is not listed in CANN 8.5.0 (it is listed "
        "from 9.0.0 on)");
  context.cann_release = "9.0.0";
  CHECK(validate(MemoryConfig{}, context).empty());
  context.soc_version = "Ascend950PR";  // the product follows from the chip too
  context.product = nullptr;
  context.cann_release = "8.5.0";
  CHECK(of_code(validate(MemoryConfig{}, context), DiagnosticCode::release_difference).size() == 1);
  context.soc_version = "Ascend910B2";
  CHECK(validate(MemoryConfig{}, context).empty());
}

TEST_CASE("a context release that is no release is an error, and the latest rules apply", "[release]") {
  MemoryConfig config;
  config.memory_optimization_policy = MemoryOptimizationPolicy::balance_mode;
  const auto diagnostics = validate_in(config, "6.2");
  REQUIRE(diagnostics.size() == 1);
  CHECK(diagnostics[0].code == DiagnosticCode::invalid_release);
  CHECK(diagnostics[0].value == R"("6.2")");
}
