// npu::Form: the texts a config is written in and read from, by the names
// npu-memcfg's --from and --format take. A form is a config file's JSON or
// the form of one target.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "npu/memory_config/detail/form_table.hpp"
#include "npu/memory_config/detail/text.hpp"
#include "npu/memory_config/enums.hpp"
#include "npu/memory_config/fields.hpp"
#include "npu/memory_config/targets.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

// Every form, in the order --format lists them.
inline constexpr Form form_values[] = {Form::json,      Form::ge,       Form::tf1,   Form::tf2,
                                       Form::mindspore, Form::torchair, Form::mslite};
static_assert(std::size(form_values) == std::size(detail::forms), "form_values lists every form");

// Whether a text of the form can be read (torchair takes no file).
[[nodiscard]] constexpr bool can_read(Form form) noexcept { return detail::form_info(form).readable; }

// Whether an existing file of the form can be updated in place (update_text).
[[nodiscard]] constexpr bool can_update(Form form) noexcept { return detail::form_info(form).updatable; }

// The form's name, as --from and --format take it: "json", "mslite".
[[nodiscard]] constexpr std::string_view enum_name(Form form) noexcept {
  const std::optional<TargetRuntime> target = detail::target_of(form);
  return target ? enum_name(*target) : std::string_view("json");
}

// The form named exactly `name` ("mindspore"); nullopt when there is none.
template <>
[[nodiscard]] constexpr std::optional<Form> enum_cast<Form>(std::string_view name) noexcept {
  for (const detail::FormInfo& info : detail::forms) {
    if (enum_name(info.form) == name) return info.form;
  }
  return std::nullopt;
}

namespace detail {

// "json, ge, tf1, tf2, mindspore or mslite": the forms a text is read from.
[[nodiscard]] inline std::string readable_form_names() {
  std::vector<std::string> names;
  for (const FormInfo& info : forms) {
    if (info.readable) names.emplace_back(enum_name(info.form));
  }
  return joined(names, " or ");
}

}  // namespace detail

NPU_MEMORY_CONFIG_NAMESPACE_END
