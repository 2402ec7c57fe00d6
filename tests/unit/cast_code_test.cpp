// Integers cast into the enumerations that are no value of them, as a C API,
// a database or a binding may hand over: validate() names the field and the
// code, and no function crashes, reads out of bounds or drops the field
// without a word (the serializers' precondition is holds_table_values()).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include <npu/memory_config.hpp>
#include <npu/memory_config/forms/detail/mslite_form.hpp>
#include <npu/memory_config/forms/detail/tf1_form.hpp>
#include <npu/memory_config/forms/tf1_parameter_map.hpp>
#include <npu/memory_config/settings/ostream.hpp>

using namespace npu;

namespace {

std::optional<Field> field_named(std::string_view name) {
  for (const detail::FieldInfo& field : detail::fields) {
    if (field.name == name) return field.field;
  }
  return std::nullopt;
}

// A config with one field set to a code that is no value of its table.
struct CastCase {
  const char* name;    // the field's name: the JSON, TF1 and TF2 key
  const char* ge_key;  // the field's GE option
  MemoryConfig config;
};

std::vector<CastCase> cast_cases() {
  std::vector<CastCase> cases;
  for (const int code : {1, 5, 7, 255}) {
    MemoryConfig config;
    config.static_memory_policy = static_cast<StaticMemoryPolicy>(code);
    cases.push_back({"static_memory_policy", "ge.exec.staticMemoryPolicy", config});
  }
  for (const int code : {2, 255}) {
    MemoryConfig config;
    config.atomic_clean_policy = static_cast<AtomicCleanPolicy>(code);
    cases.push_back({"atomic_clean_policy", "ge.exec.atomicCleanPolicy", config});
  }
  for (const int code : {2, 255}) {
    MemoryConfig config;
    config.memory_optimization_policy = static_cast<MemoryOptimizationPolicy>(code);
    cases.push_back({"memory_optimization_policy", "ge.exec.memoryOptimizationPolicy", config});
  }
  for (const int code : {3, 255}) {
    MemoryConfig config;
    config.variable_use_1g_huge_page = static_cast<HugePagePolicy>(code);
    cases.push_back({"variable_use_1g_huge_page", "ge.variableUse1gHugePage", config});
  }
  return cases;
}

}  // namespace

TEST_CASE("a code cast into an enumeration that is no value is an error, never a crash", "[cast-code]") {
  ValidationContext everything;
  everything.product = Product::atlas_training;
  everything.concurrent_graphs = true;
  everything.target = Form::tf2;
  everything.ge_use_static_memory = "2";
  for (const CastCase& cast : cast_cases()) {
    INFO(cast.name << " " << cast.config);
    for (const ValidationContext& context : {ValidationContext{}, everything}) {
      const std::vector<Diagnostic> diagnostics = validate(cast.config, context);
      REQUIRE(diagnostics.size() == 1);  // and nothing else is checked
      CHECK(diagnostics[0].code == DiagnosticCode::invalid_value);
      CHECK(diagnostics[0].severity == Severity::error);
      CHECK(diagnostics[0].key == cast.name);
      CHECK(diagnostics[0].value == std::to_string(*cast.config.code(*field_named(cast.name))));
    }
  }

  MemoryConfig all_bad;
  all_bad.atomic_clean_policy = static_cast<AtomicCleanPolicy>(255);
  all_bad.static_memory_policy = static_cast<StaticMemoryPolicy>(255);
  all_bad.memory_optimization_policy = static_cast<MemoryOptimizationPolicy>(255);
  all_bad.variable_use_1g_huge_page = static_cast<HugePagePolicy>(255);
  const std::vector<Diagnostic> diagnostics = validate(all_bad, everything);
  REQUIRE(diagnostics.size() == 4);  // one for each field, in table order
  CHECK(diagnostics[0].key == "atomic_clean_policy");
  CHECK(diagnostics[1].key == "static_memory_policy");
  CHECK(diagnostics[2].key == "memory_optimization_policy");
  CHECK(diagnostics[3].key == "variable_use_1g_huge_page");
  for (const Diagnostic& diagnostic : diagnostics) CHECK(diagnostic.value == "255");
}

TEST_CASE("a config holding a cast code fails the serializers' precondition", "[cast-code]") {
  CHECK(detail::holds_table_values(MemoryConfig{}));
  for (const CastCase& cast : cast_cases()) {
    INFO(cast.name);
    CHECK_FALSE(detail::holds_table_values(cast.config));
  }
}

// A field left out runs the runtime's own value (MindSpore Lite's 2, the
// TF2 adapter's default): a writer writes such a config not at all, and
// validate() says why, first and alone.
TEST_CASE("the writers write nothing for a config holding a cast code, and validate names it", "[cast-code]") {
  MemoryConfig config;
  config.static_memory_policy = static_cast<StaticMemoryPolicy>(9);
  config.atomic_clean_policy = AtomicCleanPolicy::separate;
  CHECK(ge_options(config).global.empty());
  CHECK(ge_options(config).session.empty());
  CHECK(tf1_parameter_map(config).empty());
  CHECK_FALSE(tf2_options(config));
  CHECK(detail::mindspore_ascend_config(config).top_level.empty());
  CHECK(detail::mindspore_ascend_config(config).ge_global.empty());
  CHECK(detail::mslite_config_text(config).empty());
  CHECK(detail::tf1_session_config_text(config).empty());
  ValidationContext on_a2;
  on_a2.product = Product::atlas_a2;
  on_a2.concurrent_graphs = true;
  // No other check runs: atomic_clean_policy 1 is no costly_policy warning here.
  const std::vector<Diagnostic> problems = validate(config, on_a2, "launcher");
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].severity == Severity::error);
  CHECK(problems[0].key == "static_memory_policy");
  CHECK(problems[0].value == "9");
  CHECK(problems[0].origin.source == "launcher");
  CHECK(validate(MemoryConfig{}).empty());
  // The same config without the cast writes every field.
  config.static_memory_policy = StaticMemoryPolicy::expand_static_shape;
  CHECK(detail::mslite_config_text(config) ==
        "[ge_global_options]\nge.variableUse1gHugePage=0\n\n[ge_session_options]\nge.exec.atomicCleanPolicy=1\n"
        "ge.exec.staticMemoryPolicy=2\nge.variableUse1gHugePage=0\n");
}

TEST_CASE("every entry point takes every cast code without a crash", "[cast-code]") {
  // The sanitize stage runs this under AddressSanitizer and UndefinedBehaviorSanitizer.
  for (const CastCase& cast : cast_cases()) {
    INFO(cast.name);
    const GeOptions ge = ge_options(cast.config);
    CHECK(ge.global.count(std::string(cast.ge_key)) == 0);
    CHECK(ge.session.count(std::string(cast.ge_key)) == 0);
    CHECK(tf1_parameter_map(cast.config).count(std::string(cast.name)) == 0);
    if (const std::optional<std::map<std::string, std::string>> tf2 = tf2_options(cast.config))
      CHECK(tf2->count(std::string(cast.name)) == 0);
    const detail::MindSporeAscendConfig mindspore = detail::mindspore_ascend_config(cast.config);
    CHECK(mindspore.ge_global.count(std::string(cast.ge_key)) == 0);
    CHECK(detail::tf1_session_config_text(cast.config).find(cast.name) == std::string::npos);
    for (const char* environment : {"0", "2", "3", "4"}) {
      (void)effective_static_memory_policy(cast.config.static_memory_policy, environment);
      (void)effective_config(cast.config, Form::torchair, environment);
    }
  }
  CHECK(enum_name(static_cast<StaticMemoryPolicy>(7)).empty());
  CHECK(enum_name(static_cast<AtomicCleanPolicy>(2)).empty());
  CHECK(enum_name(static_cast<MemoryOptimizationPolicy>(2)).empty());
  CHECK(enum_name(static_cast<HugePagePolicy>(3)).empty());
  CHECK(detail::runtime_text(static_cast<StaticMemoryPolicy>(5)).empty());
  CHECK(detail::runtime_text(static_cast<AtomicCleanPolicy>(255)).empty());
  CHECK(detail::runtime_text(static_cast<MemoryOptimizationPolicy>(255)).empty());
  CHECK(detail::runtime_text(static_cast<HugePagePolicy>(3)).empty());
  CHECK(detail::field_runtime_text(cast_cases()[0].config, Field::static_memory_policy).empty());
  CHECK(detail::field_value(cast_cases()[0].config, Field::static_memory_policy) == nullptr);
  CHECK(cast_cases()[0].config.code(Field::static_memory_policy) == 1);
}
