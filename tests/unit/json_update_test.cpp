// update_text: a file of a form brought to a config with only the memory
// values changed, every other byte kept; refused where the form's reader
// does not read the file.
#include <catch2/catch.hpp>

#include <string>
#include <string_view>

#include <npu/memory_config/settings/ostream.hpp>
#include <npu/memory_config/texts/update.hpp>
#include <npu/memory_config_json.hpp>

#include "all_configs.hpp"

using namespace npu;

namespace {

MemoryConfig config_of(int atomic, int static_policy, int huge_page) {
  MemoryConfig config;
  config.atomic_clean_policy = static_cast<AtomicCleanPolicy>(atomic);
  config.static_memory_policy = static_cast<StaticMemoryPolicy>(static_policy);
  config.variable_use_1g_huge_page = static_cast<HugePagePolicy>(huge_page);
  return config;
}

std::string updated(std::string_view text, const MemoryConfig& config, Form form, std::string_view pointer = {}) {
  const WriteResult result = update_text(text, config, form, "file", pointer);
  for (const Diagnostic& diagnostic : result.diagnostics) INFO(to_string(diagnostic));
  CHECK(result.ok());
  CHECK(result.diagnostics.empty());
  return result.text.value_or("");
}

}  // namespace

TEST_CASE("a changed value is rewritten where it stands, and nothing else", "[update]") {
  // The spec's example: one line of a Lite file changes.
  CHECK(updated("[ge_session_options]\nge.exec.staticMemoryPolicy=2\nge.exec.atomicCleanPolicy=0\n", config_of(0, 3, 0),
                Form::mslite) == "[ge_session_options]\nge.exec.staticMemoryPolicy=3\nge.exec.atomicCleanPolicy=0\n");
  // Blanks around "=" and an empty value.
  CHECK(updated("[ge_session_options]\r\n ge.exec.staticMemoryPolicy = 2 \r\nge.exec.memoryOptimizationPolicy=\r\n",
                config_of(0, 4, 0), Form::mslite) ==
        "[ge_session_options]\r\n ge.exec.staticMemoryPolicy = 4 \r\nge.exec.memoryOptimizationPolicy=\r\n");
  MemoryConfig priority = config_of(0, 2, 0);
  priority.memory_optimization_policy = MemoryOptimizationPolicy::memory_priority;
  CHECK(updated("[ge_session_options]\nge.exec.memoryOptimizationPolicy=\n", priority, Form::mslite) ==
        "[ge_session_options]\nge.exec.memoryOptimizationPolicy=MemoryPriority\n");
  // A number stays a number where the map takes one.
  CHECK(updated(R"({"ge.exec.staticMemoryPolicy": 2})", config_of(0, 4, 0), Form::ge) ==
        R"({"ge.exec.staticMemoryPolicy": 4})");
  // A short key beside its GE key: both.
  CHECK(updated(R"({"static_memory_policy": "2", "ge.exec.staticMemoryPolicy": "2", "x": "2"})", config_of(0, 3, 0),
                Form::ge) == R"({"static_memory_policy": "3", "ge.exec.staticMemoryPolicy": "3", "x": "2"})");
  // Unset where it stands: "" in an option map, null in a config file.
  CHECK(updated(R"({"ge.exec.memoryOptimizationPolicy": "BalanceMode", "ge.exec.staticMemoryPolicy": "0"})",
                config_of(0, 0, 0),
                Form::ge) == R"({"ge.exec.memoryOptimizationPolicy": "", "ge.exec.staticMemoryPolicy": "0"})");
  CHECK(updated(R"({"memory_optimization_policy": "BalanceMode"})", config_of(0, 0, 0), Form::json) ==
        R"({"memory_optimization_policy": null})");
  // A config file keeps its author's spelling: a name stays a name, a number a number.
  CHECK(updated(R"({"static_memory_policy": "expand_static_shape", "atomic_clean_policy": 0})", config_of(1, 3, 0),
                Form::json) == R"({"static_memory_policy": "expand_dynamic_shape", "atomic_clean_policy": 1})");
  CHECK(updated(R"({"static_memory_policy": "2"})", config_of(0, 4, 0), Form::json) ==
        R"({"static_memory_policy": "4"})");
  // MindSpore's own atomic_clean_policy is an integer at the top.
  CHECK(updated(R"({"atomic_clean_policy": 1, "ge_options": {"global": {"ge.exec.staticMemoryPolicy": "2"}}})",
                [] {
                  MemoryConfig config = config_of(0, 3, 0);
                  config.memory_optimization_policy = MemoryOptimizationPolicy::memory_priority;
                  return config;
                }(),
                Form::mindspore) ==
        R"({"atomic_clean_policy": 0, "ge_options": {"global": {"ge.exec.staticMemoryPolicy": "3"}}})");
}

TEST_CASE("a missing key is added only where the runtime would run another value", "[update]") {
  // Lite runs the session's static policy 2 without the key: nothing to add.
  const std::string lite = "# 推理\n[ge_session_options]\nge.exec.precision_mode=force_fp16\n";
  CHECK(updated(lite, config_of(0, 2, 0), Form::mslite) == lite);
  CHECK(updated(lite, config_of(0, 3, 0), Form::mslite) ==
        "# 推理\n[ge_session_options]\nge.exec.precision_mode=force_fp16\nge.exec.staticMemoryPolicy=3\n");
  // At the end of the block Lite reads, in its indentation, before a comment after it.
  CHECK(updated("[ge_session_options]\n  a=1\n# end\n[ge_graph_options]\nb=2", config_of(1, 2, 0), Form::mslite) ==
        "[ge_session_options]\n  a=1\n  ge.exec.atomicCleanPolicy=1\n# end\n[ge_graph_options]\nb=2");
  // A section given twice: the key goes to the block Lite reads, the first
  // holding an entry, else the first.
  CHECK(updated("[ge_session_options]\n# first\n[ge_graph_options]\nx=1\n[ge_session_options]\n# second\n",
                config_of(0, 3, 0), Form::mslite) ==
        "[ge_session_options]\nge.exec.staticMemoryPolicy=3\n# first\n[ge_graph_options]\nx=1\n[ge_session_options]\n"
        "# second\n");
  CHECK(updated("[ge_session_options]\n[ge_session_options]\ny=2\n", config_of(0, 3, 0), Form::mslite) ==
        "[ge_session_options]\n[ge_session_options]\ny=2\nge.exec.staticMemoryPolicy=3\n");
  // A missing section at the end; a missing final line ending stays missing.
  CHECK(updated("[ge_session_options]\nge.exec.staticMemoryPolicy=2", config_of(0, 2, 1), Form::mslite) ==
        "[ge_session_options]\nge.exec.staticMemoryPolicy=2\nge.variableUse1gHugePage=1\n\n[ge_global_options]\n"
        "ge.variableUse1gHugePage=1");
  CHECK(updated("", config_of(1, 2, 0), Form::mslite) == "[ge_session_options]\nge.exec.atomicCleanPolicy=1\n");
  // JSON: after the last member, in its indentation and line endings.
  CHECK(updated("{\r\n\t\"other\": 1\r\n}\r\n", config_of(1, 0, 0), Form::tf2) ==
        "{\r\n\t\"other\": 1,\r\n\t\"atomic_clean_policy\": \"1\"\r\n}\r\n");
  CHECK(updated("{}", config_of(1, 0, 0), Form::json) == R"({"atomic_clean_policy": 1})");
  // Beside the members it follows, however far they are indented.
  CHECK(updated("{\n  \"session\": {\n        \"x\": \"1\"\n  }\n}", config_of(1, 0, 0), Form::ge) ==
        "{\n  \"session\": {\n        \"x\": \"1\",\n        \"ge.exec.atomicCleanPolicy\": \"1\"\n  }\n}");
  CHECK(updated("{\n}\n", config_of(0, 3, 0), Form::json) == "{\n  \"static_memory_policy\": 3\n}\n");
  // Members flush with their brace: the added ones flush too, and an added
  // object's members indented by two spaces, as where no object indents.
  CHECK(updated("{\n\"x\": \"1\"\n}\n", config_of(1, 0, 0), Form::ge) ==
        "{\n\"x\": \"1\",\n\"ge.exec.atomicCleanPolicy\": \"1\"\n}\n");
  CHECK(updated("{\n\"global\": {\n\"x\": \"1\"\n}\n}\n", config_of(1, 0, 0), Form::ge) ==
        "{\n\"global\": {\n\"x\": \"1\"\n},\n\"session\": {\n  \"ge.exec.atomicCleanPolicy\": \"1\"\n}\n}\n");
  // Members indented otherwise than the object's own line (tabs below
  // spaces): no unit can be read off them.
  CHECK(updated("{\"jobs\": [\n  {\n\t\t\t\"global\": {}\n  }\n]}\n", config_of(1, 0, 0), Form::ge, "/jobs/0") ==
        "{\"jobs\": [\n  {\n\t\t\t\"global\": {},\n\t\t\t\"session\": {\n\t\t\t  \"ge.exec.atomicCleanPolicy\": \"1\"\n"
        "\t\t\t}\n  }\n]}\n");
  CHECK(updated("{\n\"mode\": 0\n}\n", config_of(0, 0, 2), Form::mindspore) ==
        "{\n\"mode\": 0,\n\"atomic_clean_policy\": 0,\n\"ge_options\": {\n  \"global\": {\n"
        "    \"ge.exec.memoryOptimizationPolicy\": \"\",\n    \"ge.exec.staticMemoryPolicy\": \"0\",\n"
        "    \"ge.variableUse1gHugePage\": \"2\"\n  },\n  \"session\": {\n    \"ge.variableUse1gHugePage\": \"2\"\n  "
        "}\n}\n}\n");
  // A flat GE map gets its keys at the top, once each.
  CHECK(updated(R"({"ge.exec.precision_mode": "x"})", config_of(1, 0, 1), Form::ge) ==
        R"({"ge.exec.precision_mode": "x", "ge.variableUse1gHugePage": "1", "ge.exec.atomicCleanPolicy": "1"})");
  // A missing level of a scoped GE map, and ge_options of MindSpore, added whole.
  CHECK(updated("{\n    \"global\": {\n        \"x\": \"1\"\n    }\n}", config_of(1, 0, 0), Form::ge) ==
        "{\n    \"global\": {\n        \"x\": \"1\"\n    },\n    \"session\": {\n        "
        "\"ge.exec.atomicCleanPolicy\": \"1\"\n    }\n}");
  CHECK(
      updated(R"({"mode": 0})", config_of(1, 0, 2), Form::mindspore) ==
      R"({"mode": 0, "ge_options": {"global": {"ge.exec.memoryOptimizationPolicy": "", "ge.exec.staticMemoryPolicy": "0", "ge.variableUse1gHugePage": "2"}, "session": {"ge.variableUse1gHugePage": "2"}}})");
  // Under a pointer, only the value it names.
  CHECK(updated(R"({"a": {"static_memory_policy": 0}, "jobs": [{"b": 1}, {}]})", config_of(1, 0, 0), Form::json,
                "/jobs/1") == R"({"a": {"static_memory_policy": 0}, "jobs": [{"b": 1}, {"atomic_clean_policy": 1}]})");
}

TEST_CASE("what the form's reader does not read is not updated", "[update]") {
  const MemoryConfig config = config_of(0, 0, 0);
  const WriteResult tf1 = update_text("graph_options {}", config, Form::tf1);
  CHECK_FALSE(tf1.ok());
  REQUIRE(tf1.diagnostics.size() == 1);
  CHECK(to_string(tf1.diagnostics[0]) == "error: existing text: the tf1 form cannot be updated in place");
  CHECK(tf1.diagnostics[0].code == DiagnosticCode::not_updatable);
  CHECK(update_text("", config, Form::torchair, "env").diagnostics.at(0).message ==
        "the torchair form cannot be updated in place");
  const WriteResult lite_as_ge = update_text("[ge_session_options]\nx=1\n", config, Form::ge, "model.ini");
  CHECK_FALSE(lite_as_ge.text);
  REQUIRE(lite_as_ge.diagnostics.size() == 2);  // why, then the read's own error
  CHECK(to_string(lite_as_ge.diagnostics[0]) ==
        "error: model.ini: read as ge, it has an error: model.ini:1:1: a MindSpore Lite config file (INI), not JSON: "
        "the mslite form reads it");
  CHECK(lite_as_ge.diagnostics[1].code == DiagnosticCode::wrong_form);
  MemoryConfig priority = config;
  priority.memory_optimization_policy = MemoryOptimizationPolicy::balance_mode;
  CHECK(update_text("{}", priority, Form::tf2).diagnostics.at(0).message == "the tf2 form cannot carry the config");
  CHECK_FALSE(update_text(R"({"a": 1})", config, Form::json, "job.json", "/b"));
}

TEST_CASE("every valid config updates every written form, keeping what is not ours", "[update]") {
  // What a user adds to each form beside the memory settings (a config file holds nothing else).
  const auto user_part = [](Form form) -> std::string {
    switch (form) {
      case Form::mslite:
        return "[other]\nkeep=1\n";
      case Form::ge:
        return R"({"graph": {"keep": "1"}, )";
      case Form::tf2:
        return R"({"keep": "1", )";
      case Form::mindspore:
        return R"({"keep": {"nested": [1]}, )";
      default:
        return "";
    }
  };
  const auto configs = test::all_configs();
  for (const Form form : enum_values<Form>()) {
    if (!describe(form).updatable) continue;
    INFO(enum_name(form));
    const std::string mine = user_part(form);
    for (const MemoryConfig& from : configs) {
      const WriteResult from_text = write_text(from, form);
      if (!from_text) continue;
      const std::string& written = *from_text.text;
      const std::string file = form == Form::mslite ? written + mine
                               : mine.empty()       ? written
                                                    : mine + written.substr(1);
      for (const MemoryConfig& to : {configs.front(), configs[37], configs.back(), from}) {
        INFO(from);
        INFO(to);
        if (!write_text(to, form)) continue;
        const WriteResult result = update_text(file, to, form);
        REQUIRE(result.text);
        CHECK(read_text(*result.text, form).config == to);
        CHECK(result.text->find(mine) != std::string::npos);
        if (to == from) CHECK(*result.text == file);
      }
    }
  }
}

TEST_CASE("edits keep every byte they do not name, in any order given", "[update]") {
  CHECK(detail::apply_edits("abcdef", {{4, 5, "X"}, {1, 2, "Y"}, {6, 6, "!"}, {0, 0, ">"}}) == ">aYcdXf!");
  CHECK(detail::apply_edits("ab", {{1, 1, "1"}, {1, 1, "2"}}) == "a12b");  // inserts at one offset keep their order
  CHECK(detail::line_ending("a\r\nb\n") == "\r\n");
  CHECK(detail::line_ending("a\nb\r\n") == "\n");
  CHECK(detail::line_indentation("x\n \t y", 5) == " \t ");
}

TEST_CASE("a rewrite the reader refuses still ends in a text it reads", "[update]") {
  // The static policy in [ge_global_options] only: the session's own 2 hides it. Rewritten alone it
  // would contradict the session; the session gets the key too.
  CHECK(updated("[ge_global_options]\nge.exec.staticMemoryPolicy=2\n[ge_session_options]\nx=1\n", config_of(0, 3, 0),
                Form::mslite) ==
        "[ge_global_options]\nge.exec.staticMemoryPolicy=3\n[ge_session_options]\nx=1\nge.exec.staticMemoryPolicy=3\n");
  // A header with no option under it, read by no block: the key goes under it.
  CHECK(updated("[ge_session_options]\n[ge_global_options]\nx=1\n", config_of(1, 0, 0), Form::mslite) ==
        "[ge_session_options]\nge.exec.atomicCleanPolicy=1\nge.exec.staticMemoryPolicy=0\n[ge_global_options]\nx=1\n");
}

TEST_CASE("what is not a memory key is passed over, however deep or odd", "[update]") {
  // Containers below the depth kept are skipped whole: escapes, brackets in strings, every blank.
  const std::string deep =
      "{\"keep\": {\"a\": {\"b\": {\"c\": [1, {\"d\": \"x\\\"]}\"}], \t\"e\": [true, null, -1.5e3]}}},"
      " \"ge.exec.staticMemoryPolicy\": \"2\", \"other\": {\"x\": {\"y\": 1}}, \"atomic_clean_policy\": 1}";
  const std::string expected =
      "{\"keep\": {\"a\": {\"b\": {\"c\": [1, {\"d\": \"x\\\"]}\"}], \t\"e\": [true, null, -1.5e3]}}},"
      " \"ge.exec.staticMemoryPolicy\": \"2\", \"other\": {\"x\": {\"y\": 1}}, \"atomic_clean_policy\": 0, "
      "\"ge_options\": {\"global\": {\"ge.exec.staticMemoryPolicy\": \"3\"}}}";
  MemoryConfig config = config_of(0, 3, 0);
  config.memory_optimization_policy = MemoryOptimizationPolicy::memory_priority;
  CHECK(updated(deep, config, Form::mindspore) == expected);  // a GE key at the top is MindSpore's to ignore
}

TEST_CASE("the layout never reads past a text's end", "[update]") {
  // Texts no parser accepts, given to the layout by mistake.
  for (const std::string_view text : {"", "{", "{\"a", "{\"a\": [1, 2", R"({"a": "x\)", "[", "{\"a\":", "\"abc"}) {
    INFO(text);
    const detail::JsonSpan span = detail::json_layout(text, 3);
    CHECK(span.end <= text.size());
  }
  const detail::JsonSpan top = detail::json_layout(R"({"a": [{"b": 1}]})", 3);
  CHECK(detail::span_at(top, {"a", "0", "b"})->kind == '1');
  CHECK(detail::span_at(top, {"a", "1"}) == nullptr);
}
