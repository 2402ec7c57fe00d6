// The table of the memory rules that changed from one CANN release to
// another, and which releases each holds in: validate() applies them for
// ValidationContext::cann_release; describe(rule) gives a row.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "npu/memory_config/cann_release.hpp"
#include "npu/memory_config/settings/detail/table_rows.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

using ReleaseRule = CannRelease::Rule;

// Which releases a rule holds in, around the release of its row.
enum class ReleaseSpan : std::uint8_t {
  up_to,         // up to and including the release
  from,          // from the release on
  with_updates,  // the release itself and its updates (.N): not its pre-releases, not the next RC
};

struct ReleaseRuleInfo {
  ReleaseRule rule;
  std::string_view name;     // the enumerator's name
  std::string_view release;  // where the rule starts or stops, written in one of CannRelease::forms
  ReleaseSpan span;
};

// Sources: the MemoryConfig constructor pages of releases 6.0.1, 6.3.RC2,
// 8.0.RC2, 8.0.RC2.2, 8.0.RC3.alpha002, 8.0.RC3.alpha003, 8.0.RC3, 8.0.0,
// 8.2.RC1.alpha002 and 9.0.0; the adapter's history for
// memory_optimization_policy (added in the 6.3.RC1 line). On 4 with
// concurrent graphs the documents do not follow release order:
// 8.0.RC3.alpha003 forbids it, the commercial 8.0.RC3 page allows it, 8.0.0
// forbids it again.
// Indexed by ReleaseRule.
inline constexpr ReleaseRuleInfo release_rules[] = {
    {ReleaseRule::concurrent_graphs_allow_4, "concurrent_graphs_allow_4", "8.0.RC3.alpha002", ReleaseSpan::up_to},
    {ReleaseRule::concurrent_graphs_4_disputed, "concurrent_graphs_4_disputed", "8.0.RC3", ReleaseSpan::with_updates},
    {ReleaseRule::legacy_1_is_static_allocation, "legacy_1_is_static_allocation", "6.0.1", ReleaseSpan::up_to},
    {ReleaseRule::static_memory_3_and_4, "static_memory_3_and_4", "8.0.RC2", ReleaseSpan::from},
    {ReleaseRule::memory_optimization_policy, "memory_optimization_policy", "6.3.RC1.alpha002", ReleaseSpan::from},
    {ReleaseRule::variable_use_1g_huge_page, "variable_use_1g_huge_page", "8.2.RC1.alpha002", ReleaseSpan::from},
    {ReleaseRule::atlas_350, "atlas_350", "9.0.0", ReleaseSpan::from},
};

// The documents around concurrent_graphs_4_disputed that forbid 4 with
// concurrent graphs, as its warning names them.
inline constexpr std::string_view concurrent_graphs_4_forbidden_by = "8.0.RC3.alpha003 and 8.0.0";

// Every rule's boundary is a release as section 4 writes them. (Asserted
// by cann_release_test.cpp, not here: parsing every boundary costs each
// translation unit that includes the core 15 M instructions, and a
// boundary is only ever written here.)
template <std::size_t N>
[[nodiscard]] constexpr bool release_rules_name_releases(const ReleaseRuleInfo (&table)[N]) noexcept {
  for (const ReleaseRuleInfo& info : table) {
    if (!CannRelease::parse(info.release)) return false;
  }
  return true;
}
// CannRelease::Rule's enumerators, for the assertion below (-Wswitch an
// error: a rule added alone names this table first).
#pragma GCC diagnostic push
#pragma GCC diagnostic error "-Wswitch"
[[nodiscard]] constexpr bool is_enumerator(ReleaseRule rule) noexcept {
  switch (rule) {
    case ReleaseRule::concurrent_graphs_allow_4:
    case ReleaseRule::concurrent_graphs_4_disputed:
    case ReleaseRule::legacy_1_is_static_allocation:
    case ReleaseRule::static_memory_3_and_4:
    case ReleaseRule::memory_optimization_policy:
    case ReleaseRule::variable_use_1g_huge_page:
    case ReleaseRule::atlas_350:
      return true;
  }
  return false;
}
#pragma GCC diagnostic pop

static_assert(one_row_per_enumerator(release_rules, &ReleaseRuleInfo::rule, is_enumerator),
              "release_rules.hpp: release_rules has one row per CannRelease::Rule, in its order");
static_assert(names_unique(release_rules, &ReleaseRuleInfo::name),
              "release_rules.hpp: every rule's name given, and none twice");

[[nodiscard]] constexpr const ReleaseRuleInfo& release_rule_info(ReleaseRule rule) noexcept {
  return row_of(release_rules, rule, "a ReleaseRule that names no rule");
}

// Whether `rule` holds in `release`.
[[nodiscard]] constexpr bool rule_holds(ReleaseRule rule, const CannRelease& release) noexcept {
  const ReleaseRuleInfo& info = release_rule_info(rule);
  const std::optional<CannRelease> boundary = CannRelease::parse(info.release);
  if (!boundary) return false;  // never: release_rules_name_releases holds (cann_release_test.cpp)
  switch (info.span) {
    case ReleaseSpan::up_to:
      return release <= *boundary;
    case ReleaseSpan::from:
      return *boundary <= release;
    case ReleaseSpan::with_updates:
      return release.major == boundary->major && release.minor == boundary->minor && release.stage == boundary->stage &&
             release.number == boundary->number &&
             (release.suffix == CannRelease::Suffix::none || release.suffix == CannRelease::Suffix::update);
  }
  return false;
}

// The newest release a rule of the table names: validation without a release
// applies the rules as they are there.
[[nodiscard]] constexpr CannRelease latest_rules_release() noexcept {
  CannRelease latest{};
  for (const ReleaseRuleInfo& info : release_rules) {
    const std::optional<CannRelease> release = CannRelease::parse(info.release);
    if (release && latest <= *release) latest = *release;
  }
  return latest;
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
