// npu-memcfg --fix in a Python launcher's configs (section 17): the value
// of each literal section 15.2 reads rewritten in the literal's own kind
// and quotes, every other byte kept, and the launcher checked again.
#include <catch2/catch.hpp>

#include <csignal>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "scratch.hpp"
#include "tool_run.hpp"

using namespace npu::memcfg;
using npu::test::contents;
using npu::test::lines_of;
using npu::test::run_from;
using npu::test::Scratch;
using Lines = std::vector<std::string>;

namespace {

// The launcher `text` after `npu-memcfg --fix` (with `flags`), and how the run ended.
struct LauncherFixed {
  std::string text;
  Outcome outcome;
};

LauncherFixed launcher_fixed(const Scratch& scratch, const std::string& text,
                             const std::vector<std::string>& flags = {}) {
  const std::string launcher = scratch.write("train.py", text);
  std::vector<std::string> arguments{"--fix", launcher};
  arguments.insert(arguments.end(), flags.begin(), flags.end());
  Outcome outcome = run_from(scratch.root.string(), arguments);
  return {contents(launcher), std::move(outcome)};
}

}  // namespace

TEST_CASE("fix: a launcher's config values rewritten in the literal's own kind and quotes", "[tool][fix][python]") {
  const Scratch scratch("fix-launcher");
  const auto fixed = [&](const std::string& text) { return launcher_fixed(scratch, text); };
  // MemoryConfig(…), keyword or positional (TF1).
  const std::string tf1 = "from npu_bridge.npu_init import *\n";
  LauncherFixed memory_config = fixed(tf1 + "config = MemoryConfig(atomic_clean_policy=0, static_memory_policy=7)\n");
  CHECK(memory_config.text == tf1 + "config = MemoryConfig(atomic_clean_policy=0, static_memory_policy=0)\n");
  CHECK(memory_config.outcome.exit_code == exit_ok);
  CHECK(lines_of(memory_config.outcome.out) ==
        Lines{(scratch.root / "train.py").string() +
              ":2: config = MemoryConfig(atomic_clean_policy=0, static_memory_policy=7) → config = "
              "MemoryConfig(atomic_clean_policy=0, static_memory_policy=0)"});
  CHECK(fixed(tf1 + "config = MemoryConfig(5,  # atomic\n    0)\n").text ==
        tf1 + "config = MemoryConfig(0,  # atomic\n    0)\n");
  // A bool, a negative number, a number where a name goes: the literal whole.
  CHECK(fixed(tf1 + "config = MemoryConfig(static_memory_policy=True)\n").text ==
        tf1 + "config = MemoryConfig(static_memory_policy=0)\n");
  CHECK(fixed(tf1 + "config = MemoryConfig(static_memory_policy=-1)\n").text ==
        tf1 + "config = MemoryConfig(static_memory_policy=0)\n");
  CHECK(fixed(tf1 + "config = MemoryConfig(static_memory_policy=2.5)\n").text ==
        tf1 + "config = MemoryConfig(static_memory_policy=0)\n");
  CHECK(fixed(tf1 + "config = MemoryConfig(static_memory_policy=+7)\n").text ==
        tf1 + "config = MemoryConfig(static_memory_policy=0)\n");
  CHECK(fixed(tf1 + "config = MemoryConfig(memory_optimization_policy=5)\n").text ==
        tf1 + "config = MemoryConfig(memory_optimization_policy=\"BalanceMode\")\n");
  // MindSpore's ascend_config, its ge_options' strings in single quotes.
  const std::string ms = "import mindspore as ms\n";
  const LauncherFixed ascend = fixed(ms + "ms.set_context(ascend_config={\"atomic_clean_policy\": 3})\n");
  CHECK(ascend.text == ms + "ms.set_context(ascend_config={\"atomic_clean_policy\": 0})\n");
  CHECK(ascend.outcome.exit_code == exit_ok);
  CHECK(fixed(ms + "ms.set_context(ascend_config={'ge_options': {'global': {'ge.exec.staticMemoryPolicy': '9'}}})\n")
            .text ==
        ms + "ms.set_context(ascend_config={'ge_options': {'global': {'ge.exec.staticMemoryPolicy': '0'}}})\n");
  CHECK(
      fixed(ms + "ms.set_context(ascend_config={'ge_options': {'global': {'ge.exec.staticMemoryPolicy': '''9'''}}})\n")
          .text ==
      ms + "ms.set_context(ascend_config={'ge_options': {'global': {'ge.exec.staticMemoryPolicy': '''0'''}}})\n");
  // The member's own literal, not the dict's last one.
  CHECK(fixed(ms + "ms.set_context(ascend_config={\"atomic_clean_policy\": 5, \"exception_dump\": \"2\"})\n").text ==
        ms + "ms.set_context(ascend_config={\"atomic_clean_policy\": 0, \"exception_dump\": \"2\"})\n");
  // A dict bound to a name is rewritten where it is written.
  CHECK(fixed(ms + "ascend = {\"atomic_clean_policy\": 2}  # 2 is no policy\nms.set_context(ascend_config=ascend)\n")
            .text ==
        ms + "ascend = {\"atomic_clean_policy\": 0}  # 2 is no policy\nms.set_context(ascend_config=ascend)\n");
  // Reading an edit back ignores SIGPIPE while it writes to python3, and
  // then gives the tool back the disposition it had.
  const auto disposition = std::signal(SIGPIPE, SIG_DFL);
  CHECK(fixed(ms + "ms.set_context(ascend_config={\"atomic_clean_policy\": 4})\n").outcome.exit_code == exit_ok);
  CHECK(std::signal(SIGPIPE, disposition) == SIG_DFL);
  // The second of two ascend_configs: the edit goes to the one placed
  // there, not added to the first.
  CHECK(fixed(ms + "ms.set_context(ascend_config={\"atomic_clean_policy\": 0})\n"
                   "ms.set_context(ascend_config={\"atomic_clean_policy\": 3})\n")
            .text == ms + "ms.set_context(ascend_config={\"atomic_clean_policy\": 0})\n"
                          "ms.set_context(ascend_config={\"atomic_clean_policy\": 0})\n");
  // One dict two calls give: one literal, rewritten once for both.
  CHECK(fixed(ms + "ascend = {\"atomic_clean_policy\": 2}\nms.set_context(ascend_config=ascend)\n"
                   "ms.set_context(ascend_config=ascend)\n")
            .text == ms + "ascend = {\"atomic_clean_policy\": 0}\nms.set_context(ascend_config=ascend)\n"
                          "ms.set_context(ascend_config=ascend)\n");
  // TF1's parameter_map: .i, and .s in bytes, through as_bytes too.
  const std::string custom = tf1 + "custom_op = config.graph_options.rewrite_options.custom_optimizers.add()\n";
  const LauncherFixed entry = fixed(custom + "custom_op.parameter_map[\"static_memory_policy\"].i = 9\n");
  CHECK(entry.text == custom + "custom_op.parameter_map[\"static_memory_policy\"].i = 0\n");
  CHECK(entry.outcome.exit_code == exit_ok);
  CHECK(fixed(custom + "custom_op.parameter_map[\"memory_optimization_policy\"].s = tf.compat.as_bytes(\"Fast\")\n")
            .text ==
        custom + "custom_op.parameter_map[\"memory_optimization_policy\"].s = tf.compat.as_bytes(\"BalanceMode\")\n");
  CHECK(fixed(custom + "custom_op.parameter_map[\"memory_optimization_policy\"].s = \"Fast\".encode()\n").text ==
        custom + "custom_op.parameter_map[\"memory_optimization_policy\"].s = \"BalanceMode\".encode()\n");
  CHECK(fixed(custom + "custom_op.parameter_map[\"memory_optimization_policy\"].s = b'Fast'\n").text ==
        custom + "custom_op.parameter_map[\"memory_optimization_policy\"].s = b'BalanceMode'\n");
  // TF2's global options pass on each value's text: a number stays one.
  const std::string tf2 = "import npu_device\noptions = npu_device.global_options()\n";
  CHECK(fixed(tf2 + "options.memory_config.atomic_clean_policy = 5\n"
                    "options.memory_config.static_memory_policy = \"7\"\n")
            .text == tf2 +
                         "options.memory_config.atomic_clean_policy = 0\n"
                         "options.memory_config.static_memory_policy = \"0\"\n");
}

TEST_CASE("fix: a launcher's config edit that is more than a value is said not fixed, the launcher kept",
          "[tool][fix][python]") {
  const Scratch scratch("fix-launcher-not");
  // TF1 reads static_memory_policy as .i: the field written changes.
  const std::string custom =
      "from npu_bridge.npu_init import *\n"
      "custom_op = config.graph_options.rewrite_options.custom_optimizers.add()\n"
      "custom_op.parameter_map[\"static_memory_policy\"].s = b\"9\"\n";
  const LauncherFixed kind = launcher_fixed(scratch, custom);
  CHECK(kind.text == custom);
  CHECK(kind.outcome.exit_code == exit_invalid);
  CHECK(lines_of(kind.outcome.err).back() ==
        "error: " + (scratch.root / "train.py").string() +
            ":3:1: static_memory_policy: not fixed: the entry is read as .i, not .s: write it as such; "
            "the fix is static_memory_policy 0 (dynamic)");
  // TF2 has no memory_optimization_policy: an error with no remedy, said and left.
  const std::string tf2 =
      "import npu_device\noptions = npu_device.global_options()\n"
      "options.memory_config.memory_optimization_policy = 'Fast'\n";
  const LauncherFixed removes = launcher_fixed(scratch, tf2);
  CHECK(removes.text == tf2);
  CHECK(lines_of(removes.outcome.err).back() ==
        "error: " + (scratch.root / "train.py").string() +
            ":3:1: memory_optimization_policy: this runtime has no such option; remove it (the setting cannot be "
            "carried here)");
  CHECK(removes.outcome.exit_code == exit_invalid);
  // Adjacent literals in two kinds of quotes: the value's rewrite would not
  // parse, so the edit, read back first, is not made.
  const std::string pieces = "import os\nos.environ['GE_USE_STATIC_MEMORY'] = \"1\" ''\nprint(1)\n";
  const LauncherFixed unparsed = launcher_fixed(scratch, pieces, {"--cann", "6.0.1"});
  CHECK(unparsed.text == pieces);
  CHECK(unparsed.outcome.exit_code == exit_invalid);
  CHECK(lines_of(unparsed.outcome.err).back() ==
        "error: " + (scratch.root / "train.py").string() +
            ":2:12: GE_USE_STATIC_MEMORY: not fixed: the edited launcher does not read back as the fix means; make "
            "the fix by hand");
  const std::string config_pieces = "from npu_bridge.npu_init import *\nconfig = MemoryConfig(0, \"7\" '7')\n";
  const LauncherFixed config_unparsed = launcher_fixed(scratch, config_pieces);
  CHECK(config_unparsed.text == config_pieces);
  CHECK(lines_of(config_unparsed.outcome.err).back() ==
        "error: " + (scratch.root / "train.py").string() +
            ":2:26: static_memory_policy: not fixed: the edited launcher does not read back as the fix means; make "
            "the fix by hand");
  // A value that is no literal is not checked, so not fixed either.
  const std::string converted =
      "from npu_bridge.npu_init import *\n"
      "custom_op = config.graph_options.rewrite_options.custom_optimizers.add()\n"
      "custom_op.parameter_map[\"memory_optimization_policy\"].s = to_bytes(\"Fast\")\n";
  const LauncherFixed unknown = launcher_fixed(scratch, converted);
  CHECK(unknown.text == converted);
  CHECK(unknown.outcome.exit_code == exit_ok);
  CHECK(lines_of(unknown.outcome.err) ==
        Lines{"warning: " + (scratch.root / "train.py").string() +
              ":3:59: memory_optimization_policy: memory_optimization_policy is known only when the job runs, so it "
              "cannot be checked"});
  const std::string named = "from npu_bridge.npu_init import *\npolicy = 7\nconfig = MemoryConfig(0, policy)\n";
  CHECK(launcher_fixed(scratch, named).text == named);
}

TEST_CASE("fix: MindSpore's defaults overridden in the ascend_config a launcher writes, in the dict's own layout",
          "[tool][fix][python]") {
  const Scratch scratch("fix-launcher-members");
  const auto fixed = [&](const std::string& text, const std::vector<std::string>& flags = {}) {
    return launcher_fixed(scratch, text, flags);
  };
  // MindSpore's own static 2 under concurrent graphs: its override added to
  // the ascend_config written, in its quotes, inline where the dict is on
  // one line, else on a line of its own indented as the last member, with
  // the comma the members have.
  const std::string ms = "import mindspore as ms\n";
  const std::vector<std::string> concurrent{"--concurrent-graphs"};
  const LauncherFixed inline_added =
      fixed(ms + "ms.set_context(ascend_config={\"atomic_clean_policy\": 0})\n", concurrent);
  CHECK(inline_added.text ==
        ms + "ms.set_context(ascend_config={\"atomic_clean_policy\": 0, \"ge_options\": {\"global\": "
             "{\"ge.exec.staticMemoryPolicy\": \"0\"}}})\n");
  CHECK(inline_added.outcome.exit_code == exit_ok);
  CHECK(fixed(ms + "ms.set_context(ascend_config={'atomic_clean_policy': 0,})\n", concurrent).text ==
        ms + "ms.set_context(ascend_config={'atomic_clean_policy': 0, 'ge_options': {'global': "
             "{'ge.exec.staticMemoryPolicy': '0'}},})\n");
  CHECK(fixed(ms + "ms.set_context(ascend_config={\n    'atomic_clean_policy': 0,  # cleaned apart\n})\n", concurrent)
            .text == ms + "ms.set_context(ascend_config={\n    'atomic_clean_policy': 0,  # cleaned apart\n"
                          "    'ge_options': {'global': {'ge.exec.staticMemoryPolicy': '0'}},\n})\n");
  CHECK(fixed(ms + "ms.set_context(ascend_config={\n    'atomic_clean_policy': 0,\n    'exception_dump': '2'\n})\n",
              concurrent)
            .text == ms + "ms.set_context(ascend_config={\n    'atomic_clean_policy': 0,\n    'exception_dump': '2',\n"
                          "    'ge_options': {'global': {'ge.exec.staticMemoryPolicy': '0'}}\n})\n");
  CHECK(fixed(ms + "ms.set_context(ascend_config={\n\t\"atomic_clean_policy\": 0  # cleaned apart\n})\n", concurrent)
            .text == ms + "ms.set_context(ascend_config={\n\t\"atomic_clean_policy\": 0,  # cleaned apart\n"
                          "\t\"ge_options\": {\"global\": {\"ge.exec.staticMemoryPolicy\": \"0\"}}\n})\n");
  // Two of MindSpore's own values at once (on a product without
  // MemoryConfig): each remedy tried, the static policy's override added,
  // the optimization policy's unset (no text unsets a framework's own
  // value) said not made.
  const LauncherFixed both =
      fixed(ms + "ms.set_context(ascend_config={\"atomic_clean_policy\": 0})\n", {"--soc", "Ascend310P3"});
  CHECK(both.text == ms + "ms.set_context(ascend_config={\"atomic_clean_policy\": 0, \"ge_options\": {\"global\": "
                          "{\"ge.exec.staticMemoryPolicy\": \"0\"}}})\n");
  CHECK(lines_of(both.outcome.err).back() ==
        "error: " + (scratch.root / "train.py").string() +
            ": memory_optimization_policy: not fixed: the launcher's text gives no place for the change; the fix is "
            "memory_optimization_policy unset");
  // Into the ascend_config, not into a jit's ge_options written before it.
  const std::string jit = ms +
                          "\n\n@ms.jit(ge_options={\"global\": {\"ge.exec.atomicCleanPolicy\": \"0\"}})\ndef step():\n"
                          "    pass\n\n\n";
  CHECK(fixed(jit + "ms.set_context(ascend_config={\"atomic_clean_policy\": 0})\n", concurrent).text ==
        jit +
            "ms.set_context(ascend_config={\"atomic_clean_policy\": 0, \"ge_options\": {\"global\": "
            "{\"ge.exec.staticMemoryPolicy\": \"0\"}}})\n");
  // Into the ge_options and global levels the launcher has.
  CHECK(
      fixed(
          ms +
              "ms.set_context(ascend_config={\"ge_options\": {\"session\": {\"ge.exec.atomicCleanPolicy\": \"0\"}}})\n",
          concurrent)
          .text == ms + "ms.set_context(ascend_config={\"ge_options\": {\"session\": {\"ge.exec.atomicCleanPolicy\": "
                        "\"0\"}, \"global\": {\"ge.exec.staticMemoryPolicy\": \"0\"}}})\n");
  CHECK(fixed(ms + "cfg = {\"atomic_clean_policy\": 0, \"ge_options\": {\"global\": "
                   "{}}}\nms.set_context(ascend_config=cfg)\n",
              concurrent)
            .text ==
        ms + "cfg = {\"atomic_clean_policy\": 0, \"ge_options\": {\"global\": {\"ge.exec.staticMemoryPolicy\": "
             "\"0\"}}}\nms.set_context(ascend_config=cfg)\n");
}

TEST_CASE("fix: a launcher setting's removal takes its comma, and its lines where it had them alone",
          "[tool][fix][python][sarif]") {
  // The huge page on a product without it: the remedies are its default,
  // then its removal; SARIF gives each as the bytes it replaces. Each
  // removal, applied, leaves the text below.
  const Scratch scratch("fix-launcher-removal");
  // SARIF's results for the launcher `text`, which has one.
  const auto results_of = [&](const std::string& text) {
    const std::string launcher = scratch.write("train.py", text);
    const Outcome checked =
        run_from(scratch.root.string(), {"--check", launcher, "--product", "atlas-training", "--diagnostics", "sarif"});
    nlohmann::json results = nlohmann::json::parse(checked.err)["runs"][0]["results"];
    REQUIRE(results.size() == 1);
    return results;
  };
  const auto removed = [&](const std::string& text) {
    const nlohmann::json results = results_of(text);
    const nlohmann::json& fix = results[0]["fixes"].back();
    CHECK(fix["description"]["text"] == "variable_use_1g_huge_page removed");
    const nlohmann::json& replacement = fix["artifactChanges"][0]["replacements"][0];
    std::string after = text;
    return after.replace(replacement["deletedRegion"]["byteOffset"].get<std::size_t>(),
                         replacement["deletedRegion"]["byteLength"].get<std::size_t>(),
                         replacement["insertedContent"]["text"].get<std::string>());
  };
  // How many remedies SARIF gives the one result of `text`.
  const auto fixes = [&](const std::string& text) { return results_of(text)[0]["fixes"].size(); };
  const std::string tf1 = "from npu_bridge.npu_init import *\n";
  const auto call_removed = [&](const std::string& call) { return removed(tf1 + call).substr(tf1.size()); };
  CHECK(call_removed("c = MemoryConfig(variable_use_1g_huge_page=1, atomic_clean_policy=0)\n") ==
        "c = MemoryConfig(atomic_clean_policy=0)\n");
  CHECK(call_removed("c = MemoryConfig(atomic_clean_policy=0, variable_use_1g_huge_page=1)\n") ==
        "c = MemoryConfig(atomic_clean_policy=0)\n");
  CHECK(call_removed("c = MemoryConfig(atomic_clean_policy=0, variable_use_1g_huge_page=1,)\n") ==
        "c = MemoryConfig(atomic_clean_policy=0,)\n");
  CHECK(call_removed("c = MemoryConfig(variable_use_1g_huge_page=1 ,)\n") == "c = MemoryConfig()\n");
  CHECK(call_removed("c = MemoryConfig(variable_use_1g_huge_page=1)\n") == "c = MemoryConfig()\n");
  CHECK(call_removed("c = MemoryConfig(0, 0, 'BalanceMode', 1)\n") == "c = MemoryConfig(0, 0, 'BalanceMode')\n");
  CHECK(call_removed("c = MemoryConfig(0, 0, 'BalanceMode', 1, **extra)\n") ==
        "c = MemoryConfig(0, 0, 'BalanceMode', **extra)\n");
  CHECK(call_removed(
            "c = MemoryConfig(\n    atomic_clean_policy=0,\n    variable_use_1g_huge_page=1,  # 1G pages\n)\n") ==
        "c = MemoryConfig(\n    atomic_clean_policy=0,\n)\n");
  CHECK(call_removed("c = MemoryConfig(\n    atomic_clean_policy=0,\n    variable_use_1g_huge_page=1\n)\n") ==
        "c = MemoryConfig(\n    atomic_clean_policy=0,\n)\n");
  CHECK(
      call_removed("c = MemoryConfig(\n    variable_use_1g_huge_page=1  # 1G pages\n    , atomic_clean_policy=0)\n") ==
      "c = MemoryConfig(\n    atomic_clean_policy=0)\n");
  CHECK(call_removed("c = MemoryConfig(atomic_clean_policy=0,\n                 variable_use_1g_huge_page=1)\n") ==
        "c = MemoryConfig(atomic_clean_policy=0)\n");
  CHECK(call_removed("c = MemoryConfig(atomic_clean_policy=0,\n    variable_use_1g_huge_page=1)\n") ==
        "c = MemoryConfig(atomic_clean_policy=0)\n");
  // A dict member, in MindSpore's ascend_config.
  const std::string ms = "import mindspore as ms\nms.set_context(ascend_config={'ge_options': {'global': {";
  CHECK(removed(ms + "'ge.variableUse1gHugePage': '1', 'ge.exec.staticMemoryPolicy': '2'}}})\n") ==
        ms + "'ge.exec.staticMemoryPolicy': '2'}}})\n");
  // A parameter_map entry: its statement, with its line.
  const std::string custom = tf1 + "custom_op = config.graph_options.rewrite_options.custom_optimizers.add()\n";
  CHECK(removed(custom + "custom_op.parameter_map[\"variable_use_1g_huge_page\"].i = 1  # pages\n"
                         "custom_op.parameter_map[\"static_memory_policy\"].i = 0\n") ==
        custom + "custom_op.parameter_map[\"static_memory_policy\"].i = 0\n");
  // A config that goes whole, with another after it, which stays as it was.
  const std::string second =
      "b = config2.graph_options.rewrite_options.custom_optimizers.add()\n"
      "b.parameter_map[\"static_memory_policy\"].i = 0\n";
  CHECK(removed(custom + "custom_op.parameter_map[\"variable_use_1g_huge_page\"].i = 1\n" + second) == custom + second);
  // An entry written twice: removing the last statement leaves the first
  // one's value, so the removal does not read back and is no fix.
  CHECK(fixes(custom + "custom_op.parameter_map[\"variable_use_1g_huge_page\"].i = 1\n"
                       "custom_op.parameter_map[\"variable_use_1g_huge_page\"].i = 1\n") == 1);
  // An optional setting unset by its remedy (Atlas inference runs no
  // MemoryConfig): TF1 leaves it unset where no entry gives it, so its
  // entry's statement goes.
  const std::string policy =
      custom + "custom_op.parameter_map[\"memory_optimization_policy\"].s = tf.compat.as_bytes(\"MemoryPriority\")\n";
  const LauncherFixed unset = launcher_fixed(scratch, policy, {"--product", "atlas-inference"});
  CHECK(unset.text == custom);
  CHECK(unset.outcome.exit_code == exit_ok);
  // A positional argument with one after it would move that one: its
  // removal is no fix.
  CHECK(fixes(tf1 + "c = MemoryConfig(0, 0, 'BalanceMode', 1, 0)\n") == 1);
  // TF2's fields are statements: one goes with its lines, its comment
  // with it; one alone in its block, or sharing its line, cannot.
  const std::string tf2 = "import npu_device\noptions = npu_device.global_options()\n";
  CHECK(removed(tf2 + "options.memory_config.variable_use_1g_huge_page = 1  # 1G pages\n"
                      "options.memory_config.static_memory_policy = 0\n") ==
        tf2 + "options.memory_config.static_memory_policy = 0\n");
  CHECK(removed(tf2 + "options.memory_config.variable_use_1g_huge_page = (\n    1)\nprint(options)\n") ==
        tf2 + "print(options)\n");
  CHECK(fixes(tf2 + "if train:\n    options.memory_config.variable_use_1g_huge_page = 1\n") == 1);
  CHECK(fixes(tf2 + "options.memory_config.variable_use_1g_huge_page = 1; x = 1\nprint(x)\n") == 1);
}
