// Reading one value as an input gives it: what set_field_from_text takes
// from a person, and what every reader's values go through.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include <npu/memory_config.hpp>
#include <npu/memory_config/validation/field_text.hpp>

#include "diagnostics.hpp"

using namespace npu;
using detail::InputValue;
using detail::Spelling;

namespace {

struct Parsed {
  detail::ParsedValue value;
  std::vector<Diagnostic> diagnostics;
};

Parsed parse(Field field, const InputValue& input, Spelling spelling = Spelling::library) {
  Parsed out;
  out.value =
      detail::parse_field_value(detail::field_info(field), input, spelling, {"job.json", {}, {}, {}}, out.diagnostics);
  return out;
}

// `input` is refused with one error about `field`, showing `as_given`.
void check_rejected(Field field, const InputValue& input, const std::string& as_given,
                    DiagnosticCode code = DiagnosticCode::invalid_value) {
  const Parsed parsed = parse(field, input);
  CHECK_FALSE(parsed.value.valid);
  REQUIRE(parsed.diagnostics.size() == 1);
  const Diagnostic& d = parsed.diagnostics[0];
  CHECK(d.severity == Severity::error);
  CHECK(d.code == code);
  CHECK(d.origin.source == "job.json");
  CHECK(d.key == enum_name(field));
  CHECK(d.value == as_given);
}

}  // namespace

TEST_CASE("integers: the field's values only, never truncated", "[field_text]") {
  CHECK(parse(Field::static_memory_policy, InputValue::integer(3)).value.value->code == 3);
  CHECK(parse(Field::atomic_clean_policy, InputValue::unsigned_integer(1)).value.value->code == 1);
  check_rejected(Field::static_memory_policy, InputValue::integer(5), "5");
  check_rejected(Field::static_memory_policy, InputValue::integer(-2), "-2");
  check_rejected(Field::static_memory_policy, InputValue::unsigned_integer(4294967298ULL), "4294967298");  // 2 mod 2^32
  check_rejected(Field::atomic_clean_policy, InputValue::unsigned_integer(256 + 1), "257");                // 1 mod 2^8
  check_rejected(Field::variable_use_1g_huge_page, InputValue::integer(INT64_MIN), "-9223372036854775808");
  check_rejected(Field::static_memory_policy, InputValue::huge_integer("18446744073709551616"), "18446744073709551616");
  check_rejected(Field::static_memory_policy, InputValue::huge_integer("-18446744073709551618"),
                 "-18446744073709551618");
  check_rejected(Field::memory_optimization_policy, InputValue::integer(0), "0");
}

TEST_CASE("why an integer is refused: out of range, or not a string", "[field_text]") {
  const auto reason = [](Field field, const InputValue& input) {
    return parse(field, input).diagnostics.at(0).message;
  };
  CHECK_THAT(reason(Field::static_memory_policy, InputValue::huge_integer("18446744073709551616")),
             Catch::Contains("(out of range)") && !Catch::Contains("not an integer"));
  CHECK_THAT(reason(Field::static_memory_policy, InputValue::unsigned_integer(4294967298ULL)),
             !Catch::Contains("(out of range)"));
  CHECK_THAT(reason(Field::memory_optimization_policy, InputValue::integer(1)),
             Catch::Contains("(a string is expected)"));
  CHECK_THAT(reason(Field::static_memory_policy, InputValue::floating("2.0")), Catch::Contains("(not an integer)"));
}

TEST_CASE("not a float, not a boolean, not a container, not null", "[field_text]") {
  check_rejected(Field::static_memory_policy, InputValue::floating("2.0"), "2.0", DiagnosticCode::wrong_type);
  check_rejected(Field::atomic_clean_policy, InputValue::boolean(true), "true", DiagnosticCode::wrong_type);
  check_rejected(Field::atomic_clean_policy, InputValue::boolean(false), "false", DiagnosticCode::wrong_type);
  check_rejected(Field::variable_use_1g_huge_page, InputValue::object(), "an object", DiagnosticCode::wrong_type);
  check_rejected(Field::variable_use_1g_huge_page, InputValue::array(), "an array", DiagnosticCode::wrong_type);
  check_rejected(Field::static_memory_policy, InputValue::null(), "null", DiagnosticCode::wrong_type);
}

TEST_CASE("names and canonical decimal strings", "[field_text]") {
  CHECK(parse(Field::atomic_clean_policy, InputValue::string("separate")).value.value->code == 1);
  CHECK(parse(Field::static_memory_policy, InputValue::string("expand_dynamic_shape")).value.value->code == 3);
  CHECK(parse(Field::static_memory_policy, InputValue::string("2")).value.value->code == 2);
  CHECK(parse(Field::variable_use_1g_huge_page, InputValue::string("prefer_1g")).value.value->code == 2);
  // 2^64 + 2 and 2^64 + 3 would wrap around to 2 and 3 in 64 bits
  for (const char* bad : {" 2", "+2", "02", "2.0", "", "2 ", "-0", "0x2", "Separate", "two", "5",
                          "18446744073709551618", "18446744073709551619"}) {
    INFO(bad);
    check_rejected(Field::static_memory_policy, InputValue::string(bad), std::string("\"") + bad + "\"");
  }
}

TEST_CASE("memory_optimization_policy: the runtime's spellings, and null or (in maps) \"\" for unset", "[field_text]") {
  const Field field = Field::memory_optimization_policy;
  CHECK(parse(field, InputValue::string("BalanceMode")).value.value->code == 0);
  CHECK(parse(field, InputValue::string("MemoryPriority")).value.value->code == 1);
  const Parsed unset = parse(field, InputValue::null());
  CHECK(unset.value.valid);
  CHECK(unset.value.value == nullptr);
  CHECK(unset.diagnostics.empty());
  check_rejected(field, InputValue::string(""), R"("")");  // not in a config file
  const Parsed map_unset = parse(field, InputValue::string(""), Spelling::engine);
  CHECK(map_unset.value.valid);
  CHECK(map_unset.value.value == nullptr);
  CHECK_FALSE(parse(field, InputValue::null(), Spelling::engine).value.valid);
  // The library's own forms read the names it prints; the engine's do not.
  CHECK(parse(field, InputValue::string("memory_priority")).value.value->code == 1);
  CHECK(parse(field, InputValue::string("balance_mode")).value.value->code == 0);
  const Parsed engine_name = parse(field, InputValue::string("memory_priority"), Spelling::engine);
  CHECK_FALSE(engine_name.value.valid);
  REQUIRE(engine_name.diagnostics.size() == 1);
  CHECK(engine_name.diagnostics[0].code == DiagnosticCode::invalid_value);
  CHECK(engine_name.diagnostics[0].value == R"("memory_priority")");
}

TEST_CASE("engine spelling: the texts the engine compares, never a value's name", "[field_text]") {
  struct Case {
    Field field;
    const char* name;
  };
  for (const Case& c : {Case{Field::atomic_clean_policy, "separate"}, Case{Field::atomic_clean_policy, "centralized"},
                        Case{Field::static_memory_policy, "expand_static_shape"},
                        Case{Field::static_memory_policy, "expand_dynamic_shape"},
                        Case{Field::variable_use_1g_huge_page, "prefer_1g"}}) {
    CAPTURE(c.name);
    CHECK(parse(c.field, InputValue::string(c.name)).value.valid);  // a config file's spelling
    const Parsed engine = parse(c.field, InputValue::string(c.name), Spelling::engine);
    CHECK_FALSE(engine.value.valid);
    REQUIRE(engine.diagnostics.size() == 1);
    CHECK(engine.diagnostics[0].severity == Severity::error);
    CHECK(engine.diagnostics[0].value == std::string("\"") + c.name + "\"");
  }
  CHECK(parse(Field::static_memory_policy, InputValue::string("3"), Spelling::engine).value.value->code == 3);
  CHECK(parse(Field::static_memory_policy, InputValue::string("1"), Spelling::engine).value.legacy_alias);
  CHECK(parse(Field::atomic_clean_policy, InputValue::integer(1), Spelling::engine).value.value->code == 1);
}

TEST_CASE("python spelling: the library's texts, None for unset, messages in the caller's words", "[field_text]") {
  // The caller shows a value as its language writes it.
  InputValue none = InputValue::null();
  none.shown = "None";
  const Parsed atomic = parse(Field::atomic_clean_policy, none, Spelling::python);
  CHECK_FALSE(atomic.value.valid);
  REQUIRE(atomic.diagnostics.size() == 1);
  CHECK(atomic.diagnostics[0].value == "None");
  CHECK(atomic.diagnostics[0].message == "None is not allowed; use 0 (centralized) or 1 (separate)");
  const Parsed unset = parse(Field::memory_optimization_policy, none, Spelling::python);
  CHECK(unset.value.valid);
  CHECK(unset.value.value == nullptr);
  const Parsed fast = parse(Field::memory_optimization_policy, InputValue::string("Fast"), Spelling::python);
  REQUIRE(fast.diagnostics.size() == 1);
  CHECK(fast.diagnostics[0].message ==
        R"("Fast" is not allowed; use "BalanceMode" or "MemoryPriority", or None to leave it unset)");
  // Names, as in the library's own files, with their near misses.
  CHECK(parse(Field::static_memory_policy, InputValue::string("expand_static_shape"), Spelling::python)
            .value.value->code == 2);
  CHECK(parse(Field::static_memory_policy, InputValue::string("expand_static_shap"), Spelling::python)
            .diagnostics.at(0)
            .message.find("did you mean \"expand_static_shape\"") != std::string::npos);
}

TEST_CASE("full-width digits get a did-you-mean of their ASCII code", "[field_text]") {
  const Parsed one = parse(Field::atomic_clean_policy, InputValue::string("\xef\xbc\x91"), Spelling::engine);
  REQUIRE(one.diagnostics.size() == 1);
  CHECK_THAT(one.diagnostics[0].message, Catch::Contains("(did you mean \"1\"?)"));
  const Parsed three = parse(Field::static_memory_policy, InputValue::string("\xef\xbc\x93"));
  REQUIRE(three.diagnostics.size() == 1);
  CHECK_THAT(three.diagnostics[0].message, Catch::Contains("(did you mean \"3\"?)"));
  // No code of the field: no hint.
  const Parsed nine = parse(Field::static_memory_policy, InputValue::string("\xef\xbc\x99"));
  CHECK_THAT(nine.diagnostics.at(0).message, !Catch::Contains("did you mean"));
}

TEST_CASE("near misses get a did-you-mean naming the value meant, far misses none", "[field_text]") {
  const auto hint = [](Field field, const char* given) {
    return parse(field, InputValue::string(given)).diagnostics.at(0).message;
  };
  CHECK_THAT(hint(Field::memory_optimization_policy, "balancemode"), Catch::Contains("\"BalanceMode\"?"));
  CHECK_THAT(hint(Field::memory_optimization_policy, "MemoryPriorty"), Catch::Contains("\"MemoryPriority\"?"));
  CHECK_THAT(hint(Field::atomic_clean_policy, "seperate"), Catch::Contains("\"separate\"?"));
  CHECK_THAT(hint(Field::static_memory_policy, "Dynamic"), Catch::Contains("\"dynamic\"?"));
  CHECK_THAT(hint(Field::atomic_clean_policy, "aggressive"), !Catch::Contains("?"));
  CHECK_THAT(hint(Field::static_memory_policy, "7"), !Catch::Contains("?"));
}

TEST_CASE("the legacy static_memory_policy 1 is read as 2, with a warning", "[field_text]") {
  for (const InputValue& input : {InputValue::integer(1), InputValue::string("1")}) {
    const Parsed parsed = parse(Field::static_memory_policy, input);
    CHECK(parsed.value.valid);
    CHECK(parsed.value.legacy_alias);
    CHECK(parsed.value.value->code == 2);
    REQUIRE(parsed.diagnostics.size() == 1);
    CHECK(parsed.diagnostics[0].severity == Severity::warning);
    CHECK(parsed.diagnostics[0].code == DiagnosticCode::legacy_value);
  }
  check_rejected(Field::atomic_clean_policy, InputValue::integer(2), "2");  // no alias elsewhere
}

TEST_CASE("a field set from text: valid text changes the config, names the source", "[field_text]") {
  MemoryConfig config;
  CHECK(set_field_from_text(config, Field::static_memory_policy, "expand_dynamic_shape", "--static-memory-policy")
            .empty());
  CHECK(config.static_memory_policy == StaticMemoryPolicy::expand_dynamic_shape);
  CHECK(set_field_from_text(config, Field::memory_optimization_policy, "MemoryPriority", "--policy").empty());
  CHECK(config.memory_optimization_policy == MemoryOptimizationPolicy::memory_priority);
  CHECK(set_field_from_text(config, Field::memory_optimization_policy, "null", "--policy").empty());
  CHECK_FALSE(config.memory_optimization_policy);

  const MemoryConfig before = config;
  const std::vector<Diagnostic> refused = set_field_from_text(config, Field::atomic_clean_policy, "9", "MY_VARIABLE");
  CHECK(config == before);
  const Diagnostic& error = test::only(refused);
  CHECK(error.origin.source == "MY_VARIABLE");
  CHECK(error.key == "atomic_clean_policy");
  CHECK(error.value == "\"9\"");
  CHECK(
      test::of_code(set_field_from_text(config, Field::static_memory_policy, "1", "--s"), DiagnosticCode::legacy_value)
          .size() == 1);
  CHECK(config.static_memory_policy == StaticMemoryPolicy::expand_static_shape);
  CHECK(test::only(set_field_from_text(config, Field::atomic_clean_policy, "null", "--a")).code ==
        DiagnosticCode::wrong_type);  // only the policy can be unset
}
