// fix_text: a fix's edits made in the text they are placed in, that text
// holding errors or not, every other byte kept; refused, with why, where
// an edit has no place.
#include <catch2/catch.hpp>

#include <optional>
#include <string>
#include <vector>

#include <npu/memory_config/texts/fix_text.hpp>
#include <npu/memory_config_json.hpp>

using namespace npu;

namespace {

Edit set_at(Field field, std::uint8_t code, std::size_t line, std::size_t column, std::string source = "file") {
  return {EditAction::set_value, field, code, {}, {std::move(source), {}, {}, {line, column}}};
}
Edit remove_at(Field field, std::size_t line, std::size_t column) {
  return {EditAction::remove_setting, field, std::nullopt, {}, {"file", {}, {}, {line, column}}};
}
Edit add(Field field, std::uint8_t code) { return {EditAction::set_value, field, code, {}, {"file", {}, {}, {}}}; }

std::string fixed(std::string_view text, const std::vector<Edit>& edits, Form form, std::string_view pointer = {}) {
  const WriteResult result = fix_text(text, edits, form, "file", pointer);
  for (const Diagnostic& diagnostic : result.diagnostics) INFO(to_string(diagnostic));
  REQUIRE(result.ok());
  return *result.text;
}

std::string refusal(std::string_view text, const std::vector<Edit>& edits, Form form) {
  const WriteResult result = fix_text(text, edits, form, "file");
  REQUIRE_FALSE(result.ok());
  REQUIRE(result.diagnostics.size() == 1);
  CHECK(result.diagnostics[0].code == DiagnosticCode::not_updatable);
  return result.diagnostics[0].message;
}

constexpr Field static_policy = Field::static_memory_policy;
constexpr Field atomic = Field::atomic_clean_policy;

}  // namespace

TEST_CASE("fix_text: a value rewritten where its key stands, in a text that holds an error", "[json][fix_text]") {
  const std::string ge = "{\n  \"ge.exec.staticMemoryPolicy\": \"7\",\n  \"ge.exec.atomicCleanPolicy\": 1\n}\n";
  CHECK(read_text(ge, Form::ge, "file").diagnostics.front().severity == Severity::error);
  CHECK(fixed(ge, {set_at(static_policy, 3, 2, 3)}, Form::ge) ==
        "{\n  \"ge.exec.staticMemoryPolicy\": \"3\",\n  \"ge.exec.atomicCleanPolicy\": 1\n}\n");
  // A number stays a number; a config file's name stays a name.
  CHECK(fixed(ge, {set_at(atomic, 0, 3, 3)}, Form::ge) ==
        "{\n  \"ge.exec.staticMemoryPolicy\": \"7\",\n  \"ge.exec.atomicCleanPolicy\": 0\n}\n");
  CHECK(fixed("{\"static_memory_policy\": \"dynamic\"}", {set_at(static_policy, 2, 1, 2)}, Form::json) ==
        "{\"static_memory_policy\": \"expand_static_shape\"}");
  // Only the key at the place: the same key at another level keeps its value.
  const std::string scoped =
      "{\"global\": {\"ge.exec.staticMemoryPolicy\": \"2\"},\n"
      " \"session\": {\"ge.exec.staticMemoryPolicy\": \"4\"}}\n";
  CHECK(fixed(scoped, {set_at(static_policy, 3, 2, 14)}, Form::ge) ==
        "{\"global\": {\"ge.exec.staticMemoryPolicy\": \"2\"},\n"
        " \"session\": {\"ge.exec.staticMemoryPolicy\": \"3\"}}\n");
  // Inside the value a pointer names.
  CHECK(fixed("{\"job\": {\"static_memory_policy\": 7}}", {set_at(static_policy, 0, 1, 10)}, Form::json, "/job") ==
        "{\"job\": {\"static_memory_policy\": 0}}");
}

TEST_CASE("fix_text: a key removed with the comma that separates it, a missing one added", "[json][fix_text]") {
  const std::string three = "{\n  \"atomic_clean_policy\": 1,\n  \"static_memory_policy\": 4,\n  \"x\": 0\n}\n";
  CHECK(fixed(three, {remove_at(atomic, 2, 3)}, Form::json) == "{\n  \"static_memory_policy\": 4,\n  \"x\": 0\n}\n");
  const std::string last = "{\n  \"x\": 0,\n  \"static_memory_policy\": 4\n}\n";
  CHECK(fixed(last, {remove_at(static_policy, 3, 3)}, Form::json) == "{\n  \"x\": 0\n}\n");
  CHECK(fixed("{ \"static_memory_policy\": 4 }", {remove_at(static_policy, 1, 3)}, Form::json) == "{}");
  // An optional setting unset where it stands: its key goes.
  const Edit unset{
      EditAction::set_value, Field::memory_optimization_policy, std::nullopt, {}, {"file", {}, {}, {2, 3}}};
  CHECK(fixed("{\"x\": 0,\n  \"memory_optimization_policy\": \"Balance\"}", {unset}, Form::json) == "{\"x\": 0}");
  // A key the text lacks, added as an update adds it; with a value set beside.
  CHECK(fixed("{\n  \"atomic_clean_policy\": 5\n}\n", {set_at(atomic, 1, 2, 3), add(static_policy, 3)}, Form::json) ==
        "{\n  \"atomic_clean_policy\": 1,\n  \"static_memory_policy\": 3\n}\n");
}

TEST_CASE("fix_text: a MindSpore Lite file's lines, its CRLF kept", "[json][fix_text]") {
  const std::string lite =
      "[ge_session_options]\r\nge.exec.memoryOptimizationPolicy=Fast\r\nge.exec.staticMemoryPolicy=9\r\n";
  CHECK(fixed(lite, {remove_at(Field::memory_optimization_policy, 2, 1), set_at(static_policy, 0, 3, 1)},
              Form::mslite) == "[ge_session_options]\r\nge.exec.staticMemoryPolicy=0\r\n");
  CHECK(fixed("[ascend_context]\nx=1\n", {add(static_policy, 0)}, Form::mslite) ==
        "[ascend_context]\nx=1\n\n[ge_session_options]\nge.exec.staticMemoryPolicy=0\n");
}

TEST_CASE("fix_text: a TF1 value in the kind the adapter reads", "[json][fix_text]") {
  const std::string tf1 =
      "graph_options { rewrite_options { custom_optimizers {\n"
      "  name: \"NpuOptimizer\"\n"
      "  parameter_map { key: \"static_memory_policy\" value { s: \"2\" } }\n"
      "  parameter_map { key: \"memory_optimization_policy\" value < s: 'x\\'y' \"z\" > }\n"
      "} } }\n";
  const Edit policy{EditAction::set_value, Field::memory_optimization_policy, 1, {}, {"file", {}, {}, {4, 19}}};
  CHECK(fixed(tf1, {set_at(static_policy, 2, 3, 19), policy}, Form::tf1) ==
        "graph_options { rewrite_options { custom_optimizers {\n"
        "  name: \"NpuOptimizer\"\n"
        "  parameter_map { key: \"static_memory_policy\" value { i: 2 } }\n"
        "  parameter_map { key: \"memory_optimization_policy\" value < s: \"MemoryPriority\" > }\n"
        "} } }\n");
  const std::string tf1_refused =
      "the tf1 form's values are rewritten where they stand; no key is added or removed there, nor a value given "
      "to a key without one";
  CHECK(refusal(tf1, {add(atomic, 1)}, Form::tf1) == tf1_refused);
  CHECK(refusal(tf1, {remove_at(static_policy, 3, 19)}, Form::tf1) == tf1_refused);
  CHECK(refusal(tf1, {set_at(static_policy, 2, 2, 3)}, Form::tf1) == tf1_refused);  // no entry there
  CHECK(refusal("graph_options {", {set_at(static_policy, 2, 1, 1)}, Form::tf1) == tf1_refused);
  // An integer rewritten; an entry without a key passed by.
  const std::string integers =
      "graph_options { rewrite_options { custom_optimizers { name: \"NpuOptimizer\"\n"
      "  parameter_map { value { i: 1 } }\n"
      "  parameter_map { key: \"static_memory_policy\" value { i:7 } }\n"
      "  parameter_map { key: \"atomic_clean_policy\" }\n"
      "  parameter_map { key: \"variable_use_1g_huge_page\" value { } }\n"
      "  parameter_map { key: \"memory_optimization_policy\" value { s: # why\n \"x\" } }\n"
      "} } }\n";
  const Edit policy_there{EditAction::set_value, Field::memory_optimization_policy, 1, {}, {"file", {}, {}, {6, 19}}};
  CHECK(fixed(integers, {set_at(static_policy, 0, 3, 19), policy_there}, Form::tf1) ==
        "graph_options { rewrite_options { custom_optimizers { name: \"NpuOptimizer\"\n"
        "  parameter_map { value { i: 1 } }\n"
        "  parameter_map { key: \"static_memory_policy\" value { i:0 } }\n"
        "  parameter_map { key: \"atomic_clean_policy\" }\n"
        "  parameter_map { key: \"variable_use_1g_huge_page\" value { } }\n"
        "  parameter_map { key: \"memory_optimization_policy\" value { s: # why\n \"MemoryPriority\" } }\n"
        "} } }\n");
  // A key without a value, a value without a kind: refused.
  CHECK(refusal(integers, {set_at(atomic, 1, 4, 19)}, Form::tf1) == tf1_refused);
  CHECK(refusal(integers, {set_at(Field::variable_use_1g_huge_page, 1, 5, 19)}, Form::tf1) == tf1_refused);
}

TEST_CASE("fix_text: the edits of other places skipped, what has no place refused", "[json][fix_text]") {
  const std::string text = "{\"static_memory_policy\": 4}";
  // A flag's, the environment's and another file's edits are not the text's: it is given back as it is.
  const Edit flag = set_at(static_policy, 0, 0, 0, "--static-memory-policy");
  const Edit environment{EditAction::unset_variable, std::nullopt, std::nullopt, {}, {}};
  const Edit other = set_at(static_policy, 0, 1, 2, "other.json");
  CHECK(fixed(text, {flag, environment, other}, Form::json) == text);
  CHECK(refusal(text, {set_at(static_policy, 0, 1, 3)}, Form::json) ==
        "no memory key of the json form stands at the place of an edit");
  CHECK(refusal("{\"x\": 1, \"static", {set_at(static_policy, 0, 1, 2)}, Form::json) ==
        "read as json, it is no JSON value at the pointer");
  CHECK(refusal("[ge_session_options]\nx=1\n", {set_at(static_policy, 0, 2, 1)}, Form::mslite) ==
        "no memory key of the mslite form stands at the place of an edit");
  CHECK(refusal("GE_USE_STATIC_MEMORY=1\n", {add(static_policy, 0)}, Form::torchair) ==
        "the torchair form cannot be edited in place");
  // A place that holds another key, or a removal where none stands.
  CHECK(refusal("{\"x\": 1}", {set_at(static_policy, 0, 1, 2)}, Form::json) ==
        "no memory key of the json form stands at the place of an edit");
  CHECK(refusal(text, {remove_at(static_policy, 1, 5)}, Form::json) ==
        "no memory key of the json form stands at the place of an edit");
  // A pointer that is none, or names nothing.
  for (const char* pointer : {"memory", "/missing"}) {
    const WriteResult result = fix_text(text, {set_at(static_policy, 0, 1, 2)}, Form::json, "file", pointer);
    REQUIRE_FALSE(result.ok());
    CHECK(result.diagnostics[0].message == "read as json, it is no JSON value at the pointer");
  }
  // A value the form cannot carry: TF2 has no memory_optimization_policy.
  CHECK(refusal("{}", {add(Field::memory_optimization_policy, 1)}, Form::tf2) ==
        "the tf2 form cannot carry the values");
  // A variable's edit, or a removal of a key the text lacks: nothing to do in it.
  const Edit variable{EditAction::unset_variable, std::nullopt, std::nullopt, {}, {"file", {}, {}, {1, 1}}};
  const Edit removed_nowhere{EditAction::remove_setting, static_policy, std::nullopt, {}, {"file", {}, {}, {}}};
  CHECK(fixed(text, {variable, removed_nowhere}, Form::json) == text);
}

// The library's --fix of one text (spec 17): check_text, then the first
// remedy of each error made, round after round, and what is left.
TEST_CASE("fix_text of a form: each error's first remedy made, and the diagnostics left", "[json][fix_text]") {
  ValidationContext on_601;
  on_601.cann_release = CannRelease::parse("6.0.1");
  on_601.concurrent_graphs = true;
  // 7 is no policy (its first remedy, the table's first value, 0); atomic 1
  // only costs (a warning, left as it is).
  const WriteResult policy_7 = fix_text("{\"static_memory_policy\": 7, \"atomic_clean_policy\": 1}\n", Form::json);
  REQUIRE(policy_7.text);
  CHECK(*policy_7.text == "{\"static_memory_policy\": 0, \"atomic_clean_policy\": 1}\n");
  REQUIRE(policy_7.diagnostics.size() == 1);
  CHECK(to_string(policy_7.diagnostics[0]) ==
        "warning: text:1:29: atomic_clean_policy: 1 (separate) may cost performance");

  // A reader's error hides validation: the next round fixes what it then finds.
  const WriteResult ge = fix_text(R"({"global": {"ge.exec.staticMemoryPolicy": "9"}})", Form::ge, on_601, "ge.json");
  REQUIRE(ge.text);
  CHECK(*ge.text == "{\"global\": {\"ge.exec.staticMemoryPolicy\": \"0\"}}");
  CHECK(ge.diagnostics.empty());
  const WriteResult static_2 =
      fix_text(R"({"global": {"ge.exec.staticMemoryPolicy": "2"}})", Form::ge, on_601, "ge.json");
  REQUIRE(static_2.text);
  CHECK(*static_2.text == "{\"global\": {\"ge.exec.staticMemoryPolicy\": \"0\"}}");  // concurrent graphs

  // The environment's remedy is no edit of the text: its error is left.
  ValidationContext variable = on_601;
  variable.ge_use_static_memory = "1";
  const WriteResult env = fix_text("{}", Form::json, variable);
  REQUIRE(env.text);
  CHECK(*env.text == "{}");
  REQUIRE_FALSE(env.diagnostics.empty());
  CHECK(has_errors(env.diagnostics));

  // Nothing to fix: the very bytes, and check_text's diagnostics.
  const std::string clean = "{ \"static_memory_policy\" : 3 }";
  const WriteResult same = fix_text(clean, Form::json);
  CHECK(same.text == clean);
  CHECK(same.diagnostics.size() == check_text(clean, Form::json, {}, "text").size());
  CHECK(same.diagnostics.size() == 1);  // 3 costs

  // A warning's fix keeps what runs; only errors are fixed, as by --fix.
  ValidationContext three;
  three.ge_use_static_memory = "3";
  const WriteResult warned = fix_text("{\"static_memory_policy\": 2}", Form::json, three);
  CHECK(warned.text == std::string("{\"static_memory_policy\": 2}"));
  REQUIRE_FALSE(warned.diagnostics.empty());
  CHECK_FALSE(warned.diagnostics.front().fix.empty());
  // An error with no remedy is left as it is.
  const WriteResult no_object = fix_text("[1]", Form::json);
  CHECK(no_object.text == std::string("[1]"));
  CHECK(has_errors(no_object.diagnostics));
  // An edit TF1's text cannot take (a key to add): no text, why, and what is left.
  ValidationContext inference;
  inference.product = Product::atlas_inference;
  const WriteResult refused = fix_text(
      "graph_options { rewrite_options { custom_optimizers { name: \"NpuOptimizer\"\n"
      " parameter_map { key: \"memory_optimization_policy\" value { i: 7 } } } } }\n",
      Form::tf1, inference);
  CHECK_FALSE(refused.text);
  REQUIRE(refused.diagnostics.size() >= 2);
  CHECK(refused.diagnostics.front().code == DiagnosticCode::not_updatable);
  CHECK(has_errors(std::vector<Diagnostic>(refused.diagnostics.begin() + 1, refused.diagnostics.end())));
  // TF1's value in the kind the adapter reads, in place.
  const std::string optimizer =
      "graph_options { rewrite_options { custom_optimizers { name: \"NpuOptimizer\"\n"
      "  parameter_map { key: \"static_memory_policy\" value { i: ";
  const WriteResult tf1 = fix_text(optimizer + "7 } } } } }\n", Form::tf1);
  REQUIRE(tf1.text);
  CHECK(*tf1.text == optimizer + "0 } } } } }\n");
}

TEST_CASE("check_text: a reader's diagnostics, then validate's, without contradictions", "[json][fix_text]") {
  ValidationContext on_601;
  on_601.cann_release = CannRelease::parse("6.0.1");
  // A static 1 on 6.0.1: the release's error, not also the legacy alias warning.
  const std::vector<Diagnostic> found = check_text("{\"static_memory_policy\": 1}", Form::json, on_601, "c.json");
  REQUIRE(found.size() == 1);
  CHECK(found[0].code == DiagnosticCode::release_difference);
  CHECK(check_text("{\"static_memory_policy\": 1}", Form::json, {}, "c.json").at(0).code ==
        DiagnosticCode::legacy_value);
  // Another error about the 1 contradicts nothing: both stand.
  ValidationContext concurrent;
  concurrent.concurrent_graphs = true;
  const std::vector<Diagnostic> both = check_text("{\"static_memory_policy\": 1}", Form::json, concurrent, "c.json");
  REQUIRE(both.size() == 2);
  CHECK(both[0].code == DiagnosticCode::legacy_value);
  CHECK(both[1].code == DiagnosticCode::concurrent_graphs);
  // A reader's error: validation does not run.
  const std::vector<Diagnostic> broken = check_text("{\"static_memory_policy\": 7}", Form::json, on_601, "c.json");
  REQUIRE(broken.size() == 1);
  CHECK(broken[0].code == DiagnosticCode::invalid_value);
  CHECK(broken[0].origin.source == "c.json");
}
