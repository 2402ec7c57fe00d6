// Validation in context: every problem of a config where it will run, each
// diagnostic naming where the value it is about came from.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "npu/memory_config/detail/product_checks.hpp"
#include "npu/memory_config/detail/release_checks.hpp"
#include "npu/memory_config/detail/static_memory_checks.hpp"
#include "npu/memory_config/detail/target_checks.hpp"
#include "npu/memory_config/detail/value_checks.hpp"
#include "npu/memory_config/diagnostic.hpp"
#include "npu/memory_config/provenance.hpp"
#include "npu/memory_config/validation_context.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

// Every problem of `config` in `context`, in the order product, CANN release,
// static memory (environment, concurrent graphs), target, costly policies;
// each names the origin in `provenance` of the field it is about, or its
// config_source. A field holding no value of its table stops the checks.
[[nodiscard]] inline std::vector<Diagnostic> validate(const MemoryConfig& config, const ValidationContext& context,
                                                      const Provenance& provenance) {
  std::vector<Diagnostic> out;
  if (!detail::check_codes(config, provenance, out)) return out;
  const std::optional<Product> product = detail::context_product(context, provenance, out);
  if (product) detail::check_product(config, *product, provenance, out);
  if (context.cann_release) detail::check_release(config, *context.cann_release, product, provenance, out);
  detail::check_static_memory(config, context, provenance, out);
  const std::optional<detail::TargetRuntime> target = detail::target_of(context.target);
  if (target) detail::check_target(config, *target, provenance, out);
  detail::check_costly_policies(config, target, provenance, out);
  return out;
}

// The same for a config that came whole from `source`: every diagnostic
// names it.
[[nodiscard]] inline std::vector<Diagnostic> validate(const MemoryConfig& config, const ValidationContext& context = {},
                                                      std::string_view source = "config") {
  return validate(config, context, Provenance::all_from(source));
}

namespace detail {

// What keeps a writer from writing `config`, as validate() reports it first:
// each field that holds an integer cast into its enumeration that is none of
// its values. Writers write nothing for such a config (no text, empty maps,
// ConfigError in the JSON layer), never the other fields without it.
[[nodiscard]] inline std::vector<Diagnostic> code_errors(const MemoryConfig& config,
                                                         std::string_view source = "config") {
  std::vector<Diagnostic> out;
  (void)check_codes(config, Provenance::all_from(source), out);
  return out;
}

}  // namespace detail

NPU_MEMORY_CONFIG_NAMESPACE_END
