// The checks validate() runs (spec 3, 4), each appending its diagnostics.
// A diagnostic about a field names where that field's value came from.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "npu/memory_config/cann_release.hpp"
#include "npu/memory_config/config.hpp"
#include "npu/memory_config/diagnostic.hpp"
#include "npu/memory_config/keys.hpp"
#include "npu/memory_config/products.hpp"
#include "npu/memory_config/provenance.hpp"
#include "npu/memory_config/validation_context.hpp"
#include "npu/memory_config/value_parser.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
namespace detail {

// The checks, as static members of a class template so that their bodies
// are compiled only in a translation unit that calls validate(), not in
// every includer of the core header. Context is ValidationContext.
template <class Context>
struct ContextChecks {
  [[nodiscard]] static std::string describe_code(Field field, std::uint8_t code) {
    return describe_value(field, *value_of(field, code));
  }

  // Precondition: the field is set.
  [[nodiscard]] static std::string describe_field(const MemoryConfig& config, Field field) {
    return describe_value(field, *field_value(config, field));
  }

  // "atlas-350, atlas-a3, atlas-a2": the products for which `has` holds.
  [[nodiscard]] static std::string product_names(bool ProductInfo::*has) {
    std::string names;
    for (const ProductInfo& info : products) {
      if (info.*has) names.append(names.empty() ? "" : ", ").append(info.name);
    }
    return names;
  }

  [[nodiscard]] static std::string describe_product(const ProductInfo& product) {
    return concat({product.name, " (", product.description, ")"});
  }

  // Appends a diagnostic. Views in, copies kept: building each Diagnostic in
  // one place is much cheaper for every includer to compile than a braced
  // Diagnostic at each of the checks' call sites.
  static void append_diagnostic(std::vector<Diagnostic>& out, Severity severity, DiagnosticCode code,
                                std::string_view source, std::string_view field, std::string_view value,
                                std::string_view message, SourcePosition position = {}) {
    out.push_back({});
    Diagnostic& diagnostic = out.back();
    diagnostic.position = position;
    diagnostic.severity = severity;
    diagnostic.code = code;
    diagnostic.source.assign(source.data(), source.size());
    diagnostic.field.assign(field.data(), field.size());
    diagnostic.value.assign(value.data(), value.size());
    diagnostic.message.assign(message.data(), message.size());
  }

  // A diagnostic about `field`'s value, naming where the value came from: a
  // text and the position of the field's key in it, or a flag, a map, ...
  static void append_about_field(std::vector<Diagnostic>& out, Severity severity, DiagnosticCode code,
                                 const Provenance& provenance, Field field, std::string_view value,
                                 std::string_view message) {
    const FieldOrigin& origin = provenance.of(field);
    if (origin.given && origin.position.known()) {
      const std::string_view text = origin.source.empty() ? std::string_view(provenance.config_source) : origin.source;
      append_diagnostic(out, severity, code, text, field_name(field), value, message, origin.position);
      return;
    }
    append_diagnostic(out, severity, code, provenance.source_of(field), field_name(field), value, message);
  }

  // A field that holds a code with no row in its table (an integer cast into
  // the enumeration by a C API, a database, a binding): an error naming the
  // field and the code. True when every field holds a value.
  static bool check_codes(const MemoryConfig& config, const Provenance& provenance, std::vector<Diagnostic>& out) {
    bool all_values = true;
    for (const FieldInfo& field : fields) {
      if (holds_table_value(config, field.field)) continue;
      all_values = false;
      const std::string given = std::to_string(field_code(config, field.field));
      append_about_field(out, Severity::error, DiagnosticCode::invalid_value, provenance, field.field, given,
                         concat({given, " is not allowed; use ", allowed_values_text(field.field)}));
    }
    return all_values;
  }

  // Where MemoryConfig is not supported, the runtime runs its defaults: a
  // config of defaults only is a warning, each other setting an error.
  static void check_unsupported_product(const MemoryConfig& config, const ProductInfo& product,
                                        const Provenance& provenance, std::vector<Diagnostic>& out) {
    bool all_defaults = true;
    for (const FieldInfo& field : fields) {
      const ValueInfo* value = field_value(config, field.field);
      const bool at_default = field.optional ? value == nullptr : value->code == field.default_code;
      if (at_default) continue;
      all_defaults = false;
      const std::string default_text = field.optional
                                           ? concat({"unset it"})
                                           : concat({"leave it at ", describe_code(field.field, field.default_code)});
      append_about_field(out, Severity::error, DiagnosticCode::unsupported_product, provenance, field.field,
                         describe_value(field.field, *value),
                         concat({describe_value(field.field, *value), " cannot be set: MemoryConfig is not ",
                                 "supported on ", describe_product(product), "; ", default_text, ", or run on ",
                                 product_names(&ProductInfo::supports_memory_config)}));
    }
    if (!all_defaults) return;
    append_diagnostic(out, Severity::warning, DiagnosticCode::unsupported_product, provenance.config_source, "product",
                      product.name,
                      concat({"MemoryConfig is not supported on ", describe_product(product),
                              "; the runtime runs its defaults, which this config holds; it is supported on ",
                              product_names(&ProductInfo::supports_memory_config)}));
  }

  static void check_product(const MemoryConfig& config, const ProductInfo& product, const Provenance& provenance,
                            std::vector<Diagnostic>& out) {
    if (!product.supports_memory_config) {
      check_unsupported_product(config, product, provenance, out);
      return;
    }
    const Field huge_page = Field::variable_use_1g_huge_page;
    if (!product.supports_1g_huge_page && config.variable_use_1g_huge_page != default_value<HugePagePolicy>()) {
      append_about_field(out, Severity::error, DiagnosticCode::unsupported_product, provenance, huge_page,
                         describe_field(config, huge_page),
                         concat({describe_field(config, huge_page), " is not supported on ", describe_product(product),
                                 "; use ", describe_code(huge_page, field_info(huge_page).default_code), ", or run on ",
                                 product_names(&ProductInfo::supports_1g_huge_page)}));
    }
  }

  // The product the context names, reporting an unknown SoC or a mismatch.
  [[nodiscard]] static const ProductInfo* context_product(const Context& context, std::string_view source,
                                                          std::vector<Diagnostic>& out) {
    if (context.soc_version.empty()) return context.product;
    const ProductInfo* from_soc = product_from_soc(context.soc_version);
    if (from_soc == nullptr) {
      append_diagnostic(out, Severity::warning, DiagnosticCode::unknown_soc, source, "soc_version",
                        quote(context.soc_version),
                        concat({quote(context.soc_version),
                                " is not a SoC version the product rules know; no product rule was applied"}));
      return context.product;
    }
    if (context.product != nullptr && context.product->product != from_soc->product) {
      append_diagnostic(out, Severity::error, DiagnosticCode::product_mismatch, source, "soc_version",
                        quote(context.soc_version),
                        concat({quote(context.soc_version), " is a chip of ", describe_product(*from_soc),
                                ", but the product given is ", describe_product(*context.product)}));
      return nullptr;
    }
    return from_soc;
  }

  // Whether the context names a release, parsed into `release`; a text that is
  // no release is reported, and the latest rules apply as when none is named.
  [[nodiscard]] static bool context_release(const Context& context, std::string_view source, CannRelease& release,
                                            std::vector<Diagnostic>& out) {
    if (context.cann_release.empty()) return false;
    release = parse_cann_release(context.cann_release);
    if (!release.valid) {
      append_diagnostic(out, Severity::error, DiagnosticCode::invalid_release, source, "cann_release",
                        quote(context.cann_release),
                        concat({quote(context.cann_release), " is not a CANN release; use ", cann_release_forms}));
    }
    return release.valid;
  }

  // " in CANN 8.0.RC2" when the context names a release, else nothing.
  [[nodiscard]] static std::string in_release(const Context& context, bool has_release) {
    return has_release ? concat({" in CANN ", context.cann_release}) : std::string();
  }

  static void check_static_memory(const MemoryConfig& config, const Context& context, const Provenance& provenance,
                                  const CannRelease* release, std::vector<Diagnostic>& out) {
    const FieldInfo& field = field_info(Field::static_memory_policy);
    // The option as the target sets it: the config's, or the framework's own.
    const std::string source = provenance.source_of(field.field);
    std::string option_source = source;
    auto option = config.static_memory_policy;
    const char* env = context.ge_use_static_memory;
    bool env_is_lever = false;  // the target's form is the variable: using it beside the option is its purpose
    if (context.target != TargetRuntime::any) {
      const TargetInfo& target = target_info(context.target);
      const TargetField& carried = target.of(field.field);
      env_is_lever = carried.carriage == Carriage::environment;
      if (carried.carriage != Carriage::option) {
        option = static_cast<StaticMemoryPolicy>(carried.code);
        option_source = concat({target.framework});
      }
      // A variable the form exports replaces an inherited one.
      if (const ValueInfo* exported = exported_static_memory_env(config, target)) {
        env = exported->runtime_text.data();
      }
    }
    const std::string option_text = describe_code(field.field, static_cast<std::uint8_t>(option));
    const std::string env_name(keys::ge_use_static_memory_env);
    if (env != nullptr && !engine_reads_static_memory_env(env)) {
      append_diagnostic(out, Severity::warning, DiagnosticCode::environment_ignored, env_name, field.name, quote(env),
                        concat({quote(env), R"( is ignored by the engine, which reads only "0" to "4"; )", field.name,
                                " ", option_text, " applies as set"}));
      env = nullptr;
    }
    const StaticMemoryPolicy effective = effective_static_memory_policy(option, env);
    const std::string effective_text = describe_code(field.field, static_cast<std::uint8_t>(effective));
    // Only a value the engine reads can change the policy; one the target's
    // form exports makes it what the config asks for.
    const bool changed_by_env = env != nullptr && effective != config.static_memory_policy;
    if (changed_by_env) {
      append_diagnostic(out, Severity::warning, DiagnosticCode::environment_changes, env_name, field.name, quote(env),
                        concat({quote(env), " combined with ", field.name, " ", option_text, " from ", option_source,
                                " makes the engine run ", effective_text}));
    } else if (!env_is_lever && env != nullptr && env[0] != '0' && option != StaticMemoryPolicy::dynamic) {
      // The documentation forbids the two together and deprecates the variable.
      append_diagnostic(
          out, Severity::warning, DiagnosticCode::environment_beside_option, env_name, field.name, quote(env),
          concat({quote(env), " is set beside ", field.name, " ", option_text, " from ", option_source,
                  "; CANN says not to use both (the run may conflict) and deprecates ", env_name, ": unset it"}));
    }
    // Up to 8.0.RC2, concurrent graphs forbid only the static-shape expansion.
    const bool allows_4 = release != nullptr && rule_holds(ReleaseRule::concurrent_graphs_allow_4, *release);
    const bool forbidden =
        allows_4 ? effective == StaticMemoryPolicy::expand_static_shape : expands_static_shapes(effective);
    if (!context.concurrent_graphs || !forbidden) return;
    std::string message = concat({effective_text, " is not supported when graphs execute concurrently",
                                  in_release(context, release != nullptr)});
    if (env != nullptr && effective != option) {
      message += concat({" (the option is ", option_text, "; ", env_name, "=", env, " makes it ", effective_text, ")"});
    }
    // What is allowed: 0 and 3, and 4 where the release allows it.
    message +=
        concat({"; use ", describe_code(field.field, 0), allows_4 ? ", " : " or ", describe_code(field.field, 3)});
    if (allows_4) message += concat({" or ", describe_code(field.field, 4)});
    append_about_field(out, Severity::error, DiagnosticCode::concurrent_graphs, provenance, field.field, option_text,
                       message);
  }

  // The release a rule of the table starts or stops at.
  [[nodiscard]] static constexpr std::string_view release_of(ReleaseRule rule) noexcept {
    return release_rule_info(rule).release;
  }

  // A warning that the named release treats a field's value differently.
  static void append_release_warning(std::vector<Diagnostic>& out, const MemoryConfig& config,
                                     const Provenance& provenance, Field field, std::string_view message) {
    append_about_field(out, Severity::warning, DiagnosticCode::release_difference, provenance, field,
                       describe_field(config, field), message);
  }

  // What the named release treats differently from the latest (spec 4's table).
  static void check_release(const MemoryConfig& config, const Context& context, const CannRelease& release,
                            const ProductInfo* product, const Provenance& provenance, std::vector<Diagnostic>& out) {
    const std::string release_text = concat({"CANN ", context.cann_release});

    const Field static_field = Field::static_memory_policy;
    if (provenance.of(static_field).legacy_alias && rule_holds(ReleaseRule::legacy_1_is_static_allocation, release)) {
      append_about_field(out, Severity::error, DiagnosticCode::release_difference, provenance, static_field, "1",
                         concat({"1 means static allocation at the maximum size in ", release_text,
                                 ", which this library does not model; ", describe_field(config, static_field),
                                 " is the expanding policy"}));
    }
    if (expands_dynamic_shapes(config.static_memory_policy) &&
        !rule_holds(ReleaseRule::static_memory_3_and_4, release)) {
      append_release_warning(out, config, provenance, static_field,
                             concat({describe_field(config, static_field), " is not documented in ", release_text,
                                     " (it is from ", release_of(ReleaseRule::static_memory_3_and_4), " on)"}));
    }
    if (config.memory_optimization_policy && !rule_holds(ReleaseRule::memory_optimization_policy, release)) {
      append_release_warning(
          out, config, provenance, Field::memory_optimization_policy,
          concat({"the adapter of ", release_text, " ignores ", field_name(Field::memory_optimization_policy),
                  " (it knows it from ", release_of(ReleaseRule::memory_optimization_policy), " on)"}));
    }
    if (config.variable_use_1g_huge_page != default_value<HugePagePolicy>() &&
        !rule_holds(ReleaseRule::variable_use_1g_huge_page, release)) {
      append_release_warning(
          out, config, provenance, Field::variable_use_1g_huge_page,
          concat({"the adapter of ", release_text, " ignores ", field_name(Field::variable_use_1g_huge_page),
                  " (it is documented from ", release_of(ReleaseRule::variable_use_1g_huge_page), " on)"}));
    }
    if (product != nullptr && product->product == Product::atlas_350 && !rule_holds(ReleaseRule::atlas_350, release)) {
      append_diagnostic(out, Severity::warning, DiagnosticCode::release_difference, provenance.config_source, "product",
                        product->name,
                        concat({product->name, " is not listed in ", release_text, " (it is listed from ",
                                release_of(ReleaseRule::atlas_350), " on)"}));
    }
  }

  // Warnings for policies known to cost performance (spec 3): the user's
  // choices only, not a default a reader filled in, nor a value the target
  // replaces with its own.
  static void check_costly_policies(const MemoryConfig& config, const Context& context, const Provenance& provenance,
                                    std::vector<Diagnostic>& out) {
    for (const FieldInfo& field : fields) {
      const ValueInfo* value = field_value(config, field.field);
      if (value == nullptr || !value->costs_performance || provenance.is_default(field.field)) continue;
      if (context.target != TargetRuntime::any) {
        const TargetInfo& target = target_info(context.target);
        const Carriage carriage = target.of(field.field).carriage;
        if (carriage == Carriage::forced || !target_runs_as_asked(config, target, field.field)) continue;
      }
      const std::string described = describe_value(field.field, *value);
      append_about_field(out, Severity::warning, DiagnosticCode::costly_policy, provenance, field.field, described,
                         concat({described, " may cost performance"}));
    }
  }

  // A value of a table, or "unset (the runtime decides)".
  [[nodiscard]] static std::string describe_code_or_unset(Field field, std::uint8_t code) {
    return code == unset_code ? concat({"unset (the runtime decides)"}) : describe_code(field, code);
  }

  // "tf1, ge or mindspore": the targets that carry `field` by an option.
  [[nodiscard]] static std::string targets_carrying(Field field) {
    std::string names;
    std::string_view last;
    for (const TargetInfo& target : targets) {
      if (target.of(field).carriage != Carriage::option) continue;
      if (!last.empty()) names.append(names.empty() ? "" : ", ").append(last);
      last = target.name;
    }
    return names.empty() ? std::string(last) : concat({names, " or ", last});
  }

  // "2 (expand_static_shape) or 4 (...)": the values a target whose form is
  // the variable can make the engine run, with or without the one it forces.
  [[nodiscard]] static std::string runnable_values(const TargetInfo& target, Field field, bool with_forced = true) {
    const auto forced = static_cast<StaticMemoryPolicy>(target.of(field).code);
    std::string text;
    for (const ValueInfo& value : field_info(field).values) {
      const auto wanted = static_cast<StaticMemoryPolicy>(value.code);
      if (wanted == forced ? !with_forced : static_memory_env_for(forced, wanted) == nullptr) continue;
      text.append(text.empty() ? "" : " or ").append(describe_value(field, value));
    }
    return text;
  }

  // What the target does with a field it does not carry as an option, and
  // so what the engine runs; empty for a field it carries.
  [[nodiscard]] static std::string target_reason(const TargetInfo& target, Field field) {
    const TargetField& carried = target.of(field);
    const std::string runs_text = describe_code_or_unset(field, carried.code);
    switch (carried.carriage) {
      case Carriage::option:
        break;
      case Carriage::not_carried:
        return concat({target.framework, " has no ", field_name(field), " option, so the engine ",
                       carried.code == unset_code ? "decides itself" : concat({"runs ", runs_text})});
      case Carriage::forced:
        return concat({target.framework, " forces ", ge_key(field), " ", runs_text, ", so the engine runs that"});
      case Carriage::environment:
        return concat({target.framework, " forces ", ge_key(field), " ", runs_text, ", which ", carried.key,
                       " can only turn into ", runnable_values(target, field, false)});
    }
    return {};
  }

  // Settings the target does not run (spec 9): an error when an input gave
  // the value, a warning when the field only holds a default (asking for
  // "unset" is never more than that: the framework then decides).
  static void check_target(const MemoryConfig& config, const Context& context, const Provenance& provenance,
                           std::vector<Diagnostic>& out) {
    const TargetInfo& target = target_info(context.target);
    for (const FieldInfo& field : fields) {
      if (target_runs_as_asked(config, target, field.field)) continue;
      const TargetField& carried = target.of(field.field);
      const int code = field_code(config, field.field);
      const std::uint8_t asked = code < 0 ? unset_code : static_cast<std::uint8_t>(code);
      const std::string asked_text = describe_code_or_unset(field.field, asked);
      const std::string allowed = carried.carriage == Carriage::environment
                                      ? runnable_values(target, field.field)
                                      : describe_code_or_unset(field.field, carried.code);
      const std::string why = target_reason(target, field.field);
      const bool only_default = provenance.is_default(field.field) || asked == unset_code;
      const std::string remedy =
          only_default ? concat({"; ", asked_text, " is only the default here"})
                       : concat({"; ", carried.code == unset_code ? "unset it" : concat({"use ", allowed}),
                                 ", or target ", targets_carrying(field.field)});
      append_about_field(out, only_default ? Severity::warning : Severity::error, DiagnosticCode::unsupported_option,
                         provenance, field.field, asked_text, concat({why, ", not ", asked_text, remedy}));
    }
  }
};

}  // namespace detail
NPU_MEMORY_CONFIG_NAMESPACE_END
