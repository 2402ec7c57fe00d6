// Every enumeration of the API, in one place: the four of MemoryConfig, with
// the runtime's integers as their values; Field, which names a setting
// generically; the products, targets, forms and diagnostics. Their names,
// meanings and spellings live in the tables under settings/detail/; enum_name and
// enum_cast read them.
#pragma once

#include <cstdint>

#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

enum class AtomicCleanPolicy : std::uint8_t {
  centralized = 0,
  separate = 1,
};

// The runtime also takes 1, a legacy alias of 2; it is read as 2, never held.
enum class StaticMemoryPolicy : std::uint8_t {
  dynamic = 0,
  expand_static_shape = 2,
  expand_dynamic_shape = 3,
  expand_static_and_dynamic_shape = 4,
};

// A string option in the runtime; the values here only tell the two apart.
enum class MemoryOptimizationPolicy : std::uint8_t {
  balance_mode = 0,
  memory_priority = 1,
};

enum class HugePagePolicy : std::uint8_t {
  system_default = 0,
  require_1g = 1,
  prefer_1g = 2,
};

// One of the four fields: for tables, diagnostics and readers.
enum class Field : std::uint8_t {
  atomic_clean_policy,
  static_memory_policy,
  memory_optimization_policy,
  variable_use_1g_huge_page,
};

// The products MemoryConfig runs on; enum_name gives the name --product
// takes ("atlas-a2").
enum class Product : std::uint8_t {
  atlas_350,
  atlas_a3,
  atlas_a2,
  atlas_training,
  atlas_200i_500_a2,
  atlas_inference,
};

// The texts a config is written in and read from, and so the runtime it
// goes through: a config file's JSON (no runtime), or the form of one
// runtime or framework. enum_name gives the name --format takes.
enum class Form : std::uint8_t { json, ge, tf1, tf2, mindspore, torchair, mslite };

enum class Severity : std::uint8_t { warning, error };

// What one edit of a diagnostic's fix does (settings/fix.hpp); enum_name gives the
// name JSON lines and the Python module use.
enum class EditAction : std::uint8_t { set_value, remove_setting, set_variable, unset_variable };

// What kind of problem a diagnostic reports; enum_name gives its stable name.
enum class DiagnosticCode : std::uint8_t {
  syntax_error,
  not_an_object,
  unknown_key,
  near_miss_key,
  duplicate_key,
  wrong_type,
  invalid_value,
  conflicting_values,
  unsupported_option,
  legacy_value,
  costly_policy,
  unsupported_product,
  unknown_soc,
  product_mismatch,
  concurrent_graphs,
  environment_changes,
  environment_ignored,
  environment_beside_option,
  release_difference,
  pointer_unresolved,
  unknown_section,
  malformed_header,
  duplicate_section,
  ignored_option,
  wrong_form,
  no_memory_settings,
  not_checkable,
  inert_settings,
  not_exported,
  // Reported by npu-memcfg, never by the library.
  unreadable_input,
  unwritable_output,
  not_updatable,
  usage_error,
};

NPU_MEMORY_CONFIG_NAMESPACE_END
