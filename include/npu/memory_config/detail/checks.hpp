// The checks validate() runs, each appending its diagnostics. A diagnostic
// about a field names where that field's value came from.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "npu/memory_config/cann_release.hpp"
#include "npu/memory_config/config.hpp"
#include "npu/memory_config/detail/release_rules.hpp"
#include "npu/memory_config/detail/soc.hpp"
#include "npu/memory_config/detail/target_table.hpp"
#include "npu/memory_config/detail/text.hpp"
#include "npu/memory_config/diagnostic.hpp"
#include "npu/memory_config/effective.hpp"
#include "npu/memory_config/keys.hpp"
#include "npu/memory_config/provenance.hpp"
#include "npu/memory_config/reflection.hpp"
#include "npu/memory_config/validation_context.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

[[nodiscard]] inline std::string describe_code(Field field, std::uint8_t code) {
  return describe_value(field, *value_of(field, code));
}

// A value of a table, or "unset (the runtime decides)".
[[nodiscard]] inline std::string describe_code_or_unset(Field field, std::optional<std::uint8_t> code) {
  return code ? describe_code(field, *code) : std::string(unset_description);
}

// Precondition: the field holds a value of its table.
[[nodiscard]] inline std::string describe_field(const MemoryConfig& config, Field field) {
  return describe_value(field, *field_value(config, field));
}

// "atlas-350, atlas-a3, atlas-a2" (or "... and atlas-a2", as
// `last_separator` says): the products for which `has` is `value`.
[[nodiscard]] inline std::string product_names(bool ProductInfo::*has, bool value = true,
                                               std::string_view last_separator = ", ") {
  std::vector<std::string> names;
  for (const ProductInfo& info : products) {
    if (info.*has == value) names.emplace_back(info.name);
  }
  return joined(names, last_separator);
}

[[nodiscard]] inline std::string describe_product(Product product) {
  return std::string(product_info(product).name) + " (" + std::string(product_info(product).description) + ")";
}

// A diagnostic about `field`'s value, naming where the value came from.
[[nodiscard]] inline Diagnostic about_field(const Provenance& provenance, Field field, Severity severity,
                                            DiagnosticCode code, std::string value, std::string message) {
  return {severity,           code, provenance.origin_of(field), std::string(enum_name(field)), std::move(value),
          std::move(message), field};
}

// A diagnostic about the config as a whole in its context.
[[nodiscard]] inline Diagnostic about_config(const Provenance& provenance, Severity severity, DiagnosticCode code,
                                             std::string_view setting, std::string value, std::string message) {
  return {severity,          code, {provenance.config_source, {}, {}, {}}, std::string(setting), std::move(value),
          std::move(message)};
}

// A field that holds a code with no row in its table (an integer cast into
// the enumeration by a C API, a database, a binding): an error naming the
// field and the code. True when every field holds a value.
inline bool check_codes(const MemoryConfig& config, const Provenance& provenance, std::vector<Diagnostic>& out) {
  bool all_values = true;
  for (const FieldInfo& field : fields) {
    if (holds_table_value(config, field.field)) continue;
    all_values = false;
    const std::string given = std::to_string(config.code(field.field).value_or(0));  // a cast code is set
    out.push_back(about_field(provenance, field.field, Severity::error, DiagnosticCode::invalid_value, given,
                              given + " is not allowed; use " + allowed_values_text(field.field)));
  }
  return all_values;
}

// Where MemoryConfig is not supported, the runtime runs its defaults: a
// config of defaults only is a warning, each other setting an error.
inline void check_unsupported_product(const MemoryConfig& config, Product product, const Provenance& provenance,
                                      std::vector<Diagnostic>& out) {
  bool all_defaults = true;
  for (const FieldInfo& field : fields) {
    const ValueInfo* value = field_value(config, field.field);
    const bool at_default = field.optional ? value == nullptr : value->code == field.default_code;
    if (at_default) continue;
    all_defaults = false;
    const std::string remedy =
        field.optional ? "unset it" : "leave it at " + describe_code(field.field, field.default_code);
    out.push_back(about_field(provenance, field.field, Severity::error, DiagnosticCode::unsupported_product,
                              describe_value(field.field, *value),
                              describe_value(field.field, *value) +
                                  " cannot be set: MemoryConfig is not supported on " + describe_product(product) +
                                  "; " + remedy + ", or run on " +
                                  product_names(&ProductInfo::supports_memory_config)));
  }
  if (!all_defaults) return;
  out.push_back(about_config(provenance, Severity::warning, DiagnosticCode::unsupported_product, "product",
                             std::string(enum_name(product)),
                             "MemoryConfig is not supported on " + describe_product(product) +
                                 "; the runtime runs its defaults, which this config holds; it is supported on " +
                                 product_names(&ProductInfo::supports_memory_config)));
}

inline void check_product(const MemoryConfig& config, Product product, const Provenance& provenance,
                          std::vector<Diagnostic>& out) {
  if (!product_info(product).supports_memory_config) {
    check_unsupported_product(config, product, provenance, out);
    return;
  }
  const Field huge_page = Field::variable_use_1g_huge_page;
  if (!product_info(product).supports_1g_huge_page &&
      config.variable_use_1g_huge_page != default_value<HugePagePolicy>()) {
    out.push_back(about_field(provenance, huge_page, Severity::error, DiagnosticCode::unsupported_product,
                              describe_field(config, huge_page),
                              describe_field(config, huge_page) + " is not supported on " + describe_product(product) +
                                  "; use " + describe_code(huge_page, field_info(huge_page).default_code) +
                                  ", or run on " + product_names(&ProductInfo::supports_1g_huge_page)));
  }
}

// The product the context names: the SoC version's, when a rule knows the
// chip, else the product given. A SoC version of another product than the
// one given is an error, one no rule knows a warning.
[[nodiscard]] inline std::optional<Product> context_product(const ValidationContext& context,
                                                            const Provenance& provenance,
                                                            std::vector<Diagnostic>& out) {
  if (context.soc_version.empty()) return context.product;
  const std::string soc = quote(context.soc_version);
  if (context.product) {
    if (const std::optional<Product> other = conflicting_soc_product(context.soc_version, *context.product)) {
      out.push_back(about_config(provenance, Severity::error, DiagnosticCode::product_mismatch, "soc_version", soc,
                                 soc + " is a chip of " + describe_product(*other) + ", but the product given is " +
                                     describe_product(*context.product)));
      return std::nullopt;
    }
  }
  const std::optional<Product> of_soc = product_from_soc(context.soc_version);
  if (of_soc) return of_soc;
  const std::string suggestion = soc_suggestion(context.soc_version);
  out.push_back(about_config(provenance, Severity::warning, DiagnosticCode::unknown_soc, "soc_version", soc,
                             soc + " is not a SoC version the product rules know" +
                                 (suggestion.empty() ? "" : " (" + did_you_mean("\"" + suggestion + "\"") + ")") +
                                 "; no product rule was applied"));
  return context.product;
}

// What the named release treats differently from the latest release.
inline void check_release(const MemoryConfig& config, const CannRelease& release, std::optional<Product> product,
                          const Provenance& provenance, std::vector<Diagnostic>& out) {
  const std::string in_release = "CANN " + to_string(release);
  const auto since = [](ReleaseRule rule) { return std::string(release_rule_info(rule).release); };
  const auto warn = [&](Field field, std::string message) {
    out.push_back(about_field(provenance, field, Severity::warning, DiagnosticCode::release_difference,
                              describe_field(config, field), std::move(message)));
  };
  const Field static_field = Field::static_memory_policy;
  if (provenance.of(static_field).legacy_alias && rule_holds(ReleaseRule::legacy_1_is_static_allocation, release)) {
    out.push_back(about_field(provenance, static_field, Severity::error, DiagnosticCode::release_difference, "1",
                              "1 means static allocation at the maximum size in " + in_release +
                                  ", which this library does not model; " + describe_field(config, static_field) +
                                  " is the expanding policy"));
  }
  if (expands_dynamic_shapes(config.static_memory_policy) && !rule_holds(ReleaseRule::static_memory_3_and_4, release)) {
    warn(static_field, describe_field(config, static_field) + " is not documented in " + in_release + " (it is from " +
                           since(ReleaseRule::static_memory_3_and_4) + " on)");
  }
  if (config.memory_optimization_policy && !rule_holds(ReleaseRule::memory_optimization_policy, release)) {
    warn(Field::memory_optimization_policy,
         "the adapter of " + in_release + " ignores " + std::string(enum_name(Field::memory_optimization_policy)) +
             " (it knows it from " + since(ReleaseRule::memory_optimization_policy) + " on)");
  }
  if (config.variable_use_1g_huge_page != default_value<HugePagePolicy>() &&
      !rule_holds(ReleaseRule::variable_use_1g_huge_page, release)) {
    warn(Field::variable_use_1g_huge_page,
         "the adapter of " + in_release + " ignores " + std::string(enum_name(Field::variable_use_1g_huge_page)) +
             " (it is documented from " + since(ReleaseRule::variable_use_1g_huge_page) + " on)");
  }
  if (product == Product::atlas_350 && !rule_holds(ReleaseRule::atlas_350, release)) {
    out.push_back(about_config(provenance, Severity::warning, DiagnosticCode::release_difference, "product",
                               std::string(enum_name(*product)),
                               std::string(enum_name(*product)) + " is not listed in " + in_release +
                                   " (it is listed from " + since(ReleaseRule::atlas_350) + " on)"));
  }
}

// GE_USE_STATIC_MEMORY beside the option, and the concurrent-graphs rule, on
// what the engine runs.
inline void check_static_memory(const MemoryConfig& config, const ValidationContext& context,
                                const Provenance& provenance, std::vector<Diagnostic>& out) {
  const Field field = Field::static_memory_policy;
  const std::string_view name = enum_name(field);
  const std::string env_name(keys::ge_use_static_memory_env);
  const Origin environment{env_name, {}, {}, {}};
  const std::optional<TargetRuntime> target = target_of(context.target);
  StaticMemoryRun run = static_memory_run(config, context.target, context.ge_use_static_memory);
  const std::string option_text = describe_code(field, static_cast<std::uint8_t>(run.option));
  // The variable takes the option's values: where 1 meant static allocation,
  // it means that for the variable too.
  if (run.variable && !run.variable_exported && *run.variable == "1" && context.cann_release &&
      rule_holds(ReleaseRule::legacy_1_is_static_allocation, *context.cann_release)) {
    out.push_back({Severity::error, DiagnosticCode::release_difference, environment, std::string(name), quote("1"),
                   env_name + "=1 means static allocation at the maximum size in CANN " +
                       to_string(*context.cann_release) + ", which this library does not model; " +
                       describe_code(field, canonical_code(field, 1)) + " is the expanding policy",
                   field});
    run = static_memory_run(config, context.target, std::nullopt);  // what it does there is not modelled
  }
  if (run.variable && !run.variable_exported && !engine_reads_static_memory_env(*run.variable)) {
    out.push_back({Severity::warning, DiagnosticCode::environment_ignored, environment, std::string(name),
                   quote(*run.variable),
                   quote(*run.variable) + R"( is ignored by the engine, which reads only "0" to "4"; )" +
                       std::string(name) + " " + option_text + " applies as set",
                   field});
    run = static_memory_run(config, context.target, std::nullopt);
  }
  const std::string runs_text = describe_code(field, static_cast<std::uint8_t>(run.runs));
  const std::string option_source =
      run.option_from_target ? std::string(target_info(*target).framework) : provenance.source_of(field);
  // The target's form being the variable makes using it beside the option
  // the way to get there, not the conflict CANN warns about.
  const bool variable_is_the_form = target && target_info(*target).of(field).carriage == Carriage::environment;
  if (run.variable && !run.variable_exported && run.runs != config.static_memory_policy) {
    out.push_back({Severity::warning, DiagnosticCode::environment_changes, environment, std::string(name),
                   quote(*run.variable),
                   quote(*run.variable) + " combined with " + std::string(name) + " " + option_text + " from " +
                       option_source + " makes the engine run " + runs_text,
                   field});
  } else if (run.variable && !variable_is_the_form && *run.variable != "0" &&
             run.option != StaticMemoryPolicy::dynamic) {
    out.push_back({Severity::warning, DiagnosticCode::environment_beside_option, environment, std::string(name),
                   quote(*run.variable),
                   quote(*run.variable) + " is set beside " + std::string(name) + " " + option_text + " from " +
                       option_source + "; CANN says not to use both (the run may conflict) and deprecates " + env_name +
                       ": unset it",
                   field});
  }
  if (!context.concurrent_graphs) return;
  // Up to 8.0.RC3.alpha002, concurrent graphs forbid only the static-shape
  // expansion; the 8.0.RC3 documents disagree on 4.
  const auto holds = [&](ReleaseRule rule) { return context.cann_release && rule_holds(rule, *context.cann_release); };
  const bool allows_4 = holds(ReleaseRule::concurrent_graphs_allow_4);
  const bool disputed_4 = holds(ReleaseRule::concurrent_graphs_4_disputed) &&
                          run.runs == StaticMemoryPolicy::expand_static_and_dynamic_shape;
  const bool forbidden =
      allows_4 || disputed_4 ? run.runs == StaticMemoryPolicy::expand_static_shape : expands_static_shapes(run.runs);
  if (disputed_4) {
    out.push_back(about_field(provenance, field, Severity::warning, DiagnosticCode::concurrent_graphs, option_text,
                              runs_text + " with graphs that execute concurrently in CANN " +
                                  to_string(*context.cann_release) + ": the documents disagree: the commercial " +
                                  std::string(release_rule_info(ReleaseRule::concurrent_graphs_4_disputed).release) +
                                  " page allows it, " + std::string(concurrent_graphs_4_forbidden_by) +
                                  " forbid it; use " + describe_code(field, 0) + " or " + describe_code(field, 3) +
                                  " to be sure"));
  }
  if (!forbidden) return;
  std::string message = runs_text + " is not supported when graphs execute concurrently";
  if (context.cann_release) message += " in CANN " + to_string(*context.cann_release);
  if (run.variable && run.runs != run.option) {
    message += " (the option is " + option_text + "; " + env_name + "=" + std::string(*run.variable) + " makes it " +
               runs_text + ")";
  }
  // What is allowed: 0 and 3, and 4 where the release allows it.
  message += "; use " + describe_code(field, 0) + (allows_4 ? ", " : " or ") + describe_code(field, 3);
  if (allows_4) message += " or " + describe_code(field, 4);
  out.push_back(about_field(provenance, field, Severity::error, DiagnosticCode::concurrent_graphs, option_text,
                            std::move(message)));
}

// Warnings for policies known to cost performance: the user's choices only,
// not a default a reader filled in, nor a value the target replaces.
inline void check_costly_policies(const MemoryConfig& config, std::optional<TargetRuntime> target,
                                  const Provenance& provenance, std::vector<Diagnostic>& out) {
  for (const FieldInfo& field : fields) {
    const ValueInfo* value = field_value(config, field.field);
    if (value == nullptr || !value->costs_performance || provenance.is_default(field.field)) continue;
    if (target && (target_info(*target).of(field.field).carriage == Carriage::forced ||
                   !runs_as_asked(config, *target, field.field))) {
      continue;
    }
    const std::string described = describe_value(field.field, *value);
    out.push_back(about_field(provenance, field.field, Severity::warning, DiagnosticCode::costly_policy, described,
                              described + " may cost performance"));
  }
}

// "tf1, ge or mindspore": the targets that carry `field` by an option.
[[nodiscard]] inline std::string targets_carrying(Field field) {
  std::vector<std::string> names;
  for (const TargetInfo& target : targets) {
    if (target.of(field).carriage == Carriage::option) names.emplace_back(target.name);
  }
  return joined(names, " or ");
}

// "2 (expand_static_shape) or 4 (...)": the static policies a target whose
// form is the variable can make the engine run, with or without the one it
// forces.
[[nodiscard]] inline std::string runnable_values(const TargetInfo& target, bool with_forced) {
  const auto forced = static_cast<StaticMemoryPolicy>(target.of(Field::static_memory_policy).code.value_or(0));
  std::vector<std::string> values;
  for (const ValueInfo& value : field_info(Field::static_memory_policy).values) {
    const auto wanted = static_cast<StaticMemoryPolicy>(value.code);
    if (wanted == forced ? !with_forced : static_memory_env_for(forced, wanted) == nullptr) continue;
    values.push_back(describe_value(Field::static_memory_policy, value));
  }
  return joined(values, " or ");
}

// What the target does with a field it does not carry as an option, and so
// what the engine runs; empty for a field it carries.
[[nodiscard]] inline std::string target_reason(const TargetInfo& target, Field field) {
  const TargetField& carried = target.of(field);
  const std::string runs_text = describe_code_or_unset(field, carried.code);
  const std::string framework(target.framework);
  switch (carried.carriage) {
    case Carriage::option:
      break;
    case Carriage::not_carried:
      return framework + " has no " + std::string(enum_name(field)) + " option, so the engine " +
             (carried.code ? "runs " + runs_text : "decides itself");
    case Carriage::forced:
      return framework + " forces " + std::string(ge_key(field)) + " " + runs_text + ", so the engine runs that";
    case Carriage::environment:
      return framework + " forces " + std::string(ge_key(field)) + " " + runs_text + ", which " +
             std::string(carried.key) + " can only turn into " + runnable_values(target, false);
  }
  return {};
}

// Settings the target does not run: an error when an input gave the value,
// a warning when the field only holds a default (asking for "unset" is never
// more than that: the framework then decides).
inline void check_target(const MemoryConfig& config, TargetRuntime target, const Provenance& provenance,
                         std::vector<Diagnostic>& out) {
  const TargetInfo& info = target_info(target);
  for (const FieldInfo& field : fields) {
    if (runs_as_asked(config, target, field.field)) continue;
    const TargetField& carried = info.of(field.field);
    const std::optional<std::uint8_t> asked = config.code(field.field);
    const std::string asked_text = describe_code_or_unset(field.field, asked);
    const std::string allowed = carried.carriage == Carriage::environment
                                    ? runnable_values(info, true)
                                    : describe_code_or_unset(field.field, carried.code);
    const bool only_default = provenance.is_default(field.field) || !asked;
    std::string message = target_reason(info, field.field) + ", not " + asked_text + "; ";
    if (only_default) {
      message += asked_text + " is only the default here";
    } else {
      message += (carried.code ? "use " + allowed : "unset it") + ", or target " + targets_carrying(field.field);
    }
    out.push_back(about_field(provenance, field.field, only_default ? Severity::warning : Severity::error,
                              DiagnosticCode::unsupported_option, asked_text, std::move(message)));
  }
}

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
