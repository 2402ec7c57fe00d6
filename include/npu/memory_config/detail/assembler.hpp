// Collects the values an input gives for each field, checks each one,
// detects two keys for one field that disagree, and builds the config only
// when nothing failed. Shared by every reader.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
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
    Slot& slot = slots_[static_cast<std::size_t>(field)];
    if (!slot.present) {
      slot = Slot{true, parsed.value, origin, value};
      return;
    }
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
      if (slots_[i].present) set_field_value(config, static_cast<Field>(i), slots_[i].parsed);
    }
    result.config = config;
    return result;
  }

 private:
  struct Slot {
    bool present = false;
    const ValueInfo* parsed = nullptr;
    ValueOrigin origin;
    InputValue value;
  };
  std::array<Slot, field_count> slots_{};
  std::vector<Diagnostic> diagnostics_;
};

}  // namespace npu::detail
