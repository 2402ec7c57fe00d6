// Values handed over in process by another language, as JSON sees them:
// the Python module's dicts and MemoryConfig(...)'s arguments. Messages
// quote each value as that language writes it. texts/readers.hpp reads one
// (read_json_config).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

// One value, with the members of a mapping. `other` is a kind no setting
// takes (a list, a tuple, bytes, a set): only `shown` says what it was.
struct HostValue {
  struct Member;  // a mapping's: its key and its value
  enum class Kind : std::uint8_t { null, boolean, integer, floating, string, mapping, other };

  Kind kind = Kind::null;
  std::string text;             // string: its contents; integer: its decimal digits, "-" first if negative, any size;
                                // floating: its literal ("1e+100")
  bool truth = false;           // boolean
  std::string shown;            // how the language writes it: "None", "True", "1e+100", "a list"; empty: as JSON does
  std::vector<Member> members;  // mapping: in the order given
};

// (Defined here, where HostValue is complete: a std::pair member of its own
// vector would need it complete inside its definition.)
struct HostValue::Member {
  std::string key;
  HostValue value;
};

NPU_MEMORY_CONFIG_NAMESPACE_END
