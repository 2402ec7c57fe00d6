// Every name the runtime and the frameworks read, defined once, with its
// values, default and scope. The tables (settings/detail/field_table.hpp, target_table.hpp) use
// these; nothing else spells a key.
#pragma once

#include <string_view>

#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace keys {

// --- Short keys: the TF1 NpuOptimizer parameter_map, the TF2 npu_device
// options, JSON config files, and the aliases the TF adapter writes beside
// the GE keys.

// Integer 0 centralized (default) | 1 separate. TF1 kind `i`.
inline constexpr std::string_view atomic_clean_policy = "atomic_clean_policy";
// Integer 0 dynamic (default) | 2 | 3 | 4 (1: legacy alias of 2). TF1 kind `i`.
inline constexpr std::string_view static_memory_policy = "static_memory_policy";
// String "BalanceMode" | "MemoryPriority"; absent: the runtime decides. TF1
// kind `s`. Not a TF2 option.
inline constexpr std::string_view memory_optimization_policy = "memory_optimization_policy";
// Integer 0 system_default (default) | 1 require_1g | 2 prefer_1g. TF1 kind `i`.
inline constexpr std::string_view variable_use_1g_huge_page = "variable_use_1g_huge_page";

// --- Graph engine (GE) option keys. Values are decimal strings or the policy
// string. The engine takes each at every level and looks it up graph first,
// then session, then global; the scope named is where the writers put it.

// "0" (default) | "1". Scope: session.
inline constexpr std::string_view ge_atomic_clean_policy = "ge.exec.atomicCleanPolicy";
// "0" (default) | "2" | "3" | "4". Scope: global (GEInitialize). The engine
// combines it with the GE_USE_STATIC_MEMORY environment variable.
inline constexpr std::string_view ge_static_memory_policy = "ge.exec.staticMemoryPolicy";
// "BalanceMode" | "MemoryPriority"; "" (the TF adapter's default): unset.
// Scope: session.
inline constexpr std::string_view ge_memory_optimization_policy = "ge.exec.memoryOptimizationPolicy";
// "0" (default) | "1" | "2". Scope: global and session (both get it).
inline constexpr std::string_view ge_variable_use_1g_huge_page = "ge.variableUse1gHugePage";

// The levels of GE options, as the scoped JSON form names them
// ({"global": {...}, "session": {...}, "graph": {...}}) and as diagnostics
// say where a key was.
inline constexpr std::string_view ge_global_scope = "global";    // GEInitialize
inline constexpr std::string_view ge_session_scope = "session";  // the session that runs the graphs
inline constexpr std::string_view ge_graph_scope = "graph";      // one graph (AddGraph)

// --- ATC: its raw GE options file holds GE options by level under these
// two members, each {"global": {...}, "session": {...}, "graph": {...}}.
inline constexpr std::string_view atc_compile_options = "compile options";
inline constexpr std::string_view atc_execute_options = "execute options";

// --- MindSpore.

// The ascend_config key whose value holds GE options by level:
// {"global": {...}, "session": {...}}, GE keys to strings.
inline constexpr std::string_view mindspore_ge_options = "ge_options";

// --- MindSpore Lite: the sections of a model config file that carry GE
// options, by the level they go to.
inline constexpr std::string_view mslite_global_section = "ge_global_options";
inline constexpr std::string_view mslite_session_section = "ge_session_options";
inline constexpr std::string_view mslite_graph_section = "ge_graph_options";

// --- Environment.

// Read by the engine and combined with ge.exec.staticMemoryPolicy; only the
// exact strings "0" to "4" have an effect.
inline constexpr std::string_view ge_use_static_memory_env = "GE_USE_STATIC_MEMORY";

// Read by MindSpore 1.x into ge.exec.atomicCleanPolicy; MindSpore 2.x does
// not read it (its ascend_config's atomic_clean_policy is what it reads).
inline constexpr std::string_view ms_ge_atomic_clean_policy_env = "MS_GE_ATOMIC_CLEAN_POLICY";

// --- TF1 session config.

// The custom optimizer whose parameter_map carries the options.
inline constexpr std::string_view tf1_custom_optimizer = "NpuOptimizer";

}  // namespace keys
NPU_MEMORY_CONFIG_NAMESPACE_END
