// The keys each reader knows, and the one lookup every reader uses for each
// key of its input: is it one of ours, and if not, is it a near miss of one?
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "npu/memory_config/enums.hpp"
#include "npu/memory_config/fields.hpp"
#include "npu/memory_config/near_miss.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

// A key a form knows, and the field it sets.
struct KeyBinding {
  std::string_view key;
  Field field = Field::atomic_clean_policy;
  bool supported = true;        // false: a memory key this form cannot carry (TF2's policy, GE keys in TF2)
  std::uint32_t key_kinds = 0;  // character_kinds(key)
};

// At most two keys per field (a GE key and its short alias): a linear search
// is all it takes.
struct KeyTable {
  KeyBinding bindings[2 * field_count]{};
  std::size_t size = 0;

  constexpr void add(std::string_view key, Field field, bool supported) noexcept {
    bindings[size++] = {key, field, supported, character_kinds(key)};
  }

  // The binding of exactly `key`; nullptr when there is none.
  [[nodiscard]] constexpr const KeyBinding* find(std::string_view key) const noexcept {
    for (std::size_t i = 0; i < size; ++i) {
      if (bindings[i].key == key) return &bindings[i];
    }
    return nullptr;
  }

  // The first supported binding (in table order) that `key` is a near miss
  // of; nullptr when there is none: a hint never points at a key the form
  // refuses. An option map is mostly other options: comparing kinds of
  // characters first rules nearly all of them out cheaply.
  [[nodiscard]] constexpr const KeyBinding* near_miss(std::string_view key) const noexcept {
    const std::uint32_t kinds = character_kinds(key);
    for (std::size_t i = 0; i < size; ++i) {
      const KeyBinding& binding = bindings[i];
      if (binding.supported && kinds_within_edits(kinds, binding.key_kinds, near_miss_budget(binding.key.size())) &&
          is_near_miss(key, binding.key)) {
        return &binding;
      }
    }
    return nullptr;
  }
};

// The keys of each form a reader takes.
enum class KeyForm : std::uint8_t {
  ge,          // GE maps: the GE keys, then the short keys the TF adapter writes beside them
  short_keys,  // JSON config files and TF1 parameter maps: every field
  tf2,         // TF2 maps: the short keys; memory_optimization_policy is not carried, nor is a GE key
};

[[nodiscard]] constexpr KeyTable make_key_table(KeyForm form) noexcept {
  KeyTable table;
  // A GE key in a TF2 map is a GE map given as a TF2 one: refused, not ignored.
  if (form != KeyForm::short_keys) {
    for (const FieldInfo& field : fields) table.add(field.ge_key, field.field, form == KeyForm::ge);
  }
  for (const FieldInfo& field : fields) table.add(field.name, field.field, form != KeyForm::tf2 || field.in_tf2);
  return table;
}

// A variable template, so that only a translation unit that reads a map or a
// text builds the tables (every includer would pay for their character kinds).
template <KeyForm Form>
inline constexpr KeyTable key_table = make_key_table(Form);

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
