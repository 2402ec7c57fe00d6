// The forms' table: the target each is read for and validated against,
// whether a text of it can be read, is JSON, can be updated in place. Not
// API: form.hpp answers for a Form.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>  // std::size, without <iterator>'s stream iterators

#include "npu/memory_config/enums.hpp"
#include "npu/memory_config/settings/detail/table_rows.hpp"
#include "npu/memory_config/settings/detail/target_table.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

struct FormInfo {
  Form form;
  std::optional<TargetRuntime> target;  // nullopt: a config file, validated for no target
  bool readable;                        // a form a text can be read from (torchair takes no file)
  bool json;                            // a JSON text, which a JSON Pointer can look into
  bool updatable;                       // an existing file of it can be updated in place

  // The framework that runs the form, as messages name it ("the TF2
  // adapter", "MindSpore"); empty for a config file.
  [[nodiscard]] constexpr std::string_view framework() const noexcept {
    return target ? targets[static_cast<std::size_t>(*target)].framework : std::string_view();
  }
  // What the framework runs for `field` when a text of the form leaves out a
  // field it carries, where that is not the engine's own default
  // (MindSpore's 1, 2 and MemoryPriority, Lite's static policy 2); nullopt
  // where the two agree, for a field the form does not carry, and for a
  // config file.
  [[nodiscard]] constexpr std::optional<std::uint8_t> own_default(Field field) const noexcept {
    if (!target) return std::nullopt;
    const TargetField& carried = targets[static_cast<std::size_t>(*target)].of(field);
    if (carried.carriage != Carriage::option || carried.code == engine_default(field)) return std::nullopt;
    return carried.code;
  }
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

// Only a readable form is updatable (an update reads the file first), and
// each target is the target of one form.
template <std::size_t N>
[[nodiscard]] constexpr bool forms_consistent(const FormInfo (&table)[N]) noexcept {
  for (const FormInfo& info : table) {
    if (info.updatable && !info.readable) return false;
  }
  for (const TargetInfo& target : targets) {
    std::size_t forms_of_target = 0;
    for (const FormInfo& info : table) forms_of_target += info.target == target.target ? 1 : 0;
    if (forms_of_target != 1) return false;
  }
  return true;
}
// Form's enumerators, for the assertion below (-Wswitch an error: a form
// added alone names this table first).
#pragma GCC diagnostic push
#pragma GCC diagnostic error "-Wswitch"
[[nodiscard]] constexpr bool is_enumerator(Form form) noexcept {
  switch (form) {
    case Form::json:
    case Form::ge:
    case Form::tf1:
    case Form::tf2:
    case Form::mindspore:
    case Form::torchair:
    case Form::mslite:
      return true;
  }
  return false;
}
#pragma GCC diagnostic pop

static_assert(one_row_per_enumerator(forms, &FormInfo::form, is_enumerator),
              "form_table.hpp: forms has one row per Form, in its order");
static_assert(forms_consistent(forms),
              "form_table.hpp: only a readable form is updatable, and each target has one form");

[[nodiscard]] constexpr const FormInfo& form_info(Form form) noexcept {
  return row_of(forms, form, "a Form that names no form");
}

// Whether the form is JSON, which a JSON Pointer can look into.
[[nodiscard]] constexpr bool is_json(Form form) noexcept { return form_info(form).json; }

// The target a form is read for and validated against; nullopt for a
// config file.
[[nodiscard]] constexpr std::optional<TargetRuntime> target_of(Form form) noexcept { return form_info(form).target; }

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
