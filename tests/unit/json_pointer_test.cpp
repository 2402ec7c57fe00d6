// JSON Pointers (RFC 6901): a config read where it stands inside a bigger
// file, its positions those of the file.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include <npu/memory_config_json.hpp>

#include "diagnostics.hpp"

using namespace npu;
using Tokens = std::vector<std::string>;

TEST_CASE("a pointer's tokens, unescaped ~1 then ~0", "[json][pointer]") {
  CHECK(detail::parse_json_pointer("") == Tokens{});
  CHECK(detail::parse_json_pointer("/memory_config") == Tokens{"memory_config"});
  CHECK(detail::parse_json_pointer("/jobs/0/memory") == Tokens{"jobs", "0", "memory"});
  CHECK(detail::parse_json_pointer("/a~1b/c~0d") == Tokens{"a/b", "c~d"});
  CHECK(detail::parse_json_pointer("/~01") == Tokens{"~1"});  // ~0 first would make it "/"
  CHECK(detail::parse_json_pointer("/") == Tokens{""});
  CHECK(detail::parse_json_pointer("//") == Tokens{"", ""});
  CHECK_FALSE(detail::parse_json_pointer("memory_config"));
  CHECK_FALSE(detail::parse_json_pointer("/a~2"));
  CHECK_FALSE(detail::parse_json_pointer("/a~"));
  CHECK(detail::json_pointer_prefix({"a/b", "c~d", "e"}, 2) == "/a~1b/c~0d");
  CHECK(detail::json_pointer_prefix({"a"}, 0).empty());
}

TEST_CASE("an array index: 0, or a number without a leading zero", "[json][pointer]") {
  CHECK(detail::names_array_index("0", 0));
  CHECK(detail::names_array_index("12", 12));
  CHECK_FALSE(detail::names_array_index("12", 11));
  CHECK_FALSE(detail::names_array_index("01", 1));
  CHECK_FALSE(detail::names_array_index("-", 0));
  CHECK_FALSE(detail::names_array_index("", 0));
  CHECK_FALSE(detail::names_array_index("1a", 1));
}

TEST_CASE("a config read at a pointer, positions those of the file", "[json][pointer]") {
  const std::string job = R"({
  "name": "ctr",
  "jobs": [
    {"memory": {"atomic_clean_policy": 1}},
    {"memory": {"static_memory_policy": 9}}
  ],
  "memory_config": {"variable_use_1g_huge_page": "prefer_1g"},
  "a/b": {"~x": {"static_memory_policy": 2}}
})";
  const ReadResult nested = read_json_config(job, "job.json", "/memory_config");
  REQUIRE(nested.ok());
  CHECK(nested.config->variable_use_1g_huge_page == HugePagePolicy::prefer_1g);
  CHECK(nested.provenance.of(Field::variable_use_1g_huge_page).origin.position == SourcePosition{7, 21});
  CHECK(read_json_config(job, "job.json", "/jobs/0/memory").config->atomic_clean_policy == AtomicCleanPolicy::separate);
  const Diagnostic& bad = test::only(read_json_config(job, "job.json", "/jobs/1/memory").diagnostics);
  CHECK(bad.code == DiagnosticCode::invalid_value);
  CHECK(bad.origin.position == SourcePosition{5, 17});
  CHECK(read_json_config(job, "job.json", "/a~1b/~0x").config->static_memory_policy ==
        StaticMemoryPolicy::expand_static_shape);
  CHECK(detail::read_ge_options_json(R"({"x": {"ge.exec.atomicCleanPolicy": "1"}})", "ge.json", "/x")
            .config->atomic_clean_policy == AtomicCleanPolicy::separate);
  CHECK(read_json_config(R"({"static_memory_policy": 3})", "job.json", "").ok());  // "": the whole document
}

TEST_CASE("a pointer that names nothing: the error says how much of it exists", "[json][pointer]") {
  const std::string job = R"({"jobs": [{"memory": {}}], "n": 1})";
  const auto unresolved = [&](const char* pointer) {
    const Diagnostic& d = test::only(read_json_config(job, "job.json", pointer).diagnostics);
    CHECK(d.code == DiagnosticCode::pointer_unresolved);
    CHECK(d.origin.source == "job.json");
    CHECK(d.value == detail::quote(pointer));
    return d.message;
  };
  CHECK_THAT(unresolved("/jobs/3/memory"), Catch::EndsWith("\"/jobs\""));
  CHECK_THAT(unresolved("/jobs/0/memory/x"), Catch::EndsWith("\"/jobs/0/memory\""));
  CHECK_THAT(unresolved("/jobs/-"), Catch::EndsWith("\"/jobs\""));   // "-" names nothing that can be read
  CHECK_THAT(unresolved("/jobs/00"), Catch::EndsWith("\"/jobs\""));  // a leading zero is no index
  CHECK_THAT(unresolved("/n/x"), Catch::EndsWith("\"/n\""));         // a number has no members
  CHECK_THAT(unresolved("/memory"), Catch::EndsWith("the whole document"));
  CHECK(test::only(read_json_config(job, "job.json", "x").diagnostics).code == DiagnosticCode::pointer_unresolved);
}

TEST_CASE("a pointer: a name twice on its path is the duplicate-key error, and a value there must be an object",
          "[json][pointer]") {
  const Diagnostic& twice =
      test::only(read_json_config("{\"m\": {},\n \"m\": {\"static_memory_policy\": 2}}", "job.json", "/m").diagnostics);
  CHECK(twice.code == DiagnosticCode::duplicate_key);
  CHECK(twice.key == "\"m\"");
  CHECK(twice.origin.position == SourcePosition{2, 2});
  // twice off the path is none of the pointer's business
  CHECK(read_json_config(R"({"x": 1, "x": 2, "m": {}})", "job.json", "/m").ok());
  const Diagnostic& scalar = test::only(read_json_config("{\n  \"m\": 7}", "job.json", "/m").diagnostics);
  CHECK(scalar.code == DiagnosticCode::not_an_object);
  CHECK(scalar.value == "7");
  CHECK(scalar.origin.position == SourcePosition{2, 3});
}

TEST_CASE("a syntax error at a pointer is the text's, and names the member being read", "[json][pointer]") {
  const Diagnostic& error =
      test::only(read_json_config(R"({"m": {"static_memory_policy": tru}})", "job.json", "/m").diagnostics);
  CHECK(error.code == DiagnosticCode::syntax_error);
  CHECK(error.key == "static_memory_policy");
}
