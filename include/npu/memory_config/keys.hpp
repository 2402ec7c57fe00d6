// Every runtime option key of spec section 5, defined once. The field table
// (fields.hpp) refers to these; nothing else spells a key.
#pragma once

#include <string_view>

#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
// Tables spell their texts as "..."sv (here, in fields.hpp and in
// context.hpp): the compiler knows a literal's length, whereas a string_view
// made from a plain literal has its length counted character by character at
// compile time, in every translation unit that includes the library.
using std::string_view_literals::operator""sv;

namespace keys {

// --- Short keys: TF1 NpuOptimizer parameter_map, TF2 npu_device options,
// JSON config files, and the aliases the TF adapter writes beside GE keys.

// Integer 0 centralized (default) | 1 separate. TF1 kind `i`.
inline constexpr std::string_view atomic_clean_policy = "atomic_clean_policy"sv;
// Integer 0 dynamic (default) | 2 | 3 | 4 (1: legacy alias of 2). TF1 kind `i`.
inline constexpr std::string_view static_memory_policy = "static_memory_policy"sv;
// String "BalanceMode" | "MemoryPriority"; absent = runtime decides. TF1 kind
// `s`. Not a TF2 option.
inline constexpr std::string_view memory_optimization_policy = "memory_optimization_policy"sv;
// Integer 0 system_default (default) | 1 require_1g | 2 prefer_1g. TF1 kind `i`.
inline constexpr std::string_view variable_use_1g_huge_page = "variable_use_1g_huge_page"sv;

// --- Graph engine (GE) option keys; values are decimal strings or the policy
// string.

// "0" (default) | "1". Scope: session.
inline constexpr std::string_view ge_atomic_clean_policy = "ge.exec.atomicCleanPolicy"sv;
// "0" (default) | "2" | "3" | "4". Scope: global (GEInitialize). The engine
// also combines it with the GE_USE_STATIC_MEMORY environment variable.
inline constexpr std::string_view ge_static_memory_policy = "ge.exec.staticMemoryPolicy"sv;
// "BalanceMode" | "MemoryPriority"; "" (the adapter's default) = unset.
// Scope: session.
inline constexpr std::string_view ge_memory_optimization_policy = "ge.exec.memoryOptimizationPolicy"sv;
// "0" (default) | "1" | "2". Scope: global and session (both get it).
inline constexpr std::string_view ge_variable_use_1g_huge_page = "ge.variableUse1gHugePage"sv;

// The two scopes of GE options, as the scoped JSON form names them
// ({"global": {...}, "session": {...}}) and as diagnostics say where a key was.
inline constexpr std::string_view ge_global_scope = "global"sv;    // GEInitialize
inline constexpr std::string_view ge_session_scope = "session"sv;  // the session that runs the graphs

// --- MindSpore.

// The ascend_config key whose value holds GE options by scope:
// {"global": {...}, "session": {...}}, GE keys to strings.
inline constexpr std::string_view mindspore_ge_options = "ge_options"sv;

// --- Environment.

// Read by the engine and combined with ge.exec.staticMemoryPolicy (spec 4);
// only the exact strings "0" to "4" have an effect.
inline constexpr std::string_view ge_use_static_memory_env = "GE_USE_STATIC_MEMORY"sv;

// --- TF1 session config.

// The custom optimizer whose parameter_map carries the options.
inline constexpr std::string_view tf1_custom_optimizer = "NpuOptimizer"sv;

}  // namespace keys
NPU_MEMORY_CONFIG_NAMESPACE_END
