// CANN releases: every accepted form, the order of releases, texts that
// are no release, and each rule of the release table on both sides of its
// boundary.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include <npu/memory_config.hpp>
#include <npu/memory_config/validation/text.hpp>

using namespace npu;

static_assert(detail::release_rules_name_releases(detail::release_rules), "every rule's boundary is a CANN release");
static_assert(detail::indexed_by(detail::release_rules, &detail::ReleaseRuleInfo::rule, 7), "indexed by ReleaseRule");

namespace {

CannRelease release(const char* text) {
  const std::optional<CannRelease> parsed = CannRelease::parse(text);
  INFO(text);
  REQUIRE(parsed);
  return *parsed;
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

TEST_CASE("a release is written as it was given", "[release]") {
  for (const char* text : {"8.0.0", "8.0.RC2", "8.0.RC2.2", "8.1.RC1.alpha001", "8.0.RC3.beta12", "10.12.3",
                           "6.3.RC1.alpha120", "9.0.0.1"}) {
    CHECK(to_string(release(text)) == text);
  }
}

TEST_CASE("releases are ordered as they came out", "[release]") {
  // Each is earlier than the next (docs/validation.md's examples among them).
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
    CHECK_FALSE(CannRelease::parse(text));
  }
}

TEST_CASE("the release table's rows are releases, each rule on both sides of its boundary", "[release]") {
  for (const detail::ReleaseRuleInfo& rule : detail::release_rules) {
    INFO(rule.release);
    CHECK(CannRelease::parse(rule.release));
  }
  CHECK(detail::release_rule_info(detail::ReleaseRule::atlas_350).release == "9.0.0");
  // up to and including
  CHECK(detail::rule_holds(detail::ReleaseRule::concurrent_graphs_allow_4, release("8.0.RC2.2")));
  CHECK(detail::rule_holds(detail::ReleaseRule::concurrent_graphs_allow_4, release("8.0.RC3.alpha002")));
  CHECK_FALSE(detail::rule_holds(detail::ReleaseRule::concurrent_graphs_allow_4, release("8.0.RC3.alpha003")));
  CHECK(detail::rule_holds(detail::ReleaseRule::legacy_1_is_static_allocation, release("6.0.1")));
  CHECK_FALSE(detail::rule_holds(detail::ReleaseRule::legacy_1_is_static_allocation, release("6.3.RC1.alpha001")));
  // from ... on
  CHECK_FALSE(detail::rule_holds(detail::ReleaseRule::static_memory_3_and_4, release("8.0.RC1.beta1")));
  CHECK(detail::rule_holds(detail::ReleaseRule::static_memory_3_and_4, release("8.0.RC2")));
  CHECK_FALSE(detail::rule_holds(detail::ReleaseRule::memory_optimization_policy, release("6.3.RC1.alpha001")));
  CHECK(detail::rule_holds(detail::ReleaseRule::memory_optimization_policy, release("6.3.RC1.alpha002")));
  CHECK_FALSE(detail::rule_holds(detail::ReleaseRule::variable_use_1g_huge_page, release("8.1.0")));
  CHECK(detail::rule_holds(detail::ReleaseRule::variable_use_1g_huge_page, release("8.2.RC1.alpha002")));
  CHECK_FALSE(detail::rule_holds(detail::ReleaseRule::atlas_350, release("8.5.0")));
  CHECK(detail::rule_holds(detail::ReleaseRule::atlas_350, release("9.0.0")));
  // the release and its updates, nothing around them
  CHECK(detail::rule_holds(detail::ReleaseRule::concurrent_graphs_4_disputed, release("8.0.RC3")));
  CHECK(detail::rule_holds(detail::ReleaseRule::concurrent_graphs_4_disputed, release("8.0.RC3.2")));
  for (const char* other :
       {"8.0.RC3.alpha003", "8.0.RC3.beta1", "8.0.RC4", "8.0.RC4.alpha001", "8.0.0", "8.1.RC3", "9.0.RC3", "8.0.3"}) {
    INFO(other);
    CHECK_FALSE(detail::rule_holds(detail::ReleaseRule::concurrent_graphs_4_disputed, release(other)));
  }
}

TEST_CASE("without a release, validation applies the rules of the newest release they name", "[cann]") {
  CHECK(to_string(ValidationContext::newest_rules_release()) == "9.0.0");
}

TEST_CASE("the release rules are an enumeration of the API, each with the release where it turns", "[cann]") {
  CHECK(enum_values<CannRelease::Rule>().size() == 7);
  CHECK(enum_name(CannRelease::Rule::legacy_1_is_static_allocation) == "legacy_1_is_static_allocation");
  CHECK(enum_cast<CannRelease::Rule>("atlas_350") == CannRelease::Rule::atlas_350);
  CHECK_FALSE(enum_cast<CannRelease::Rule>("atlas-350"));
  CHECK(describe(CannRelease::Rule::legacy_1_is_static_allocation).release == "6.0.1");
  CHECK(describe(CannRelease::Rule::concurrent_graphs_allow_4).release == "8.0.RC3.alpha002");
  CHECK(describe(CannRelease::Rule::concurrent_graphs_4_disputed).release == "8.0.RC3");
  CHECK(CannRelease::forms.find("8.1.RC1.alpha001") != std::string_view::npos);
}

// The release table's own checks, run here too.
TEST_CASE("every release rule's boundary is a release", "[cann]") {
  CHECK(detail::release_rules_name_releases(detail::release_rules));
  const detail::ReleaseRuleInfo misspelt[] = {
      detail::release_rules[0], {detail::ReleaseRule::atlas_350, "atlas_350", "9.0", detail::ReleaseSpan::from}};
  CHECK_FALSE(detail::release_rules_name_releases(misspelt));
}
