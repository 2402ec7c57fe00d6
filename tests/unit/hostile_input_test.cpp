// Hostile input: each is refused with an error that names the field (or, for text that is not JSON at all, the
// position), and nothing else: no crash, no hang, no partial result.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include <npu/memory_config/forms/map_readers.hpp>
#include <npu/memory_config_json.hpp>

using namespace npu;

namespace {

// Rejected, with an error whose line names `field`.
void check_rejected_naming(const std::string& text, const std::string& field) {
  INFO(text.substr(0, 200));
  const ReadResult result = read_json_config(text, "hostile.json");
  CHECK_FALSE(result.ok());
  CHECK_FALSE(result.config.has_value());
  bool named = false;
  for (const Diagnostic& d : result.diagnostics) {
    const std::string line = to_string(d);
    CHECK(line.find('\n') == std::string::npos);
    named = named || (d.severity == Severity::error && line.find(field) != std::string::npos);
  }
  CHECK(named);
}

std::string member(const std::string& key, const std::string& raw_value) {
  return "{\"" + key + "\": " + raw_value + "}";
}

}  // namespace

TEST_CASE("hostile: integers out of range, wrapping, negative", "[hostile]") {
  for (const char* value : {"4294967298", "4294967296", "18446744073709551618", "18446744073709551616",
                            "9223372036854775808", "-9223372036854775809", "-1", "258", "-4294967294", "1e400"}) {
    check_rejected_naming(member("static_memory_policy", value), "static_memory_policy");
    check_rejected_naming(member("variable_use_1g_huge_page", value), "variable_use_1g_huge_page");
  }
}

TEST_CASE("hostile: floats, booleans, nulls, containers", "[hostile]") {
  // (-0 is the JSON integer zero, and is read as 0)
  for (const char* value : {"2.0", "2e0", "0.0", "-0.0", "true", "false", "null", "[]", "{}", "[2]", "{\"v\":2}"}) {
    check_rejected_naming(member("atomic_clean_policy", value), "atomic_clean_policy");
  }
  for (const char* value : {"0", "1", "true", "1.0", "[]", "{}"}) {
    check_rejected_naming(member("memory_optimization_policy", value), "memory_optimization_policy");
  }
}

TEST_CASE("hostile: numeric strings with spaces, signs, zeros, exponents", "[hostile]") {
  for (const char* value : {"\" 2\"", "\"2 \"", "\"+2\"", "\"-2\"", "\"02\"", "\"00\"", "\"2.0\"", "\"2e0\"", "\"0x2\"",
                            R"("")", R"("\t2")", R"("２")", R"("4294967298")"}) {
    check_rejected_naming(member("static_memory_policy", value), "static_memory_policy");
  }
}

TEST_CASE("hostile: invalid UTF-8 and NUL bytes", "[hostile]") {
  check_rejected_naming(member("static_memory_policy", "\"\xff\xfe\""), "static_memory_policy");
  check_rejected_naming(member("static_memory_policy", "\"2\xc3\""), "static_memory_policy");
  check_rejected_naming(member("memory_optimization_policy", "\"Balance\xc0\xafMode\""), "memory_optimization_policy");
  check_rejected_naming(member("static_memory_policy", R"("\u0000")"), "static_memory_policy");
  check_rejected_naming(member("static_memory_policy", R"("2\u00002")"), "static_memory_policy");
  check_rejected_naming(member("static_memory_policy", std::string("\"2\0\"", 4)), "static_memory_policy");
  check_rejected_naming(member("static_memory_policy\\u0000", "2"), "static_memory_policy");  // a key with a NUL
  // a raw NUL between members: the text is not JSON; the error says where
  const ReadResult nul = read_json_config(std::string("{\"static_memory_policy\": 2,\0}", 29));
  CHECK_FALSE(nul.ok());
  CHECK(nul.diagnostics.at(0).origin.position == SourcePosition{1, 28});  // the NUL is the 28th byte
}

TEST_CASE("hostile: a key given twice, with equal or different values", "[hostile]") {
  check_rejected_naming(R"({"static_memory_policy": 2, "static_memory_policy": 2})", "static_memory_policy");
  check_rejected_naming(R"({"static_memory_policy": 2, "static_memory_policy": "expand_static_shape"})",
                        "static_memory_policy");
  check_rejected_naming(R"({"atomic_clean_policy": 0, "x": 1, "atomic_clean_policy": 1})", "atomic_clean_policy");
}

TEST_CASE("hostile: deep nesting, 200,000 levels", "[hostile]") {
  const std::size_t depth = 200000;
  check_rejected_naming(member("static_memory_policy", std::string(depth, '[') + std::string(depth, ']')),
                        "static_memory_policy");
  std::string objects;
  for (std::size_t i = 0; i < depth; ++i) objects += "{\"a\":";
  objects += "1" + std::string(depth, '}');
  check_rejected_naming(member("variable_use_1g_huge_page", objects), "variable_use_1g_huge_page");
  // unclosed: still an error naming the member being read
  check_rejected_naming(member("static_memory_policy", std::string(depth, '[')), "static_memory_policy");
  const ReadResult top = read_json_config(std::string(depth, '[') + std::string(depth, ']'));
  CHECK_FALSE(top.ok());
  CHECK(top.diagnostics.at(0).code == DiagnosticCode::not_an_object);
}

TEST_CASE("hostile: a 5 MB key", "[hostile]") {
  const std::string key(std::size_t{5} * 1024 * 1024, 'k');
  const ReadResult result = read_json_config(member(key, "2"), "hostile.json");
  CHECK_FALSE(result.ok());
  REQUIRE(result.diagnostics.size() == 1);
  CHECK(result.diagnostics[0].code == DiagnosticCode::unknown_key);
  CHECK(to_string(result.diagnostics[0]).size() < 500);  // the key is shown cut, with its length
  CHECK_THAT(to_string(result.diagnostics[0]), Catch::Contains("(5242880 bytes)"));
  // near a real key, long values are cut too
  const ReadResult value = read_json_config(member("static_memory_policy", "\"" + key + "\""), "hostile.json");
  CHECK_FALSE(value.ok());
  CHECK(to_string(value.diagnostics.at(0)).size() < 500);
}

TEST_CASE("hostile: empty and truncated input", "[hostile]") {
  for (const char* text : {"", " ", "\n", "{", R"({")", R"({"static_memory_policy")", R"({"static_memory_policy":)",
                           R"({"static_memory_policy": 2)", R"({"static_memory_policy": "2)",
                           R"({"static_memory_policy": 2,)", R"({"static_memory_policy": tru)"}) {
    INFO(text);
    const ReadResult result = read_json_config(text, "hostile.json");
    CHECK_FALSE(result.ok());
    REQUIRE_FALSE(result.diagnostics.empty());
    CHECK(result.diagnostics[0].code == DiagnosticCode::syntax_error);
    CHECK(result.diagnostics[0].origin.position.known());
  }
  check_rejected_naming(R"({"static_memory_policy": 2)", "hostile.json:1:27: ");
  check_rejected_naming(R"({"static_memory_policy": tru)", "static_memory_policy");
}

TEST_CASE("hostile: GE maps with hostile strings", "[hostile]") {
  const std::vector<std::pair<std::string, std::string>> options{
      {"ge.exec.staticMemoryPolicy", std::string("2\0", 2)},
      {"ge.variableUse1gHugePage", "\xff"},
      {"ge.exec.atomicCleanPolicy", std::string(std::size_t{5} * 1024 * 1024, '1')},
      {std::string(std::size_t{5} * 1024 * 1024, 'g'), "1"},
      {"ge.exec.memoryOptimizationPolicy", "BalanceMode\n"}};
  const ReadResult result = read_ge_options(options, "hostile");
  CHECK_FALSE(result.ok());
  CHECK(result.diagnostics.size() == 4);
  for (const Diagnostic& d : result.diagnostics) {
    CHECK(d.severity == Severity::error);
    CHECK_THAT(d.key, Catch::Contains("policy") || Catch::Contains("huge_page"));
    CHECK(to_string(d).size() < 500);
  }
}

namespace {

// Rejected by the MindSpore reader, with an error whose one line names `named`.
void check_mindspore_rejects(const std::string& text, const std::string& named) {
  INFO(text.substr(0, 200));
  const ReadResult result = detail::read_mindspore_config_json(text, "ascend.json");
  CHECK_FALSE(result.ok());
  bool found = false;
  for (const Diagnostic& d : result.diagnostics) {
    const std::string line = to_string(d);
    CHECK(line.find('\n') == std::string::npos);
    CHECK(line.size() < 500);
    found = found || (d.severity == Severity::error && line.find(named) != std::string::npos);
  }
  CHECK(found);
}

std::string in_level(const std::string& level, const std::string& members) {
  return R"({"ge_options": {")" + level + R"(": )" + members + "}}";
}

}  // namespace

TEST_CASE("hostile: MindSpore levels that are not global or session, or not objects", "[hostile][mindspore]") {
  for (const char* level : {"Global", "graph", "", "global ", R"(session\u0000)", "ge.exec.staticMemoryPolicy"}) {
    check_mindspore_rejects(in_level(level, "{}"), R"(has only "global" and "session")");
  }
  for (const char* value : {"[]", R"("3")", "3", "null", "true", R"([{"ge.exec.staticMemoryPolicy": "3"}])"}) {
    check_mindspore_rejects(in_level("global", value), "\"global\": expected an object of GE options");
  }
  for (const char* value : {"[]", "\"global\"", "0", "null"}) {
    check_mindspore_rejects(R"({"ge_options": )" + std::string(value) + "}", "\"ge_options\": expected an object");
  }
}

TEST_CASE("hostile: MindSpore GE values that are not strings", "[hostile][mindspore]") {
  for (const char* value : {"3", "3.0", "true", "null", R"(["3"])", R"({"v": "3"})", "-1", "18446744073709551616"}) {
    check_mindspore_rejects(in_level("global", R"({"ge.exec.staticMemoryPolicy": )" + std::string(value) + "}"),
                            "\"ge.exec.staticMemoryPolicy\": ");
    check_mindspore_rejects(in_level("session", R"({"ge.exec.deviceId": )" + std::string(value) + "}"),
                            "is not a string");
  }
  for (const char* value : {R"(" 3")", R"("03")", R"("3\u0000")", R"("")"}) {
    check_mindspore_rejects(in_level("global", R"({"ge.exec.staticMemoryPolicy": )" + std::string(value) + "}"),
                            "static_memory_policy");
  }
}

TEST_CASE("hostile: MindSpore atomic_clean_policy as a boolean, string, float or out of range",
          "[hostile][mindspore]") {
  for (const char* value : {"true", "false", "\"1\"", "\"separate\"", "1.0", "null", "[1]", "{}", "2", "-1",
                            "4294967297", "18446744073709551617"}) {
    check_mindspore_rejects(R"({"atomic_clean_policy": )" + std::string(value) + "}", "atomic_clean_policy");
  }
}

TEST_CASE("hostile: MindSpore deep nesting and huge keys", "[hostile][mindspore]") {
  const std::size_t depth = 200000;
  std::string objects;
  for (std::size_t i = 0; i < depth; ++i) objects += "{\"a\":";
  objects += "\"1\"" + std::string(depth, '}');
  check_mindspore_rejects(in_level("global", R"({"ge.exec.staticMemoryPolicy": )" + objects + "}"),
                          "\"ge.exec.staticMemoryPolicy\": an object is not a string");
  check_mindspore_rejects(R"({"ge_options": )" + std::string(depth, '[') + std::string(depth, ']') + "}",
                          "\"ge_options\": expected an object");
  // deep but ignored: another ascend_config key may hold anything
  const ReadResult other = detail::read_mindspore_config_json(R"({"precision_mode": )" + objects + "}");
  CHECK(other.ok());
  CHECK(other.diagnostics.empty());

  const std::string key(std::size_t{5} * 1024 * 1024, 'k');
  const ReadResult huge_level = detail::read_mindspore_config_json(in_level(key, "{}"), "ascend.json");
  CHECK_FALSE(huge_level.ok());
  REQUIRE(huge_level.diagnostics.size() == 1);
  CHECK(to_string(huge_level.diagnostics[0]).size() < 500);
  // a huge foreign key in a level is ignored, and costs no near-miss search
  const ReadResult huge_option = detail::read_mindspore_config_json(in_level("global", R"({")" + key + R"(": "1"})"));
  CHECK(huge_option.ok());
  CHECK(huge_option.diagnostics.empty());
  check_mindspore_rejects(in_level("global", R"({"ge.exec.staticMemoryPolicy": ")" + key + "\"}"),
                          "static_memory_policy");
}
