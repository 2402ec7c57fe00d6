// Values another language hands over in process, read as a JSON form's text
// is: messages in that language's words, integers of any size exact or by
// their digits, kinds no setting takes by how the language shows them.
#include <catch2/catch.hpp>

#include <string>
#include <utility>

#include <npu/memory_config_json.hpp>

using namespace npu;
using Kind = HostValue::Kind;

namespace {

HostValue scalar(Kind kind, std::string text, std::string shown = {}) {
  HostValue value;
  value.kind = kind;
  value.text = std::move(text);
  value.shown = std::move(shown);
  return value;
}

HostValue mapping(std::string key, HostValue value) {
  HostValue top;
  top.kind = Kind::mapping;
  top.shown = "a dict";
  top.members.push_back({std::move(key), std::move(value)});
  return top;
}

std::string first_message(const HostValue& value, Form form = Form::json) {
  const ReadResult result = read_json_config(value, form, "data");
  return result.diagnostics.empty() ? std::string() : result.diagnostics[0].message;
}

}  // namespace

TEST_CASE("a host mapping reads as the JSON form's text does", "[host-value]") {
  const ReadResult read =
      read_json_config(mapping("static_memory_policy", scalar(Kind::integer, "3")), Form::json, "d");
  REQUIRE(read.ok());
  CHECK(read.config->static_memory_policy == StaticMemoryPolicy::expand_dynamic_shape);
  CHECK(read.provenance.source_of(Field::static_memory_policy) == "d");
  const ReadResult ge =
      read_json_config(mapping("ge.exec.staticMemoryPolicy", scalar(Kind::string, "2")), Form::ge, "options");
  REQUIRE(ge.ok());
  CHECK(ge.config->static_memory_policy == StaticMemoryPolicy::expand_static_shape);
  CHECK_FALSE(read_json_config(scalar(Kind::other, {}, "a list"), Form::json, "d").ok());
  const ReadResult as_tf1 =
      read_json_config(mapping("static_memory_policy", scalar(Kind::integer, "2")), Form::tf1, "d");
  CHECK_FALSE(as_tf1.ok());
  REQUIRE(as_tf1.diagnostics.size() == 1);
  CHECK(to_string(as_tf1.diagnostics[0]) == "error: d: the tf1 form is a text, not a value: it is read as a text");
  CHECK(as_tf1.diagnostics[0].code == DiagnosticCode::wrong_form);
}

TEST_CASE("host values are quoted in the host's words", "[host-value]") {
  HostValue truth = scalar(Kind::boolean, {}, "True");
  truth.truth = true;
  CHECK(first_message(mapping("static_memory_policy", truth)) ==
        "True is not allowed; use 0 (dynamic), 2 (expand_static_shape), 3 (expand_dynamic_shape) or 4 "
        "(expand_static_and_dynamic_shape)");
  CHECK(first_message(mapping("memory_optimization_policy", scalar(Kind::string, "Balance")))
            .find("or None to leave "
                  "it unset") != std::string::npos);
  CHECK(first_message(mapping("atomic_clean_policy", scalar(Kind::other, {}, "b'1'"))).rfind("b'1' is not", 0) == 0);
  CHECK(first_message(mapping("atomic_clean_policy", scalar(Kind::floating, "1.0"))).rfind("1.0 is not", 0) == 0);
  const ReadResult unset =
      read_json_config(mapping("memory_optimization_policy", scalar(Kind::null, {}, "None")), Form::json, "d");
  REQUIRE(unset.ok());
  CHECK_FALSE(unset.config->memory_optimization_policy);
}

TEST_CASE("host integers of any size: exact where 64 bits hold them, else by their digits", "[host-value]") {
  CHECK(detail::host_integer("18446744073709551615").magnitude == 18446744073709551615ULL);
  CHECK_FALSE(detail::host_integer("18446744073709551615").out_of_range);
  CHECK(detail::host_integer("18446744073709551616").out_of_range);
  CHECK(detail::host_integer("-9223372036854775808").negative);
  CHECK_FALSE(detail::host_integer("-9223372036854775808").out_of_range);
  CHECK(detail::host_integer("-9223372036854775809").out_of_range);
  CHECK_FALSE(detail::host_integer("-0").negative);
  CHECK(detail::host_integer("-2").negative);
  CHECK(detail::host_integer("-2").magnitude == 2);
  CHECK(first_message(mapping("static_memory_policy", scalar(Kind::integer, "-2"))).rfind("-2 is not", 0) == 0);
  CHECK(first_message(mapping("static_memory_policy", scalar(Kind::integer, "123456789012345678901234567890")))
            .rfind("123456789012345678901234567890 is not", 0) == 0);
  CHECK(detail::host_integer("12a").out_of_range);  // no decimal integer: read by its literal, allowed nowhere
  CHECK(first_message(mapping("static_memory_policy", scalar(Kind::integer, "-"))).rfind("- is not", 0) == 0);
  CHECK(detail::is_decimal_integer("-12"));
  CHECK_FALSE(detail::is_decimal_integer("-"));
  CHECK_FALSE(detail::is_decimal_integer("1e3"));
  CHECK_FALSE(detail::is_decimal_integer(""));
}
