// Validation in context (spec sections 3 and 4): the product (or the SoC
// version it follows from), concurrent graphs, the target runtime, and the
// GE_USE_STATIC_MEMORY environment variable the engine combines with
// static_memory_policy.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "npu/memory_config/diagnostic.hpp"
#include "npu/memory_config/option_maps.hpp"
#include "npu/memory_config/value_parser.hpp"
#include "npu/memory_config/version.hpp"

NPU_MEMORY_CONFIG_NAMESPACE_BEGIN

enum class Product : std::uint8_t {
  atlas_350,
  atlas_a3,
  atlas_a2,
  atlas_training,
  atlas_200i_500_a2,
  atlas_inference,
};

struct ProductInfo {
  Product product;
  std::string_view name;  // as --product takes it
  std::string_view description;
  bool supports_memory_config;
  bool supports_1g_huge_page;  // variable_use_1g_huge_page other than 0
};

inline constexpr ProductInfo products[] = {
    {Product::atlas_350, "atlas-350"sv, "Atlas 350 accelerator card (Ascend 950PR / 950DT)"sv, true, true},
    {Product::atlas_a3, "atlas-a3"sv, "Atlas A3 training and inference series"sv, true, true},
    {Product::atlas_a2, "atlas-a2"sv, "Atlas A2 training and inference series"sv, true, true},
    {Product::atlas_training, "atlas-training"sv, "Atlas training series"sv, true, false},
    {Product::atlas_200i_500_a2, "atlas-200i-500-a2"sv, "Atlas 200I/500 A2 inference products"sv, false, false},
    {Product::atlas_inference, "atlas-inference"sv, "Atlas inference series"sv, false, false},
};

[[nodiscard]] constexpr const ProductInfo& product_info(Product product) noexcept {
  return products[static_cast<std::size_t>(product)];
}

// The row of the product named `name` ("atlas-a2", as --product takes it);
// nullptr for a name no row has.
[[nodiscard]] constexpr const ProductInfo* product_from_name(std::string_view name) noexcept {
  for (const ProductInfo& info : products) {
    if (info.name == name) return &info;
  }
  return nullptr;
}

namespace detail {

enum class SocMatch : std::uint8_t { prefix, exact, prefix_then_digit };

struct SocRule {
  SocMatch match;
  std::string_view text;
  Product product;
};

// Spec 4's table, in the order it must be tried.
inline constexpr SocRule soc_rules[] = {
    {SocMatch::prefix, "Ascend950"sv, Product::atlas_350},
    {SocMatch::prefix, "Ascend910_95"sv, Product::atlas_350},
    {SocMatch::prefix, "Ascend910_93"sv, Product::atlas_a3},
    {SocMatch::prefix_then_digit, "Ascend910B"sv, Product::atlas_a2},
    {SocMatch::exact, "Ascend910"sv, Product::atlas_training},
    {SocMatch::exact, "Ascend910A"sv, Product::atlas_training},
    {SocMatch::exact, "Ascend910B"sv, Product::atlas_training},
    {SocMatch::exact, "Ascend910ProA"sv, Product::atlas_training},
    {SocMatch::exact, "Ascend910ProB"sv, Product::atlas_training},
    {SocMatch::exact, "Ascend910PremiumA"sv, Product::atlas_training},
    {SocMatch::prefix, "Ascend310P"sv, Product::atlas_inference},
    {SocMatch::prefix, "Ascend310B"sv, Product::atlas_200i_500_a2},
};

[[nodiscard]] constexpr bool soc_rule_matches(const SocRule& rule, std::string_view soc) noexcept {
  const bool has_prefix = soc.substr(0, rule.text.size()) == rule.text;
  switch (rule.match) {
    case SocMatch::prefix:
      return has_prefix;
    case SocMatch::exact:
      return soc == rule.text;
    case SocMatch::prefix_then_digit:
      return has_prefix && soc.size() > rule.text.size() && soc[rule.text.size()] >= '0' &&
             soc[rule.text.size()] <= '9';
  }
  return false;
}

}  // namespace detail

// The row of the product of a SoC version as the runtime reports it
// (aclrtGetSocName(), the soc_version option); nullptr for a chip no rule
// knows.
[[nodiscard]] constexpr const ProductInfo* product_from_soc(std::string_view soc_version) noexcept {
  for (const detail::SocRule& rule : detail::soc_rules) {
    if (detail::soc_rule_matches(rule, soc_version)) return &product_info(rule.product);
  }
  return nullptr;
}

// Whether the engine acts on a GE_USE_STATIC_MEMORY value: exactly "0".."4".
[[nodiscard]] constexpr bool engine_reads_static_memory_env(std::string_view value) noexcept {
  return value.size() == 1 && value[0] >= '0' && value[0] <= '4';
}

// Whether a policy expands the memory of static-shape graphs (2, 4) and of
// dynamic-shape graphs (3, 4).
[[nodiscard]] constexpr bool expands_static_shapes(StaticMemoryPolicy policy) noexcept {
  return policy == StaticMemoryPolicy::expand_static_shape ||
         policy == StaticMemoryPolicy::expand_static_and_dynamic_shape;
}
[[nodiscard]] constexpr bool expands_dynamic_shapes(StaticMemoryPolicy policy) noexcept {
  return policy == StaticMemoryPolicy::expand_dynamic_shape ||
         policy == StaticMemoryPolicy::expand_static_and_dynamic_shape;
}

// static_memory_policy as the engine runs it, given the value of
// GE_USE_STATIC_MEMORY as std::getenv returns it (nullptr: not set). The variable takes the option's values, the legacy
// 1 included; static shapes expand if either expands them, dynamic shapes too.
[[nodiscard]] constexpr StaticMemoryPolicy effective_static_memory_policy(StaticMemoryPolicy option,
                                                                          const char* ge_use_static_memory) noexcept {
  StaticMemoryPolicy variable = StaticMemoryPolicy::dynamic;
  if (ge_use_static_memory != nullptr && engine_reads_static_memory_env(ge_use_static_memory)) {
    const auto code = static_cast<std::uint8_t>(ge_use_static_memory[0] - '0');
    variable = static_cast<StaticMemoryPolicy>(canonical_code(field_info(Field::static_memory_policy), code));
  }
  const bool expand_static = expands_static_shapes(option) || expands_static_shapes(variable);
  const bool expand_dynamic = expands_dynamic_shapes(option) || expands_dynamic_shapes(variable);
  if (expand_static && expand_dynamic) return StaticMemoryPolicy::expand_static_and_dynamic_shape;
  if (expand_static) return StaticMemoryPolicy::expand_static_shape;
  if (expand_dynamic) return StaticMemoryPolicy::expand_dynamic_shape;
  return StaticMemoryPolicy::dynamic;
}

enum class TargetRuntime : std::uint8_t { any, tf1, ge, tf2 };

// Where the configuration will run. Views only: the caller owns the strings.
struct ValidationContext {
  const ProductInfo* product = nullptr;  // a row of `products` (product_from_name); nullptr: not given
  std::string_view soc_version;          // empty: not given; with `product`, they must agree
  bool concurrent_graphs = false;
  TargetRuntime target = TargetRuntime::any;
  const char* ge_use_static_memory = nullptr;  // the variable's value, as std::getenv gives it; nullptr: not set
};

namespace detail {

[[nodiscard]] inline std::string describe_code(Field field, std::uint8_t code) {
  return describe_value(field, *value_of(field, code));
}

// Precondition: the field is set.
[[nodiscard]] inline std::string describe_field(const MemoryConfig& config, Field field) {
  return describe_value(field, *field_value(config, field));
}

// "atlas-350, atlas-a3, atlas-a2": the products for which `has` holds.
[[nodiscard]] inline std::string product_names(bool ProductInfo::*has) {
  std::string names;
  for (const ProductInfo& info : products) {
    if (info.*has) names.append(names.empty() ? "" : ", ").append(info.name);
  }
  return names;
}

[[nodiscard]] inline std::string describe_product(const ProductInfo& product) {
  return concat({product.name, " (", product.description, ")"});
}

inline void check_product(const MemoryConfig& config, const ProductInfo& product, std::string_view source,
                          std::vector<Diagnostic>& out) {
  if (!product.supports_memory_config) {
    out.push_back({Severity::error, DiagnosticCode::unsupported_product, std::string(source), "product",
                   std::string(product.name),
                   concat({"MemoryConfig is not supported on ", describe_product(product), "; it is supported on ",
                           product_names(&ProductInfo::supports_memory_config)})});
    return;
  }
  const Field huge_page = Field::variable_use_1g_huge_page;
  if (!product.supports_1g_huge_page && config.variable_use_1g_huge_page != default_value<HugePagePolicy>()) {
    out.push_back({Severity::error, DiagnosticCode::unsupported_product, std::string(source),
                   std::string(field_name(huge_page)), describe_field(config, huge_page),
                   concat({describe_field(config, huge_page), " is not supported on ", describe_product(product),
                           "; use ", describe_code(huge_page, field_info(huge_page).default_code), ", or run on ",
                           product_names(&ProductInfo::supports_1g_huge_page)})});
  }
}

// The product the context names, reporting an unknown SoC or a mismatch.
[[nodiscard]] inline const ProductInfo* context_product(const ValidationContext& context, std::string_view source,
                                                        std::vector<Diagnostic>& out) {
  if (context.soc_version.empty()) return context.product;
  const ProductInfo* from_soc = product_from_soc(context.soc_version);
  if (from_soc == nullptr) {
    out.push_back({Severity::warning, DiagnosticCode::unknown_soc, std::string(source), "soc_version",
                   quote(context.soc_version),
                   concat({quote(context.soc_version),
                           " is not a SoC version the product rules know; no product rule was applied"})});
    return context.product;
  }
  if (context.product != nullptr && context.product->product != from_soc->product) {
    out.push_back({Severity::error, DiagnosticCode::product_mismatch, std::string(source), "soc_version",
                   quote(context.soc_version),
                   concat({quote(context.soc_version), " is a chip of ", describe_product(*from_soc),
                           ", but the product given is ", describe_product(*context.product)})});
    return nullptr;
  }
  return from_soc;
}

inline void check_static_memory(const MemoryConfig& config, const ValidationContext& context, std::string_view source,
                                std::vector<Diagnostic>& out) {
  const FieldInfo& field = field_info(Field::static_memory_policy);
  const std::string option_text = describe_field(config, Field::static_memory_policy);
  const std::string env_name(keys::ge_use_static_memory_env);
  const char* env = context.ge_use_static_memory;
  if (env != nullptr && !engine_reads_static_memory_env(env)) {
    out.push_back({Severity::warning, DiagnosticCode::environment_ignored, env_name, std::string(field.name),
                   quote(env),
                   concat({quote(env), R"( is ignored by the engine, which reads only "0" to "4"; )", field.name, " ",
                           option_text, " applies as set"})});
    env = nullptr;
  }
  const StaticMemoryPolicy effective = effective_static_memory_policy(config.static_memory_policy, env);
  const std::string effective_text = describe_code(field.field, static_cast<std::uint8_t>(effective));
  // Only a value the engine reads can change the policy.
  const bool changed_by_env = env != nullptr && effective != config.static_memory_policy;
  if (changed_by_env) {
    out.push_back({Severity::warning, DiagnosticCode::environment_changes, env_name, std::string(field.name),
                   quote(env),
                   concat({quote(env), " combined with ", field.name, " ", option_text, " from ", source,
                           " makes the engine run ", effective_text})});
  }
  if (context.concurrent_graphs && expands_static_shapes(effective)) {
    std::string message = concat({effective_text, " is not supported when graphs execute concurrently"});
    if (changed_by_env) {
      message += concat({" (the option is ", option_text, "; ", env_name, "=", env, " makes it ", effective_text, ")"});
    }
    message +=
        concat({"; use ", describe_code(field.field, static_cast<std::uint8_t>(StaticMemoryPolicy::dynamic)), " or ",
                describe_code(field.field, static_cast<std::uint8_t>(StaticMemoryPolicy::expand_dynamic_shape))});
    out.push_back({Severity::error, DiagnosticCode::concurrent_graphs, std::string(source), std::string(field.name),
                   option_text, std::move(message)});
  }
}

// Warnings for policies known to cost performance (spec 3).
inline void check_costly_policies(const MemoryConfig& config, std::string_view source, std::vector<Diagnostic>& out) {
  for (const FieldInfo& field : fields) {
    const ValueInfo* value = field_value(config, field.field);
    if (value == nullptr || !value->costs_performance) continue;
    const std::string described = describe_value(field.field, *value);
    out.push_back({Severity::warning, DiagnosticCode::costly_policy, std::string(source), std::string(field.name),
                   described, concat({described, " may cost performance"})});
  }
}

// A field that holds a code with no row in its table (an integer cast into
// the enumeration by a C API, a database, a binding): an error naming the
// field and the code. True when every field holds a value.
inline bool check_codes(const MemoryConfig& config, std::string_view source, std::vector<Diagnostic>& out) {
  bool all_values = true;
  for (const FieldInfo& field : fields) {
    if (holds_table_value(config, field.field)) continue;
    all_values = false;
    const std::string given = std::to_string(field_code(config, field.field));
    out.push_back({Severity::error, DiagnosticCode::invalid_value, std::string(source), std::string(field.name), given,
                   concat({given, " is not allowed; use ", allowed_values_text(field.field)})});
  }
  return all_values;
}

}  // namespace detail

// Every problem of `config` in `context`: errors and warnings, in the order
// product, static memory (environment, concurrent graphs), target runtime,
// costly policies. `source` names where the config came from. A field that
// holds no value of its table is reported first, and nothing else is checked.
[[nodiscard]] inline std::vector<Diagnostic> validate(const MemoryConfig& config, const ValidationContext& context = {},
                                                      std::string_view source = "config") {
  std::vector<Diagnostic> out;
  if (!detail::check_codes(config, source, out)) return out;
  if (const ProductInfo* product = detail::context_product(context, source, out)) {
    detail::check_product(config, *product, source, out);
  }
  detail::check_static_memory(config, context, source, out);
  if (context.target == TargetRuntime::tf2) {
    for (const FieldInfo& field : fields) {
      if (field.in_tf2 || field_value(config, field.field) == nullptr) continue;
      out.push_back({Severity::error, DiagnosticCode::unsupported_option, std::string(source), std::string(field.name),
                     detail::describe_field(config, field.field),
                     detail::concat({"the TF2 adapter has no ", field.name, " option; ",
                                     detail::describe_field(config, field.field),
                                     " cannot be expressed there (unset it, or target TF1 or GE)"})});
    }
  }
  detail::check_costly_policies(config, source, out);
  return out;
}

NPU_MEMORY_CONFIG_NAMESPACE_END
