// Collects the values an input gives for each field, checks each one,
// detects two keys for one field that disagree, and builds the config only
// when nothing failed. Shared by every reader.
#pragma once

#include <array>
#include <cstdint>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "npu/memory_config/config.hpp"
#include "npu/memory_config/diagnostic.hpp"
#include "npu/memory_config/value_parser.hpp"

namespace npu::detail {

class ConfigAssembler {
 public:
  void assign(Field field, const ValueOrigin& origin, const InputValue& value, UnsetSpelling unset) {
    const FieldInfo& info = field_info(field);
    const ParsedValue parsed = parse_field_value(info, value, unset, origin, diagnostics_);
    if (!parsed.valid) return;
    const auto index = static_cast<std::size_t>(field);
    if (!given(index)) {
      ::new (static_cast<void*>(&slots_[index].slot)) Slot{parsed.value, origin, value};
      given_ |= static_cast<std::uint8_t>(1u << index);
      return;
    }
    const Slot& slot = slots_[index].slot;
    if (slot.parsed != parsed.value) {
      std::string where(slot.origin.key);
      if (slot.origin.scope != origin.scope) where.append(" in ").append(origin_source(slot.origin));
      diagnostics_.push_back(field_diagnostic(Severity::error, DiagnosticCode::conflicting_values, origin, info,
                                              describe(value),
                                              concat({describe(value), " conflicts with ", describe(slot.value),
                                                      " given as ", where, "; give one value"})));
    }
  }

  void report(Diagnostic diagnostic) { diagnostics_.push_back(std::move(diagnostic)); }

  [[nodiscard]] ReadResult finish() && {
    ReadResult result;
    result.diagnostics = std::move(diagnostics_);
    if (has_errors(result.diagnostics)) return result;
    MemoryConfig config;
    for (std::size_t i = 0; i < slots_.size(); ++i) {
      if (given(i)) set_field_value(config, static_cast<Field>(i), slots_[i].slot.parsed);
    }
    result.config = config;
    return result;
  }

 private:
  // The first value given for a field, constructed only then: default-
  // constructing all four zeroed 400 bytes (`rep stos`) on every read, a
  // sixth of the time of reading a whole GE map (std::optional zeroes too).
  struct Slot {
    const ValueInfo* parsed;
    ValueOrigin origin;
    InputValue value;
  };
  union SlotStorage {
    // Leaves `slot` unconstructed. Not `= default`: that would be deleted, as
    // Slot's members have default constructors of their own.
    SlotStorage() noexcept {}  // NOLINT(modernize-use-equals-default)
    Slot slot;
  };
  static_assert(std::is_trivially_destructible_v<Slot>);

  [[nodiscard]] bool given(std::size_t index) const noexcept { return (given_ >> index & 1u) != 0; }

  std::array<SlotStorage, field_count> slots_;
  std::uint8_t given_ = 0;  // bit i: slots_[i].slot is constructed
  std::vector<Diagnostic> diagnostics_;
};

}  // namespace npu::detail
