// The keys each reader knows, derived from the target table, and the one
// lookup every reader makes for each key of its input: is it one of ours,
// and if not, is it a near miss of one?
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "npu/memory_config/enums.hpp"
#include "npu/memory_config/settings/detail/near_miss.hpp"
#include "npu/memory_config/settings/detail/target_table.hpp"
#include "npu/memory_config/settings/fields.hpp"
#include "npu/memory_config/settings/reflection.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

// What a form does with a memory key.
enum class KeyUse : std::uint8_t {
  read,         // the form's key for the field
  not_carried,  // the form has no way to carry the field: an error
  other_form,   // the field's key in another form: reported, naming the key this form takes
};

// A key a form knows, and the field it names.
struct KeyBinding {
  std::string_view key;
  Field field = Field::atomic_clean_policy;
  KeyUse use = KeyUse::read;
  std::string_view form_key;  // KeyUse::other_form: the key to write instead
};

// At most two keys per field (a GE key and a short name).
struct KeyTable {
  KeyBinding bindings[2 * field_count]{};
  std::size_t size = 0;
  // How a key of another form is reported: an error where the form's reader
  // would choke on it, else a warning that it is ignored; the text comes
  // before the quoted key to write instead.
  bool other_form_is_error = false;
  std::string_view other_form_text;

  constexpr void add(std::string_view key, Field field, KeyUse use, std::string_view form_key = {}) noexcept {
    bindings[size++] = {key, field, use, form_key};
  }

  // The binding of exactly `key`; nullptr when there is none.
  [[nodiscard]] constexpr const KeyBinding* find(std::string_view key) const noexcept {
    for (std::size_t i = 0; i < size; ++i) {
      if (bindings[i].key == key) return &bindings[i];
    }
    return nullptr;
  }

  // The first key the form reads that `key` is a near miss of; nullptr when
  // there is none. A hint never points at a key the form does not read.
  [[nodiscard]] constexpr const KeyBinding* near_miss(std::string_view key) const noexcept {
    for (std::size_t i = 0; i < size; ++i) {
      if (bindings[i].use == KeyUse::read && is_near_miss(key, bindings[i].key)) return &bindings[i];
    }
    return nullptr;
  }
};

// The keys of each form a reader takes.
enum class KeyForm : std::uint8_t {
  ge,                    // GE maps: the GE keys, and the short keys the TF adapter writes beside them
  short_keys,            // JSON config files and TF1 parameter maps: every field by its name
  tf2,                   // TF2 maps: the fields the TF2 adapter carries; a GE key is an error
  mindspore_ge_options,  // a level of MindSpore's ge_options: GE keys; a short key is ignored, with a warning
  mslite_section,        // a GE section of a MindSpore Lite config file: the same
  mindspore_top,         // MindSpore's ascend_config: its own keys; a key of ge_options is ignored, with a warning
};

// Every field by the key `row` gives it: read where the row carries the
// field, else refused by its name.
constexpr void add_row_keys(KeyTable& table, const TargetInfo& row) noexcept {
  for (const FieldInfo& field : fields) {
    const TargetField& carried = row.of(field.field);
    if (carried.carriage == Carriage::option) {
      table.add(carried.key, field.field, KeyUse::read);
    } else {
      table.add(field.name, field.field, KeyUse::not_carried);
    }
  }
}

[[nodiscard]] constexpr KeyTable key_table(KeyForm form) noexcept {
  KeyTable table;
  const TargetInfo& ge = target_info(TargetRuntime::ge);
  switch (form) {
    case KeyForm::ge:
      add_row_keys(table, ge);
      add_row_keys(table, target_info(TargetRuntime::tf1));
      break;
    case KeyForm::short_keys:
      add_row_keys(table, target_info(TargetRuntime::tf1));
      break;
    case KeyForm::tf2:
      // A GE key in a TF2 map is a GE map given as a TF2 one: refused, not ignored.
      table.other_form_is_error = true;
      table.other_form_text = "a GE key, which this map does not take; write ";
      add_row_keys(table, target_info(TargetRuntime::tf2));
      for (const FieldInfo& field : fields) {
        const TargetField& carried = target_info(TargetRuntime::tf2).of(field.field);
        const bool has_key = carried.carriage == Carriage::option;
        table.add(ge_key(field.field), field.field, has_key ? KeyUse::other_form : KeyUse::not_carried, carried.key);
      }
      break;
    case KeyForm::mindspore_ge_options:
    case KeyForm::mslite_section:
      table.other_form_text = form == KeyForm::mslite_section
                                  ? "not read: the engine takes GE keys only, so MindSpore Lite ignores it; write "
                                  : "not read: ge_options takes GE keys, so MindSpore ignores it; write ";
      add_row_keys(table, ge);
      for (const FieldInfo& field : fields) table.add(field.name, field.field, KeyUse::other_form, ge_key(field.field));
      break;
    case KeyForm::mindspore_top:
      table.other_form_text = "not an ascend_config option, so MindSpore ignores it; in ge_options it is ";
      for (const FieldInfo& field : fields) {
        const TargetField& carried = target_info(TargetRuntime::mindspore).of(field.field);
        const bool top_level = carried.scope == GeScope::none;
        table.add(top_level ? carried.key : field.name, field.field, top_level ? KeyUse::read : KeyUse::other_form,
                  ge_key(field.field));
        table.add(ge_key(field.field), field.field, KeyUse::other_form, ge_key(field.field));
      }
      break;
  }
  return table;
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
