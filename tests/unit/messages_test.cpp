// What each diagnostic says, pinned here once: one test per code, each
// variant of its message written out whole. Every other test asserts codes,
// fields and positions, so rewording a message touches this file and the
// tool's golden files. (unreadable_input, unwritable_output and usage_error
// come from npu-memcfg alone: the tool's golden files pin them.)
#include <catch2/catch.hpp>

#include <map>
#include <string>
#include <vector>

#include <npu/memory_config/forms/map_readers.hpp>
#include <npu/memory_config/validation/field_text.hpp>
#include <npu/memory_config/validation/text.hpp>
#include <npu/memory_config_json.hpp>

#include "diagnostics.hpp"

using namespace npu;
using test::StringMap;
using test::with_static;
using Code = DiagnosticCode;

namespace {

// The lines of `diagnostics`, each of which has `code`.
std::vector<std::string> lines(const std::vector<Diagnostic>& diagnostics, Code code) {
  for (const Diagnostic& d : diagnostics) CHECK(d.code == code);
  return test::lines_of(diagnostics);
}

std::vector<std::string> lines(const ReadResult& result, Code code) { return lines(result.diagnostics, code); }

ValidationContext on(Form target) {
  ValidationContext context;
  context.target = target;
  return context;
}

ReadResult lite(const char* text) { return detail::read_mslite_config(text, "model.ini"); }

ValidationContext in_release(const char* release) {
  ValidationContext context;
  context.cann_release = CannRelease::parse(release);
  return context;
}

using Lines = std::vector<std::string>;

}  // namespace

TEST_CASE("syntax_error", "[messages]") {
  CHECK(lines(detail::read_tf1_session_config("graph_options {\n  rewrite_options {\n", "session.pbtxt"),
              Code::syntax_error) ==
        Lines{R"(error: session.pbtxt:3:1: invalid protobuf text: expected "}", got the end of the text)"});
  const Lines missing = lines(read_json_config("{\n  \"atomic_clean_policy\": }", "job.json"), Code::syntax_error);
  REQUIRE(missing.size() == 1);
  CHECK_THAT(missing[0], Catch::StartsWith("error: job.json:2:26: atomic_clean_policy: invalid JSON: syntax error "
                                           "while parsing value - unexpected '}'"));
  CHECK(lines(read_json_config("{\n  \"atomic_clean_policy\": 1e400}", "job.json"), Code::syntax_error) ==
        Lines{"error: job.json:2:26: atomic_clean_policy: invalid JSON: 1e400 is a number out of range for every "
              "number type"});
}

TEST_CASE("not_an_object", "[messages]") {
  CHECK(lines(read_json_config("[1]", "job.json"), Code::not_an_object) ==
        Lines{"error: job.json: expected a JSON object of memory options at the top level, got an array"});
  CHECK(lines(read_json_config("{\"m\": 7}", "job.json", "/m"), Code::not_an_object) ==
        Lines{"error: job.json:1:2: expected a JSON object of memory options at \"/m\", got 7"});
  CHECK(lines(detail::read_mindspore_config_json("7", "ascend.json"), Code::not_an_object) ==
        Lines{"error: ascend.json: expected a JSON object: MindSpore's ascend_config at the top level, got 7"});
  CHECK(lines(detail::read_ge_options_json(R"({"global": [], "session": {}})", "ge.json"), Code::not_an_object) ==
        Lines{R"(error: ge.json:1:2: "global": expected an object of GE options, got an array)"});
  CHECK(lines(detail::read_mindspore_config_json(R"({"ge_options": []})", "ascend.json"), Code::not_an_object) ==
        Lines{R"(error: ascend.json:1:2: "ge_options": expected an object {"global": {...}, "session": {...}}, )"
              R"(got an array)"});
  CHECK(lines(detail::read_mindspore_config_json(R"({"ge_options": {"global": "ge.exec.staticMemoryPolicy=3"}})",
                                                 "ascend.json"),
              Code::not_an_object) ==
        Lines{R"(error: ascend.json:1:17: "global": expected an object of GE options, got )"
              R"("ge.exec.staticMemoryPolicy=3")"});
}

TEST_CASE("unknown_key", "[messages]") {
  CHECK(lines(read_json_config(R"({"static_memory_polcy": 2, "colour": 1})", "job.json"), Code::unknown_key) ==
        Lines{R"(error: job.json:1:2: "static_memory_polcy": unknown key (did you mean "static_memory_policy"?); )"
              "the keys are atomic_clean_policy, static_memory_policy, memory_optimization_policy and "
              "variable_use_1g_huge_page",
              R"(error: job.json:1:28: "colour": unknown key; the keys are atomic_clean_policy, )"
              "static_memory_policy, memory_optimization_policy and variable_use_1g_huge_page"});
  CHECK(lines(detail::read_ge_options_json(R"({"global": {}, "other": {}})", "ge.json"), Code::unknown_key) ==
        Lines{R"(error: ge.json:1:16: "other": GE options by level have only "global", "session" and "graph")"});
  CHECK(
      lines(detail::read_mindspore_config_json(R"({"ge_options": {"graph": {}}})", "ascend.json"), Code::unknown_key) ==
      Lines{R"(error: ascend.json:1:17: "graph": MindSpore's ge_options has only "global" and "session")"});
  // GE keys in a config file: the map is of another form.
  CHECK(lines(read_json_config(R"({"ge.exec.staticMemoryPolicy": "2"})", "ge.json"), Code::unknown_key) ==
        Lines{R"(error: ge.json:1:2: "ge.exec.staticMemoryPolicy": unknown key (a GE option, in a GE option )"
              "map: the ge form reads it); the keys are atomic_clean_policy, static_memory_policy, "
              "memory_optimization_policy and "
              "variable_use_1g_huge_page"});
}

// The forms a message names are data too, for a tool to name its own flags.
TEST_CASE("a text in another form names the forms that read it, as data", "[messages]") {
  const auto read_as = [](const ReadResult& result) { return test::only(result.diagnostics).read_as; };
  CHECK(read_as(read_json_config("[ge_session_options]\nx=1\n")) == std::vector<Form>{Form::mslite});
  CHECK(read_as(read_json_config("graph_options {\n")) == std::vector<Form>{Form::tf1});
  CHECK(read_as(lite("{}")) == std::vector<Form>{Form::json, Form::ge, Form::tf2, Form::mindspore});
  CHECK(read_as(detail::read_tf1_session_config("{}")) ==
        std::vector<Form>{Form::json, Form::ge, Form::tf2, Form::mindspore});
  CHECK(read_as(read_json_config(R"({"ge.exec.atomicCleanPolicy": "1"})")) == std::vector<Form>{Form::ge});
  const Diagnostic atc = test::only(detail::read_ge_options_json(R"({"execute options": {}})").diagnostics);
  CHECK(atc.read_as == std::vector<Form>{Form::ge});
  CHECK(atc.read_as_pointer == "/execute options");
  // Anything else names no form.
  CHECK(read_as(read_json_config(R"({"static_memory_policy": 9})")).empty());
  CHECK(read_as(read_json_config(R"({"static_memory_polcy": 2})")).empty());
}

TEST_CASE("wrong_form", "[messages]") {
  CHECK(lines(read_json_config("# model config\n[ge_session_options]\nge.exec.staticMemoryPolicy=2\n", "model.ini"),
              Code::wrong_form) ==
        Lines{"error: model.ini:1:1: a MindSpore Lite config file (INI), not JSON: the mslite form reads it"});
  CHECK(lines(detail::read_ge_options_json("ge.exec.staticMemoryPolicy=2\n", "ge.txt"), Code::wrong_form) ==
        Lines{"error: ge.txt:1:1: a MindSpore Lite config file (INI), not JSON: the mslite form reads it"});
  CHECK(lines(lite("\n  {\"ge.exec.staticMemoryPolicy\": \"2\"}\n"), Code::wrong_form) ==
        Lines{"error: model.ini:1:1: a JSON text, not a MindSpore Lite config file: the json, ge, tf2 or "
              "mindspore form reads it"});
  const char* session_config = "graph_options {\n  rewrite_options {\n    custom_optimizers {\n";
  CHECK(lines(read_json_config(session_config, "session.pbtxt"), Code::wrong_form) ==
        Lines{"error: session.pbtxt:1:1: a TF1 session config in protobuf text, not JSON: the tf1 form reads it"});
  CHECK(lines(detail::read_tf1_session_config(R"({"static_memory_policy": 2})", "job.json"), Code::wrong_form) ==
        Lines{"error: job.json:1:1: a JSON text, not a TF1 session config: the json, ge, tf2 or mindspore form reads "
              "it"});
  CHECK(lines(detail::read_tf1_session_config("[ge_session_options]\nge.exec.staticMemoryPolicy=2\n", "model.ini"),
              Code::wrong_form) ==
        Lines{"error: model.ini:1:1: a MindSpore Lite config file (INI), not a TF1 session config: the mslite form "
              "reads it"});
}

TEST_CASE("no_memory_settings", "[messages]") {
  CHECK(lines(detail::read_tf1_session_config("allow_soft_placement: true\n", "session.pbtxt"),
              Code::no_memory_settings) ==
        Lines{"warning: session.pbtxt: no NpuOptimizer in graph_options.rewrite_options.custom_optimizers: the "
              "adapter receives no memory settings, so the runtime runs its defaults"});
}

TEST_CASE("near_miss_key", "[messages]") {
  CHECK(lines(read_ge_options(StringMap{{"ge.exec.staticMemPolicy", "3"}}, "adapter"), Code::near_miss_key) ==
        Lines{R"(warning: adapter: ge.exec.staticMemPolicy: not a memory option, ignored; did you mean )"
              R"("ge.exec.staticMemoryPolicy"?)"});
}

TEST_CASE("duplicate_key", "[messages]") {
  CHECK(lines(read_json_config(R"({"atomic_clean_policy": 1, "atomic_clean_policy": 0})", "job.json"),
              Code::duplicate_key) ==
        Lines{R"(error: job.json:1:28: "atomic_clean_policy": key given twice (the second value is 0); give each )"
              "key once"});
  CHECK(lines(detail::read_ge_options_json(R"({"global": {}, "global": {}})", "ge.json"), Code::duplicate_key) ==
        Lines{R"(error: ge.json:1:16: "global": level given twice; give each level once)"});
  CHECK(lines(read_json_config(R"({"m": {}, "m": {}})", "job.json", "/m"), Code::duplicate_key) ==
        Lines{R"(error: job.json:1:11: "m": key given twice on the path of "/m", which cannot tell them apart; )"
              "give each key once"});
  const std::string optimizer =
      "custom_optimizers { name: \"NpuOptimizer\" parameter_map { key: "
      "\"atomic_clean_policy\" value { i: 1 } } }\n";
  CHECK(lines(detail::read_tf1_session_config("graph_options { rewrite_options {\n" + optimizer + optimizer + "} }\n",
                                              "session.pbtxt"),
              Code::duplicate_key) ==
        Lines{"error: session.pbtxt:3:1: NpuOptimizer: a second NpuOptimizer (the first is at 2:1): the adapter reads "
              "the first only; give one"});
  CHECK(lines(detail::read_tf1_session_config("graph_options { rewrite_options { custom_optimizers {\n"
                                              "  name: \"NpuOptimizer\"\n"
                                              "  parameter_map { key: \"static_memory_policy\" value { i: 2 } }\n"
                                              "  parameter_map { key: \"static_memory_policy\" value { i: 3 } }\n"
                                              "} } }\n",
                                              "session.pbtxt"),
              Code::duplicate_key) ==
        Lines{R"(error: session.pbtxt:4:19: "static_memory_policy": key given twice in the parameter_map (first at )"
              "3:19); protobuf keeps the last; give each key once"});
  CHECK(
      lines(lite("[ge_session_options]\nge.exec.staticMemoryPolicy=2\nge.exec.staticMemoryPolicy=2\n"),
            Code::duplicate_key) ==
      Lines{
          "warning: model.ini:3:1: static_memory_policy (ge.exec.staticMemoryPolicy): \"2\" given again after line 2, "
          "which MindSpore Lite keeps; give each key once"});
}

TEST_CASE("wrong_type", "[messages]") {
  CHECK(lines(read_json_config(R"({"atomic_clean_policy": true, "static_memory_policy": 2.0})", "job.json"),
              Code::wrong_type) ==
        Lines{"error: job.json:1:2: atomic_clean_policy: true is not allowed; use 0 (centralized) or 1 (separate)",
              "error: job.json:1:31: static_memory_policy: 2.0 is not allowed (not an integer); use 0 (dynamic), "
              "2 (expand_static_shape), 3 (expand_dynamic_shape) or 4 (expand_static_and_dynamic_shape)"});
  const std::map<std::string, Tf1ParameterMap::mapped_type> kinds{{"memory_optimization_policy", std::int64_t{1}},
                                                                  {"static_memory_policy", std::string("2")}};
  CHECK(lines(read_tf1_parameter_map(kinds), Code::wrong_type) ==
        Lines{"error: NpuOptimizer parameter_map: memory_optimization_policy: i: 1 is not read: the adapter reads "
              R"(memory_optimization_policy as a string (s), so the runtime would run ""; give it as s)",
              R"(error: NpuOptimizer parameter_map: static_memory_policy: s: "2" is not read: the adapter reads )"
              "static_memory_policy as an integer (i), so the runtime would run 0; give it as i"});
  CHECK(lines(detail::read_mindspore_config_json(R"({"atomic_clean_policy": "1"})", "ascend.json"), Code::wrong_type) ==
        Lines{R"(error: ascend.json:1:2: atomic_clean_policy: "1" is not allowed; MindSpore takes an integer: use )"
              "0 (centralized) or 1 (separate)"});
  CHECK(lines(detail::read_mindspore_config_json(R"({"ge_options": {"global": {"ge.exec.staticMemoryPolicy": 3}}})",
                                                 "ascend.json"),
              Code::wrong_type) ==
        Lines{R"(error: ascend.json:1:28: "ge.exec.staticMemoryPolicy": 3 is not a string; MindSpore takes )"
              "ge_options values as strings"});
  CHECK(lines(detail::read_ge_options_json(R"({"ge.exec.deviceId": [0], "ge_options": {}})", "ge.json"),
              Code::wrong_type) ==
        Lines{R"(error: ge.json:1:2: "ge.exec.deviceId": an array is not an option value; option values are )"
              "strings or numbers",
              R"(error: ge.json:1:27: "ge_options": an object is not an option value; option values are strings )"
              "or numbers (this is MindSpore's ascend_config: the mindspore form reads it)"});
  CHECK(lines(detail::read_ge_options_json(R"({"compile options": {}, "execute options": {}})", "atc.json"),
              Code::wrong_type) ==
        Lines{R"(error: atc.json:1:2: "compile options": an object is not an option value; option values are )"
              R"(strings or numbers (this is an ATC options file: the ge form reads it at "/compile options"))",
              R"(error: atc.json:1:25: "execute options": an object is not an option value; option values are )"
              R"(strings or numbers (this is an ATC options file: the ge form reads it at "/execute options"))"});
}

TEST_CASE("invalid_value", "[messages]") {
  CHECK(lines(read_json_config(R"({"variable_use_1g_huge_page": "-2", "atomic_clean_policy": "seperate"})", "job.json"),
              Code::invalid_value) ==
        Lines{R"(error: job.json:1:2: variable_use_1g_huge_page: "-2" is not allowed; use 0 (system_default), )"
              "1 (require_1g) or 2 (prefer_1g)",
              R"(error: job.json:1:37: atomic_clean_policy: "seperate" is not allowed (did you mean "separate"?); )"
              "use 0 (centralized) or 1 (separate)"});
  CHECK(lines(read_json_config(R"({"static_memory_policy": 18446744073709551616, "memory_optimization_policy": 1})",
                               "job.json"),
              Code::invalid_value) ==
        Lines{"error: job.json:1:2: static_memory_policy: 18446744073709551616 is not allowed (out of range); use "
              "0 (dynamic), 2 (expand_static_shape), 3 (expand_dynamic_shape) or 4 (expand_static_and_dynamic_shape)",
              "error: job.json:1:48: memory_optimization_policy: 1 is not allowed (a string is expected); use "
              R"("BalanceMode" or "MemoryPriority", or null to leave it unset)"});
  CHECK(
      lines(read_ge_options(StringMap{{"ge.exec.memoryOptimizationPolicy", "memorypriority"}}), Code::invalid_value) ==
      Lines{"error: GE options: memory_optimization_policy (ge.exec.memoryOptimizationPolicy): \"memorypriority\" is "
            "not allowed (did you mean \"MemoryPriority\"?); the engine leaves it unset for it; use \"BalanceMode\" or "
            "\"MemoryPriority\", or \"\" to leave it unset"});
  // A value's name in a form the engine reads: what the engine runs for
  // that text, and the text that means what was written.
  CHECK(lines(read_ge_options(StringMap{{"ge.exec.atomicCleanPolicy", "separate"},
                                        {"ge.exec.memoryOptimizationPolicy", "memory_priority"}}),
              Code::invalid_value) ==
        Lines{R"(error: GE options: atomic_clean_policy (ge.exec.atomicCleanPolicy): "separate" is not a value the )"
              R"(engine reads: it runs 0 (centralized) for it; write "1" for separate)",
              R"(error: GE options: memory_optimization_policy (ge.exec.memoryOptimizationPolicy): "memory_priority" )"
              R"(is not a value the engine reads: it runs unset (the runtime decides) for it; write "MemoryPriority" )"
              "for memory_priority"});
  CHECK(lines(read_tf2_options(StringMap{{"static_memory_policy", "expand_dynamic_shape"}}), Code::invalid_value) ==
        Lines{R"(error: TF2 options: static_memory_policy: "expand_dynamic_shape" is not a value the engine reads: it )"
              R"(runs 0 (dynamic) for it; write "3" for expand_dynamic_shape)"});
  // Full-width digits: shown as written, with their ASCII code as the hint.
  CHECK(lines(lite("[ge_session_options]\nge.exec.atomicCleanPolicy=\xef\xbc\x91\n"), Code::invalid_value) ==
        Lines{"error: model.ini:2:1: atomic_clean_policy (ge.exec.atomicCleanPolicy): \"１\" is not allowed (did you "
              "mean \"1\"?); the engine runs 0 (centralized) for it; use 0 (centralized) or 1 (separate)"});
  MemoryConfig cast;  // an integer cast into the enumeration that is none of its values
  cast.static_memory_policy = static_cast<StaticMemoryPolicy>(7);
  CHECK(lines(validate(cast), Code::invalid_value) ==
        Lines{"error: config: static_memory_policy: 7 is not allowed; use 0 (dynamic), 2 (expand_static_shape), 3 "
              "(expand_dynamic_shape) or 4 (expand_static_and_dynamic_shape), or remove it"});
  CHECK(
      lines(lite("[ge_session_options]\nge.exec.atomicCleanPolicy=1  # clean each memset\n"), Code::invalid_value) ==
      Lines{"error: model.ini:2:1: atomic_clean_policy (ge.exec.atomicCleanPolicy): \"1  # clean each memset\" is the "
            "value MindSpore Lite keeps: it has no inline comments; put the comment on a line of its own"});
  // A Chinese comment after a value, as written; a control character as \xNN.
  CHECK(lines(lite("[ge_session_options]\nge.exec.atomicCleanPolicy=1   # \xe6\xb3\xa8\xe9\x87\x8a\x01\n"),
              Code::invalid_value) ==
        Lines{"error: model.ini:2:1: atomic_clean_policy (ge.exec.atomicCleanPolicy): \"1   # "
              "\xe6\xb3\xa8\xe9\x87\x8a\\x01\" "
              "is the value MindSpore Lite keeps: it has no inline comments; put the comment on a line of its own"});
}

TEST_CASE("conflicting_values", "[messages]") {
  CHECK(lines(read_ge_options(StringMap{{"ge.variableUse1gHugePage", "1"}},
                              StringMap{{"ge.variableUse1gHugePage", "2"}}, "adapter"),
              Code::conflicting_values) ==
        Lines{R"(error: adapter (session): variable_use_1g_huge_page (ge.variableUse1gHugePage): "2" conflicts with )"
              R"("1" given as ge.variableUse1gHugePage in adapter (global); give one value)"});
  CHECK(lines(read_ge_options(StringMap{{"static_memory_policy", "3"}, {"ge.exec.staticMemoryPolicy", "2"}}),
              Code::conflicting_values) ==
        Lines{R"(error: GE options: static_memory_policy: "3" conflicts with "2" given as ge.exec.staticMemoryPolicy; )"
              "give one value"});
  CHECK(lines(detail::read_mindspore_config_json(
                  R"({"atomic_clean_policy": 1, "ge_options": {"session": {"ge.exec.atomicCleanPolicy": "0"}}})",
                  "ascend.json"),
              Code::conflicting_values) ==
        Lines{R"(error: ascend.json:1:55: atomic_clean_policy (ge.exec.atomicCleanPolicy): "0" conflicts with 1 )"
              "given as atomic_clean_policy at 1:2; give one value"});
  CHECK(lines(lite("[ge_session_options]\nge.exec.staticMemoryPolicy=2\nge.exec.staticMemoryPolicy=3\n"),
              Code::conflicting_values) == Lines{"error: model.ini:3:1: static_memory_policy "
                                                 "(ge.exec.staticMemoryPolicy): \"3\" conflicts with \"2\" at line 2, "
                                                 "which MindSpore Lite keeps; give one value"});
}

TEST_CASE("unsupported_option", "[messages]") {
  MemoryConfig balance;
  balance.memory_optimization_policy = MemoryOptimizationPolicy::balance_mode;
  CHECK(lines(validate(balance, on(Form::tf2), "job.json"), Code::unsupported_option) ==
        Lines{"error: job.json: memory_optimization_policy: the TF2 adapter has no memory_optimization_policy option, "
              "so the engine decides itself, not \"BalanceMode\"; unset it, or remove it, or target tf1, ge, mindspore "
              "or mslite"});
  CHECK(lines(validate(MemoryConfig{}, on(Form::torchair), Provenance{}), Code::unsupported_option) ==
        Lines{"warning: defaults: atomic_clean_policy: torchair forces ge.exec.atomicCleanPolicy 1 (separate), so "
              "the engine runs that, not 0 (centralized); 0 (centralized) is only the default here",
              "warning: defaults: static_memory_policy: torchair forces ge.exec.staticMemoryPolicy 2 "
              "(expand_static_shape), which GE_USE_STATIC_MEMORY can only turn into 4 "
              "(expand_static_and_dynamic_shape), not 0 (dynamic); 0 (dynamic) is only the default here",
              "warning: defaults: memory_optimization_policy: torchair forces ge.exec.memoryOptimizationPolicy "
              "\"MemoryPriority\", so the engine runs that, not unset (the runtime decides); unset (the runtime "
              "decides) is only the default here"});
  const MemoryConfig huge{AtomicCleanPolicy::separate, StaticMemoryPolicy::expand_dynamic_shape,
                          MemoryOptimizationPolicy::memory_priority, HugePagePolicy::require_1g};
  CHECK(lines(validate(huge, on(Form::torchair), "job.json"), Code::unsupported_option) ==
        Lines{"error: job.json: static_memory_policy: torchair forces ge.exec.staticMemoryPolicy 2 "
              "(expand_static_shape), which GE_USE_STATIC_MEMORY can only turn into 4 "
              "(expand_static_and_dynamic_shape), not 3 (expand_dynamic_shape); use 2 (expand_static_shape) or 4 "
              "(expand_static_and_dynamic_shape), or remove it, or target tf1, ge, tf2, mindspore or mslite",
              "error: job.json: variable_use_1g_huge_page: torchair has no variable_use_1g_huge_page option, so the "
              "engine runs 0 (system_default), not 1 (require_1g); use 0 (system_default), or remove it, or target "
              "tf1, ge, tf2, mindspore or mslite"});
  CHECK(lines(read_tf2_options(StringMap{{"ge.exec.atomicCleanPolicy", "1"}, {"memory_optimization_policy", "x"}}),
              Code::unsupported_option) ==
        Lines{R"(error: TF2 options: ge.exec.atomicCleanPolicy: a GE key, which this map does not take; write )"
              R"("atomic_clean_policy")",
              "error: TF2 options: memory_optimization_policy: this runtime has no such option; remove it (the "
              "setting cannot be carried here)"});
  CHECK(lines(detail::read_mindspore_config_json(
                  R"({"static_memory_policy": 3, "ge_options": {"global": {"static_memory_policy": "3"}}})",
                  "ascend.json"),
              Code::unsupported_option) ==
        Lines{"warning: ascend.json:1:2: static_memory_policy: not an ascend_config option, so MindSpore ignores it; "
              R"(in ge_options it is "ge.exec.staticMemoryPolicy")",
              "warning: ascend.json:1:55: static_memory_policy: not read: ge_options takes GE keys, so MindSpore "
              R"(ignores it; write "ge.exec.staticMemoryPolicy")"});
  CHECK(text::runtime_difference(Form::torchair, Field::atomic_clean_policy) ==
        "torchair forces ge.exec.atomicCleanPolicy 1 (separate), so the engine runs that");
  CHECK(text::runtime_difference(Form::tf2, Field::memory_optimization_policy) ==
        "the TF2 adapter has no memory_optimization_policy option, so the engine decides itself");
  CHECK(
      lines(lite("[ge_session_options]\nstatic_memory_policy=2\n"), Code::unsupported_option) ==
      Lines{"warning: model.ini:2:1: static_memory_policy: not read: the engine takes GE keys only, so MindSpore Lite "
            "ignores it; write \"ge.exec.staticMemoryPolicy\""});
  // The engine's graph-level list: neither the static policy nor the huge page key.
  CHECK(lines(lite("[ge_graph_options]\nge.exec.staticMemoryPolicy=3\nge.exec.atomicCleanPolicy=1\n"),
              Code::unsupported_option) ==
        Lines{"warning: model.ini:2:1: static_memory_policy (ge.exec.staticMemoryPolicy): the engine's graph-level "
              "options do not include ge.exec.staticMemoryPolicy: it logs \"unsupported "
              "option(ge.exec.staticMemoryPolicy) by graph level\"; give it at global or session level"});
}

TEST_CASE("legacy_value", "[messages]") {
  CHECK(lines(read_json_config(R"({"static_memory_policy": 1})", "job.json"), Code::legacy_value) ==
        Lines{"warning: job.json:1:2: static_memory_policy: 1 is a legacy alias of 2 (expand_static_shape); it is "
              "read as 2"});
}

TEST_CASE("costly_policy", "[messages]") {
  MemoryConfig separate;
  separate.atomic_clean_policy = AtomicCleanPolicy::separate;
  CHECK(lines(validate(separate, {}, "job.json"), Code::costly_policy) ==
        Lines{"warning: job.json: atomic_clean_policy: 1 (separate) may cost performance"});
}

TEST_CASE("unsupported_product", "[messages]") {
  ValidationContext inference;
  inference.product = Product::atlas_inference;
  CHECK(lines(validate(MemoryConfig{}, inference, "job.json"), Code::unsupported_product) ==
        Lines{"warning: job.json: product: MemoryConfig is not supported on atlas-inference (Atlas inference "
              "series); the runtime runs its defaults, which this config holds; it is supported on atlas-350, "
              "atlas-a3, atlas-a2, atlas-training"});
  MemoryConfig settings;
  settings.variable_use_1g_huge_page = HugePagePolicy::require_1g;
  settings.memory_optimization_policy = MemoryOptimizationPolicy::balance_mode;
  CHECK(lines(validate(settings, inference, "job.json"), Code::unsupported_product) ==
        Lines{"error: job.json: memory_optimization_policy: \"BalanceMode\" cannot be set: MemoryConfig is not "
              "supported on atlas-inference (Atlas inference series); unset it, or remove it, or run on atlas-350, "
              "atlas-a3, atlas-a2, atlas-training",
              "error: job.json: variable_use_1g_huge_page: 1 (require_1g) cannot be set: MemoryConfig is not supported "
              "on atlas-inference (Atlas inference series); use 0 (system_default), or remove it, or run on atlas-350, "
              "atlas-a3, atlas-a2, atlas-training"});
  ValidationContext training;
  training.product = Product::atlas_training;
  CHECK(lines(validate(settings, training, "job.json"), Code::unsupported_product) ==
        Lines{"error: job.json: variable_use_1g_huge_page: 1 (require_1g) is not supported on atlas-training (Atlas "
              "training series); use 0 (system_default), or remove it, or run on atlas-350, atlas-a3, atlas-a2"});
}

TEST_CASE("unknown_soc", "[messages]") {
  ValidationContext context;
  context.soc_version = "Ascend999X";
  CHECK(lines(validate(MemoryConfig{}, context, "job.json"), Code::unknown_soc) ==
        Lines{R"(warning: job.json: soc_version: "Ascend999X" is not a SoC version the product rules know; no )"
              "product rule was applied"});
  context.soc_version = "ascend910b2";
  CHECK(lines(validate(MemoryConfig{}, context, "job.json"), Code::unknown_soc) ==
        Lines{R"(warning: job.json: soc_version: "ascend910b2" is not a SoC version the product rules know (did )"
              R"(you mean "Ascend910B2"?); no product rule was applied)"});
}

TEST_CASE("product_mismatch", "[messages]") {
  ValidationContext mismatch;
  mismatch.soc_version = "Ascend910_9391";
  mismatch.product = Product::atlas_a2;
  CHECK(lines(validate(MemoryConfig{}, mismatch, "job.json"), Code::product_mismatch) ==
        Lines{R"(error: job.json: soc_version: "Ascend910_9391" is a chip of atlas-a3 (Atlas A3 training and )"
              "inference series), but the product given is atlas-a2 (Atlas A2 training and inference series)"});
}

TEST_CASE("concurrent_graphs", "[messages]") {
  ValidationContext concurrent;
  concurrent.concurrent_graphs = true;
  CHECK(lines(validate(with_static(StaticMemoryPolicy::expand_static_shape), concurrent, "job.json"),
              Code::concurrent_graphs) ==
        Lines{"error: job.json: static_memory_policy: 2 (expand_static_shape) is not supported when graphs execute "
              "concurrently; use 0 (dynamic) or 3 (expand_dynamic_shape), or remove it"});
  concurrent.ge_use_static_memory = "2";
  CHECK(test::lines_of(
            test::of_code(validate(with_static(StaticMemoryPolicy::expand_dynamic_shape), concurrent, "job.json"),
                          Code::concurrent_graphs)) ==
        Lines{"error: GE_USE_STATIC_MEMORY: static_memory_policy: 4 (expand_static_and_dynamic_shape) is not supported "
              "when graphs execute concurrently (the option is 3 (expand_dynamic_shape) from job.json; "
              "GE_USE_STATIC_MEMORY=2 makes it 4 (expand_static_and_dynamic_shape)); set GE_USE_STATIC_MEMORY to 0 or "
              "3, or unset GE_USE_STATIC_MEMORY"});
  ValidationContext old = in_release("8.0.RC2");
  old.concurrent_graphs = true;
  CHECK(
      lines(validate(with_static(StaticMemoryPolicy::expand_static_shape), old, "job.json"), Code::concurrent_graphs) ==
      Lines{"error: job.json: static_memory_policy: 2 (expand_static_shape) is not supported when graphs execute "
            "concurrently in CANN 8.0.RC2; use 0 (dynamic), 3 (expand_dynamic_shape) or 4 "
            "(expand_static_and_dynamic_shape), or remove it"});
  ValidationContext later = in_release("8.0.RC3.alpha003");
  later.concurrent_graphs = true;
  CHECK(
      test::lines_of(
          test::of_code(validate(with_static(StaticMemoryPolicy::expand_static_and_dynamic_shape), later, "job.json"),
                        Code::concurrent_graphs)) ==
      Lines{
          "error: job.json: static_memory_policy: 4 (expand_static_and_dynamic_shape) is not supported when graphs "
          "execute concurrently in CANN 8.0.RC3.alpha003; use 0 (dynamic) or 3 (expand_dynamic_shape), or remove it"});
  // The commercial 8.0.RC3 page and its updates: the documents disagree.
  ValidationContext disputed = in_release("8.0.RC3.1");
  disputed.concurrent_graphs = true;
  CHECK(test::lines_of(test::of_code(
            validate(with_static(StaticMemoryPolicy::expand_static_and_dynamic_shape), disputed, "job.json"),
            Code::concurrent_graphs)) ==
        Lines{"warning: job.json: static_memory_policy: 4 (expand_static_and_dynamic_shape) with graphs that execute "
              "concurrently in CANN 8.0.RC3.1: the documents disagree: the commercial 8.0.RC3 page allows it, "
              "8.0.RC3.alpha003 and 8.0.0 forbid it; both allow 0 (dynamic) and 3 (expand_dynamic_shape)"});
}

TEST_CASE("environment_changes", "[messages]") {
  ValidationContext environment;
  environment.ge_use_static_memory = "3";
  CHECK(lines(validate(with_static(StaticMemoryPolicy::expand_static_shape), environment, "job.json"),
              Code::environment_changes) ==
        Lines{"warning: GE_USE_STATIC_MEMORY: static_memory_policy: \"3\" combined with static_memory_policy 2 "
              "(expand_static_shape) from job.json makes the engine run 4 (expand_static_and_dynamic_shape); unset "
              "GE_USE_STATIC_MEMORY and use 4 (expand_static_and_dynamic_shape)"});
  ValidationContext torchair = on(Form::torchair);
  torchair.ge_use_static_memory = "3";
  const MemoryConfig runnable{AtomicCleanPolicy::separate, StaticMemoryPolicy::expand_static_shape,
                              MemoryOptimizationPolicy::memory_priority, HugePagePolicy::system_default};
  CHECK(lines(validate(runnable, torchair, "job.json"), Code::environment_changes) ==
        Lines{R"(warning: GE_USE_STATIC_MEMORY: static_memory_policy: "3" combined with static_memory_policy )"
              "2 (expand_static_shape) from torchair makes the engine run 4 (expand_static_and_dynamic_shape)"});
}

TEST_CASE("environment_ignored", "[messages]") {
  ValidationContext environment;
  environment.ge_use_static_memory = "yes";
  CHECK(
      lines(validate(with_static(StaticMemoryPolicy::expand_static_shape), environment, "job.json"),
            Code::environment_ignored) ==
      Lines{"warning: GE_USE_STATIC_MEMORY: static_memory_policy: \"yes\" is ignored by the engine, which reads only "
            "\"0\" to \"4\"; static_memory_policy 2 (expand_static_shape) applies as set; unset GE_USE_STATIC_MEMORY"});
}

TEST_CASE("environment_beside_option", "[messages]") {
  ValidationContext environment;
  environment.ge_use_static_memory = "1";  // the legacy 1 is 2 for the variable too: it adds nothing
  CHECK(lines(validate(with_static(StaticMemoryPolicy::expand_static_shape), environment, "job.json"),
              Code::environment_beside_option) ==
        Lines{"warning: GE_USE_STATIC_MEMORY: static_memory_policy: \"1\" is set beside static_memory_policy 2 "
              "(expand_static_shape) from job.json; CANN says not to use both (the run may conflict) and deprecates "
              "GE_USE_STATIC_MEMORY; unset GE_USE_STATIC_MEMORY"});
}

TEST_CASE("release_difference", "[messages]") {
  MemoryConfig legacy;
  Provenance provenance;
  (void)set_field_from_text(legacy, Field::static_memory_policy, "1", "--static-memory-policy", &provenance);
  CHECK(lines(validate(legacy, in_release("6.0.1"), provenance), Code::release_difference) ==
        Lines{"error: --static-memory-policy: static_memory_policy: 1 means static allocation at the maximum size in "
              "CANN 6.0.1, which this library does not model; 2 (expand_static_shape) is the expanding policy; use 2 "
              "(expand_static_shape), 0 (dynamic), 3 (expand_dynamic_shape) or 4 (expand_static_and_dynamic_shape), or "
              "remove it"});
  // The variable takes the option's values: its 1 meant the same then.
  ValidationContext variable = in_release("5.1.RC2");
  variable.ge_use_static_memory = "1";
  CHECK(test::lines_of(test::of_code(validate(MemoryConfig{}, variable, "job.json"), Code::release_difference)) ==
        Lines{"error: GE_USE_STATIC_MEMORY: static_memory_policy: GE_USE_STATIC_MEMORY=1 means static allocation at "
              "the maximum size in CANN 5.1.RC2, which this library does not model; 2 (expand_static_shape) is the "
              "expanding policy; set GE_USE_STATIC_MEMORY to 2, 0, 3 or 4, or unset GE_USE_STATIC_MEMORY"});
  // What it does there is not modelled: no word of what it makes the engine run.
  CHECK(test::of_code(validate(MemoryConfig{}, variable, "job.json"), Code::environment_changes).empty());
  variable.cann_release = CannRelease::parse("6.3.RC1");
  CHECK(test::of_code(validate(MemoryConfig{}, variable, "job.json"), Code::release_difference).empty());
  CHECK(test::of_code(validate(MemoryConfig{}, variable, "job.json"), Code::environment_changes).size() == 1);
  const MemoryConfig all{AtomicCleanPolicy::centralized, StaticMemoryPolicy::expand_static_and_dynamic_shape,
                         MemoryOptimizationPolicy::balance_mode, HugePagePolicy::require_1g};
  ValidationContext old = in_release("6.2.0");
  old.product = Product::atlas_350;
  CHECK(lines(test::of_code(validate(all, old, "job.json"), Code::release_difference), Code::release_difference) ==
        Lines{"warning: job.json: static_memory_policy: 4 (expand_static_and_dynamic_shape) is not documented in "
              "CANN 6.2.0 (it is from 8.0.RC2 on)",
              "warning: job.json: memory_optimization_policy: the adapter of CANN 6.2.0 ignores "
              "memory_optimization_policy (it knows it from 6.3.RC1.alpha002 on)",
              "warning: job.json: variable_use_1g_huge_page: the adapter of CANN 6.2.0 ignores "
              "variable_use_1g_huge_page (it is documented from 8.2.RC1.alpha002 on)",
              "warning: job.json: product: atlas-350 is not listed in CANN 6.2.0 (it is listed from 9.0.0 on)"});
}

TEST_CASE("pointer_unresolved", "[messages]") {
  const std::string job = R"({"jobs": [{"memory": {}}]})";
  CHECK(lines(read_json_config(job, "job.json", "/jobs/3/memory"), Code::pointer_unresolved) ==
        Lines{R"(error: job.json: "/jobs/3/memory" names nothing; the deepest part that exists is "/jobs")"});
  CHECK(lines(read_json_config(job, "job.json", "/memory"), Code::pointer_unresolved) ==
        Lines{R"(error: job.json: "/memory" names nothing; the deepest part that exists is the whole document)"});
  CHECK(lines(read_json_config(job, "job.json", "memory"), Code::pointer_unresolved) ==
        Lines{R"(error: job.json: "memory" is not a JSON Pointer: it starts with "/" ("" is the whole document), )"
              R"(and a "~" in it is "~0" or "~1")"});
}

TEST_CASE("unknown_section", "[messages]") {
  CHECK(lines(lite("[ge_sesion_options]\nge.exec.atomicCleanPolicy=1\n[ ge_global_options ]\nx=1\n"),
              Code::unknown_section) ==
        Lines{"error: model.ini:1:1: [ge_sesion_options]: MindSpore Lite reads no such section (did you mean "
              "[ge_session_options]?); the memory options in it never run",
              "warning: model.ini:3:1: [ ge_global_options ]: the blanks inside the brackets are part of the name, so "
              "MindSpore Lite does not read it as [ge_global_options]; it holds no memory option"});
  CHECK(lines(lite("[ge_session_options]\n\xEF\xBB\xBF[ge_graph_options]\ny=2\n"), Code::unknown_section) ==
        Lines{"warning: model.ini:2:1: [ge_graph_options]: a UTF-8 byte order mark before the \"[\" makes this line no "
              "section header: the options after it stay in [ge_session_options]"});
}

TEST_CASE("malformed_header", "[messages]") {
  CHECK(
      lines(lite("[ge_global_options]\nge.variableUse1gHugePage=1\n[ge_session_options]  # inference\n"
                 "ge.exec.atomicCleanPolicy=1\n"),
            Code::malformed_header) ==
      Lines{"error: model.ini:3:1: [ge_session_options]  # inference: text after the \"]\" makes this line no section "
            "header: the options after it stay in [ge_global_options]"});
  CHECK(lines(lite("[x] # y\nz=1\n"), Code::malformed_header) ==
        Lines{"warning: model.ini:1:1: [x] # y: text after the \"]\" makes this line no section header: the options "
              "after it stay before the first section, where MindSpore Lite ignores them"});
}

TEST_CASE("duplicate_section", "[messages]") {
  CHECK(lines(lite("[ge_session_options]\nge.exec.atomicCleanPolicy=1\n[ge_session_options]\n"),
              Code::duplicate_section) ==
        Lines{"warning: model.ini:3:1: [ge_session_options]: given again: MindSpore Lite keeps the block at line 1 and "
              "drops this one whole"});
}

TEST_CASE("ignored_option", "[messages]") {
  // torch_npu writes the variable into session options; the engine reads it
  // from the environment only.
  CHECK(lines(read_ge_options(StringMap{{"GE_USE_STATIC_MEMORY", "1"}, {"ge_use_static_memory", "3"}}, "session"),
              Code::ignored_option) ==
        Lines{"warning: session: GE_USE_STATIC_MEMORY: an environment variable, not an option: the engine reads "
              "GE_USE_STATIC_MEMORY from the process environment only and takes no option of that name, so \"1\" "
              "here does nothing; export GE_USE_STATIC_MEMORY in the job's environment, or set "
              "ge.exec.staticMemoryPolicy",
              "warning: session: ge_use_static_memory: an environment variable, not an option: the engine reads "
              "GE_USE_STATIC_MEMORY from the process environment only and takes no option of that name, so \"3\" "
              "here does nothing; export GE_USE_STATIC_MEMORY in the job's environment, or set "
              "ge.exec.staticMemoryPolicy"});
  CHECK(lines(lite("ge.exec.atomicCleanPolicy=1\n[ascend_context]\nge.exec.atomicClenPolicy=1\n[ge_session_options]\n"
                   "ge.exec.staticMemoryPolicy 3\n[ge_session_options]\nge.exec.atomicCleanPolicy=1\n"),
              Code::ignored_option) ==
        Lines{"warning: model.ini:1:1: ge.exec.atomicCleanPolicy: MindSpore Lite ignores it before the first section; "
              "it reads memory options in [ge_global_options], [ge_session_options] and [ge_graph_options]",
              "warning: model.ini:3:1: ge.exec.atomicClenPolicy: MindSpore Lite ignores it in [ascend_context] (did "
              "you mean ge.exec.atomicCleanPolicy?); it reads memory options in [ge_global_options], "
              "[ge_session_options] and [ge_graph_options]",
              "warning: model.ini:5:1: ge.exec.staticMemoryPolicy: a line without \"=\", which MindSpore Lite ignores; "
              "write ge.exec.staticMemoryPolicy=VALUE"});
  CHECK(
      test::lines_of(test::of_code(
          lite(
              "[ge_session_options]\nge.exec.atomicCleanPolicy=1\n[ge_session_options]\nge.exec.staticMemoryPolicy=3\n")
              .diagnostics,
          Code::ignored_option)) ==
      Lines{"error: model.ini:4:1: ge.exec.staticMemoryPolicy: never runs: MindSpore Lite drops this second "
            "[ge_session_options] block; move it into the first one"});
  CHECK(lines(lite("[ge_global_options]\nge.exec.staticMemoryPolicy=0\n"), Code::ignored_option) ==
        Lines{"error: model.ini:2:1: static_memory_policy (ge.exec.staticMemoryPolicy): 0 (dynamic) in "
              "[ge_global_options] never runs: the engine takes the session's value first, and the session runs 2 "
              "(expand_static_shape), MindSpore Lite's own; write it in [ge_session_options]"});
  CHECK(
      lines(lite("[ge_session_options]\nge.exec.staticMemoryPolicy=4\n[ge_global_options]\nge.exec.staticMemoryPolicy="
                 "4\n"),
            Code::ignored_option) ==
      Lines{"warning: model.ini:4:1: static_memory_policy (ge.exec.staticMemoryPolicy): 4 "
            "(expand_static_and_dynamic_shape) in [ge_global_options] never runs: the engine takes the session's "
            "value first, and the session runs 4 (expand_static_and_dynamic_shape); write it in [ge_session_options]"});
}
