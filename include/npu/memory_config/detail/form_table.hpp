// The forms' table: the target each is read for and validated against,
// whether a text of it can be read, is JSON, can be updated in place. Not
// API: form.hpp answers for a Form.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>  // std::size, without <iterator>'s stream iterators

#include "npu/memory_config/detail/assert.hpp"
#include "npu/memory_config/detail/target_table.hpp"
#include "npu/memory_config/enums.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
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

// Whether the form is JSON, which a JSON Pointer can look into.
[[nodiscard]] constexpr bool is_json(Form form) noexcept { return form_info(form).json; }

// The target a form is read for and validated against; nullopt for a
// config file.
[[nodiscard]] constexpr std::optional<TargetRuntime> target_of(Form form) noexcept { return form_info(form).target; }

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
