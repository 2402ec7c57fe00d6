// Lists of forms as messages name them ("json, ge, tf2 or mindspore"). Not
// API: a form's name is enum_name(form), its facts describe(form).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "npu/memory_config/enums.hpp"
#include "npu/memory_config/settings/detail/form_table.hpp"
#include "npu/memory_config/settings/detail/target_table.hpp"
#include "npu/memory_config/settings/detail/text.hpp"
#include "npu/memory_config/settings/fields.hpp"
#include "npu/memory_config/settings/reflection.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

namespace detail {

// "json, ge, tf2 or mindspore": the forms' names, as messages list them.
[[nodiscard]] inline std::string form_names(const std::vector<Form>& listed) {
  std::vector<std::string> names;
  names.reserve(listed.size());
  for (const Form form : listed) names.emplace_back(enum_name(form));
  return joined(names, " or ");
}

// "json, ge, tf1, tf2, mindspore or mslite": the forms a text is read from.
[[nodiscard]] inline std::string readable_form_names() {
  std::vector<Form> readable;
  for (const FormInfo& info : forms) {
    if (info.readable) readable.push_back(info.form);
  }
  return form_names(readable);
}

}  // namespace detail

NPU_MEMORY_CONFIG_NAMESPACE_END
