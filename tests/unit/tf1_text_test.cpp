#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include <npu/memory_config.hpp>
#include <npu/memory_config/forms/detail/tf1_form.hpp>

#include "all_configs.hpp"
#include "diagnostics.hpp"

using namespace npu;

TEST_CASE("the TF1 session config: NpuOptimizer's parameter_map in protobuf text, keys sorted", "[tf1_text]") {
  const MemoryConfig config{AtomicCleanPolicy::separate, StaticMemoryPolicy::expand_static_shape,
                            MemoryOptimizationPolicy::memory_priority, HugePagePolicy::system_default};
  CHECK(detail::tf1_session_config_text(config) ==
        "graph_options {\n"
        "  rewrite_options {\n"
        "    custom_optimizers {\n"
        "      name: \"NpuOptimizer\"\n"
        "      parameter_map { key: \"atomic_clean_policy\" value { i: 1 } }\n"
        "      parameter_map { key: \"memory_optimization_policy\" value { s: \"MemoryPriority\" } }\n"
        "      parameter_map { key: \"static_memory_policy\" value { i: 2 } }\n"
        "      parameter_map { key: \"variable_use_1g_huge_page\" value { i: 0 } }\n"
        "    }\n"
        "  }\n"
        "}\n");
  CHECK(detail::tf1_session_config_text(MemoryConfig{}) ==
        "graph_options {\n"
        "  rewrite_options {\n"
        "    custom_optimizers {\n"
        "      name: \"NpuOptimizer\"\n"
        "      parameter_map { key: \"atomic_clean_policy\" value { i: 0 } }\n"
        "      parameter_map { key: \"static_memory_policy\" value { i: 0 } }\n"
        "      parameter_map { key: \"variable_use_1g_huge_page\" value { i: 0 } }\n"
        "    }\n"
        "  }\n"
        "}\n");
}

namespace {

ReadResult read_session(const std::string& text) { return detail::read_tf1_session_config(text, "session.pbtxt"); }

// The parameter_map of one NpuOptimizer, between the text around it.
std::string with_parameters(const std::string& parameters) {
  return "graph_options {\n  rewrite_options {\n    custom_optimizers {\n      name: \"NpuOptimizer\"\n" + parameters +
         "    }\n  }\n}\n";
}

}  // namespace

TEST_CASE("the TF1 session config reads back to the same config, for every config", "[tf1_text]") {
  for (const MemoryConfig& config : test::all_configs()) {
    const ReadResult result = read_session(detail::tf1_session_config_text(config));
    CHECK(result.diagnostics.empty());
    CHECK(result.config == config);
  }
}

TEST_CASE("protobuf text as TensorFlow prints it and people write it", "[tf1_text]") {
  // text_format.MessageToString: `name {`, each parameter_map on lines of
  // its own, other optimizers and fields around, comments, single quotes,
  // `:` before a message, angle brackets, separators, enum names, floats.
  const ReadResult printed = read_session(
      "# written by the launcher\n"
      "gpu_options {\n  per_process_gpu_memory_fraction: 0.5\n  allow_growth: true\n}\n"
      "allow_soft_placement: true\n"
      "graph_options {\n"
      "  optimizer_options { global_jit_level: OFF }\n"
      "  rewrite_options {\n"
      "    layout_optimizer: OFF\n"
      "    memory_optimization: NO_MEM_OPT\n"
      "    custom_optimizers { name: \"pruning\" }\n"
      "    custom_optimizers: {\n"
      "      name: 'NpuOptimizer';\n"
      "      parameter_map {\n        key: \"use_off_line\"\n        value {\n          b: true\n        }\n      }\n"
      "      parameter_map < key: \"precision_mode\" value < s: \"allow_mix_precision\" > >,\n"
      "      parameter_map { value { i: 3 } key: 'static_memory_policy' }\n"
      "      parameter_map { key: \"memory_optimization_policy\" value { s: \"Balance\" \"Mode\" } }\n"
      "      parameter_map { key: \"variable_use_1g_huge_page\" value { i: 2 } }\n"
      "      parameter_map { key: \"graph_memory_max_size\" value { s: \"26843545600\" } }\n"
      "      parameter_map { key: \"dynamic_dims\" value { list { i: [1, 2] s: [\"a\\tb\", '\\x41\\101'] } } }\n"
      "      parameter_map { key: \"eps\" value { f: -1.5e-05 } }\n"
      "    }\n"
      "  }\n"
      "}\n");
  REQUIRE(printed.ok());
  CHECK(printed.diagnostics.empty());
  CHECK(*printed.config == MemoryConfig{AtomicCleanPolicy::centralized, StaticMemoryPolicy::expand_dynamic_shape,
                                        MemoryOptimizationPolicy::balance_mode, HugePagePolicy::prefer_1g});
  // Positions are the key field's.
  CHECK(printed.provenance.of(Field::static_memory_policy).origin.position == SourcePosition{22, 38});
}

TEST_CASE("no NpuOptimizer: the defaults, with a warning", "[tf1_text]") {
  for (const char* text : {"", "allow_soft_placement: true\n",
                           "graph_options { rewrite_options { custom_optimizers { name: \"other\" } } }"}) {
    INFO(text);
    const ReadResult result = read_session(text);
    REQUIRE(result.ok());
    CHECK(*result.config == MemoryConfig{});
    REQUIRE(result.diagnostics.size() == 1);
    CHECK(result.diagnostics[0].code == DiagnosticCode::no_memory_settings);
    CHECK(result.diagnostics[0].severity == Severity::warning);
  }
}

TEST_CASE("two NpuOptimizers, and a memory key twice, are errors naming both positions", "[tf1_text]") {
  const std::string optimizer = "    custom_optimizers { name: \"NpuOptimizer\" }\n";
  const ReadResult two = read_session("graph_options {\n  rewrite_options {\n" + optimizer + optimizer + "  }\n}\n");
  CHECK_FALSE(two.ok());
  const Diagnostic& second = test::only(two.diagnostics);
  CHECK(second.code == DiagnosticCode::duplicate_key);
  CHECK(second.origin.position == SourcePosition{4, 5});
  CHECK_THAT(second.message, Catch::Contains("3:5"));

  const ReadResult twice =
      read_session(with_parameters("      parameter_map { key: \"atomic_clean_policy\" value { i: 1 } }\n"
                                   "      parameter_map { key: \"atomic_clean_policy\" value { i: 1 } }\n"
                                   "      parameter_map { key: \"other\" value { i: 1 } }\n"
                                   "      parameter_map { key: \"other\" value { i: 2 } }\n"));
  CHECK_FALSE(twice.ok());
  const Diagnostic& duplicate = test::only(twice.diagnostics);  // memory keys only
  CHECK(duplicate.code == DiagnosticCode::duplicate_key);
  CHECK(duplicate.origin.position == SourcePosition{6, 23});
  CHECK_THAT(duplicate.message, Catch::Contains("5:23"));
}

TEST_CASE("a value of a kind the adapter does not read is an error, as are value names", "[tf1_text]") {
  const ReadResult kinds =
      read_session(with_parameters("      parameter_map { key: \"atomic_clean_policy\" value { b: true } }\n"
                                   "      parameter_map { key: \"static_memory_policy\" value { f: 2.0 } }\n"
                                   "      parameter_map { key: \"variable_use_1g_huge_page\" }\n"
                                   "      parameter_map { key: \"memory_optimization_policy\" value { i: 1 } }\n"));
  CHECK_FALSE(kinds.ok());
  CHECK(test::codes_of(kinds.diagnostics) == std::vector<DiagnosticCode>(4, DiagnosticCode::wrong_type));
  CHECK(test::keys_of(kinds.diagnostics) == std::vector<std::string>{"atomic_clean_policy", "static_memory_policy",
                                                                     "variable_use_1g_huge_page",
                                                                     "memory_optimization_policy"});
  CHECK(kinds.diagnostics[0].value == "b: true");
  CHECK(kinds.diagnostics[1].value == "f: 2.0");
  CHECK(kinds.diagnostics[2].value == "no value");
  CHECK(kinds.diagnostics[3].value == "i: 1");

  const ReadResult values = read_session(
      with_parameters("      parameter_map { key: \"memory_optimization_policy\" value { s: \"memory_priority\" } }\n"
                      "      parameter_map { key: \"static_memory_policy\" value { i: 5 } }\n"
                      "      parameter_map { key: \"atomic_clean_policy\" value { i: 99999999999999999999 } }\n"
                      "      parameter_map { key: \"variable_use_1g_huge_page\" value { i: 0x2 } }\n"));
  CHECK_FALSE(values.ok());
  CHECK(test::codes_of(values.diagnostics) ==
        std::vector<DiagnosticCode>{DiagnosticCode::invalid_value, DiagnosticCode::invalid_value,
                                    DiagnosticCode::invalid_value, DiagnosticCode::wrong_type});
  CHECK(values.diagnostics[2].value == "99999999999999999999");
  CHECK_THAT(values.diagnostics[2].message, Catch::Contains("out of range"));
  CHECK_THAT(values.diagnostics[3].message, Catch::Contains("not an integer"));
  // The legacy 1 and a negative integer.
  const ReadResult legacy =
      read_session(with_parameters("      parameter_map { key: \"static_memory_policy\" value { i: 1 } }\n"
                                   "      parameter_map { key: \"atomic_clean_policy\" value { i: -1 } }\n"));
  CHECK(test::codes_of(legacy.diagnostics) ==
        std::vector<DiagnosticCode>{DiagnosticCode::legacy_value, DiagnosticCode::invalid_value});
  CHECK(legacy.diagnostics[1].value == "-1");
}

TEST_CASE("bad protobuf text is one error at its position, never a crash", "[tf1_text]") {
  struct Case {
    std::string text;
    SourcePosition position;
  };
  for (const Case& c : {Case{"graph_options {", {1, 16}}, Case{"graph_options {\n  name: \"abc\n}", {2, 13}},
                        Case{"a: ", {1, 4}}, Case{"a { b: 1 ]", {1, 10}}, Case{"1a: 2", {1, 1}}, Case{"a b", {1, 3}},
                        Case{R"(a: "\q")", {1, 6}}, Case{"a: [1, 2", {1, 9}}, Case{"graph_options }", {1, 15}}}) {
    INFO(c.text);
    const ReadResult result = read_session(c.text);
    CHECK_FALSE(result.ok());
    const Diagnostic& error = test::only(result.diagnostics);
    CHECK(error.code == DiagnosticCode::syntax_error);
    CHECK(error.origin.position == c.position);
  }
  // Nesting deeper than the reader follows: refused, not a stack overflow.
  std::string deep;
  for (int i = 0; i < 100000; ++i) deep += "a {";
  CHECK(test::only(read_session(deep).diagnostics).code == DiagnosticCode::syntax_error);
}

TEST_CASE("protobuf's escapes decoded as protobuf decodes them", "[tf1_text]") {
  const auto policy = [](const std::string& quoted) {
    return read_session(
        with_parameters("      parameter_map { key: \"memory_optimization_policy\" value { s: " + quoted + " } }\n"));
  };
  CHECK(policy(R"("Memory\x50riority")").config->memory_optimization_policy ==
        MemoryOptimizationPolicy::memory_priority);
  CHECK(policy(R"('\115emory\120riority')").config->memory_optimization_policy ==
        MemoryOptimizationPolicy::memory_priority);
  CHECK(policy(R"("Balance\"Mode")").diagnostics.at(0).value == R"("Balance\"Mode")");
  CHECK(policy(R"("MemoryPriority\n")").diagnostics.at(0).value == "\"MemoryPriority\n\"");
  CHECK(policy(R"("Memory\tPriority\\")").diagnostics.at(0).value == "\"Memory\tPriority\\\\\"");
  CHECK(policy(R"("\1011")").diagnostics.at(0).value == "\"A1\"");  // three octal digits at most
  // Two hexadecimal digits at most: the "a" after \x42 is a letter again.
  CHECK(policy(R"("\x42alanceMode")").config->memory_optimization_policy == MemoryOptimizationPolicy::balance_mode);
  CHECK(policy(R"('\X42alance\x4dode')").config->memory_optimization_policy == MemoryOptimizationPolicy::balance_mode);
  // Each escape, as the value it stands for (shown back in double quotes).
  struct Escape {
    const char* written;
    const char* read;
  };
  for (const Escape& escape : {Escape{R"("\n")", "\"\n\""}, Escape{R"("\t")", "\"\t\""}, Escape{R"("\r")", "\"\r\""},
                               Escape{R"("\a")", "\"\a\""}, Escape{R"("\b")", "\"\b\""}, Escape{R"("\f")", "\"\f\""},
                               Escape{R"("\v")", "\"\v\""}, Escape{R"("\?")", "\"?\""}, Escape{R"("\'")", "\"'\""},
                               Escape{R"('\"')", R"("\"")"}, Escape{R"("\\")", R"("\\")"}, Escape{R"("\x7e")", "\"~\""},
                               Escape{R"("\X7E")", "\"~\""}, Escape{R"("\x7")", "\"\a\""}, Escape{R"("\7")", "\"\a\""},
                               Escape{R"("\77")", "\"?\""}, Escape{R"("\176")", "\"~\""}}) {
    INFO(escape.written);
    const ReadResult read = policy(escape.written);
    REQUIRE(read.diagnostics.size() == 1);
    CHECK(read.diagnostics[0].value == escape.read);
  }
  // An escape protobuf does not have, a digit that is not octal.
  CHECK(policy(R"("\q")").diagnostics.at(0).message.find("an escape") != std::string::npos);
  CHECK(policy(R"("\8")").diagnostics.at(0).message.find("an escape") != std::string::npos);
}

TEST_CASE("every piece of protobuf's text syntax the reader takes, and each it refuses", "[tf1_text]") {
  struct Case {
    const char* text;
    bool ok;
  };
  for (const Case& c : {
           Case{R"(a: "\a\b\f\v\r\t\?\'\"\\")", true},            // simple escapes
           Case{R"(a: '\X4a\x4F\x4')", true},                     // hexadecimal, either case, one or two digits
           Case{R"(a: "\xg")", false},                            // \x without a digit
           Case{"a: \"abc", false},                               // no closing quote before the end
           Case{"a: \"abc\\", false},                             // a backslash at the end
           Case{"a < b: 1 >", true},                              // angle brackets
           Case{"a: [{b: 1}, <c: 2>]", true},                     // a list of messages
           Case{"a: []", true},                                   // an empty list
           Case{"a: [1 2]", false},                               // no "," between elements
           Case{"[ext.name] { b: 1 }", true},                     // an extension's name
           Case{"[ext.name { b: 1 }", false},                     // no "]"
           Case{"a: +1 b: -inf c: 1e+5 d: 2.5E-3 e: .5", false},  // a float must start with a digit
           Case{"a: +1 b: -inf c: 1e+5 d: 2.5E-3", true},         // signs, exponents
           Case{"a: 1e", true},                                   // an exponent's letter alone is a word
           Case{"a:", false},                                     // nothing after ":"
           Case{"a { b: 1 } ; c: 2 ,", true},                     // separators after fields
           Case{"a {", false},                                    // no "}"
           Case{"a }", false},                                    // a "}" where a value belongs
       }) {
    INFO(c.text);
    const ReadResult result = read_session(c.text);
    const bool syntax_error = !result.diagnostics.empty() && result.diagnostics[0].code == DiagnosticCode::syntax_error;
    CHECK(syntax_error == !c.ok);
  }
}

TEST_CASE("parameter_map entries without a key, or with a value of another shape", "[tf1_text]") {
  const ReadResult odd = read_session(with_parameters(
      "      parameter_map { value { i: 1 } }\n"                                         // no key: nothing to read
      "      parameter_map { key: 7 value { i: 1 } }\n"                                  // a key that is no string
      "      parameter_map { key: \"static_memory_policy\" value { list { i: 2 } } }\n"  // a list
      "      parameter_map { key: \"atomic_clean_policy\" value { i: ON } }\n"           // an identifier
      "      parameter_map { key: \"variable_use_1g_huge_page\" value { s: 2 } }\n"      // s that is no string
      "      parameter_map { key: \"static_memory_polcy\" value { b: false } }\n"));     // a near miss of another kind
  CHECK(test::codes_of(odd.diagnostics) ==
        std::vector<DiagnosticCode>{DiagnosticCode::wrong_type, DiagnosticCode::wrong_type, DiagnosticCode::wrong_type,
                                    DiagnosticCode::near_miss_key});
  CHECK(odd.diagnostics[0].value == "list: {...}");
  CHECK(odd.diagnostics[1].value == "i: ON");
  CHECK(odd.diagnostics[2].value == "s: 2");
  // A name that is no string, and an optimizer's name that is none.
  CHECK(test::only(
            read_session("graph_options { rewrite_options { custom_optimizers { name: NpuOptimizer } } }").diagnostics)
            .code == DiagnosticCode::no_memory_settings);
}
