// How the library's messages show text, as a program that writes its own
// messages beside them gets it (npu::text), and the table facts explain and
// the tool's prose read: a value by its code, a form's framework and own
// defaults, whether the engine reads the variable, the product of a SoC.
#include <catch2/catch.hpp>

#include <optional>
#include <string>

#include <npu/memory_config.hpp>
#include <npu/memory_config/validation/text.hpp>

using namespace npu;

TEST_CASE("a setting's value as messages show it", "[text]") {
  CHECK(text::value_text(Field::static_memory_policy, 3) == "3 (expand_dynamic_shape)");
  CHECK(text::value_text(Field::atomic_clean_policy, 0) == "0 (centralized)");
  CHECK(text::value_text(Field::memory_optimization_policy, 1) == "\"MemoryPriority\"");
  CHECK(text::value_text(Field::memory_optimization_policy, std::nullopt) == "unset (the runtime decides)");
}

TEST_CASE("why a form's runtime runs another value, and nothing where it carries the field", "[text]") {
  CHECK(text::runtime_difference(Form::torchair, Field::static_memory_policy) ==
        "torchair forces ge.exec.staticMemoryPolicy 2 (expand_static_shape), which GE_USE_STATIC_MEMORY can only "
        "turn into 4 (expand_static_and_dynamic_shape)");
  for (const Field field : enum_values<Field>()) {
    CHECK(text::runtime_difference(Form::json, field).empty());
    CHECK(text::runtime_difference(Form::ge, field).empty());
  }
}

TEST_CASE("the message helpers are the library's own", "[text]") {
  CHECK(text::quote("a\"b") == "\"a\\\"b\"");
  CHECK(text::single_line("a\nb") == "a\\x0ab");
  CHECK(text::character_count("\xe5\x86\x85x") == 2);
  CHECK(text::joined({"a", "b", "c"}, " and ") == "a, b and c");
  CHECK(text::form_names({Form::ge, Form::tf2}) == "ge or tf2");
  CHECK(text::is_near_miss("--fromat", "--format"));
  CHECK_FALSE(text::is_near_miss("--format", "--format"));
  CHECK(text::did_you_mean("\"x\"") == "did you mean \"x\"?");
}

TEST_CASE("a field's value by its code", "[text]") {
  const Description<Field>& policy = describe(Field::static_memory_policy);
  REQUIRE(policy.value(4) != nullptr);
  CHECK(policy.value(4)->name == "expand_static_and_dynamic_shape");
  CHECK(policy.value(0)->name == "dynamic");
  CHECK(policy.value(1) == nullptr);  // the legacy alias is no value
  CHECK(policy.value(5) == nullptr);
}

TEST_CASE("each form's framework, and what it runs for a field a text leaves out", "[text]") {
  CHECK(describe(Form::json).framework().empty());
  CHECK(describe(Form::tf2).framework() == "the TF2 adapter");
  CHECK(describe(Form::mslite).framework() == "MindSpore Lite");
  const Description<Form>& mindspore = describe(Form::mindspore);
  CHECK(mindspore.own_default(Field::atomic_clean_policy) == 1);
  CHECK(mindspore.own_default(Field::static_memory_policy) == 2);
  CHECK(mindspore.own_default(Field::memory_optimization_policy) == 1);
  CHECK_FALSE(mindspore.own_default(Field::variable_use_1g_huge_page));  // the engine's 0 too
  CHECK(describe(Form::mslite).own_default(Field::static_memory_policy) == 2);
  CHECK_FALSE(describe(Form::mslite).own_default(Field::atomic_clean_policy));
  for (const Field field : enum_values<Field>()) {
    CHECK_FALSE(describe(Form::json).own_default(field));
    CHECK_FALSE(describe(Form::ge).own_default(field));
    CHECK_FALSE(describe(Form::torchair).own_default(field));  // forced, not left out
  }
}

TEST_CASE("whether the engine acts on the variable as the job sets it", "[text]") {
  const MemoryConfig config;
  CHECK(static_memory_run(config, Form::ge, "3").variable_read);
  CHECK_FALSE(static_memory_run(config, Form::ge, " 3").variable_read);
  CHECK_FALSE(static_memory_run(config, Form::ge, std::nullopt).variable_read);
  CHECK(static_memory_run(config, Form::torchair, std::nullopt).variable_read == false);  // exports none for 0
}

TEST_CASE("the product a context's SoC names, and the rules' release without one", "[text]") {
  ValidationContext context;
  CHECK_FALSE(context.soc_product());
  context.soc_version = "Ascend910B2";
  CHECK(context.soc_product() == Product::atlas_a2);
  context.soc_version = "Ascend999";
  CHECK_FALSE(context.soc_product());
  CHECK(to_string(ValidationContext::newest_rules_release()) == "9.0.0");
}
