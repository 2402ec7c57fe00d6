// What the runtime consumes (spec section 5): the GE global and session
// options, the TF1 NpuOptimizer parameter_map and the TF2 option map. All
// derived from the field table; none allocates. Keys come out sorted.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "npu/memory_config/config.hpp"
#include "npu/memory_config/option_list.hpp"
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

// Which key a form is sorted by.
enum class FormKey : std::uint8_t { ge_key, name };

[[nodiscard]] constexpr std::string_view key_of(const FieldInfo& field, FormKey key) noexcept {
  return key == FormKey::ge_key ? field.ge_key : field.name;
}

// The fields in `scope` (the short-key forms take every field:
// GeScope::global_and_session), sorted by `key`.
[[nodiscard]] constexpr FieldOrder fields_sorted_by(FormKey key, GeScope scope) noexcept {
  FieldOrder order;
  for (std::size_t i = 0; i < field_count; ++i) {
    if (in_scope(fields[i].ge_scope, scope)) order.index[order.size++] = i;
  }
  for (std::size_t i = 1; i < order.size; ++i) {
    for (std::size_t j = i; j > 0 && key_of(fields[order.index[j]], key) < key_of(fields[order.index[j - 1]], key);
         --j) {
      const std::size_t swapped = order.index[j];
      order.index[j] = order.index[j - 1];
      order.index[j - 1] = swapped;
    }
  }
  return order;
}

inline constexpr FieldOrder ge_global_order = fields_sorted_by(FormKey::ge_key, GeScope::global);
inline constexpr FieldOrder ge_session_order = fields_sorted_by(FormKey::ge_key, GeScope::session);
inline constexpr FieldOrder short_key_order = fields_sorted_by(FormKey::name, GeScope::global_and_session);

// The list of what `item(field, value)` makes for each field of `order`
// that has a value (the three integer fields always, the policy when set),
// in order.
template <class T, class MakeItem>
[[nodiscard]] constexpr FixedList<T, field_count> emitted_list(const FieldOrder& order, const MemoryConfig& config,
                                                               MakeItem item) noexcept {
  FixedList<T, field_count> list;
  for (const std::size_t index : order) {
    const FieldInfo& field = fields[index];
    if (const ValueInfo* value = field_value(config, field.field)) list.push_back(item(field, *value));
  }
  return list;
}

[[nodiscard]] constexpr OptionMap ge_scope_options(const FieldOrder& order, const MemoryConfig& config) noexcept {
  return emitted_list<OptionEntry>(order, config, [](const FieldInfo& field, const ValueInfo& value) {
    return OptionEntry{field.ge_key, value.runtime_text};
  });
}

}  // namespace detail

[[nodiscard]] constexpr OptionMap ge_global_options(const MemoryConfig& config) noexcept {
  return detail::ge_scope_options(detail::ge_global_order, config);
}

[[nodiscard]] constexpr OptionMap ge_session_options(const MemoryConfig& config) noexcept {
  return detail::ge_scope_options(detail::ge_session_order, config);
}

[[nodiscard]] constexpr GeOptions ge_options(const MemoryConfig& config) noexcept {
  return {ge_global_options(config), ge_session_options(config)};
}

[[nodiscard]] constexpr Tf1ParameterMap tf1_parameter_map(const MemoryConfig& config) noexcept {
  return detail::emitted_list<Tf1Parameter>(detail::short_key_order, config,
                                            [](const FieldInfo& field, const ValueInfo& value) {
                                              Tf1Value typed;
                                              if (field.integer_valued) {
                                                typed.i = value.code;
                                              } else {
                                                typed.kind = Tf1Value::Kind::s;
                                                typed.s = value.runtime_text;
                                              }
                                              return Tf1Parameter{field.name, typed};
                                            });
}

// Whether the TF2 adapter can carry every setting of `config`.
[[nodiscard]] constexpr bool expressible_in_tf2(const MemoryConfig& config) noexcept {
  for (const FieldInfo& field : fields) {
    if (!field.in_tf2 && field_value(config, field.field) != nullptr) return false;
  }
  return true;
}

// The TF2 npu_device option map, into `out`. False, with `out` untouched,
// when the config sets an option the TF2 adapter does not have (never a
// silent drop): validate() with TargetRuntime::tf2 says which. (Not a
// std::optional: each specialisation of it costs every includer about 4 ms.)
[[nodiscard]] constexpr bool tf2_options(const MemoryConfig& config, OptionMap& out) noexcept {
  if (!expressible_in_tf2(config)) return false;
  out = detail::emitted_list<OptionEntry>(detail::short_key_order, config,
                                          [](const FieldInfo& field, const ValueInfo& value) {
                                            return OptionEntry{field.name, value.runtime_text};
                                          });
  return true;
}

NPU_MEMORY_CONFIG_NAMESPACE_END
