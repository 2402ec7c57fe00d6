// The targets a config runs through (spec 5 and 9): the TF1 and TF2
// adapters, the graph engine's own option maps, MindSpore and torchair. Each
// carries each field in one way (by a key of its form, not at all, or forced
// to a value of its own) and has its own defaults. The serializers, readers,
// validation and --explain all derive what a target does from this table.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "npu/memory_config/detail/span.hpp"
#include "npu/memory_config/enums.hpp"
#include "npu/memory_config/fields.hpp"
#include "npu/memory_config/keys.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

// `any`: no target in particular (validation applies no target's rules).
enum class TargetRuntime : std::uint8_t { any, tf1, ge, tf2, mindspore, torchair };

inline constexpr std::size_t target_count = 5;  // the targets after `any`

// Where the graph engine takes an option: GEInitialize, the session, or
// both; `none` for a key outside the GE options (a TF map, a top-level
// MindSpore ascend_config key).
enum class GeScope : std::uint8_t { none = 0, global = 1, session = 2, global_and_session = 3 };

[[nodiscard]] constexpr bool in_scope(GeScope scope, GeScope wanted) noexcept {
  return (static_cast<unsigned>(scope) & static_cast<unsigned>(wanted)) != 0;
}

// How a target carries a field.
enum class Carriage : std::uint8_t {
  option,       // its form sets the field by `key`
  not_carried,  // its form cannot set the field: the engine runs `code`, its own default
  forced,       // the framework sets `code` itself, whatever the config says
  environment,  // forced to `code`; the form is the variable `key`, which the engine combines with it (spec 4)
};

// A field's code for "unset" (memory_optimization_policy: the runtime decides).
inline constexpr std::uint8_t unset_code = 255;

struct TargetField {
  Carriage carriage;
  std::string_view key;  // option: the key in the target's form; environment: the variable
  GeScope scope;         // option: where the form puts the key (GeScope::none: outside GE's scopes)
  std::uint8_t code;     // what runs when the form leaves the field out, or what is forced; may be unset_code
};

struct TargetInfo {
  TargetRuntime target;
  std::string_view name;       // as --format and --from name it
  std::string_view framework;  // as messages name it: "the TF2 adapter", "MindSpore"
  TargetField fields[field_count];

  [[nodiscard]] constexpr const TargetField& of(Field field) const noexcept {
    return fields[static_cast<std::size_t>(field)];
  }
};

namespace detail {

// The engine's own default of a field: what runs when no option names it.
[[nodiscard]] constexpr std::uint8_t engine_default(Field field) noexcept {
  return field_info(field).optional ? unset_code : field_info(field).default_code;
}

// A field the form sets by the field's own name, as the TF adapters do.
[[nodiscard]] constexpr TargetField by_name(Field field) noexcept {
  return {Carriage::option, field_name(field), GeScope::none, engine_default(field)};
}

}  // namespace detail

// Indexed by TargetRuntime, less one (`any` has no row).
inline constexpr TargetInfo targets[] = {
    // TF1 NpuOptimizer parameter_map: every field, by its name.
    {TargetRuntime::tf1,
     "tf1"sv,
     "the TF1 adapter"sv,
     {detail::by_name(Field::atomic_clean_policy), detail::by_name(Field::static_memory_policy),
      detail::by_name(Field::memory_optimization_policy), detail::by_name(Field::variable_use_1g_huge_page)}},
    // The engine's own options: the GE keys, each in the scope the engine reads it from.
    {TargetRuntime::ge,
     "ge"sv,
     "the graph engine"sv,
     {{Carriage::option, keys::ge_atomic_clean_policy, GeScope::session,
       detail::engine_default(Field::atomic_clean_policy)},
      {Carriage::option, keys::ge_static_memory_policy, GeScope::global,
       detail::engine_default(Field::static_memory_policy)},
      {Carriage::option, keys::ge_memory_optimization_policy, GeScope::session,
       detail::engine_default(Field::memory_optimization_policy)},
      {Carriage::option, keys::ge_variable_use_1g_huge_page, GeScope::global_and_session,
       detail::engine_default(Field::variable_use_1g_huge_page)}}},
    // TF2 npu_device options: no memory_optimization_policy.
    {TargetRuntime::tf2,
     "tf2"sv,
     "the TF2 adapter"sv,
     {detail::by_name(Field::atomic_clean_policy),
      detail::by_name(Field::static_memory_policy),
      {Carriage::not_carried, {}, GeScope::none, detail::engine_default(Field::memory_optimization_policy)},
      detail::by_name(Field::variable_use_1g_huge_page)}},
    // MindSpore ascend_config: atomic_clean_policy at its top level, the rest
    // as GE keys in ge_options; absent, MindSpore sends 1, 2 and MemoryPriority.
    {TargetRuntime::mindspore,
     "mindspore"sv,
     "MindSpore"sv,
     {{Carriage::option, keys::atomic_clean_policy, GeScope::none, 1},
      {Carriage::option, keys::ge_static_memory_policy, GeScope::global, 2},
      {Carriage::option, keys::ge_memory_optimization_policy, GeScope::global, 1},
      {Carriage::option, keys::ge_variable_use_1g_huge_page, GeScope::global_and_session,
       detail::engine_default(Field::variable_use_1g_huge_page)}}},
    // torchair forces three options and never sets the huge-page one; only
    // GE_USE_STATIC_MEMORY reaches the engine.
    {TargetRuntime::torchair,
     "torchair"sv,
     "torchair"sv,
     {{Carriage::forced, {}, GeScope::none, 1},
      {Carriage::environment, keys::ge_use_static_memory_env, GeScope::none, 2},
      {Carriage::forced, {}, GeScope::none, 1},
      {Carriage::not_carried, {}, GeScope::none, detail::engine_default(Field::variable_use_1g_huge_page)}}},
};

// Precondition: target is not TargetRuntime::any.
[[nodiscard]] constexpr const TargetInfo& target_info(TargetRuntime target) noexcept {
  return targets[static_cast<std::size_t>(target) - 1];
}

// The field's GE option key: "ge.exec.staticMemoryPolicy".
[[nodiscard]] constexpr std::string_view ge_key(Field field) noexcept {
  return target_info(TargetRuntime::ge).of(field).key;
}

// The target's row for `name` ("mindspore"); nullptr when there is none.
[[nodiscard]] constexpr const TargetInfo* target_from_name(std::string_view name) noexcept {
  for (const TargetInfo& info : targets) {
    if (info.name == name) return &info;
  }
  return nullptr;
}

namespace detail {

// One row per target, in TargetRuntime order; a key wherever the form needs
// one; the framework's codes are values of the field (or unset where the
// field may be unset). Run in a static_assert by the test suite, as the
// field table's checks are.
[[nodiscard]] constexpr bool targets_are_consistent(Span<TargetInfo> table) noexcept {
  if (table.size() != target_count) return false;
  for (std::size_t t = 0; t < target_count; ++t) {
    if (table[t].target != static_cast<TargetRuntime>(t + 1)) return false;
    for (const FieldInfo& field : fields) {
      const TargetField& carried = table[t].of(field.field);
      const bool needs_key = carried.carriage == Carriage::option || carried.carriage == Carriage::environment;
      if (needs_key == carried.key.empty()) return false;
      const bool code_ok = carried.code == unset_code ? field.optional : value_of(field.field, carried.code) != nullptr;
      if (!code_ok) return false;
    }
  }
  return true;
}

}  // namespace detail

NPU_MEMORY_CONFIG_NAMESPACE_END
