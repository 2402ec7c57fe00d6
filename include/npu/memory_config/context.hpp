// Validation in context (spec sections 3 and 4): every problem of a config
// where it will run, each diagnostic naming where the value it is about came
// from.
#pragma once

#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "npu/memory_config/detail/context_checks.hpp"
#include "npu/memory_config/diagnostic.hpp"
#include "npu/memory_config/provenance.hpp"
#include "npu/memory_config/validation_context.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

// Every problem of `config` in `context`: errors and warnings, in the order
// product, CANN release, static memory (environment, concurrent graphs),
// target runtime, costly policies. A diagnostic about a field names the
// field's source in `provenance` ("defaults" for a field no input set); one
// about the config as a whole names `provenance.config_source`. A field that
// holds no value of its table is reported first, and nothing else is checked.
//
// Context is always ValidationContext: validate is a template only so that
// the checks are compiled where it is called, not in every includer.
template <class Context = ValidationContext>
[[nodiscard]] std::vector<Diagnostic> validate(const MemoryConfig& config, const Context& context,
                                               const Provenance& provenance) {
  static_assert(std::is_same_v<Context, ValidationContext>, "validate takes a ValidationContext");
  using Checks = detail::ContextChecks<Context>;
  std::vector<Diagnostic> out;
  if (!Checks::check_codes(config, provenance, out)) return out;
  const ProductInfo* product = Checks::context_product(context, provenance.config_source, out);
  if (product != nullptr) Checks::check_product(config, *product, provenance, out);
  CannRelease release;
  const bool has_release = Checks::context_release(context, provenance.config_source, release, out);
  if (has_release) Checks::check_release(config, context, release, product, provenance, out);
  Checks::check_static_memory(config, context, provenance, has_release ? &release : nullptr, out);
  if (context.target != TargetRuntime::any) Checks::check_target(config, context, provenance, out);
  Checks::check_costly_policies(config, context, provenance, out);
  return out;
}

// The same for a config that came whole from `source`: every diagnostic
// names it.
template <class Context = ValidationContext>
[[nodiscard]] std::vector<Diagnostic> validate(const MemoryConfig& config, const Context& context = {},
                                               std::string_view source = "config") {
  return validate(config, context, Provenance::all_from(source));
}

// Why `target` (not TargetRuntime::any) may run another value of `field`
// than a config asks for: what it does with the field, "torchair forces
// ge.exec.atomicCleanPolicy 1 (separate), so the engine runs that"; empty
// when the target carries the field. (A template for the reason validate is.)
template <class Context = ValidationContext>
[[nodiscard]] std::string target_difference(TargetRuntime target, Field field) {
  return detail::ContextChecks<Context>::target_reason(target_info(target), field);
}

NPU_MEMORY_CONFIG_NAMESPACE_END
