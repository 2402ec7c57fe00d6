// CANN releases: the text a job names ("8.0.RC2", "8.0.0",
// "8.1.RC1.alpha001"), read and ordered as the releases came out, and the
// memory rules that changed from one release to another (their table:
// settings/detail/release_rules.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

// One release. Within a MAJOR.MINOR every release candidate (RCn) comes
// before every PATCH release; around the release it names, alphaNNN < betaN
// < the release itself < .N.
struct CannRelease {
  enum class Stage : std::uint8_t { candidate, patch };            // RCn, or a PATCH number
  enum class Suffix : std::uint8_t { alpha, beta, none, update };  // in release order; update: ".N"

  // The memory rules that changed from one release to another; the release
  // where each turns, and which side of it the rule holds on, are in its
  // row: describe(rule).release. A release that changes a rule is a new
  // enumerator and a new row.
  enum class Rule : std::uint8_t {
    concurrent_graphs_allow_4,      // concurrent graphs forbid 2 (and legacy 1) only
    concurrent_graphs_4_disputed,   // the documents of this release disagree on 4 with concurrent graphs
    legacy_1_is_static_allocation,  // static_memory_policy 1 allocated statically at the maximum size
    static_memory_3_and_4,          // static_memory_policy 3 and 4 documented
    memory_optimization_policy,     // the adapter knows memory_optimization_policy
    variable_use_1g_huge_page,      // variable_use_1g_huge_page documented
    atlas_350,                      // the product atlas-350 listed
  };

  // The forms a release is written in, for a message about a text that is
  // none of them.
  static constexpr std::string_view forms =
      "MAJOR.MINOR.PATCH or MAJOR.MINOR.RCn, optionally followed by .N, .alphaNNN or .betaN "
      "(8.0.0, 8.0.RC2, 8.0.RC2.2, 8.1.RC1.alpha001)";

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
  [[nodiscard]] friend constexpr bool operator!=(const CannRelease& a, const CannRelease& b) noexcept {
    return !(a == b);
  }
  [[nodiscard]] friend constexpr bool operator<=(const CannRelease& a, const CannRelease& b) noexcept {
    return !(b < a);
  }

  // The release `text` names ("8.0.RC2"); nullopt for anything that is none
  // of the forms a release is written in (exact: no spaces, no lower-case
  // "rc", no leading zeros).
  [[nodiscard]] static constexpr std::optional<CannRelease> parse(std::string_view text) noexcept;
};

constexpr std::optional<CannRelease> CannRelease::parse(std::string_view text) noexcept {
  // Takes a run of at most 9 digits off the front of `text` (so that it fits
  // in 32 bits); a leading zero only when `zeros_allowed`.
  const auto take_number = [&text](std::uint32_t& value, bool zeros_allowed = false) {
    std::size_t length = 0;
    while (length < text.size() && text[length] >= '0' && text[length] <= '9') ++length;
    if (length == 0 || length > 9 || (!zeros_allowed && length > 1 && text[0] == '0')) return false;
    value = 0;
    for (std::size_t i = 0; i < length; ++i) value = value * 10 + static_cast<std::uint32_t>(text[i] - '0');
    text.remove_prefix(length);
    return true;
  };
  const auto take = [&text](std::string_view prefix) {
    if (text.substr(0, prefix.size()) != prefix) return false;
    text.remove_prefix(prefix.size());
    return true;
  };
  CannRelease release;
  if (!take_number(release.major) || !take(".") || !take_number(release.minor) || !take(".")) return std::nullopt;
  if (take("RC")) {
    release.stage = CannRelease::Stage::candidate;
    if (!take_number(release.number) || release.number == 0) return std::nullopt;
  } else if (!take_number(release.number)) {
    return std::nullopt;
  }
  if (take(".alpha")) {  // always three digits: alpha001
    release.suffix = CannRelease::Suffix::alpha;
    if (text.size() != 3 || !take_number(release.suffix_number, true)) return std::nullopt;
  } else if (take(".beta")) {
    release.suffix = CannRelease::Suffix::beta;
    if (!take_number(release.suffix_number)) return std::nullopt;
  } else if (take(".")) {
    release.suffix = CannRelease::Suffix::update;
    if (!take_number(release.suffix_number)) return std::nullopt;
  }
  if (!text.empty()) return std::nullopt;
  return release;
}

// The release as it is written: "8.0.RC2", "8.1.RC1.alpha001".
[[nodiscard]] inline std::string to_string(const CannRelease& release) {
  std::string text = std::to_string(release.major) + "." + std::to_string(release.minor) + ".";
  if (release.stage == CannRelease::Stage::candidate) text += "RC";
  text += std::to_string(release.number);
  switch (release.suffix) {
    case CannRelease::Suffix::alpha: {
      const std::string digits = std::to_string(release.suffix_number);
      text.append(".alpha").append(digits.size() < 3 ? 3 - digits.size() : 0, '0').append(digits);
      break;
    }
    case CannRelease::Suffix::beta:
      text.append(".beta").append(std::to_string(release.suffix_number));
      break;
    case CannRelease::Suffix::update:
      text.append(".").append(std::to_string(release.suffix_number));
      break;
    case CannRelease::Suffix::none:
      break;
  }
  return text;
}

NPU_MEMORY_CONFIG_NAMESPACE_END
