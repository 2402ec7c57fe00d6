// CANN releases (spec 4): the text a job names ("8.0.RC2", "8.0.0",
// "8.1.RC1.alpha001"), parsed and ordered as the releases came out, and the
// table of the memory rules that changed from one release to another.
#pragma once

#include <cstdint>
#include <string_view>

#include "npu/memory_config/keys.hpp"  // operator""sv
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

// The accepted forms, for messages about a text that is none of them.
inline constexpr std::string_view cann_release_forms =
    "MAJOR.MINOR.PATCH or MAJOR.MINOR.RCn, optionally followed by .N, .alphaNNN or .betaN "
    "(8.0.0, 8.0.RC2, 8.0.RC2.2, 8.1.RC1.alpha001)"sv;

// One release. Within a MAJOR.MINOR every release candidate (RCn) comes
// before every PATCH release; around the release it names, alphaNNN < betaN
// < the release itself < .N.
struct CannRelease {
  enum class Stage : std::uint8_t { candidate, patch };            // RCn, or a PATCH number
  enum class Suffix : std::uint8_t { alpha, beta, none, update };  // in release order; update: ".N"

  bool valid = false;  // false: the text was no release
  std::uint32_t major = 0;
  std::uint32_t minor = 0;
  Stage stage = Stage::patch;
  std::uint32_t number = 0;  // n of RCn, or PATCH
  Suffix suffix = Suffix::none;
  std::uint32_t suffix_number = 0;  // NNN of alphaNNN, N of betaN or of .N

  [[nodiscard]] friend constexpr bool operator<(const CannRelease& a, const CannRelease& b) noexcept {
    if (a.major != b.major) return a.major < b.major;
    if (a.minor != b.minor) return a.minor < b.minor;
    if (a.stage != b.stage) return a.stage < b.stage;
    if (a.number != b.number) return a.number < b.number;
    if (a.suffix != b.suffix) return a.suffix < b.suffix;
    return a.suffix_number < b.suffix_number;
  }
  [[nodiscard]] friend constexpr bool operator==(const CannRelease& a, const CannRelease& b) noexcept {
    return !(a < b) && !(b < a);
  }
  [[nodiscard]] friend constexpr bool operator<=(const CannRelease& a, const CannRelease& b) noexcept {
    return !(b < a);
  }
};

namespace detail {

// A run of decimal digits at the front of `text`, taken off it: false when
// there is none, it has a leading zero (unless `zeros_allowed`), or it does
// not fit in 32 bits.
[[nodiscard]] constexpr bool take_number(std::string_view& text, std::uint32_t& value,
                                         bool zeros_allowed = false) noexcept {
  std::size_t length = 0;
  while (length < text.size() && text[length] >= '0' && text[length] <= '9') ++length;
  if (length == 0 || length > 9 || (!zeros_allowed && length > 1 && text[0] == '0')) return false;
  value = 0;
  for (std::size_t i = 0; i < length; ++i) value = value * 10 + static_cast<std::uint32_t>(text[i] - '0');
  text = {text.data() + length, text.size() - length};
  return true;
}

// Takes `prefix` off the front of `text` when it is there.
[[nodiscard]] constexpr bool take(std::string_view& text, std::string_view prefix) noexcept {
  if (text.size() < prefix.size()) return false;
  for (std::size_t i = 0; i < prefix.size(); ++i) {
    if (text[i] != prefix[i]) return false;
  }
  text = {text.data() + prefix.size(), text.size() - prefix.size()};
  return true;
}

}  // namespace detail

// The release `text` names; `valid` is false for anything that is none of
// cann_release_forms (exact: no spaces, no lower-case "rc", no leading zeros).
[[nodiscard]] constexpr CannRelease parse_cann_release(std::string_view text) noexcept {
  CannRelease release;
  if (!detail::take_number(text, release.major) || !detail::take(text, "."sv) ||
      !detail::take_number(text, release.minor) || !detail::take(text, "."sv)) {
    return {};
  }
  if (detail::take(text, "RC"sv)) {
    release.stage = CannRelease::Stage::candidate;
    if (!detail::take_number(text, release.number) || release.number == 0) return {};
  } else if (!detail::take_number(text, release.number)) {
    return {};
  }
  if (detail::take(text, ".alpha"sv)) {
    // Always three digits: alpha001.
    release.suffix = CannRelease::Suffix::alpha;
    if (text.size() != 3 || !detail::take_number(text, release.suffix_number, true)) return {};
  } else if (detail::take(text, ".beta"sv)) {
    release.suffix = CannRelease::Suffix::beta;
    if (!detail::take_number(text, release.suffix_number)) return {};
  } else if (detail::take(text, "."sv)) {
    release.suffix = CannRelease::Suffix::update;
    if (!detail::take_number(text, release.suffix_number)) return {};
  }
  if (!text.empty()) return {};
  release.valid = true;
  return release;
}

// The memory rules that changed across releases, each with the release its
// documentation starts or stops at. A new release that changes a rule is a
// new row.
enum class ReleaseRule : std::uint8_t {
  concurrent_graphs_allow_4,      // concurrent graphs forbid 2 (and legacy 1) only
  legacy_1_is_static_allocation,  // static_memory_policy 1 allocated statically at the maximum size
  static_memory_3_and_4,          // static_memory_policy 3 and 4 documented
  memory_optimization_policy,     // the adapter knows memory_optimization_policy
  variable_use_1g_huge_page,      // variable_use_1g_huge_page documented
  atlas_350,                      // the product atlas-350 listed
};

struct ReleaseRuleInfo {
  ReleaseRule rule;
  std::string_view release;  // a release, as cann_release_forms writes it
  bool up_to;                // true: holds up to and including `release`; false: from `release` on
};

// Sources: the MemoryConfig constructor pages of releases 6.0.1, 6.3.RC2,
// 8.0.RC2, 8.0.RC2.2, 8.0.0, 8.2.RC1.alpha002 and 9.0.0; the adapter's
// history for memory_optimization_policy (added in the 6.3.RC1 line).
// Indexed by ReleaseRule.
inline constexpr ReleaseRuleInfo release_rules[] = {
    {ReleaseRule::concurrent_graphs_allow_4, "8.0.RC2"sv, true},
    {ReleaseRule::legacy_1_is_static_allocation, "6.0.1"sv, true},
    {ReleaseRule::static_memory_3_and_4, "8.0.RC2"sv, false},
    {ReleaseRule::memory_optimization_policy, "6.3.RC1.alpha002"sv, false},
    {ReleaseRule::variable_use_1g_huge_page, "8.2.RC1.alpha002"sv, false},
    {ReleaseRule::atlas_350, "9.0.0"sv, false},
};

[[nodiscard]] constexpr const ReleaseRuleInfo& release_rule_info(ReleaseRule rule) noexcept {
  return release_rules[static_cast<std::size_t>(rule)];
}

// Whether `rule` holds in `release`.
[[nodiscard]] constexpr bool rule_holds(ReleaseRule rule, const CannRelease& release) noexcept {
  const ReleaseRuleInfo& info = release_rule_info(rule);
  const CannRelease boundary = parse_cann_release(info.release);
  return info.up_to ? release <= boundary : boundary <= release;
}

NPU_MEMORY_CONFIG_NAMESPACE_END
