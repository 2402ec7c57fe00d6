// The runtime-adapter side: the memory options read back out of a GE, TF2 or
// TF1 map, with validation. Any range of key/value pairs works: the
// std::map<std::string, std::string> a runtime holds, a vector of pairs.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <type_traits>

#include "npu/memory_config/forms/detail/map_entries.hpp"
#include "npu/memory_config/keys.hpp"
#include "npu/memory_config/settings/diagnostic.hpp"
#include "npu/memory_config/validation/detail/assembler.hpp"
#include "npu/memory_config/validation/detail/key_table.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

// A GE option map: one level, or several merged. Reads the GE keys and the
// TF adapter's short aliases beside them; ignores other options, warning on
// near misses. `source` must outlive the call.
template <class Range>
[[nodiscard]] ReadResult read_ge_options(const Range& options, std::string_view source = "GE options") {
  detail::ConfigAssembler assembler(source);
  detail::read_entries(assembler, detail::key_table(detail::KeyForm::ge), options, {}, detail::Spelling::engine);
  return std::move(assembler).finish();
}

// The levels of GE options as the engine receives them: global, session, a
// graph's. A key at two levels must agree (the engine silently takes the
// innermost); diagnostics name "<source> (global)" and so on.
template <class GlobalRange, class SessionRange, class GraphRange,
          class = std::enable_if_t<detail::is_option_range<GraphRange>>>
[[nodiscard]] ReadResult read_ge_options(const GlobalRange& global, const SessionRange& session,
                                         const GraphRange& graph, std::string_view source = "GE options") {
  detail::ConfigAssembler assembler(source);
  const detail::KeyTable keys = detail::key_table(detail::KeyForm::ge);
  detail::read_entries(assembler, keys, global, keys::ge_global_scope, detail::Spelling::engine);
  detail::read_entries(assembler, keys, session, keys::ge_session_scope, detail::Spelling::engine);
  detail::read_entries(assembler, keys, graph, keys::ge_graph_scope, detail::Spelling::engine);
  return std::move(assembler).finish();
}

// The global and session maps, as the TF adapter writes them.
template <class GlobalRange, class SessionRange, class = std::enable_if_t<detail::is_option_range<SessionRange>>>
[[nodiscard]] ReadResult read_ge_options(const GlobalRange& global, const SessionRange& session,
                                         std::string_view source = "GE options") {
  return read_ge_options(global, session, std::map<std::string, std::string>{}, source);
}

// The TF2 npu_device option map (string values). A memory_optimization_policy
// key is an error: the TF2 adapter cannot carry it; so is a GE key.
template <class Range>
[[nodiscard]] ReadResult read_tf2_options(const Range& options, std::string_view source = "TF2 options") {
  detail::ConfigAssembler assembler(source);
  detail::read_entries(assembler, detail::key_table(detail::KeyForm::tf2), options, {}, detail::Spelling::engine);
  return std::move(assembler).finish();
}

// A TF1 NpuOptimizer parameter_map: key to integer (`i`) or string (`s`).
// The adapter reads the integer fields with .i() and the policy with .s():
// a value of the other kind is an error.
template <class Range>
[[nodiscard]] ReadResult read_tf1_parameter_map(const Range& parameters,
                                                std::string_view source = "NpuOptimizer parameter_map") {
  detail::ConfigAssembler assembler(source);
  detail::read_entries(assembler, detail::key_table(detail::KeyForm::short_keys), parameters, {},
                       detail::Spelling::engine, detail::ValueKinds::tf1);
  return std::move(assembler).finish();
}

NPU_MEMORY_CONFIG_NAMESPACE_END
