// Validation where the config runs: products and SoC versions, concurrent
// graphs, GE_USE_STATIC_MEMORY, CANN releases, targets and costly policies.
// What each diagnostic says is pinned in messages_test.cpp; here, which
// diagnostics come, about which field, from which source.
#include <catch2/catch.hpp>

#include <map>
#include <optional>
#include <string>
#include <vector>

#include <npu/memory_config.hpp>
#include <npu/memory_config/settings/ostream.hpp>
#include <npu/memory_config/validation/contradictions.hpp>
#include <npu/memory_config/validation/field_text.hpp>
#include <npu/memory_config/validation/text.hpp>

#include "all_configs.hpp"
#include "diagnostics.hpp"

using namespace npu;
using test::codes_of;
using test::of_code;
using test::with_static;
using Code = DiagnosticCode;

namespace {

ValidationContext on(Form target) {
  ValidationContext context;
  context.target = target;
  return context;
}

ValidationContext in_release(const char* release) {
  ValidationContext context;
  context.cann_release = CannRelease::parse(release);
  REQUIRE(context.cann_release);
  return context;
}

}  // namespace

TEST_CASE("unsupported products: the defaults warn, each other setting is an error", "[validate][product]") {
  for (const Product product : {Product::atlas_200i_500_a2, Product::atlas_inference}) {
    ValidationContext context;
    context.product = product;
    const Diagnostic& defaults = test::only(validate(MemoryConfig{}, context, "job.json"));
    CHECK(defaults.severity == Severity::warning);
    CHECK(defaults.code == Code::unsupported_product);
    CHECK(defaults.key == "product");
    CHECK(defaults.value == enum_name(product));

    MemoryConfig config;
    config.static_memory_policy = StaticMemoryPolicy::expand_dynamic_shape;
    config.memory_optimization_policy = MemoryOptimizationPolicy::balance_mode;
    const auto errors = of_code(validate(config, context, "job.json"), Code::unsupported_product);
    REQUIRE(errors.size() == 2);  // one for each field set, none for the config as a whole
    CHECK(errors[0].key == "static_memory_policy");
    CHECK(errors[0].severity == Severity::error);
    CHECK(errors[1].key == "memory_optimization_policy");
    CHECK(errors[1].value == "\"BalanceMode\"");
  }
  ValidationContext a2;
  a2.product = Product::atlas_a2;
  CHECK(validate(MemoryConfig{}, a2).empty());
}

TEST_CASE("1 GB huge pages: not on atlas-training", "[validate][product]") {
  MemoryConfig config;
  config.variable_use_1g_huge_page = HugePagePolicy::prefer_1g;
  ValidationContext context;
  context.product = Product::atlas_training;
  const Diagnostic& error = test::only(validate(config, context, "job.json"));
  CHECK(error.code == Code::unsupported_product);
  CHECK(error.key == "variable_use_1g_huge_page");
  CHECK(error.value == "2 (prefer_1g)");
  for (const Product supported : {Product::atlas_350, Product::atlas_a3, Product::atlas_a2}) {
    context.product = supported;
    CHECK(validate(config, context).empty());
  }
  context.product = Product::atlas_training;
  CHECK(validate(MemoryConfig{}, context).empty());
}

TEST_CASE("a SoC version selects the product, an unknown one warns, one of another product is an error",
          "[validate][product]") {
  MemoryConfig config;
  config.variable_use_1g_huge_page = HugePagePolicy::require_1g;
  ValidationContext context;
  context.soc_version = "Ascend910A";  // atlas-training
  CHECK(codes_of(validate(config, context)) == std::vector<Code>{Code::unsupported_product});
  context.soc_version = "Ascend910B3";
  CHECK(validate(config, context).empty());

  context.soc_version = "ascend910b3";
  const Diagnostic& unknown = test::only(validate(config, context));
  CHECK(unknown.severity == Severity::warning);
  CHECK(unknown.code == Code::unknown_soc);
  CHECK(unknown.value == "\"ascend910b3\"");
  CHECK_THAT(unknown.message, Catch::Contains("\"Ascend910B3\""));  // the spelling it would know

  context.soc_version = "Ascend910B3";
  context.product = Product::atlas_a3;
  CHECK(codes_of(validate(config, context)) == std::vector<Code>{Code::product_mismatch});
  context.product = Product::atlas_a2;
  CHECK(validate(config, context).empty());
  context.soc_version = "Ascend999";  // an unknown chip leaves the product given
  context.product = Product::atlas_training;
  CHECK(codes_of(validate(config, context)) == std::vector<Code>{Code::unknown_soc, Code::unsupported_product});
}

TEST_CASE("concurrent graphs: static_memory_policy 2 and 4 are errors", "[validate][concurrent]") {
  ValidationContext context;
  context.concurrent_graphs = true;
  for (const StaticMemoryPolicy forbidden :
       {StaticMemoryPolicy::expand_static_shape, StaticMemoryPolicy::expand_static_and_dynamic_shape}) {
    const Diagnostic& error = test::only(of_code(validate(with_static(forbidden), context), Code::concurrent_graphs));
    CHECK(error.severity == Severity::error);
    CHECK(error.key == "static_memory_policy");
  }
  CHECK_FALSE(has_errors(validate(with_static(StaticMemoryPolicy::dynamic), context)));
  CHECK_FALSE(has_errors(validate(with_static(StaticMemoryPolicy::expand_dynamic_shape), context)));
  context.concurrent_graphs = false;
  CHECK_FALSE(has_errors(validate(with_static(StaticMemoryPolicy::expand_static_shape), context)));
}

TEST_CASE("concurrent graphs up to 8.0.RC3.alpha002 forbid only 2, later releases 2 and 4", "[validate][release]") {
  // What 4 with concurrent graphs is in each release: allowed (nullopt), an
  // error, or, where the 8.0.RC3 documents disagree, a warning. 2 is an
  // error in every release.
  struct Case {
    const char* release;
    std::optional<Severity> four;
  };
  for (const Case& c :
       {Case{"8.0.RC1", std::nullopt}, Case{"8.0.RC2", std::nullopt}, Case{"8.0.RC2.2", std::nullopt},
        Case{"8.0.RC3.alpha002", std::nullopt}, Case{"8.0.RC3.alpha003", Severity::error},
        Case{"8.0.RC3.beta1", Severity::error}, Case{"8.0.RC3", Severity::warning},
        Case{"8.0.RC3.1", Severity::warning}, Case{"8.0.RC4", Severity::error}, Case{"8.0.0.alpha001", Severity::error},
        Case{"8.0.0", Severity::error}, Case{"9.0.0", Severity::error}}) {
    INFO(c.release);
    ValidationContext context = in_release(c.release);
    context.concurrent_graphs = true;
    const std::vector<Diagnostic> four = of_code(
        validate(with_static(StaticMemoryPolicy::expand_static_and_dynamic_shape), context), Code::concurrent_graphs);
    if (c.four) {
      REQUIRE(four.size() == 1);
      CHECK(four[0].severity == *c.four);
    } else {
      CHECK(four.empty());
    }
    const std::vector<Diagnostic> two =
        of_code(validate(with_static(StaticMemoryPolicy::expand_static_shape), context), Code::concurrent_graphs);
    REQUIRE(two.size() == 1);
    CHECK(two[0].severity == Severity::error);
  }
  ValidationContext latest;  // no release: the latest rules
  latest.concurrent_graphs = true;
  CHECK(has_errors(validate(with_static(StaticMemoryPolicy::expand_static_and_dynamic_shape), latest)));
}

TEST_CASE(
    "GE_USE_STATIC_MEMORY: warned about when it changes the policy or is ignored, and it feeds the concurrency rule",
    "[validate][environment]") {
  ValidationContext context;
  context.ge_use_static_memory = "3";
  const auto changes = validate(with_static(StaticMemoryPolicy::expand_static_shape), context, "job.json");
  CHECK(codes_of(changes) == std::vector<Code>{Code::environment_changes});
  CHECK(changes[0].origin.source == "GE_USE_STATIC_MEMORY");
  CHECK(changes[0].value == "\"3\"");

  context.ge_use_static_memory = "0";
  CHECK(validate(MemoryConfig{}, context).empty());
  for (const char* unread : {"yes", "5", "9", "-1", "02", " 2", "2 ", ""}) {  // the engine reads exactly "0" to "4"
    INFO('"' << unread << '"');
    context.ge_use_static_memory = unread;
    const Diagnostic& ignored = test::only(validate(MemoryConfig{}, context));
    CHECK(ignored.code == Code::environment_ignored);
    CHECK(ignored.severity == Severity::warning);
  }

  // the option 3 is fine with concurrent graphs, but the engine runs 4
  context.ge_use_static_memory = "2";
  context.concurrent_graphs = true;
  CHECK(of_code(validate(with_static(StaticMemoryPolicy::expand_dynamic_shape), context), Code::concurrent_graphs)
            .size() == 1);
  context.ge_use_static_memory = "1";
  CHECK(has_errors(validate(MemoryConfig{}, context)));
}

TEST_CASE("GE_USE_STATIC_MEMORY beside a static_memory_policy other than 0 warns, even when it adds nothing",
          "[validate][environment]") {
  ValidationContext context;
  context.ge_use_static_memory = "2";
  CHECK(codes_of(validate(with_static(StaticMemoryPolicy::expand_static_shape), context, "job.json")) ==
        std::vector<Code>{Code::environment_beside_option});
  context.ge_use_static_memory = "1";  // the legacy 1 is 2 for the variable too
  CHECK(codes_of(validate(with_static(StaticMemoryPolicy::expand_static_shape), context)) ==
        std::vector<Code>{Code::environment_beside_option});
  context.ge_use_static_memory = "0";  // adds nothing, and says nothing
  CHECK(validate(with_static(StaticMemoryPolicy::expand_static_shape), context).empty());
  context.ge_use_static_memory = "2";  // beside 0 the variable alone decides: the change is what is said
  CHECK(codes_of(validate(MemoryConfig{}, context)) == std::vector<Code>{Code::environment_changes});
}

TEST_CASE("the legacy 1 meant static allocation up to 6.0.1, an alias of 2 after", "[validate][release]") {
  MemoryConfig config;
  Provenance provenance;
  REQUIRE(set_field_from_text(config, Field::static_memory_policy, "1", "--static-memory-policy", &provenance).size() ==
          1);
  ValidationContext context = in_release("6.0.1");
  const Diagnostic& error = test::only(validate(config, context, provenance));
  CHECK(error.code == Code::release_difference);
  CHECK(error.severity == Severity::error);
  CHECK(error.origin.source == "--static-memory-policy");
  context = in_release("6.3.RC1.alpha001");
  CHECK(validate(config, context, provenance).empty());
  provenance.of(Field::static_memory_policy).legacy_alias = false;  // 2 given as 2 expands in every release
  context = in_release("6.0.1");
  CHECK(validate(config, context, provenance).empty());
}

TEST_CASE("settings a release does not document are warned about, naming the field", "[validate][release]") {
  const auto warnings = [](const MemoryConfig& config, const char* release) {
    return of_code(validate(config, in_release(release), "job.json"), Code::release_difference);
  };
  const MemoryConfig four = with_static(StaticMemoryPolicy::expand_static_and_dynamic_shape);
  CHECK(test::only(warnings(four, "8.0.RC1.beta1")).key == "static_memory_policy");
  CHECK(warnings(four, "8.0.RC2").empty());
  CHECK(validate(with_static(StaticMemoryPolicy::expand_static_shape), in_release("6.0.1")).empty());

  MemoryConfig policy;
  policy.memory_optimization_policy = MemoryOptimizationPolicy::memory_priority;
  CHECK(test::only(warnings(policy, "6.3.RC1.alpha001")).key == "memory_optimization_policy");
  CHECK(warnings(policy, "6.3.RC1.alpha002").empty());
  CHECK(validate(MemoryConfig{}, in_release("6.0.1")).empty());  // unset: nothing to ignore

  MemoryConfig huge_pages;
  huge_pages.variable_use_1g_huge_page = HugePagePolicy::require_1g;
  CHECK(test::only(warnings(huge_pages, "8.1.0")).severity == Severity::warning);
  CHECK(warnings(huge_pages, "8.2.RC1.alpha002").empty());

  ValidationContext context = in_release("8.5.0");
  context.product = Product::atlas_350;
  const Diagnostic& product = test::only(validate(MemoryConfig{}, context, "job.json"));
  CHECK(product.key == "product");
  CHECK(product.value == "atlas-350");
  context = in_release("9.0.0");
  context.product = Product::atlas_350;
  CHECK(validate(MemoryConfig{}, context).empty());
  context = in_release("8.5.0");
  context.soc_version = "Ascend950PR";  // the product follows from the chip too
  CHECK(of_code(validate(MemoryConfig{}, context), Code::release_difference).size() == 1);
}

TEST_CASE("TF2 as the target: a set policy is an error, never a silent drop", "[validate][target]") {
  MemoryConfig config;
  config.memory_optimization_policy = MemoryOptimizationPolicy::memory_priority;
  const Diagnostic& error = test::only(validate(config, on(Form::tf2)));
  CHECK(error.code == Code::unsupported_option);
  CHECK(error.key == "memory_optimization_policy");
  CHECK(validate(config, on(Form::tf1)).empty());
  CHECK(validate(config, on(Form::mindspore)).empty());
}

TEST_CASE("torchair: given settings it cannot honour are errors, defaults only warnings", "[validate][target]") {
  const ValidationContext torchair = on(Form::torchair);
  // Runnable: static 2 or 4, atomic 1, huge page 0, and the policy
  // MemoryPriority, or unset, which leaves torchair's choice to stand.
  std::size_t runnable = 0;
  for (const MemoryConfig& config : test::all_configs()) {
    INFO(config);
    const bool expected = (config.static_memory_policy == StaticMemoryPolicy::expand_static_shape ||
                           config.static_memory_policy == StaticMemoryPolicy::expand_static_and_dynamic_shape) &&
                          config.atomic_clean_policy == AtomicCleanPolicy::separate &&
                          config.memory_optimization_policy != MemoryOptimizationPolicy::balance_mode &&
                          config.variable_use_1g_huge_page == HugePagePolicy::system_default;
    const bool passes = !has_errors(validate(config, torchair, "job.json"));
    CHECK(passes == expected);
    runnable += passes ? 1 : 0;
  }
  CHECK(runnable == 4);

  const auto defaults = validate(MemoryConfig{}, torchair, Provenance{});
  CHECK(codes_of(defaults) ==
        std::vector<Code>{Code::unsupported_option, Code::unsupported_option, Code::unsupported_option});
  CHECK(test::keys_of(defaults) ==
        std::vector<std::string>{"atomic_clean_policy", "static_memory_policy", "memory_optimization_policy"});
  CHECK(test::count(defaults, Severity::warning) == 3);

  MemoryConfig unset{AtomicCleanPolicy::separate, StaticMemoryPolicy::expand_static_shape, std::nullopt,
                     HugePagePolicy::system_default};
  const Diagnostic& warning = test::only(validate(unset, torchair, "job.json"));  // an unset policy given: a warning
  CHECK(warning.severity == Severity::warning);
  CHECK(warning.key == "memory_optimization_policy");
}

TEST_CASE("torchair: two unsupported options with one code, each its own remedies", "[validate][target][fix]") {
  // Remedies are settled per setting: the huge page's advice is not the
  // static policy's, though both are unsupported_option.
  const MemoryConfig config{AtomicCleanPolicy::separate, StaticMemoryPolicy::expand_dynamic_shape,
                            MemoryOptimizationPolicy::memory_priority, HugePagePolicy::prefer_1g};
  const auto found = validate(config, on(Form::torchair), "job.json");
  REQUIRE(found.size() == 2);
  std::map<std::string, std::vector<std::string>> remedies;
  for (const Diagnostic& diagnostic : found) {
    CHECK(diagnostic.code == Code::unsupported_option);
    for (const Remedy& remedy : diagnostic.fix) remedies[diagnostic.key].push_back(remedy.text());
  }
  CHECK(remedies == std::map<std::string, std::vector<std::string>>{
                        {"static_memory_policy",
                         {"static_memory_policy 2 (expand_static_shape)",
                          "static_memory_policy 4 (expand_static_and_dynamic_shape)", "static_memory_policy removed"}},
                        {"variable_use_1g_huge_page",
                         {"variable_use_1g_huge_page 0 (system_default)", "variable_use_1g_huge_page removed"}}});
  for (const Diagnostic& diagnostic : found) {
    INFO(diagnostic.message);
    CHECK_THAT(diagnostic.message, Catch::EndsWith(diagnostic.key == "static_memory_policy"
                                                       ? "; use 2 (expand_static_shape) or 4 "
                                                         "(expand_static_and_dynamic_shape), or remove it, or target "
                                                         "tf1, ge, tf2, mindspore or mslite"
                                                       : "; use 0 (system_default), or remove it, or target tf1, ge, "
                                                         "tf2, mindspore or mslite"));
  }
}

TEST_CASE("torchair: the variable is the lever, not a conflict", "[validate][target][environment]") {
  ValidationContext torchair = on(Form::torchair);
  const MemoryConfig runnable_2{AtomicCleanPolicy::separate, StaticMemoryPolicy::expand_static_shape,
                                MemoryOptimizationPolicy::memory_priority, HugePagePolicy::system_default};
  MemoryConfig runnable_4 = runnable_2;
  runnable_4.static_memory_policy = StaticMemoryPolicy::expand_static_and_dynamic_shape;
  torchair.ge_use_static_memory = "2";  // no beside-option warning: the variable is how a torchair job sets it
  CHECK(validate(runnable_2, torchair, "job.json").empty());
  CHECK(of_code(validate(runnable_4, torchair, "job.json"), Code::environment_changes).empty());  // exported instead
  torchair.ge_use_static_memory = "yes";  // replaced by the exported 3: the engine never sees it
  CHECK(of_code(validate(runnable_4, torchair, "job.json"), Code::environment_ignored).empty());
  torchair.ge_use_static_memory = "3";  // an inherited value that changes the result
  const Diagnostic& changes =
      test::only(of_code(validate(runnable_2, torchair, "job.json"), Code::environment_changes));
  CHECK_THAT(changes.message, Catch::Contains("from torchair"));
  torchair.ge_use_static_memory = "yes";
  CHECK(of_code(validate(runnable_2, torchair, "job.json"), Code::environment_ignored).size() == 1);
  ValidationContext ge = on(Form::ge);  // the same variable beside the GE option: the conflict
  ge.ge_use_static_memory = "2";
  CHECK(of_code(validate(runnable_2, ge, "job.json"), Code::environment_beside_option).size() == 1);
  torchair.ge_use_static_memory.reset();  // concurrent graphs see what the engine runs: torchair's 2
  torchair.concurrent_graphs = true;
  CHECK(of_code(validate(runnable_2, torchair, "job.json"), Code::concurrent_graphs).size() == 1);
}

TEST_CASE("costly policies are warnings about the user's choices", "[validate][costly]") {
  std::size_t warned = 0;
  for (const MemoryConfig& config : test::all_configs()) {
    const auto diagnostics = validate(config);
    CHECK_FALSE(has_errors(diagnostics));
    const bool costly = config.atomic_clean_policy == AtomicCleanPolicy::separate ||
                        config.static_memory_policy == StaticMemoryPolicy::expand_dynamic_shape ||
                        config.static_memory_policy == StaticMemoryPolicy::expand_static_and_dynamic_shape;
    CHECK(of_code(diagnostics, Code::costly_policy).empty() == !costly);
    warned += costly ? 1 : 0;
  }
  CHECK(warned == 72 - 1 * 2 * 3 * 3);  // all but centralized with 0 or 2

  MemoryConfig two = with_static(StaticMemoryPolicy::expand_static_and_dynamic_shape);
  two.atomic_clean_policy = AtomicCleanPolicy::separate;
  CHECK(test::keys_of(of_code(validate(two), Code::costly_policy)) ==
        std::vector<std::string>{"atomic_clean_policy", "static_memory_policy"});

  const MemoryConfig separate{AtomicCleanPolicy::separate, StaticMemoryPolicy::expand_static_shape,
                              MemoryOptimizationPolicy::memory_priority, HugePagePolicy::system_default};
  // torchair forces atomic 1: not the user's choice there
  CHECK(of_code(validate(separate, on(Form::torchair), "job.json"), Code::costly_policy).empty());
  CHECK(of_code(validate(separate, on(Form::ge), "job.json"), Code::costly_policy).size() == 1);
  // 4 through torchair's lever is a choice; 3, which torchair cannot run, is an error, not a cost
  MemoryConfig asks_4 = separate;
  asks_4.static_memory_policy = StaticMemoryPolicy::expand_static_and_dynamic_shape;
  CHECK(test::only(of_code(validate(asks_4, on(Form::torchair), "job.json"), Code::costly_policy)).key ==
        "static_memory_policy");
  MemoryConfig asks_3 = separate;
  asks_3.static_memory_policy = StaticMemoryPolicy::expand_dynamic_shape;
  CHECK(of_code(validate(asks_3, on(Form::torchair), "job.json"), Code::costly_policy).empty());
  // a value no input gave (a framework's default a reader filled in) is no choice
  Provenance filled_in;
  filled_in.config_source = "ascend_config.json";
  filled_in.of(Field::atomic_clean_policy).origin.source = "MindSpore's defaults";
  CHECK(of_code(validate(separate, on(Form::mindspore), filled_in), Code::costly_policy).empty());
}

TEST_CASE("each diagnostic names the source of its field's value, and the config's for the rest",
          "[validate][provenance]") {
  MemoryConfig config = with_static(StaticMemoryPolicy::expand_static_and_dynamic_shape);
  config.atomic_clean_policy = AtomicCleanPolicy::separate;
  Provenance provenance;
  provenance.config_source = "job.json";
  provenance.of(Field::atomic_clean_policy) = {true, {{}, {}, {}, {4, 3}}, false};
  provenance.of(Field::static_memory_policy) = {true, {"--static-memory-policy", {}, {}, {}}, false};
  ValidationContext context;
  context.concurrent_graphs = true;
  context.soc_version = "Ascend999X";
  const std::vector<Diagnostic> diagnostics = validate(config, context, provenance);
  CHECK(codes_of(diagnostics) ==
        std::vector<Code>{Code::unknown_soc, Code::concurrent_graphs, Code::costly_policy, Code::costly_policy});
  CHECK(diagnostics[0].origin.source == "job.json");
  CHECK(diagnostics[1].origin.source == "--static-memory-policy");
  CHECK(diagnostics[2].origin.source == "job.json");
  CHECK(diagnostics[2].origin.position == SourcePosition{4, 3});  // also when found later, in context
  CHECK(diagnostics[3].origin.source == "--static-memory-policy");

  ValidationContext inference;
  inference.product = Product::atlas_inference;
  MemoryConfig huge_pages;
  huge_pages.variable_use_1g_huge_page = HugePagePolicy::prefer_1g;
  CHECK(validate(huge_pages, inference, Provenance{}).at(0).origin.source == "defaults");
  CHECK(validate(huge_pages, inference, "job.json").at(0).origin.source == "job.json");
  CHECK(validate(huge_pages, inference).at(0).origin.source == "config");
}

TEST_CASE("why a target runs another value", "[validate][target]") {
  CHECK_FALSE(text::runtime_difference(Form::torchair, Field::atomic_clean_policy).empty());
  CHECK_FALSE(text::runtime_difference(Form::tf2, Field::memory_optimization_policy).empty());
  CHECK(text::runtime_difference(Form::mindspore, Field::atomic_clean_policy).empty());
  CHECK(text::runtime_difference(Form::tf1, Field::static_memory_policy).empty());
}

TEST_CASE("GE_USE_STATIC_MEMORY=1 up to 6.0.1 is the error its option 1 is there", "[validate][release]") {
  ValidationContext context = in_release("6.0.1");
  context.ge_use_static_memory = "1";
  const std::vector<Diagnostic> old = of_code(validate(MemoryConfig{}, context), Code::release_difference);
  REQUIRE(old.size() == 1);
  CHECK(old[0].severity == Severity::error);
  CHECK(old[0].origin.source == "GE_USE_STATIC_MEMORY");
  context.ge_use_static_memory = "2";
  CHECK(of_code(validate(MemoryConfig{}, context), Code::release_difference).empty());
}

// A static 1 that the release's error calls static allocation is not also
// the legacy alias of 2: only an error about the same value takes the
// warning away.
TEST_CASE("without_contradictions drops a legacy warning only where an error about its value says otherwise",
          "[validate]") {
  const Origin here{"job.json", {}, {}, {2, 3}};
  const Diagnostic legacy{Severity::warning, Code::legacy_value,         here, "static_memory_policy", "1",
                          "legacy",          Field::static_memory_policy};
  const Diagnostic release_error{Severity::error, Code::release_difference,   here, "static_memory_policy", "1",
                                 "error",         Field::static_memory_policy};
  const auto codes = [](const std::vector<Diagnostic>& diagnostics) {
    std::vector<std::string> out;
    out.reserve(diagnostics.size());
    for (const Diagnostic& diagnostic : diagnostics) out.emplace_back(enum_name(diagnostic.code));
    return out;
  };
  using Codes = std::vector<std::string>;
  CHECK(codes(without_contradictions({legacy, release_error})) == Codes{"release_difference"});
  CHECK(codes(without_contradictions({release_error, legacy})) == Codes{"release_difference"});
  // A warning of the release, another field, another place, another code: kept.
  Diagnostic release_warning = release_error;
  release_warning.severity = Severity::warning;
  CHECK(codes(without_contradictions({legacy, release_warning})) == Codes{"legacy_value", "release_difference"});
  Diagnostic other_field = release_error;
  other_field.field = Field::atomic_clean_policy;
  CHECK(codes(without_contradictions({legacy, other_field})) == Codes{"legacy_value", "release_difference"});
  Diagnostic elsewhere = release_error;
  elsewhere.origin.position = {3, 3};
  CHECK(codes(without_contradictions({legacy, elsewhere})) == Codes{"legacy_value", "release_difference"});
  Diagnostic other_code = release_error;
  other_code.code = Code::invalid_value;
  CHECK(codes(without_contradictions({legacy, other_code})) == Codes{"legacy_value", "invalid_value"});
  // Only the legacy warning goes: another warning at the place stays.
  Diagnostic costly = legacy;
  costly.code = Code::costly_policy;
  CHECK(codes(without_contradictions({costly, release_error})) == Codes{"costly_policy", "release_difference"});
}
