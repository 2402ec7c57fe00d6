// MindSpore Lite's config file: the writer's layout, the reader's faithfulness
// to Lite's runtime parser, and every silent behaviour of that parser said.
// What the diagnostics say is pinned in messages_test.cpp.
#include <catch2/catch.hpp>

#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <npu/memory_config.hpp>
#include <npu/memory_config/forms/detail/mslite_form.hpp>
#include <npu/memory_config/settings/ostream.hpp>

#include "all_configs.hpp"
#include "diagnostics.hpp"

using namespace npu;
using test::codes_of;
using Code = DiagnosticCode;
using Sections = std::map<std::string, std::map<std::string, std::string>>;

namespace {

ReadResult read_lite(const std::string& text) { return detail::read_mslite_config(text, "model.ini"); }

// Section 10's parser written again, the plain way, to check the writer
// against: trimmed lines, "[name]" sections, key=value split at the first
// "=", the first value of a key kept, and of a repeated section the first
// block that holds a key.
Sections parse_like_lite(const std::string& text) {
  const auto trim = [](std::string s) {
    const char* blanks = " \t\r\n\v\f";
    s.erase(0, s.find_first_not_of(blanks));
    s.erase(s.find_last_not_of(blanks) + 1);
    return s;
  };
  Sections kept;
  std::string section;
  std::map<std::string, std::string> block;
  const auto store = [&] {
    if (!section.empty() && !block.empty() && kept.count(section) == 0) kept[section] = block;
    block.clear();
  };
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    line = trim(line);
    if (line.size() <= 2 || line[0] == '#') continue;
    if (line.front() == '[' && line.back() == ']') {
      store();
      section = line.substr(1, line.size() - 2);
    } else if (line.find('=') != std::string::npos && !section.empty()) {
      block.emplace(trim(line.substr(0, line.find('='))), trim(line.substr(line.find('=') + 1)));
    }
  }
  store();
  return kept;
}

// What the engine runs for a GE key: a graph's option first, then the
// session's, then the global one.
std::optional<std::string> engine_value(const Sections& levels, const std::string& key) {
  for (const char* level : {"graph", "session", "global"}) {
    const auto found = levels.find(level);
    if (found == levels.end()) continue;
    const auto value = found->second.find(key);
    if (value != found->second.end()) return value->second;
  }
  return std::nullopt;
}

}  // namespace

TEST_CASE("the MindSpore Lite form: the GE sections, keys sorted, a final newline", "[mslite]") {
  const MemoryConfig config{AtomicCleanPolicy::separate, StaticMemoryPolicy::expand_static_shape,
                            MemoryOptimizationPolicy::memory_priority, HugePagePolicy::prefer_1g};
  CHECK(detail::mslite_config_text(config) ==
        "[ge_global_options]\n"
        "ge.variableUse1gHugePage=2\n"
        "\n"
        "[ge_session_options]\n"
        "ge.exec.atomicCleanPolicy=1\n"
        "ge.exec.memoryOptimizationPolicy=MemoryPriority\n"
        "ge.exec.staticMemoryPolicy=2\n"
        "ge.variableUse1gHugePage=2\n");
  CHECK(detail::mslite_config_text(MemoryConfig{}) ==  // an unset policy left out, the static policy 0 stated
        "[ge_global_options]\n"
        "ge.variableUse1gHugePage=0\n"
        "\n"
        "[ge_session_options]\n"
        "ge.exec.atomicCleanPolicy=0\n"
        "ge.exec.staticMemoryPolicy=0\n"
        "ge.variableUse1gHugePage=0\n");
}

TEST_CASE("the Lite form gives the engine what the GE form gives it, for every config", "[mslite][round-trip]") {
  std::size_t checked = 0;
  for (const MemoryConfig& config : test::all_configs()) {
    INFO(config);
    const Sections lite = parse_like_lite(detail::mslite_config_text(config));
    Sections levels{{"global", {}}, {"session", {{"ge.exec.staticMemoryPolicy", "2"}}}, {"graph", {}}};
    if (lite.count("ge_global_options") != 0) levels["global"] = lite.at("ge_global_options");
    for (const auto& [key, value] : lite.at("ge_session_options")) levels["session"][key] = value;  // the file's win
    const GeOptions ge = ge_options(config);
    Sections from_ge{{"global", {}}, {"session", {}}};
    from_ge["global"] = ge.global;
    from_ge["session"] = ge.session;
    for (const detail::FieldInfo& field : detail::fields) {
      const std::string key(detail::ge_key(field.field));
      CHECK(engine_value(levels, key) == engine_value(from_ge, key));
    }
    // and the library's reader reads the form back to the config
    const ReadResult back = read_lite(detail::mslite_config_text(config));
    CHECK(back.diagnostics.empty());
    CHECK(back.config == config);
    ++checked;
  }
  CHECK(checked == 72);
}

TEST_CASE("Lite's parser: trimmed lines, short lines and comments skipped, raw section names", "[mslite]") {
  const ReadResult result = read_lite(
      "# a comment\n"
      "ab\n"
      "\t [ge_session_options] \r\n"
      "  ge.exec.atomicCleanPolicy \t=  1 \r\n"
      "ge.exec.precision_mode=force_fp16\n"
      "a=\n");
  REQUIRE(result.ok());
  CHECK(result.diagnostics.empty());
  CHECK(result.config->atomic_clean_policy == AtomicCleanPolicy::separate);
  CHECK(result.provenance.of(Field::atomic_clean_policy).origin.position == SourcePosition{4, 3});
  CHECK(result.provenance.source_of(Field::atomic_clean_policy) == "model.ini (session)");
  // quotes stay: "1" is three characters, which no field takes
  CHECK(codes_of(read_lite("[ge_session_options]\nge.exec.atomicCleanPolicy=\"1\"\n").diagnostics) ==
        std::vector<Code>{Code::invalid_value});
}

TEST_CASE("Lite's defaults for what the file leaves out: its session's static policy 2", "[mslite]") {
  const ReadResult empty = read_lite("");
  REQUIRE(empty.ok());
  CHECK(*empty.config == MemoryConfig{AtomicCleanPolicy::centralized, StaticMemoryPolicy::expand_static_shape,
                                      std::nullopt, HugePagePolicy::system_default});
  CHECK(empty.provenance.source_of(Field::static_memory_policy) == "MindSpore Lite's defaults");
  CHECK(empty.provenance.source_of(Field::atomic_clean_policy) == "defaults");
  const ReadResult graph =
      read_lite("[ge_graph_options]\nge.exec.staticMemoryPolicy=0\nge.exec.memoryOptimizationPolicy=\n");
  REQUIRE(graph.ok());
  CHECK(graph.config->static_memory_policy == StaticMemoryPolicy::dynamic);
  CHECK_FALSE(graph.config->memory_optimization_policy);  // "": unset
  CHECK(graph.provenance.source_of(Field::static_memory_policy) == "model.ini (graph)");
}

TEST_CASE("a value with text after it: Lite has no inline comments", "[mslite]") {
  const ReadResult result = read_lite(
      "[ge_session_options]\n"
      "ge.exec.atomicCleanPolicy=1  # clean each memset\n"
      "  ge.exec.staticMemoryPolicy=2 ;x\n"
      "ge.exec.deviceId=0 # not ours\n");
  CHECK_FALSE(result.ok());
  CHECK(codes_of(result.diagnostics) == std::vector<Code>{Code::invalid_value, Code::invalid_value});
  CHECK(result.diagnostics[0].value == "\"1  # clean each memset\"");
  CHECK(result.diagnostics[1].origin.position == SourcePosition{3, 3});
}

TEST_CASE("a key repeated in a section: the first kept, another value an error, the same a warning", "[mslite]") {
  const ReadResult result = read_lite(
      "[ge_session_options]\n"
      "ge.exec.atomicCleanPolicy=1\n"
      "ge.exec.atomicCleanPolicy=1\n"
      "ge.exec.atomicCleanPolicy=0\n");
  CHECK(codes_of(result.diagnostics) == std::vector<Code>{Code::duplicate_key, Code::conflicting_values});
  CHECK(result.diagnostics[0].severity == Severity::warning);
  CHECK(result.diagnostics[1].severity == Severity::error);
  CHECK(result.diagnostics[1].origin.position == SourcePosition{4, 1});
  const ReadResult same = read_lite("[ge_session_options]\nge.exec.atomicCleanPolicy=1\nge.exec.atomicCleanPolicy=1\n");
  REQUIRE(same.ok());
  CHECK(same.config->atomic_clean_policy == AtomicCleanPolicy::separate);
}

TEST_CASE("a repeated section: the first block with a key kept, later ones dropped whole", "[mslite]") {
  const ReadResult result = read_lite(
      "[ge_session_options]\n"
      "ge.exec.atomicCleanPolicy=1\n"
      "[ge_session_options]\n"
      "ge.exec.staticMemoryPolicy=3\n"
      "ge.exec.deviceId=0\n");
  CHECK(codes_of(result.diagnostics) == std::vector<Code>{Code::duplicate_section, Code::ignored_option});
  CHECK(result.diagnostics[0].severity == Severity::warning);
  CHECK(result.diagnostics[0].origin.position == SourcePosition{3, 1});
  CHECK(result.diagnostics[1].severity == Severity::error);
  CHECK(result.diagnostics[1].key == "ge.exec.staticMemoryPolicy");
  // a first block without a key is never stored: the next one counts
  const ReadResult empty_first =
      read_lite("[ge_session_options]\n[ge_session_options]\nge.exec.staticMemoryPolicy=3\n");
  REQUIRE(empty_first.ok());
  CHECK(empty_first.diagnostics.empty());
  CHECK(empty_first.config->static_memory_policy == StaticMemoryPolicy::expand_dynamic_shape);
}

TEST_CASE("sections named almost right, with blanks inside the brackets, or behind a BOM", "[mslite]") {
  const ReadResult typo = read_lite("[ge_sesion_options]\nge.exec.atomicCleanPolicy=1\n[ ge_global_options ]\nx=1\n");
  CHECK(codes_of(typo.diagnostics) == std::vector<Code>{Code::unknown_section, Code::unknown_section});
  CHECK(typo.diagnostics[0].severity == Severity::error);  // it holds a memory key, which never runs
  CHECK(typo.diagnostics[0].key == "[ge_sesion_options]");
  CHECK(typo.diagnostics[1].severity == Severity::warning);
  CHECK(typo.diagnostics[1].key == "[ ge_global_options ]");
  CHECK_FALSE(typo.ok());
  const ReadResult bom = read_lite("\xEF\xBB\xBF[ge_session_options]\nge.exec.atomicCleanPolicy=1\n");
  CHECK(codes_of(bom.diagnostics) == std::vector<Code>{Code::unknown_section, Code::ignored_option});
  CHECK(bom.diagnostics[0].severity == Severity::error);
  CHECK(bom.diagnostics[0].key == "[ge_session_options]");
  CHECK(bom.diagnostics[1].severity == Severity::warning);  // before any section, as Lite sees it
  CHECK(codes_of(read_lite("\xEF\xBB\xBF[ge_session_options]\nx=1\n").diagnostics) ==
        std::vector<Code>{Code::unknown_section});
  CHECK(read_lite("\xEF\xBB\xBF[ge_session_options]\nx=1\n").diagnostics[0].severity == Severity::warning);
}

TEST_CASE("memory keys where Lite ignores them: another section, before any, a line without =", "[mslite]") {
  const ReadResult result = read_lite(
      "ge.exec.atomicCleanPolicy=1\n"
      "[ascend_context]\n"
      "ge.exec.staticMemoryPolicy=2\n"
      "ge.exec.atomicClenPolicy=1\n"
      "input_shape=x:1\n"
      "[ge_session_options]\n"
      "ge.exec.staticMemoryPolicy 3\n");
  REQUIRE(result.ok());
  CHECK(codes_of(result.diagnostics) ==
        std::vector<Code>{Code::ignored_option, Code::ignored_option, Code::ignored_option, Code::ignored_option});
  CHECK(test::count(result.diagnostics, Severity::warning) == 4);
  CHECK(test::keys_of(result.diagnostics) ==
        std::vector<std::string>{"ge.exec.atomicCleanPolicy", "ge.exec.staticMemoryPolicy", "ge.exec.atomicClenPolicy",
                                 "ge.exec.staticMemoryPolicy"});
  CHECK_THAT(result.diagnostics[2].message, Catch::Contains("ge.exec.atomicCleanPolicy"));  // the key meant
  CHECK(result.config->static_memory_policy == StaticMemoryPolicy::expand_static_shape);    // none read: Lite's 2
}

TEST_CASE("the static policy in the global section: Lite's session hides it", "[mslite]") {
  const Diagnostic& same = test::only(read_lite("[ge_global_options]\nge.exec.staticMemoryPolicy=2\n").diagnostics);
  CHECK(same.code == Code::ignored_option);
  CHECK(same.severity == Severity::warning);
  const ReadResult differs = read_lite("[ge_global_options]\nge.exec.staticMemoryPolicy=0\n");
  CHECK_FALSE(differs.ok());
  CHECK(test::only(differs.diagnostics).severity == Severity::error);
  CHECK(test::only(differs.diagnostics).origin.position == SourcePosition{2, 1});
  const ReadResult session_says = read_lite(
      "[ge_session_options]\nge.exec.staticMemoryPolicy=4\n[ge_global_options]\nge.exec.staticMemoryPolicy=4\n");
  REQUIRE(session_says.ok());
  CHECK(test::only(session_says.diagnostics).severity == Severity::warning);
  CHECK(session_says.config->static_memory_policy == StaticMemoryPolicy::expand_static_and_dynamic_shape);
}

TEST_CASE("global and session disagree, a header with text after its bracket, a short key", "[mslite]") {
  CHECK(codes_of(read_lite("[ge_global_options]\nge.variableUse1gHugePage=1\n[ge_session_options]\n"
                           "ge.variableUse1gHugePage=2\n")
                     .diagnostics) == std::vector<Code>{Code::conflicting_values});
  const ReadResult header = read_lite(
      "[ge_global_options]\n"
      "ge.variableUse1gHugePage=1\n"
      "[ge_session_options]  # inference\n"
      "ge.exec.atomicCleanPolicy=1\n");
  CHECK(codes_of(header.diagnostics) == std::vector<Code>{Code::malformed_header});
  CHECK(header.diagnostics[0].severity == Severity::error);  // memory keys follow: they land in the global section
  CHECK(header.diagnostics[0].origin.position == SourcePosition{3, 1});
  CHECK(read_lite("[ge_session_options]\n[x]  # no options follow\n").diagnostics.at(0).severity == Severity::warning);
  const Diagnostic& short_key = test::only(read_lite("[ge_session_options]\nstatic_memory_policy=3\n").diagnostics);
  CHECK(short_key.code == Code::unsupported_option);
  CHECK(short_key.severity == Severity::warning);
  CHECK_THAT(short_key.message, Catch::EndsWith("\"ge.exec.staticMemoryPolicy\""));
  const Diagnostic& near = test::only(read_lite("[ge_session_options]\nge.exec.staticMemPolicy=3\n").diagnostics);
  CHECK(near.code == Code::near_miss_key);
}

// Which form a text is, for the messages that name the --from reading it.
TEST_CASE("text shapes: INI by its first line, JSON by its first character, TF1 by its fields", "[mslite]") {
  using detail::TextShape;
  CHECK(detail::text_shape("[ge_session_options]\nge.exec.staticMemoryPolicy=2\n") == TextShape::ini);
  CHECK(detail::text_shape("# model config\r\n\r\n  provider=ge\r\n") == TextShape::ini);
  CHECK(detail::text_shape("\n  {\"a\": 1}") == TextShape::json);
  CHECK(detail::text_shape("graph_options {\n  rewrite_options {}\n}\n") == TextShape::tf1);
  // A fragment people paste: custom_optimizers without graph_options.
  CHECK(detail::text_shape("custom_optimizers {\n  name: \"NpuOptimizer\"\n}\n") == TextShape::tf1);
  // Either name anywhere in the text, after lines of other fields.
  CHECK(detail::text_shape("# session\nallow_soft_placement: true\ngraph_options {}\n") == TextShape::tf1);
  CHECK(detail::text_shape("allow_soft_placement: true\n") == TextShape::unknown);
  CHECK(detail::text_shape("# custom_optimizers below\n") == TextShape::unknown);  // a comment only
  CHECK(detail::text_shape("[]") == TextShape::unknown);
  CHECK(detail::text_shape("just words") == TextShape::unknown);
  CHECK(detail::text_shape("") == TextShape::unknown);
}

TEST_CASE("the Lite writer writes nothing for a config holding a cast code", "[mslite]") {
  MemoryConfig cast;
  cast.variable_use_1g_huge_page = static_cast<HugePagePolicy>(7);
  CHECK(detail::mslite_config_text(cast).empty());
}
