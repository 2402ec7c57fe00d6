// The targets a config runs through: the TF1 and TF2 adapters, the graph
// engine's own option maps, MindSpore, torchair and MindSpore Lite. Each
// carries each setting one way (by a key of its form, not at all, or forced
// to a value of its own), with its own defaults. Serializers, readers,
// validation and --explain derive what a target does from this table. Not
// API: targets.hpp names the targets.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "npu/memory_config/enums.hpp"
#include "npu/memory_config/keys.hpp"
#include "npu/memory_config/settings/detail/enum_traits.hpp"
#include "npu/memory_config/settings/detail/field_table.hpp"
#include "npu/memory_config/settings/detail/table_rows.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

// Where the graph engine takes an option from a form: GEInitialize, the
// session, or both; `none` for a key outside the GE options (a TF map, a
// top-level key of MindSpore's ascend_config).
enum class GeScope : std::uint8_t { none = 0, global = 1, session = 2, global_and_session = 3 };

[[nodiscard]] constexpr bool in_scope(GeScope scope, GeScope wanted) noexcept {
  return (static_cast<unsigned>(scope) & static_cast<unsigned>(wanted)) != 0;
}

// How a target carries a field.
enum class Carriage : std::uint8_t {
  option,       // its form sets the field by `key`
  not_carried,  // its form cannot set the field: the engine runs `code`, its own default
  forced,       // the framework sets `code` itself, whatever the config says
  environment,  // forced to `code`; the form is the variable `key`, which the engine combines with it
};

// The engine's own default of a field: what runs when no option names it;
// nullopt: unset (memory_optimization_policy: the runtime decides).
[[nodiscard]] constexpr std::optional<std::uint8_t> engine_default(Field field) noexcept {
  if (field_info(field).optional) return std::nullopt;
  return field_info(field).default_code;
}

struct TargetField {
  Carriage carriage;
  std::string_view key;              // option: the key in the target's form; environment: the variable
  GeScope scope;                     // option: where the form puts the key
  std::optional<std::uint8_t> code;  // what runs when the form leaves the field out, or what is forced; nullopt: unset
};

struct TargetInfo {
  TargetRuntime target;
  std::string_view name;       // as --format and --from name it
  std::string_view framework;  // as messages name it: "the TF2 adapter", "MindSpore"
  TargetField fields[field_count];

  [[nodiscard]] constexpr const TargetField& of(Field field) const noexcept {
    return row_of(fields, field, "a Field that names no field");
  }
};

// A field the form sets by the field's own name, as the TF adapters do.
[[nodiscard]] constexpr TargetField carried_by_name(Field field) noexcept {
  return {Carriage::option, field_info(field).name, GeScope::none, engine_default(field)};
}

// Indexed by TargetRuntime.
inline constexpr TargetInfo targets[] = {
    // TF1 NpuOptimizer parameter_map: every field, by its name.
    {TargetRuntime::tf1,
     "tf1",
     "the TF1 adapter",
     {carried_by_name(Field::atomic_clean_policy), carried_by_name(Field::static_memory_policy),
      carried_by_name(Field::memory_optimization_policy), carried_by_name(Field::variable_use_1g_huge_page)}},
    // The engine's own options: the GE keys, each in the scope the TF adapter puts it.
    {TargetRuntime::ge,
     "ge",
     "the graph engine",
     {{Carriage::option, keys::ge_atomic_clean_policy, GeScope::session, engine_default(Field::atomic_clean_policy)},
      {Carriage::option, keys::ge_static_memory_policy, GeScope::global, engine_default(Field::static_memory_policy)},
      {Carriage::option, keys::ge_memory_optimization_policy, GeScope::session,
       engine_default(Field::memory_optimization_policy)},
      {Carriage::option, keys::ge_variable_use_1g_huge_page, GeScope::global_and_session,
       engine_default(Field::variable_use_1g_huge_page)}}},
    // TF2 npu_device options: no memory_optimization_policy.
    {TargetRuntime::tf2,
     "tf2",
     "the TF2 adapter",
     {carried_by_name(Field::atomic_clean_policy),
      carried_by_name(Field::static_memory_policy),
      {Carriage::not_carried, {}, GeScope::none, engine_default(Field::memory_optimization_policy)},
      carried_by_name(Field::variable_use_1g_huge_page)}},
    // MindSpore ascend_config: atomic_clean_policy at its top level, the rest
    // as GE keys in ge_options; absent, MindSpore sends 1, 2 and MemoryPriority.
    {TargetRuntime::mindspore,
     "mindspore",
     "MindSpore",
     {{Carriage::option, keys::atomic_clean_policy, GeScope::none, 1},
      {Carriage::option, keys::ge_static_memory_policy, GeScope::global, 2},
      {Carriage::option, keys::ge_memory_optimization_policy, GeScope::global, 1},
      {Carriage::option, keys::ge_variable_use_1g_huge_page, GeScope::global_and_session,
       engine_default(Field::variable_use_1g_huge_page)}}},
    // torchair forces three options and never sets the huge-page one; only
    // GE_USE_STATIC_MEMORY reaches the engine.
    {TargetRuntime::torchair,
     "torchair",
     "torchair",
     {{Carriage::forced, {}, GeScope::none, 1},
      {Carriage::environment, keys::ge_use_static_memory_env, GeScope::none, 2},
      {Carriage::forced, {}, GeScope::none, 1},
      {Carriage::not_carried, {}, GeScope::none, engine_default(Field::variable_use_1g_huge_page)}}},
    // MindSpore Lite's config file: GE keys by section; Lite sets the static
    // policy 2 in the session itself, unless the file's session says otherwise.
    {TargetRuntime::mslite,
     "mslite",
     "MindSpore Lite",
     {{Carriage::option, keys::ge_atomic_clean_policy, GeScope::session, engine_default(Field::atomic_clean_policy)},
      {Carriage::option, keys::ge_static_memory_policy, GeScope::session, 2},
      {Carriage::option, keys::ge_memory_optimization_policy, GeScope::session,
       engine_default(Field::memory_optimization_policy)},
      {Carriage::option, keys::ge_variable_use_1g_huge_page, GeScope::global_and_session,
       engine_default(Field::variable_use_1g_huge_page)}}},
};

// Every target states how it carries every setting: a key wherever its form
// needs one and none elsewhere (a row cut short leaves a setting carried as
// an option by an empty key), and a code the setting has, or unset where the
// setting may be.
template <std::size_t N>
[[nodiscard]] constexpr bool carry_every_field(const TargetInfo (&table)[N]) noexcept {
  for (const TargetInfo& target : table) {
    for (std::size_t i = 0; i < field_count; ++i) {
      const TargetField& carried = target.fields[i];
      const bool needs_key = carried.carriage == Carriage::option || carried.carriage == Carriage::environment;
      if (needs_key == carried.key.empty()) return false;
      const FieldInfo& field = fields[i];
      if (carried.code ? value_of(field.field, *carried.code) == nullptr : !field.optional) return false;
    }
  }
  return true;
}

// TargetRuntime's enumerators, for the assertion below (-Wswitch an error:
// a runtime added alone names this table first).
#pragma GCC diagnostic push
#pragma GCC diagnostic error "-Wswitch"
[[nodiscard]] constexpr bool is_enumerator(TargetRuntime target) noexcept {
  switch (target) {
    case TargetRuntime::tf1:
    case TargetRuntime::ge:
    case TargetRuntime::tf2:
    case TargetRuntime::mindspore:
    case TargetRuntime::torchair:
    case TargetRuntime::mslite:
      return true;
  }
  return false;
}
#pragma GCC diagnostic pop

static_assert(one_row_per_enumerator(targets, &TargetInfo::target, is_enumerator),
              "target_table.hpp: targets has one row per TargetRuntime, in its order");
static_assert(names_unique(targets, &TargetInfo::name), "target_table.hpp: every target's name given, and none twice");
static_assert(carry_every_field(targets),
              "target_table.hpp: every target states each setting's carriage, with a key where its form needs one, "
              "and a code the setting has");

[[nodiscard]] constexpr const TargetInfo& target_info(TargetRuntime target) noexcept {
  return row_of(targets, target, "a TargetRuntime that names no target");
}

// Whether the engine takes the field's GE key at graph level (AddGraph).
// Its graph-level list holds the atomic and optimization policies, not the
// static policy nor the huge page key, and it logs "unsupported
// option(KEY) by graph level" for those; its global and session lists hold
// all four (hicann/ge option_supportion_checker.cc).
[[nodiscard]] constexpr bool ge_graph_level_takes(Field field) noexcept {
  return field == Field::atomic_clean_policy || field == Field::memory_optimization_policy;
}

// The field's GE option key: "ge.exec.staticMemoryPolicy".
[[nodiscard]] constexpr std::string_view ge_key(Field field) noexcept {
  return target_info(TargetRuntime::ge).of(field).key;
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
