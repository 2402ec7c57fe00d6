// npu-memcfg --fix in a Python launcher's configs (section 17): the value
// of each literal section 15.2 reads rewritten in the literal's own kind
// and quotes, every other byte kept, and the launcher checked again.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

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
  // A dict bound to a name is rewritten where it is written.
  CHECK(fixed(ms + "ascend = {\"atomic_clean_policy\": 2}  # 2 is no policy\nms.set_context(ascend_config=ascend)\n")
            .text ==
        ms + "ascend = {\"atomic_clean_policy\": 0}  # 2 is no policy\nms.set_context(ascend_config=ascend)\n");
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
  // MindSpore's own 2 under concurrent graphs: a ge_options key to add.
  const std::string added = "import mindspore as ms\nms.set_context(ascend_config={\"atomic_clean_policy\": 0})\n";
  const LauncherFixed adds = launcher_fixed(scratch, added, {"--concurrent-graphs"});
  CHECK(adds.text == added);
  CHECK(adds.outcome.exit_code == exit_invalid);
  CHECK(lines_of(adds.outcome.err).back() ==
        "error: " + (scratch.root / "train.py").string() +
            ": static_memory_policy: not fixed: its remedy adds or removes a key, and --fix rewrites only "
            "the values of a launcher's configs; the fix is static_memory_policy 0 (dynamic)");
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
