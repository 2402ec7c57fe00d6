// What the runtime consumes (spec sections 5 and 9): the GE global and
// session options, the TF1 NpuOptimizer parameter_map, the TF2 option map,
// MindSpore's ascend_config and the variables a torchair job exports. All
// derived from the target table; none allocates. Keys come out sorted.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "npu/memory_config/config.hpp"
#include "npu/memory_config/effective.hpp"
#include "npu/memory_config/option_list.hpp"
#include "npu/memory_config/targets.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

using OptionMap = OptionList<field_count>;

struct GeOptions {
  OptionMap global;   // for GEInitialize
  OptionMap session;  // for the session that runs the graphs
};

// A TF1 AttrValue as the parameter_map holds it: `i` or `s`.
struct Tf1Value {
  enum class Kind : std::uint8_t { i, s };
  Kind kind = Kind::i;
  std::int64_t i = 0;
  std::string_view s;

  [[nodiscard]] friend constexpr bool operator==(const Tf1Value& a, const Tf1Value& b) noexcept {
    return a.kind == b.kind && (a.kind == Kind::i ? a.i == b.i : a.s == b.s);
  }
};

struct Tf1Parameter {
  std::string_view key;
  Tf1Value value;

  [[nodiscard]] friend constexpr bool operator==(const Tf1Parameter& a, const Tf1Parameter& b) noexcept {
    return a.key == b.key && a.value == b.value;
  }
};

using Tf1ParameterMap = FixedList<Tf1Parameter, field_count>;

namespace detail {

// The fields a form emits, ordered by the key it uses, so every form comes
// out sorted. Computed once, at compile time.
struct FieldOrder {
  std::size_t index[field_count]{};
  std::size_t size = 0;

  // The indexes into `fields`, in order.
  [[nodiscard]] constexpr const std::size_t* begin() const noexcept { return index; }
  [[nodiscard]] constexpr const std::size_t* end() const noexcept { return index + size; }
};

// The fields `row` carries by a key in `scope` (GeScope::none: outside GE's
// scopes), sorted by that key.
[[nodiscard]] constexpr FieldOrder fields_sorted_by(const TargetInfo& row, GeScope scope) noexcept {
  FieldOrder order;
  for (std::size_t i = 0; i < field_count; ++i) {
    const TargetField& carried = row.fields[i];
    const bool in_form = scope == GeScope::none ? carried.scope == GeScope::none : in_scope(carried.scope, scope);
    if (carried.carriage == Carriage::option && in_form) order.index[order.size++] = i;
  }
  for (std::size_t i = 1; i < order.size; ++i) {
    for (std::size_t j = i; j > 0 && row.fields[order.index[j]].key < row.fields[order.index[j - 1]].key; --j) {
      const std::size_t swapped = order.index[j];
      order.index[j] = order.index[j - 1];
      order.index[j - 1] = swapped;
    }
  }
  return order;
}

// A form's fields in the order it emits them: a variable template, so that
// only the forms a translation unit uses are computed.
template <TargetRuntime Target, GeScope Scope>
inline constexpr FieldOrder form_order = fields_sorted_by(target_info(Target), Scope);

// How a form states an unset field whose target does not default to unset
// (MindSpore's policy): the runtime text "", which the engine reads as unset.
inline constexpr ValueInfo stated_unset{unset_code, {}, {}, {}, false};

// What `item(field, key, value)` makes for each field of `order`, a form of
// `row`, that has a value (the three integer fields always, the policy when
// set), in order; and for an unset field the form must state, because the
// target's own default is not unset, with `stated_unset`.
template <class T, class MakeItem>
[[nodiscard]] constexpr FixedList<T, field_count> emitted_list(const TargetInfo& row, const FieldOrder& order,
                                                               const MemoryConfig& config, MakeItem item) noexcept {
  FixedList<T, field_count> list;
  for (const std::size_t index : order) {
    const FieldInfo& field = fields[index];
    if (const ValueInfo* value = field_value(config, field.field)) {
      list.push_back(item(field, row.fields[index].key, *value));
    } else if (field_code(config, field.field) < 0 && row.fields[index].code != unset_code) {
      list.push_back(item(field, row.fields[index].key, stated_unset));
    }
  }
  return list;
}

// A string-valued form: each key with its runtime text.
[[nodiscard]] constexpr OptionMap option_entries(TargetRuntime target, const FieldOrder& order,
                                                 const MemoryConfig& config) noexcept {
  return emitted_list<OptionEntry>(target_info(target), order, config,
                                   [](const FieldInfo& /*field*/, std::string_view key, const ValueInfo& value) {
                                     return OptionEntry{key, value.runtime_text};
                                   });
}

}  // namespace detail

[[nodiscard]] constexpr OptionMap ge_global_options(const MemoryConfig& config) noexcept {
  return detail::option_entries(TargetRuntime::ge, detail::form_order<TargetRuntime::ge, GeScope::global>, config);
}

[[nodiscard]] constexpr OptionMap ge_session_options(const MemoryConfig& config) noexcept {
  return detail::option_entries(TargetRuntime::ge, detail::form_order<TargetRuntime::ge, GeScope::session>, config);
}

[[nodiscard]] constexpr GeOptions ge_options(const MemoryConfig& config) noexcept {
  return {ge_global_options(config), ge_session_options(config)};
}

[[nodiscard]] constexpr Tf1ParameterMap tf1_parameter_map(const MemoryConfig& config) noexcept {
  return detail::emitted_list<Tf1Parameter>(target_info(TargetRuntime::tf1),
                                            detail::form_order<TargetRuntime::tf1, GeScope::none>, config,
                                            [](const FieldInfo& field, std::string_view key, const ValueInfo& value) {
                                              Tf1Value typed;
                                              if (field.integer_valued) {
                                                typed.i = value.code;
                                              } else {
                                                typed.kind = Tf1Value::Kind::s;
                                                typed.s = value.runtime_text;
                                              }
                                              return Tf1Parameter{key, typed};
                                            });
}

// Whether the TF2 adapter can carry every setting of `config`.
[[nodiscard]] constexpr bool expressible_in_tf2(const MemoryConfig& config) noexcept {
  for (const FieldInfo& field : fields) {
    if (!target_runs_as_asked(config, target_info(TargetRuntime::tf2), field.field)) return false;
  }
  return true;
}

// The TF2 npu_device option map, into `out`. False, with `out` untouched,
// when the config sets an option the TF2 adapter does not have (never a
// silent drop): validate() with TargetRuntime::tf2 says which. (Not a
// std::optional: each specialisation of it costs every includer about 4 ms.)
[[nodiscard]] constexpr bool tf2_options(const MemoryConfig& config, OptionMap& out) noexcept {
  if (!expressible_in_tf2(config)) return false;
  out = detail::option_entries(TargetRuntime::tf2, detail::form_order<TargetRuntime::tf2, GeScope::none>, config);
  return true;
}

// MindSpore's ascend_config (spec 9): its own keys (atomic_clean_policy, an
// integer there), and ge_options by scope. It states every field, an unset
// policy as "", because MindSpore's own defaults differ from the engine's.
struct MindSporeAscendConfig {
  OptionMap top_level;   // ascend_config's own keys; an integer field's value is the integer's decimal text
  GeOptions ge_options;  // ascend_config["ge_options"]: {"global": ..., "session": ...}
};

[[nodiscard]] constexpr MindSporeAscendConfig mindspore_ascend_config(const MemoryConfig& config) noexcept {
  return {detail::option_entries(TargetRuntime::mindspore, detail::form_order<TargetRuntime::mindspore, GeScope::none>,
                                 config),
          {detail::option_entries(TargetRuntime::mindspore,
                                  detail::form_order<TargetRuntime::mindspore, GeScope::global>, config),
           detail::option_entries(TargetRuntime::mindspore,
                                  detail::form_order<TargetRuntime::mindspore, GeScope::session>, config)}};
}

// What a job script exports for `config` to run through `target`: torchair's
// form is GE_USE_STATIC_MEMORY=3 for static_memory_policy 4, and nothing for
// the 2 it forces; the other targets export nothing. validate() with the
// target says what it cannot run.
[[nodiscard]] constexpr OptionMap environment_options(const MemoryConfig& config, TargetRuntime target) noexcept {
  OptionMap variables;
  if (target == TargetRuntime::any) return variables;
  if (const ValueInfo* value = exported_static_memory_env(config, target_info(target))) {
    variables.push_back({target_info(target).of(Field::static_memory_policy).key, value->runtime_text});
  }
  return variables;
}

NPU_MEMORY_CONFIG_NAMESPACE_END
