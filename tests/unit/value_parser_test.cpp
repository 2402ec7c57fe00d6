#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include <npu/memory_config.hpp>

using namespace npu;
using detail::InputValue;
using detail::ParsedValue;
using detail::UnsetSpelling;

namespace {

struct Parsed {
  ParsedValue value;
  std::vector<Diagnostic> diagnostics;
};

Parsed parse(Field field, const InputValue& input, UnsetSpelling unset = UnsetSpelling::null) {
  Parsed out;
  out.value =
      detail::parse_field_value(field_info(field), input, unset, {"job.json", field_name(field), {}}, out.diagnostics);
  return out;
}

// What spec 2 allows for each field, as the diagnostics list it.
std::string allowed(Field field) {
  switch (field) {
    case Field::atomic_clean_policy:
      return "0 (centralized) or 1 (separate)";
    case Field::static_memory_policy:
      return "0 (dynamic), 2 (expand_static_shape), 3 (expand_dynamic_shape) or 4 (expand_static_and_dynamic_shape)";
    case Field::memory_optimization_policy:
      return R"("BalanceMode" or "MemoryPriority")";
    case Field::variable_use_1g_huge_page:
      break;
  }
  return "0 (system_default), 1 (require_1g) or 2 (prefer_1g)";
}

// `input` is refused with one error naming the field and `as_given`.
void check_rejected(Field field, const InputValue& input, const std::string& as_given) {
  const Parsed parsed = parse(field, input);
  CHECK_FALSE(parsed.value.valid);
  REQUIRE(parsed.diagnostics.size() == 1);
  const Diagnostic& d = parsed.diagnostics[0];
  CHECK(d.severity == Severity::error);
  CHECK(d.source == "job.json");
  CHECK(d.field == field_name(field));
  CHECK(d.value == as_given);
  CHECK_THAT(d.message, Catch::StartsWith(as_given + " is not allowed") && Catch::Contains("; use " + allowed(field)));
}

}  // namespace

TEST_CASE("integers: the field's values only (spec 2)", "[parse]") {
  CHECK(parse(Field::static_memory_policy, InputValue::integer(3)).value.value->code == 3);
  CHECK(parse(Field::atomic_clean_policy, InputValue::unsigned_integer(1)).value.value->code == 1);
  check_rejected(Field::static_memory_policy, InputValue::integer(5), "5");
  check_rejected(Field::static_memory_policy, InputValue::integer(-2), "-2");
  check_rejected(Field::static_memory_policy, InputValue::unsigned_integer(4294967298ULL), "4294967298");  // 2 mod 2^32
  check_rejected(Field::atomic_clean_policy, InputValue::unsigned_integer(256 + 1), "257");                // 1 mod 2^8
  check_rejected(Field::variable_use_1g_huge_page, InputValue::integer(INT64_MIN), "-9223372036854775808");
  check_rejected(Field::memory_optimization_policy, InputValue::integer(0), "0");
}

TEST_CASE("not a float, not a boolean, not a container (spec 2)", "[parse]") {
  check_rejected(Field::static_memory_policy, InputValue::floating("2.0"), "2.0");
  check_rejected(Field::atomic_clean_policy, InputValue::boolean(true), "true");
  check_rejected(Field::variable_use_1g_huge_page, InputValue::object(), "an object");
  check_rejected(Field::variable_use_1g_huge_page, InputValue::array(), "an array");
  check_rejected(Field::static_memory_policy, InputValue::null(), "null");
  CHECK(parse(Field::atomic_clean_policy, InputValue::boolean(false)).diagnostics[0].code ==
        DiagnosticCode::wrong_type);
  CHECK(parse(Field::atomic_clean_policy, InputValue::integer(7)).diagnostics[0].code == DiagnosticCode::invalid_value);
}

TEST_CASE("names and canonical decimal strings (spec 2)", "[parse]") {
  CHECK(parse(Field::atomic_clean_policy, InputValue::string("separate")).value.value->code == 1);
  CHECK(parse(Field::static_memory_policy, InputValue::string("expand_dynamic_shape")).value.value->code == 3);
  CHECK(parse(Field::static_memory_policy, InputValue::string("2")).value.value->code == 2);
  CHECK(parse(Field::variable_use_1g_huge_page, InputValue::string("prefer_1g")).value.value->code == 2);
  for (const char* bad : {" 2", "+2", "02", "2.0", "", "2 ", "-0", "0x2", "Separate", "two", "5"}) {
    INFO(bad);
    check_rejected(Field::static_memory_policy, InputValue::string(bad), std::string("\"") + bad + "\"");
  }
}

TEST_CASE("memory_optimization_policy: the runtime's spellings, null or (GE) \"\" for unset", "[parse]") {
  const Field field = Field::memory_optimization_policy;
  CHECK(parse(field, InputValue::string("BalanceMode")).value.value->code == 0);
  CHECK(parse(field, InputValue::string("MemoryPriority")).value.value->code == 1);
  const Parsed unset = parse(field, InputValue::null());
  CHECK(unset.value.valid);
  CHECK(unset.value.value == nullptr);
  CHECK(unset.diagnostics.empty());
  check_rejected(field, InputValue::string(""), R"("")");  // not in a JSON config
  const Parsed ge_unset = parse(field, InputValue::string(""), UnsetSpelling::empty_string);
  CHECK(ge_unset.value.valid);
  CHECK(ge_unset.value.value == nullptr);
  CHECK_FALSE(parse(field, InputValue::null(), UnsetSpelling::empty_string).value.valid);
  check_rejected(field, InputValue::string("memory_priority"),
                 R"("memory_priority")");  // a name, not the runtime spelling
}

TEST_CASE("near misses get a did-you-mean, far misses do not", "[parse]") {
  const auto hint = [](Field field, const char* given) {
    return parse(field, InputValue::string(given)).diagnostics.at(0).message;
  };
  CHECK_THAT(hint(Field::memory_optimization_policy, "balancemode"), Catch::Contains("did you mean \"BalanceMode\"?"));
  CHECK_THAT(hint(Field::memory_optimization_policy, "MemoryPriorty"),
             Catch::Contains("did you mean \"MemoryPriority\"?"));
  CHECK_THAT(hint(Field::atomic_clean_policy, "seperate"), Catch::Contains("did you mean \"separate\"?"));
  CHECK_THAT(hint(Field::static_memory_policy, "Dynamic"), Catch::Contains("did you mean \"dynamic\"?"));
  CHECK_THAT(hint(Field::atomic_clean_policy, "aggressive"), !Catch::Contains("did you mean"));
  CHECK_THAT(hint(Field::static_memory_policy, "7"), !Catch::Contains("did you mean"));
}

TEST_CASE("the legacy static_memory_policy 1 is read as 2 with a warning (spec 1)", "[parse]") {
  for (const InputValue& input : {InputValue::integer(1), InputValue::string("1")}) {
    const Parsed parsed = parse(Field::static_memory_policy, input);
    CHECK(parsed.value.valid);
    CHECK(parsed.value.value->code == 2);
    REQUIRE(parsed.diagnostics.size() == 1);
    CHECK(parsed.diagnostics[0].severity == Severity::warning);
    CHECK(parsed.diagnostics[0].code == DiagnosticCode::legacy_value);
    CHECK_THAT(to_string(parsed.diagnostics[0]),
               Catch::Contains("static_memory_policy: ") && Catch::Contains("is a legacy alias of 2"));
  }
  check_rejected(Field::atomic_clean_policy, InputValue::integer(2), "2");  // no alias elsewhere
}

TEST_CASE("a diagnostic line names source, field, value and what is allowed (spec 3)", "[parse]") {
  const Parsed parsed = parse(Field::static_memory_policy, InputValue::integer(5));
  CHECK(to_string(parsed.diagnostics.at(0)) ==
        "error: job.json: static_memory_policy: 5 is not allowed; use 0 (dynamic), 2 (expand_static_shape), "
        "3 (expand_dynamic_shape) or 4 (expand_static_and_dynamic_shape)");
}

namespace {

// The textbook full-matrix OSA distance, case-insensitive: the reference the
// banded, affix-skipping implementation must agree with.
std::size_t reference_distance(const std::string& a, const std::string& b) {
  const auto lower = [](char c) { return npu::detail::ascii_lower(c); };
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t cost = lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) && lower(a[i - 2]) == lower(b[j - 1])) {
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[a.size()][b.size()];
}

}  // namespace

TEST_CASE("bounded edit distance agrees with the full-matrix reference", "[parse][detail]") {
  // Every pair of strings up to length 5 over a 3-letter alphabet (with case),
  // where prefix and suffix skipping and the band have the most to get wrong.
  std::vector<std::string> strings{""};
  for (std::size_t length = 1; length <= 5; ++length) {
    std::vector<std::string> longer;
    for (const std::string& s : strings) {
      if (s.size() + 1 != length) continue;
      for (char c : {'a', 'b', 'B'}) longer.push_back(s + c);
    }
    strings.insert(strings.end(), longer.begin(), longer.end());
  }
  for (const std::string& a : strings) {
    for (const std::string& b : strings) {
      const std::size_t reference = reference_distance(a, b);
      for (std::size_t limit = 0; limit <= 3; ++limit) {  // the largest budget
        const std::size_t expected = reference <= limit ? reference : limit + 1;
        if (npu::detail::bounded_edit_distance(a, b, limit) != expected) {
          FAIL("distance(\"" << a << "\", \"" << b << "\", " << limit << ") should be " << expected);
        }
      }
    }
  }
}

TEST_CASE("text helpers", "[parse][detail]") {
  using namespace npu::detail;
  CHECK(parse_canonical_decimal("0").valid);
  CHECK(parse_canonical_decimal("0").value == 0u);
  CHECK(parse_canonical_decimal("4294967298").value == 4294967298ULL);
  CHECK(parse_canonical_decimal("9999999999999999999").value == 9999999999999999999ULL);
  CHECK_FALSE(parse_canonical_decimal("99999999999999999999").valid);  // would overflow
  CHECK_FALSE(parse_canonical_decimal("00").valid);
  CHECK_FALSE(parse_canonical_decimal("").valid);
  CHECK(bounded_edit_distance("static_memory_polcy", "static_memory_policy", 3) == 1);
  CHECK(bounded_edit_distance("ge.exec.staticMemPolicy", "ge.exec.staticMemoryPolicy", 3) == 3);
  CHECK(bounded_edit_distance("abcd", "abdc", 2) == 1);  // a transposition is one edit
  CHECK(bounded_edit_distance("BALANCEMODE", "BalanceMode", 1) == 0);
  CHECK(bounded_edit_distance("completely", "different", 2) == 3);  // capped at limit + 1
  CHECK(npu::is_near_miss("ge.exec.staticMemPolicy", "ge.exec.staticMemoryPolicy"));
  CHECK_FALSE(npu::is_near_miss("ge.exec.staticModelAddrFixed", "ge.exec.staticMemoryPolicy"));
  CHECK_FALSE(npu::is_near_miss("separate", "separate"));
  CHECK(npu::quote("a\"b") == "\"a\\\"b\"");
  CHECK(npu::quote("a\\b") == "\"a\\\\b\"");
  CHECK(npu::single_line("a\x7f"
                         "b\tc") == "a\\x7fb\\x09c");
  CHECK(bounded_edit_distance("abcd", "wxyz", 9) == 4);  // limits above the largest budget count as 3
  // Names longer than any of the tables' are never near: no edit distance is computed.
  CHECK(bounded_edit_distance("x" + std::string(66, 'c'), "y" + std::string(66, 'd'), 3) == 4);
  CHECK(npu::quote(std::string_view("\0\xff", 2)) == "\"\\x00\\xff\"");
  const std::string long_text(5000, 'k');
  CHECK(npu::quote(long_text).size() < 120);
  CHECK_THAT(npu::quote(long_text), Catch::EndsWith("(5000 bytes)"));
}

TEST_CASE("near-miss budgets: a hint and a no-hint pair at every boundary", "[parse]") {
  // Names of up to 2 characters get no hint; 3 to 15 allow one edit, 16 to 23
  // two, 24 and more three.
  CHECK_FALSE(is_near_miss("ax", "ab"));
  CHECK(is_near_miss("abx", "abc"));
  CHECK_FALSE(is_near_miss("axy", "abc"));
  CHECK(is_near_miss("abcdefghijklmnX", "abcdefghijklmno"));                          // 15: one edit
  CHECK_FALSE(is_near_miss("abcdefghijklmXY", "abcdefghijklmno"));                    // 15: two edits
  CHECK(is_near_miss("abcdefghijklmnXY", "abcdefghijklmnop"));                        // 16: two edits
  CHECK_FALSE(is_near_miss("abcdefghijklmXYZ", "abcdefghijklmnop"));                  // 16: three edits
  CHECK(is_near_miss("abcdefghijklmnopqrstuXY", "abcdefghijklmnopqrstuvw"));          // 23: two edits
  CHECK_FALSE(is_near_miss("abcdefghijklmnopqrstXYZ", "abcdefghijklmnopqrstuvw"));    // 23: three edits
  CHECK(is_near_miss("abcdefghijklmnopqrstuXYZ", "abcdefghijklmnopqrstuvwx"));        // 24: three edits
  CHECK_FALSE(is_near_miss("abcdefghijklmnopqrstWXYZ", "abcdefghijklmnopqrstuvwx"));  // 24: four edits
  // The same boundaries on real names.
  CHECK(is_near_miss("seperate", "separate"));
  CHECK_FALSE(is_near_miss("seperete", "separate"));
  CHECK(is_near_miss("statc_memory_polcy", "static_memory_policy"));
  CHECK_FALSE(is_near_miss("stat_memory_polcy", "static_memory_policy"));
  CHECK(is_near_miss("ge.exec.staticMemPolicy", "ge.exec.staticMemoryPolicy"));
  CHECK_FALSE(is_near_miss("ge.exec.staticMemPlcy", "ge.exec.staticMemoryPolicy"));
}
