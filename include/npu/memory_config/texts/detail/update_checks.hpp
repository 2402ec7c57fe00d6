// What an update in place checks: an updater for every updatable form, the
// fields that change, and the error that says why a text is not updated.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "npu/memory_config/enums.hpp"
#include "npu/memory_config/settings/config.hpp"
#include "npu/memory_config/settings/detail/enum_traits.hpp"
#include "npu/memory_config/settings/detail/field_table.hpp"
#include "npu/memory_config/settings/detail/form_table.hpp"
#include "npu/memory_config/settings/diagnostic.hpp"
#include "npu/memory_config/settings/write_result.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

// Each updatable form has its updater: JsonUpdater every JSON form's,
// LiteUpdater the one that is no JSON, MindSpore Lite's config file.
template <std::size_t N>
[[nodiscard]] constexpr bool updaters_for_every_updatable_form(const FormInfo (&table)[N]) noexcept {
  for (const FormInfo& info : table) {
    if (info.updatable && !info.json && info.form != Form::mslite) return false;
  }
  return true;
}
static_assert(updaters_for_every_updatable_form(forms),
              "update.hpp: an updatable form that is no JSON has no updater; only mslite has LiteUpdater");

// Which fields of `read` differ from `wanted`.
inline void differing_fields(const MemoryConfig& read, const MemoryConfig& wanted,
                             bool (&differ)[detail::field_count]) {
  for (const FieldInfo& field : fields) {
    differ[static_cast<std::size_t>(field.field)] = read.code(field.field) != wanted.code(field.field);
  }
}

// No text, and why: a not_updatable error about `source` ("the tf1 form
// cannot be updated in place"), then the diagnostics of the read that
// stopped the update, if one did.
[[nodiscard]] inline WriteResult not_updated(std::string_view source, std::string reason,
                                             std::vector<Diagnostic> read = {}) {
  WriteResult result;
  result.diagnostics.push_back(
      {Severity::error, DiagnosticCode::not_updatable, {std::string(source), {}, {}, {}}, "", "", std::move(reason)});
  for (Diagnostic& diagnostic : read) result.diagnostics.push_back(std::move(diagnostic));
  return result;
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
