// npu::Form: the texts a config is written in and read from, by the names
// npu-memcfg's --from and --format take. A form is a config file's JSON or
// the form of one target.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "npu/memory_config/detail/assert.hpp"
#include "npu/memory_config/detail/text.hpp"
#include "npu/memory_config/targets.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

enum class Form : std::uint8_t { json, ge, tf1, tf2, mindspore, torchair, mslite };

namespace detail {

struct FormInfo {
  Form form;
  std::optional<TargetRuntime> target;  // nullopt: a config file, validated for no target
  bool readable;                        // a form a text can be read from (torchair takes no file)
  bool json;                            // a JSON text, which a JSON Pointer can look into
  bool updatable;                       // an existing file of it can be updated in place
};

// Indexed by Form, in the order --format lists them.
inline constexpr FormInfo forms[] = {
    {Form::json, std::nullopt, true, true, true},
    {Form::ge, TargetRuntime::ge, true, true, true},
    {Form::tf1, TargetRuntime::tf1, true, false, false},
    {Form::tf2, TargetRuntime::tf2, true, true, true},
    {Form::mindspore, TargetRuntime::mindspore, true, true, true},
    {Form::torchair, TargetRuntime::torchair, false, false, false},
    {Form::mslite, TargetRuntime::mslite, true, false, true},
};

[[nodiscard]] constexpr bool forms_are_indexed() noexcept {
  for (std::size_t i = 0; i < std::size(forms); ++i) {
    if (static_cast<std::size_t>(forms[i].form) != i) return false;
    if (forms[i].updatable && !forms[i].readable) return false;  // an update reads the file first
  }
  return true;
}
static_assert(forms_are_indexed(), "forms[] is indexed by Form, and only a readable form is updatable");
static_assert(std::size(forms) == std::size(targets) + 1, "a form for every target, and the config file's");

[[nodiscard]] constexpr const FormInfo& form_info(Form form) noexcept {
  NPU_MEMORY_CONFIG_ASSERT(static_cast<std::size_t>(form) < std::size(forms), "a Form that names no form");
  return forms[static_cast<std::size_t>(form)];
}

}  // namespace detail

// Every form, in the order --format lists them.
inline constexpr Form form_values[] = {Form::json,      Form::ge,       Form::tf1,   Form::tf2,
                                       Form::mindspore, Form::torchair, Form::mslite};
static_assert(std::size(form_values) == std::size(detail::forms), "form_values lists every form");

// Whether a text of the form can be read (torchair takes no file).
[[nodiscard]] constexpr bool can_read(Form form) noexcept { return detail::form_info(form).readable; }

// Whether the form is JSON, which a JSON Pointer can look into.
[[nodiscard]] constexpr bool is_json(Form form) noexcept { return detail::form_info(form).json; }

// Whether an existing file of the form can be updated in place (update_text).
[[nodiscard]] constexpr bool can_update(Form form) noexcept { return detail::form_info(form).updatable; }

// The target a form is read for and validated against; nullopt for a
// config file.
[[nodiscard]] constexpr std::optional<TargetRuntime> target_of(Form form) noexcept {
  return detail::form_info(form).target;
}

// The form's name, as --from and --format take it: "json", "mslite".
[[nodiscard]] constexpr std::string_view enum_name(Form form) noexcept {
  const std::optional<TargetRuntime> target = target_of(form);
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
