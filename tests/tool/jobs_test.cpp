// A job's launches with the config files they name (spec 15.4 in the
// developers' words, docs/jobs.md): read in the form their content shows,
// checked together with the environment the launch gets, and a folder's
// MindSpore Lite configs checked on their own, each diagnostic once.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "scratch.hpp"
#include "tool_run.hpp"

using namespace npu::memcfg;
using npu::test::lines_of;
using npu::test::run_with_stdin;
using npu::test::Scratch;
using Lines = std::vector<std::string>;

namespace {

Outcome run_in(const Scratch& scratch, const std::vector<std::string>& arguments) {
  return npu::test::run_from(scratch.root.string(), arguments);
}

constexpr const char* lite_defaults =
    "  config: MindSpore Lite's defaults (it names no config file): static_memory_policy 2 (expand_static_shape) from "
    "MindSpore Lite's defaults";
constexpr const char* lite_session_3 = "[ge_session_options]\nge.exec.staticMemoryPolicy=3\n";

}  // namespace

TEST_CASE("a launch runs the config file it names, in the form its content shows, with its environment",
          "[tool][jobs]") {
  const Scratch scratch("named-configs");
  scratch.write("model.ini", lite_session_3);
  scratch.write("cfg.json", "{\"static_memory_policy\": 0, \"atomic_clean_policy\": 1}\n");
  scratch.write("model.yaml", "static_memory_policy: 5\n");
  const std::string script = scratch.write("run.sh",
                                           "export GE_USE_STATIC_MEMORY=1\n"
                                           "./benchmark --modelFile=m.mindir --configFile=model.ini\n"
                                           "python3 infer.py --config_file cfg.json\n"
                                           "python3 train.py --config_file=model.yaml\n"
                                           "python3 other.py --config_file=missing.ini\n"
                                           "python3 late.py --config_file=\"$CFG\"\n");
  const std::string at = scratch.root.string() + "/";  // the files as the job names them: absolute, as the script
  const Outcome checked = run_in(scratch, {"--check", script, "--concurrent-graphs"});
  CHECK(checked.exit_code == exit_invalid);
  CHECK(checked.out.empty());
  // Section 4: "1" with the option 3 runs 4, which concurrent graphs
  // forbid; cfg.json's atomic 1 costs. The other launches get the same
  // value: once means once (15.5), the first launch's diagnostic names them.
  const std::string also =
      " (the launches at " + script + ":3:1, " + script + ":4:1, " + script + ":5:1 and " + script + ":6:1 get it too)";
  CHECK(
      lines_of(checked.err) ==
      Lines{"warning: " + script + ": " + at + "cfg.json:1:29: atomic_clean_policy: 1 (separate) may cost performance",
            "warning: " + script + ": " + at +
                "model.ini:2:1: static_memory_policy: 3 (expand_dynamic_shape) may cost performance",
            "warning: " + script +
                ":1:8: static_memory_policy (GE_USE_STATIC_MEMORY): \"1\" combined with static_memory_policy 3 "
                "(expand_dynamic_shape) from " +
                at + "model.ini (session) makes the engine run 4 (expand_static_and_dynamic_shape)" + also,
            "error: " + script +
                ":1:8: static_memory_policy (GE_USE_STATIC_MEMORY): 4 (expand_static_and_dynamic_shape) is "
                "not supported when graphs execute concurrently (the option is 3 (expand_dynamic_shape) from " +
                at +
                "model.ini (session); GE_USE_STATIC_MEMORY=1 makes it 4 (expand_static_and_dynamic_shape)); set "
                "GE_USE_STATIC_MEMORY to 0 or 3, or unset GE_USE_STATIC_MEMORY" +
                also,
            "warning: " + script + ":5:32: --config_file: the config file \"" + at +
                "missing.ini\" is not in the folder checked "
                "(cannot be read: No such file or directory); the launch is checked without it"});
  // Each launch alone says what it runs: cfg.json's 0 made 2.
  const Outcome infer = run_in(scratch, {"--check",
                                         scratch.write("infer.sh",
                                                       "export GE_USE_STATIC_MEMORY=1\n"
                                                       "python3 infer.py --config_file cfg.json\n"),
                                         "--concurrent-graphs"});
  CHECK(infer.err.find("from " + at + "cfg.json; GE_USE_STATIC_MEMORY=1 makes it 2 (expand_static_shape))") !=
        std::string::npos);
}

TEST_CASE("what a launch names and runs, explained", "[tool][jobs]") {
  const Scratch scratch("explained");
  scratch.write("model.ini", lite_session_3);
  scratch.write("bad.ini", "[ge_session_options]\nge.exec.staticMemoryPolicy=3 # fast\n");
  const std::string script = scratch.write("run.sh",
                                           "./benchmark --configFile model.ini\n"
                                           "export GE_USE_STATIC_MEMORY=0\n"
                                           "\"${LITE_HOME}\"/tools/benchmark/benchmark --modelFile=m.mindir\n"
                                           "python3 late.py --config_file=\"$CFG\"\n"
                                           "python3 bad.py --config_file=bad.ini\n");
  const std::string at = scratch.root.string() + "/";
  const Outcome explained = run_in(scratch, {"--explain", script});
  CHECK(explained.exit_code == exit_ok);
  // Section 4: "0" adds nothing to the option; Lite's session default is 2.
  CHECK(lines_of(explained.out) ==
        Lines{"launch " + script + ":1:1: ./benchmark",
              "  config file " + at + "model.ini (--configFile at " + script +
                  ":1:26): static_memory_policy 3 (expand_dynamic_shape) from " + at + "model.ini (session)",
              "  GE_USE_STATIC_MEMORY:", "    not set: the engine runs 3 (expand_dynamic_shape)",
              "launch " + script + ":3:1: ${LITE_HOME}/tools/benchmark/benchmark", lite_defaults,
              "  GE_USE_STATIC_MEMORY:",
              "    \"0\" (" + script +
                  ":2:8 export): with static_memory_policy 2 (expand_static_shape) from MindSpore Lite's defaults, the "
                  "engine runs 2 (expand_static_shape)",
              "launch " + script + ":4:1: python3 " + at + "late.py",
              "  config file (--config_file at " + script + ":4:31): known only when the job runs",
              "  GE_USE_STATIC_MEMORY:",
              "    \"0\" (" + script +
                  ":2:8 export): with static_memory_policy at its default 0 (dynamic), the engine runs 0 (dynamic)",
              "launch " + script + ":5:1: python3 " + at + "bad.py",
              "  config file " + at + "bad.ini (--config_file at " + script +
                  ":5:30): has errors (npu-memcfg --check says which), so the launch's config is not known",
              "  GE_USE_STATIC_MEMORY:",
              "    \"0\" (" + script +
                  ":2:8 export): with static_memory_policy at its default 0 (dynamic), the engine runs 0 (dynamic)"});
  // The config with an error runs nothing: its errors, and no guess at the rest.
  const Outcome checked = run_in(scratch, {"--check", script});
  CHECK(checked.exit_code == exit_invalid);
  const Lines found = lines_of(checked.err);
  REQUIRE(found.size() == 2);
  CHECK_THAT(found[0], Catch::StartsWith("error: " + script + ": " + at + "bad.ini:2:1: static_memory_policy"));
  CHECK_THAT(found[1], Catch::StartsWith("warning: " + script + ": " + at + "model.ini:2:1: static_memory_policy: 3"));
}

TEST_CASE("a folder: its Lite configs on their own too, each diagnostic once", "[tool][jobs]") {
  const Scratch scratch("folder");
  const std::string model = scratch.write(
      "job/model.ini", "[ascend_context]\nprecision_mode=x\n[ge_session_options]\nge.exec.atomicCleanPolicy=1\n");
  scratch.write("job/notes.ini", "[paths]\natomic=1\n");  // no Lite section: not read
  const std::string script = scratch.write("job/run.sh", "./benchmark --configFile=model.ini\n");
  const Outcome checked = run_in(scratch, {"--check", scratch.root.string() + "/job", "--concurrent-graphs"});
  CHECK(checked.exit_code == exit_invalid);
  // Lite's session default 2 (section 10), which concurrent graphs forbid
  // (section 4): the file's on its own, the launch's where it runs it.
  CHECK(lines_of(checked.err) ==
        Lines{"error: " + model +
                  ": MindSpore Lite's defaults: static_memory_policy: 2 (expand_static_shape) is not supported when "
                  "graphs execute concurrently; "
                  "use 0 (dynamic) or 3 (expand_dynamic_shape)",
              "warning: " + model + ":4:1: atomic_clean_policy: 1 (separate) may cost performance",
              "error: " + script +
                  ":1:1: static_memory_policy: 2 (expand_static_shape) is not supported when graphs execute "
                  "concurrently; use 0 (dynamic) or 3 (expand_dynamic_shape) (from MindSpore Lite's defaults)"});
}

TEST_CASE("Python launchers: the environment they write, in the order they run", "[tool][jobs][python]") {
  const Scratch scratch("launcher-environment");
  const std::string launcher = scratch.write("envs.py",
                                             "import os as _os\n"
                                             "from os import environ as env, putenv\n"
                                             "\n"
                                             "\n"
                                             "def setup(mode):\n"
                                             "    env[\"GE_USE_STATIC_MEMORY\"] = \"3\"\n"
                                             "    if mode:\n"
                                             "        _os.environ.setdefault(\"GE_USE_STATIC_MEMORY\", \"2\")\n"
                                             "    _os.environ.update({\"MS_GE_ATOMIC_CLEAN_POLICY\": \"1\"}, "
                                             "GE_USE_STATIC_MEMORY_=mode)\n"
                                             "\n"
                                             "\n"
                                             "def never_called():\n"
                                             "    del _os.environ[\"GE_USE_STATIC_MEMORY\"]\n"
                                             "\n"
                                             "\n"
                                             "if __name__ == \"__main__\":\n"
                                             "    setup(None)\n"
                                             "    putenv(\"GE_USE_STATIC_MEMORY\", \"4\")\n");
  // setup() runs on every path (called from the main block): its "3" is
  // replaced by putenv's "4"; never_called() may run at any time.
  const Outcome explained = run_in(scratch, {"--explain", launcher});
  CHECK(explained.exit_code == exit_ok);
  CHECK(lines_of(explained.out) ==
        Lines{"launcher " + launcher + ":", "  GE_USE_STATIC_MEMORY:", "    not set: as the launch starts",
              "    then, as " + launcher + " leaves it, one of: \"4\" (" + launcher +
                  ":18:12 os.putenv): with static_memory_policy at its default 0 (dynamic), the engine runs 4 "
                  "(expand_static_and_dynamic_shape)",
              "    then, as " + launcher + " leaves it, one of: not set (" + launcher +
                  ":13:21 del os.environ[...]): static_memory_policy runs as the launcher sets it",
              "  MS_GE_ATOMIC_CLEAN_POLICY (the engine does not read it):", "    not set: as the launch starts",
              "    then, as " + launcher + " leaves it: \"1\" (" + launcher + ":9:25 os.environ.update)",
              "  GE_USE_STATIC_MEMORY_ (the engine does not read it):", "    not set: as the launch starts",
              "    then, as " + launcher + " leaves it: \"mode\", known only when the job runs (" + launcher +
                  ":9:60 os.environ.update)"});
  const Outcome checked = run_in(scratch, {"--check", launcher});
  CHECK(checked.exit_code == exit_ok);
  const Lines found = lines_of(checked.err);
  REQUIRE(found.size() == 4);
  CHECK_THAT(found[0], Catch::StartsWith("warning: " + launcher + ":9:25: MS_GE_ATOMIC_CLEAN_POLICY: "));
  CHECK_THAT(found[1],
             Catch::StartsWith("warning: " + launcher + ":9:60: GE_USE_STATIC_MEMORY_: the engine reads only"));
  CHECK_THAT(found[2], Catch::StartsWith("warning: " + launcher + ":9:60: GE_USE_STATIC_MEMORY_: mode is known only"));
  CHECK_THAT(found[3], Catch::StartsWith("warning: " + launcher +
                                         ":18:12: static_memory_policy (GE_USE_STATIC_MEMORY): "
                                         "\"4\" combined with static_memory_policy 0 (dynamic), the engine's default, "
                                         "makes the engine run 4 (expand_static_and_dynamic_shape); unset "
                                         "GE_USE_STATIC_MEMORY and use 4 (expand_static_and_dynamic_shape) (where"));
}

TEST_CASE("Python launchers: MindSpore kernel by kernel, TF1's MemoryConfig, Python 2", "[tool][jobs][python]") {
  const Scratch scratch("launcher-frameworks");
  const std::string ms = scratch.write("ms.py",
                                       "import mindspore as ms\n\nms.set_context(jit_config={\"jit_level\": \"O1\"}, "
                                       "ascend_config={\"atomic_clean_policy\": 1})\n");
  const std::string tf1 = scratch.write("tf1.py",
                                        "from npu_bridge.npu_init import *\n\nconfig = "
                                        "NPURunConfig(memory_config=MemoryConfig(1, static_memory_policy=5))\n");
  const std::string py2 = scratch.write("py2.py", "print \"python 2\"\n");
  const std::string quiet = scratch.write(
      "quiet.py",
      "import mindspore as ms\n\nms.set_context(ascend_config={\"precision_mode\": \"allow_fp32_to_fp16\"})\n");
  const Outcome checked = run_in(scratch, {"--check", ms, tf1, py2, quiet, "--concurrent-graphs"});
  CHECK(checked.exit_code == exit_invalid);
  // Section 9: MindSpore forces the static policy 2, which concurrent graphs
  // forbid (section 4); jit_level "O1" makes the launcher's settings inert
  // (15.2), their own checks still run.
  CHECK(lines_of(checked.err) ==
        Lines{"error: " + ms +
                  ": MindSpore's defaults: static_memory_policy: 2 (expand_static_shape) is not supported when graphs "
                  "execute concurrently; use 0 (dynamic) or 3 (expand_dynamic_shape)",
              "warning: " + ms +
                  ":3:41: jit_level: jit_level \"O1\" runs MindSpore kernel by kernel on its own memory "
                  "pool (MindSpore 2.3 and later), without the engine: the engine's memory settings do "
                  "nothing there: ascend_config at " +
                  ms + ":3:1",
              "warning: " + ms + ":3:63: atomic_clean_policy: 1 (separate) may cost performance",
              "error: " + tf1 +
                  ":3:53: static_memory_policy: 5 is not allowed; use 0 (dynamic), 2 (expand_static_shape), 3 "
                  "(expand_dynamic_shape) or 4 (expand_static_and_dynamic_shape)",
              "warning: " + py2 +
                  ":1:1: Python 3 cannot parse this launcher (Missing parentheses in call to 'print'. "
                  "Did you mean print(...)?), so it was not read"});
}

TEST_CASE("a launcher its script starts is checked in its job only", "[tool][jobs][python]") {
  const std::string folder = std::string(NPU_EXAMPLE_JOBS) + "/mindspore_8p";
  const Outcome checked = run_with_stdin({"--check", folder});
  CHECK(checked.exit_code == exit_ok);
  const Lines found = lines_of(checked.err);
  REQUIRE(found.size() == 4);
  for (const std::string& line : found) {
    CHECK_THAT(line, Catch::StartsWith("warning: " + folder + "/run_distribute_train.sh"));
  }
  // Alone, the launcher gets the environment the tool runs in.
  const Outcome alone = run_with_stdin({"--check", folder + "/train.py"});
  CHECK(lines_of(alone.err).size() == 3);
}

TEST_CASE("Python launchers: TF1's parameter_map, TF2's global options, torchair's reduce-overhead",
          "[tool][jobs][python]") {
  const Scratch scratch("launcher-maps");
  // The entries of one custom_op inside a function the main block calls:
  // on every path. A key other than the four is not ours.
  const std::string tf1 = scratch.write("tf1.py",
                                        "from npu_bridge.npu_init import *\n"
                                        "\n"
                                        "def session_config():\n"
                                        "    custom_op = config.graph_options.rewrite_options.custom_optimizers.add()\n"
                                        "    custom_op.parameter_map[\"use_off_line\"].b = True\n"
                                        "    custom_op.parameter_map[\"atomic_clean_policy\"].i = 1\n"
                                        "    custom_op.parameter_map[\"memory_optimization_policy\"].s = "
                                        "b\"MemoryPriority\"\n"
                                        "\n"
                                        "if __name__ == \"__main__\":\n"
                                        "    session_config()\n");
  // Spec section 6: an .s where the adapter reads .i is an error.
  const std::string tf1_kinds =
      scratch.write("tf1_kinds.py",
                    "from npu_bridge.npu_init import *\n"
                    "custom_op.parameter_map[\"static_memory_policy\"].s = tf.compat.as_bytes(\"2\")\n"
                    "custom_op.parameter_map[\"variable_use_1g_huge_page\"].i = args.huge\n");
  const std::string tf2 = scratch.write("tf2.py",
                                        "import npu_device as npu\n"
                                        "options = npu.global_options()\n"
                                        "options.memory_config.static_memory_policy = 5\n"
                                        "npu.global_options().memory_config.memory_optimization_policy = "
                                        "\"MemoryPriority\"\n");
  const std::string torchair = scratch.write("torchair_ro.py",
                                             "import os\nimport torchair\n"
                                             "os.environ[\"GE_USE_STATIC_MEMORY\"] = \"1\"\n"
                                             "config = torchair.CompilerConfig()\n"
                                             "config.mode = \"reduce-overhead\"\n");
  const Outcome checked = run_in(scratch, {"--check", tf1, tf1_kinds, tf2, torchair});
  CHECK(checked.exit_code == exit_invalid);
  CHECK(lines_of(checked.err) ==
        Lines{"warning: " + tf1 + ":6:5: atomic_clean_policy: 1 (separate) may cost performance",
              "error: " + tf1_kinds +
                  ":2:1: static_memory_policy: s: \"2\" is not read: the adapter reads static_memory_policy as an "
                  "integer (i), so the runtime would run 0; give it as i",
              "warning: " + tf1_kinds +
                  ":3:58: variable_use_1g_huge_page: variable_use_1g_huge_page is known only when the job runs, so "
                  "it cannot be checked",
              "error: " + tf2 +
                  ":3:1: static_memory_policy: \"5\" is not allowed; the engine runs 0 (dynamic) for it; use 0 "
                  "(dynamic), 2 (expand_static_shape), 3 (expand_dynamic_shape) or 4 "
                  "(expand_static_and_dynamic_shape)",
              "error: " + tf2 +
                  ":4:1: memory_optimization_policy: this runtime has no such option; remove it (the setting cannot "
                  "be carried here)",
              "warning: " + torchair +
                  ":5:15: mode: mode \"reduce-overhead\" compiles the model without the graph engine (torchair's "
                  "captured NPU graphs): the engine's memory settings do nothing there: GE_USE_STATIC_MEMORY at " +
                  torchair + ":3:12"});
  // torchair runs its own options: GE_USE_STATIC_MEMORY=1 (2) is what it runs anyway.
  const Outcome explained = run_in(scratch, {"--explain", torchair});
  CHECK(lines_of(explained.out) ==
        Lines{"launcher " + torchair + ":",
              std::string("  config: torchair's options (it passes the engine options of its own): ") +
                  "static_memory_policy 2 (expand_static_shape) from torchair's options",
              "  mode \"reduce-overhead\" at " + torchair +
                  ":5:15: compiles the model without the graph engine (torchair's captured NPU graphs): the memory "
                  "settings below do nothing",
              "  GE_USE_STATIC_MEMORY:", "    not set: as the launch starts",
              "    then, as " + torchair + " leaves it: \"1\" (" + torchair +
                  ":3:12 os.environ[...] =): with static_memory_policy 2 (expand_static_shape) from torchair's "
                  "options, the engine runs 2 (expand_static_shape)"});
}

TEST_CASE("Python launchers: a finally block as certain as its try, mode=1 is PYNATIVE_MODE, a bool is no integer",
          "[tool][jobs][python]") {
  const Scratch scratch("launcher-certainty");
  const std::string body = "import os\nimport npu_device\ntry:\n    import numpy\n";
  const std::string write = "    os.environ[\"GE_USE_STATIC_MEMORY\"] = \"4\"\n";
  const std::string after_failure = scratch.write("except.py", body + "except ImportError:\n" + write);
  const std::string always = scratch.write("finally.py", body + "finally:\n" + write);
  const Outcome checked = run_in(scratch, {"--check", "--concurrent-graphs", after_failure, always});
  CHECK(checked.exit_code == exit_invalid);
  const Lines found = lines_of(checked.err);
  // Each a warning (what the engine runs) and the error (concurrent graphs).
  REQUIRE(found.size() == 4);
  const std::string maybe = " (where the os.environ[...] = here may or may not happen when the job runs)";
  CHECK_THAT(found[0], Catch::StartsWith("warning: " + after_failure + ":6:16: ") && Catch::EndsWith(maybe));
  CHECK_THAT(found[1], Catch::StartsWith("error: " + after_failure + ":6:16: ") && Catch::EndsWith(maybe));
  CHECK_THAT(found[2], Catch::StartsWith("warning: " + always + ":6:16: ") && !Catch::Contains("may or may not"));
  CHECK_THAT(found[3], Catch::StartsWith("error: " + always + ":6:16: ") && !Catch::Contains("may or may not"));

  // MindSpore's mode 1 is PYNATIVE_MODE (15.2); 0 is GRAPH_MODE.
  const std::string pynative = scratch.write(
      "pynative.py", "import mindspore as ms\n\nms.set_context(mode=1, ascend_config={\"atomic_clean_policy\": 0})\n");
  const std::string graph = scratch.write(
      "graph.py", "import mindspore as ms\n\nms.set_context(mode=0, ascend_config={\"atomic_clean_policy\": 0})\n");
  const Outcome modes = run_in(scratch, {"--check", pynative, graph});
  CHECK(modes.exit_code == exit_ok);
  CHECK(lines_of(modes.err) ==
        Lines{"warning: " + pynative +
              ":3:21: mode: mode \"PYNATIVE_MODE\" runs MindSpore kernel by kernel on its own memory pool (MindSpore "
              "2.3 and later), without the engine: the engine's memory settings do nothing there: ascend_config at " +
              pynative + ":3:1"});

  // TF2's global options read integers: True is none, and cannot be checked.
  const std::string tf2 = scratch.write(
      "tf2_bool.py", "import npu_device as npu\nnpu.global_options().memory_config.static_memory_policy = True\n");
  const Outcome flagged = run_in(scratch, {"--check", tf2});
  CHECK(flagged.exit_code == exit_ok);
  CHECK(lines_of(flagged.err) ==
        Lines{"warning: " + tf2 +
              ":2:59: static_memory_policy: static_memory_policy is known only when the job runs, so it cannot be "
              "checked"});
}

TEST_CASE("Python launchers: a config holding a value known only when the job runs is not guessed at",
          "[tool][jobs][python]") {
  const Scratch scratch("launcher-config-unknown");
  const std::string launcher =
      scratch.write("train.py",
                    "import os\n"
                    "import mindspore as ms\n"
                    "policy = os.environ.get(\"P\", \"2\")\n"
                    "ms.set_context(ascend_config={\"atomic_clean_policy\": 1, \"ge_options\": {\"global\": "
                    "{\"ge.exec.staticMemoryPolicy\": policy}}})\n"
                    "os.environ[\"GE_USE_STATIC_MEMORY\"] = \"1\"\n");
  const Outcome explained = run_in(scratch, {"--explain", launcher});
  CHECK(explained.exit_code == exit_ok);
  CHECK(lines_of(explained.out) ==
        Lines{"launcher " + launcher + ":",
              "  ascend_config at " + launcher +
                  ":4:1: holds values known only when the job runs, so what the engine runs is not known",
              "  GE_USE_STATIC_MEMORY:", "    not set: as the launch starts",
              "    then, as " + launcher + " leaves it: \"1\" (" + launcher +
                  ":5:12 os.environ[...] =): what the engine runs depends on the config's values known only when the "
                  "job runs"});
}

TEST_CASE("Python launchers: setdefault keeps what the script exported", "[tool][jobs][python]") {
  const Scratch scratch("launcher-setdefault");
  const std::string launcher =
      scratch.write("train.py", "import os\nos.environ.setdefault(\"GE_USE_STATIC_MEMORY\", \"2\")\n");
  const std::string script = scratch.write("run.sh", "export GE_USE_STATIC_MEMORY=4\npython3 train.py\n");
  const Outcome explained = run_in(scratch, {"--explain", script});
  CHECK(explained.exit_code == exit_ok);
  CHECK(lines_of(explained.out) == Lines{"launch " + script + ":2:1: python3 " + launcher, "  GE_USE_STATIC_MEMORY:",
                                         "    \"4\" (" + script +
                                             ":1:8 export): with static_memory_policy at its default 0 (dynamic), the "
                                             "engine runs 4 (expand_static_and_dynamic_shape)"});
}

// What the reader takes for what (python_reader.py): os.environ alone, not
// any mapping; setdefault with its value, by position or by name;
// JitConfig's and jit's keywords, not another call's; bytes made by encode().
TEST_CASE("Python launchers: which calls and names the reader reads, and which it leaves", "[tool][jobs][python]") {
  const Scratch scratch("launcher-calls-read");
  const std::string mapping = scratch.write("mapping.py",
                                            "import os\nconfig = {}\nconfig[\"GE_USE_STATIC_MEMORY\"] = \"9\"\n"
                                            "os.environ.setdefault(\"GE_USE_STATIC_MEMORY\")\n"
                                            "os.environ.setdefault(\"MS_GE_ATOMIC_CLEAN_POLICY\", value=\"7\")\n");
  const char* ascend =
      "import mindspore as ms\nfrom mindspore import JitConfig\n"
      "ms.set_context(ascend_config={\"atomic_clean_policy\": 0})\n";
  const std::string ms_backend =
      scratch.write("ms_backend.py", ascend + std::string("m.compile(jit_config=JitConfig(backend=\"ms_backend\"))\n"));
  const std::string ge_backend =
      scratch.write("ge_backend.py", ascend + std::string("m.compile(jit_config=JitConfig(backend=\"GE\"))\n"));
  const std::string other = scratch.write("other.py", ascend + std::string("other(jit_level=\"O0\")\n"));
  const std::string tf1 = scratch.write("tf1.py",
                                        "from npu_bridge.npu_init import *\n"
                                        "custom_op = config.graph_options.rewrite_options.custom_optimizers.add()\n"
                                        "custom_op.parameter_map[\"static_memory_policy\"].s = \"9\".encode()\n");
  const Outcome checked =
      run_in(scratch, {"--check", "--product", "atlas-a2", mapping, ms_backend, ge_backend, other, tf1});
  CHECK(
      lines_of(checked.err) ==
      Lines{"warning: " + mapping +
                ":5:23: MS_GE_ATOMIC_CLEAN_POLICY: MS_GE_ATOMIC_CLEAN_POLICY is deprecated: MindSpore 2.x does not "
                "read it; set_context(ascend_config={\"atomic_clean_policy\": …}) is what MindSpore reads",
            "error: " + mapping +
                ":5:23: atomic_clean_policy (MS_GE_ATOMIC_CLEAN_POLICY): \"7\" is not allowed; use 0 (centralized) or "
                "1 (separate)",
            "warning: " + ms_backend +
                ":4:40: backend: backend \"ms_backend\" runs MindSpore kernel by kernel on its "
                "own memory pool (MindSpore 2.3 and later), without the engine: the engine's memory settings do "
                "nothing there: ascend_config at " +
                ms_backend + ":3:1",
            "warning: " + other +
                ":3:1: jit_level: the launcher sets no jit_level, and on the Atlas A2 training and inference series "
                "MindSpore 2.5 and later then run kernel by kernel, without the engine (\"O2\" only for a rank-table "
                "launch): the engine's memory settings do nothing unless the job runs jit_level \"O2\": "
                "ascend_config at " +
                other + ":3:1",
            "error: " + tf1 +
                ":3:1: static_memory_policy: s: \"9\" is not read: the adapter reads static_memory_policy as an "
                "integer (i), so the runtime would run 0; give it as i"});
}

// os.putenv alone, not os.getenv nor another name's putenv; jit's
// ge_options, not JitConfig's; a class's methods, which may run or not.
TEST_CASE("Python launchers: putenv and ge_options of the calls that take them, and a method's write",
          "[tool][jobs][python]") {
  const Scratch scratch("launcher-calls-taken");
  const std::string calls = scratch.write("calls.py",
                                          "import os\nfrom mindspore import jit, JitConfig\n"
                                          "os.getenv(\"GE_USE_STATIC_MEMORY\", \"9\")\n"
                                          "d.putenv(\"GE_USE_STATIC_MEMORY\", \"9\")\n"
                                          "f = jit(step, ge_options={\"ge.exec.staticMemoryPolicy\": \"9\"})\n"
                                          "cfg = JitConfig(ge_options={\"ge.exec.staticMemoryPolicy\": \"8\"})\n");
  const std::string method = scratch.write("method.py",
                                           "import os\nclass Job:\n    def run(self):\n"
                                           "        os.environ[\"GE_USE_STATIC_MEMORY\"] = \"4\"\n");
  const Outcome checked = run_in(scratch, {"--check", "--concurrent-graphs", calls, method});
  CHECK(
      lines_of(checked.err) ==
      Lines{"error: " + calls +
                ":5:27: static_memory_policy (ge.exec.staticMemoryPolicy): \"9\" is not allowed; the engine runs 0 "
                "(dynamic) for it; use 0 (dynamic), 2 (expand_static_shape), 3 (expand_dynamic_shape) or 4 "
                "(expand_static_and_dynamic_shape)",
            "warning: " + method +
                ":4:20: static_memory_policy (GE_USE_STATIC_MEMORY): \"4\" combined with static_memory_policy 0 "
                "(dynamic), the engine's default, makes the engine run 4 (expand_static_and_dynamic_shape) (where "
                "the os.environ[...] = here may or may not happen when the job runs)",
            "error: " + method +
                ":4:20: static_memory_policy (GE_USE_STATIC_MEMORY): 4 (expand_static_and_dynamic_shape) is not "
                "supported when graphs execute concurrently (the option is 0 (dynamic), the engine's default; "
                "GE_USE_STATIC_MEMORY=4 makes it 4 (expand_static_and_dynamic_shape)); set GE_USE_STATIC_MEMORY to 0 "
                "or 3, or unset GE_USE_STATIC_MEMORY (where the os.environ[...] = here may or may not happen when the "
                "job runs)"});
  // A jit_level or ge_options known only at run time: said, not guessed.
  const std::string unknown = scratch.write("unknown.py",
                                            "import mindspore as ms\nfrom mindspore import JitConfig, jit\n"
                                            "ms.set_context(ascend_config={\"atomic_clean_policy\": 0})\n"
                                            "c = JitConfig(jit_level=level)\nf = jit(g, ge_options=opts)\n");
  CHECK(lines_of(run_in(scratch, {"--check", unknown}).err) ==
        Lines{"warning: " + unknown +
                  ":4:25: jit_level: jit_level is known only when the job runs, so it cannot be checked",
              "warning: " + unknown +
                  ":5:23: ge_options: ge_options is known only when the job runs, so it cannot be checked"});
}

// What a def or class statement runs where it stands, in Python's order: a
// function's decorators (MindSpore's `@jit(ge_options=…)`, an async one's), its defaults
// and keyword-only defaults; a class's bases and keywords.
TEST_CASE("Python launchers: decorators, defaults, bases and class keywords run where they are defined",
          "[tool][jobs][python]") {
  const Scratch scratch("launcher-definitions");
  const std::string launcher = scratch.write(
      "deco.py",
      "import os\nimport mindspore as ms\nfrom mindspore import jit\n"
      "@jit(ge_options={\"global\": {\"ge.exec.staticMemoryPolicy\": \"9\"}})\n"
      "def step(x, level=os.environ.setdefault(\"GE_USE_STATIC_MEMORY\", \"3\"), *, "
      "k=os.putenv(\"MS_GE_ATOMIC_CLEAN_POLICY\", \"5\")):\n    return x\n"
      "class Net(ms.set_context(mode=1), metaclass=os.environ.update(GE_USE_STATIC_MEMORY_=\"1\")):\n    pass\n"
      "@jit(jit_level=\"O1\")\nasync def serve():\n    pass\n");
  CHECK(
      lines_of(run_in(scratch, {"--check", launcher}).err) ==
      Lines{"error: " + launcher +
                ":4:29: static_memory_policy (ge.exec.staticMemoryPolicy): \"9\" is not allowed; the engine runs 0 "
                "(dynamic) for it; use 0 (dynamic), 2 (expand_static_shape), 3 (expand_dynamic_shape) or 4 "
                "(expand_static_and_dynamic_shape)",
            "warning: " + launcher +
                ":5:86: MS_GE_ATOMIC_CLEAN_POLICY: MS_GE_ATOMIC_CLEAN_POLICY is deprecated: MindSpore 2.x does not "
                "read it; set_context(ascend_config={\"atomic_clean_policy\": …}) is what MindSpore reads",
            "warning: " + launcher +
                ":7:31: mode: mode \"PYNATIVE_MODE\" runs MindSpore kernel by kernel on its own memory pool "
                "(MindSpore 2.3 and later), without the engine: the engine's memory settings do nothing there: "
                "ge_options at " +
                launcher + ":4:2 and GE_USE_STATIC_MEMORY at " + launcher + ":5:41",
            "warning: " + launcher +
                ":7:63: GE_USE_STATIC_MEMORY_: the engine reads only GE_USE_STATIC_MEMORY; GE_USE_STATIC_MEMORY_ "
                "does nothing (did you mean GE_USE_STATIC_MEMORY?)",
            "warning: " + launcher +
                ":9:16: jit_level: jit_level \"O1\" runs MindSpore kernel by kernel on its own memory pool (MindSpore "
                "2.3 and later), without the engine: the engine's memory settings do nothing there: ge_options at " +
                launcher + ":4:2 and GE_USE_STATIC_MEMORY at " + launcher + ":5:41"});
}

// Two values of one setting in a launcher's dict: the conflict names the
// launcher's place of the first, not a line of the text the reader wrote.
TEST_CASE("Python launchers: a conflict names the first value's place in the launcher", "[tool][jobs][python]") {
  const Scratch scratch("launcher-conflict");
  const std::string launcher = scratch.write(
      "ms.py",
      "import mindspore as ms\n"
      "ms.set_context(ascend_config={\"atomic_clean_policy\": 0,\n"
      "                              \"ge_options\": {\"session\": {\"ge.exec.atomicCleanPolicy\": \"1\"}}})\n");
  CHECK(lines_of(run_in(scratch, {"--check", launcher}).err) ==
        Lines{"error: " + launcher +
              ":3:58: atomic_clean_policy (ge.exec.atomicCleanPolicy): \"1\" conflicts with 0 given as "
              "atomic_clean_policy at 2:31; give one value"});
  // The first value nested, the line after it holding no key.
  scratch.write("ms.py",
                "import mindspore as ms\n"
                "ms.set_context(ascend_config={\"ge_options\": {\"session\": {\"ge.exec.atomicCleanPolicy\": \"1\"}},\n"
                "                              \"atomic_clean_policy\": 0})\n");
  CHECK(lines_of(run_in(scratch, {"--check", launcher}).err) ==
        Lines{"error: " + launcher +
              ":3:31: atomic_clean_policy: 0 conflicts with \"1\" given as ge.exec.atomicCleanPolicy at 2:58; give one "
              "value"});
}

// Near misses of what the reader reads, each left as Python runs it: a
// relative import (no module named), a framework imported twice (still
// one), another mapping of os than environ, environ of another object than
// os, another name's putenv, os.getenv, setdefault with keywords only,
// update and putenv given no literal arguments, torchair's CompilerConfig
// where torchair is not imported, a test against "__main__" of another
// name than __name__, a del of another mapping's key, a function that
// calls itself; TF1's .i given bytes or a bool, .s given what is no str
// literal's bytes (another str method than encode, as_bytes with another
// encoding) and items that are no parameter_map entry; a memory_config
// attribute that is no field (a misspelt one named) or stands on no
// memory_config attribute; a torchair config's attribute other than mode.
TEST_CASE("Python launchers: near misses of what the reader reads", "[tool][jobs][python]") {
  const Scratch scratch("launcher-near-misses");
  const std::string twice = scratch.write("twice.py",
                                          "import os\nfrom . import sibling\nimport mindspore\n"
                                          "from mindspore import context\n"
                                          "context.set_context(ascend_config={\"atomic_clean_policy\": 0})\n");
  const std::string leaves = scratch.write("leaves.py",
                                           "import os\nos.confstr_names[\"GE_USE_STATIC_MEMORY\"] = \"9\"\n"
                                           "d.putenv(\"GE_USE_STATIC_MEMORY\", \"9\")\n"
                                           "os.getenv(\"GE_USE_STATIC_MEMORY\", \"9\")\n"
                                           "os.environ.setdefault(**defaults)\n"
                                           "os.environ.update(overrides)\nos.putenv(*pair)\nCompilerConfig(mode=m)\n"
                                           "config.os.environ[\"GE_USE_STATIC_MEMORY\"] = \"9\"\n"
                                           "if mode == \"__main__\":\n"
                                           "    os.environ[\"GE_USE_STATIC_MEMORY\"] = \"4\"\n"
                                           "del cache[\"GE_USE_STATIC_MEMORY\"]\n");
  const std::string tf1 = scratch.write("tf1.py",
                                        "from npu_bridge.npu_init import *\n"
                                        "params[\"static_memory_policy\"].i = 9\noptions().i = 9\n"
                                        "custom_op.parameter_map[\"atomic_clean_policy\"].i = b\"7\"\n"
                                        "custom_op.parameter_map[\"static_memory_policy\"].b = True\n"
                                        "custom_op.parameter_map[\"variable_use_1g_huge_page\"].s = "
                                        "tf.compat.as_bytes(page)\n"
                                        "other_op.parameter_map[\"static_memory_policy\"].i = True\n"
                                        "third_op.parameter_map[\"static_memory_policy\"].s = name.encode()\n"
                                        "fourth_op.parameter_map[\"static_memory_policy\"].s = \"2\".strip()\n"
                                        "fifth_op.parameter_map[\"static_memory_policy\"].s = "
                                        "tf.compat.as_bytes(\"2\", \"utf-16\")\n");
  const std::string tf2 = scratch.write("tf2.py",
                                        "import npu_device as npu\no = npu.global_options()\n"
                                        "o.memory_config.static_memory_policy = 9\n"
                                        "o.memory_config.atomic_clean_policy = 0\n"
                                        "o.memory_config.static_memory_policy = 0\n"
                                        "o.memory_config.static_memory_polcy = 2\n"
                                        "o.memory_config.graph_memory_max_size = 9\n"
                                        "o.dump_config.atomic_clean_policy = 7\n"
                                        "options[\"memory_config\"].static_memory_policy = 9\n");
  const std::string torchair = scratch.write("torchair.py",
                                             "import torchair\nconfig = torchair.CompilerConfig()\n"
                                             "config.experimental_config.frozen_parameter = flag\n");
  // A chained comparison, or another than ==, is no test of being run.
  const std::string may = " (where the os.environ[...] = here may or may not happen when the job runs)";
  const std::string three =
      ":3:16: static_memory_policy (GE_USE_STATIC_MEMORY): \"3\" combined with static_memory_policy 0 (dynamic), the "
      "engine's default, makes the engine run 3 (expand_dynamic_shape); unset GE_USE_STATIC_MEMORY and use 3 "
      "(expand_dynamic_shape)" +
      may;
  for (const char* test : {"__name__ == \"__main__\" == mode", "__name__ != \"__main__\""}) {
    std::string text = "import os\nif ";
    text.append(test).append(":\n    os.environ[\"GE_USE_STATIC_MEMORY\"] = \"3\"\n");
    const std::string guarded = scratch.write("guarded.py", text);
    std::string expected = "warning: ";
    expected.append(guarded).append(three);
    CHECK(lines_of(run_in(scratch, {"--check", guarded}).err) == Lines{expected});
  }
  // A jit_config key other than jit_level: no jit_level is given.
  const std::string jit =
      scratch.write("jit.py",
                    "import mindspore as ms\nms.set_context(ascend_config={\"atomic_clean_policy\": "
                    "0}, jit_config={\"exc_mode\": mode})\n");
  CHECK(lines_of(run_in(scratch, {"--check", "--product", "atlas-a2", jit}).err) ==
        Lines{"warning: " + jit +
              ":2:1: jit_level: the launcher sets no jit_level, and on the Atlas A2 training and inference series "
              "MindSpore 2.5 and later then run kernel by kernel, without the engine (\"O2\" only for a rank-table "
              "launch): the engine's memory settings do nothing unless the job runs jit_level \"O2\": ascend_config "
              "at " +
              jit + ":2:1"});
  CHECK(lines_of(run_in(scratch, {"--check", "--concurrent-graphs", twice, leaves, tf1, tf2, torchair}).err) ==
        Lines{"error: " + twice +
                  ": MindSpore's defaults: static_memory_policy: 2 (expand_static_shape) is not supported when graphs "
                  "execute concurrently; use 0 (dynamic) or 3 (expand_dynamic_shape)",
              "warning: " + leaves +
                  ":11:16: static_memory_policy (GE_USE_STATIC_MEMORY): \"4\" combined with static_memory_policy 0 "
                  "(dynamic), the engine's default, makes the engine run 4 (expand_static_and_dynamic_shape)" +
                  may,
              "error: " + leaves +
                  ":11:16: static_memory_policy (GE_USE_STATIC_MEMORY): 4 (expand_static_and_dynamic_shape) is not "
                  "supported when graphs execute concurrently (the option is 0 (dynamic), the engine's default; "
                  "GE_USE_STATIC_MEMORY=4 makes it 4 (expand_static_and_dynamic_shape)); set GE_USE_STATIC_MEMORY to "
                  "0 or 3, or unset GE_USE_STATIC_MEMORY" +
                  may,
              "warning: " + tf1 +
                  ":4:52: atomic_clean_policy: atomic_clean_policy is known only when the job runs, so it cannot be "
                  "checked",
              "warning: " + tf1 +
                  ":6:58: variable_use_1g_huge_page: variable_use_1g_huge_page is known only when the job runs, so it "
                  "cannot be checked",
              "warning: " + tf1 +
                  ":7:52: static_memory_policy: static_memory_policy is known only when the job runs, so it cannot be "
                  "checked",
              "warning: " + tf1 +
                  ":8:52: static_memory_policy: static_memory_policy is known only when the job runs, so it cannot be "
                  "checked",
              "warning: " + tf1 +
                  ":9:53: static_memory_policy: static_memory_policy is known only when the job runs, so it cannot be "
                  "checked",
              "warning: " + tf1 +
                  ":10:52: static_memory_policy: static_memory_policy is known only when the job runs, so it cannot be "
                  "checked",
              "warning: " + tf2 +
                  ":6:1: static_memory_polcy: not a memory option, ignored; did you mean \"static_memory_policy\"?"});
  // A field written again: the last value holds, and the config stands
  // where the first of the writes that hold is.
  CHECK(lines_of(run_in(scratch, {"--explain", tf2}).out) ==
        Lines{"launcher " + tf2 + ":",
              "  global_options().memory_config at " + tf2 + ":4:1: static_memory_policy 0 (dynamic) from " + tf2,
              "  GE_USE_STATIC_MEMORY:", "    not set: the engine runs 0 (dynamic)"});
  // A function that calls itself, never called: its write is read once.
  const std::string recursive = scratch.write(
      "recursive.py", "import os\ndef retry(n):\n    os.environ[\"GE_USE_STATIC_MEMORY\"] = \"4\"\n    retry(n - 1)\n");
  CHECK(lines_of(run_in(scratch, {"--explain", recursive}).out) ==
        Lines{"launcher " + recursive + ":", "  GE_USE_STATIC_MEMORY:", "    not set: as the launch starts",
              "    then, as " + recursive +
                  " leaves it, one of: not set: static_memory_policy runs as the launcher sets it",
              "    then, as " + recursive + " leaves it, one of: \"4\" (" + recursive +
                  ":3:16 os.environ[...] =): with static_memory_policy at its default 0 (dynamic), the engine runs 4 "
                  "(expand_static_and_dynamic_shape)"});
}

TEST_CASE("Python launchers: a framework imported twice is one, and calls and values the reader cannot take",
          "[tool][jobs][python]") {
  const Scratch scratch("launcher-last-near-misses");
  // npu_device twice is still TF2's launcher: no remedy makes its 1 a 2 (section 15.3).
  const std::string tf2 = scratch.write(
      "tf2.py",
      "import os\nimport npu_device\nimport npu_device as npu\nos.environ[\"GE_USE_STATIC_MEMORY\"] = \"1\"\n");
  CHECK(lines_of(run_in(scratch, {"--check", "--cann", "6.0.1", tf2}).err) ==
        Lines{"error: " + tf2 +
              ":4:12: static_memory_policy (GE_USE_STATIC_MEMORY): GE_USE_STATIC_MEMORY=1 means static allocation at "
              "the maximum size in CANN 6.0.1, which this library does not model; 2 (expand_static_shape) is the "
              "expanding policy; set GE_USE_STATIC_MEMORY to 0, 3 or 4, or unset GE_USE_STATIC_MEMORY"});
  // A map other than parameter_map, setdefault with no key (a TypeError),
  // bytes "encoded": nothing read, and nothing that stops the reader.
  const std::string others =
      scratch.write("others.py",
                    "import os\nfrom npu_bridge.npu_init import *\n"
                    "custom_op.attr_map[\"static_memory_policy\"].i = 9\n"
                    "os.environ.setdefault(value=\"9\")\n"
                    "custom_op.parameter_map[\"memory_optimization_policy\"].s = b\"X\".encode()\n");
  CHECK(lines_of(run_in(scratch, {"--check", others}).err) ==
        Lines{"warning: " + others +
              ":5:59: memory_optimization_policy: memory_optimization_policy is known only when the job runs, so it "
              "cannot be checked"});
}

// The configs the reader writes as text for the forms: a nested dict with
// a key after it, TF1's MemoryConfig with a value known only at run time
// (not guessed at: the launch's variable is not judged against it), TF2's
// fields of which one may not run (the config may not).
TEST_CASE("Python launchers: configs written as the forms read them, whole or not", "[tool][jobs][python]") {
  const Scratch scratch("launcher-config-texts");
  const std::string nested =
      scratch.write("nested.py",
                    "import mindspore as ms\nms.set_context(ascend_config={\"ge_options\": {\"global\": "
                    "{\"ge.exec.staticMemoryPolicy\": \"9\"}}, \"atomic_clean_policy\": 7})\n");
  const std::string tf1 = scratch.write("tf1.py",
                                        "from npu_bridge.npu_init import *\nimport os\n"
                                        "os.environ[\"GE_USE_STATIC_MEMORY\"] = \"4\"\n"
                                        "config = NPURunConfig(memory_config=MemoryConfig(atomic_clean_policy=1, "
                                        "static_memory_policy=policy))\n");
  CHECK(lines_of(run_in(scratch, {"--check", "--concurrent-graphs", nested, tf1}).err) ==
        Lines{"error: " + nested +
                  ":2:57: static_memory_policy (ge.exec.staticMemoryPolicy): \"9\" is not allowed; the engine runs 0 "
                  "(dynamic) for it; use 0 (dynamic), 2 (expand_static_shape), 3 (expand_dynamic_shape) or 4 "
                  "(expand_static_and_dynamic_shape)",
              "error: " + nested + ":2:94: atomic_clean_policy: 7 is not allowed; use 0 (centralized) or 1 (separate)",
              "warning: " + tf1 +
                  ":4:94: static_memory_policy: static_memory_policy is known only when the job runs, so it cannot be "
                  "checked"});
  const std::string map = scratch.write("map.py",
                                        "from npu_bridge.npu_init import *\nimport os\n"
                                        "os.environ[\"GE_USE_STATIC_MEMORY\"] = \"4\"\n"
                                        "custom_op.parameter_map[\"atomic_clean_policy\"].i = 1\n"
                                        "custom_op.parameter_map[\"static_memory_policy\"].i = policy\n");
  CHECK(lines_of(run_in(scratch, {"--check", "--concurrent-graphs", map}).err) ==
        Lines{"warning: " + map +
              ":5:53: static_memory_policy: static_memory_policy is known only when the job runs, so it cannot be "
              "checked"});
  // MemoryConfig's arguments by position, in upstream's order; a list is
  // no value of it. A config made at run time, or a name bound again to
  // one, cannot be checked: said, not passed over.
  const std::string positional =
      scratch.write("positional.py",
                    "from npu_bridge.npu_init import *\n"
                    "config = NPURunConfig(memory_config=MemoryConfig(7, static_memory_policy=[1]))\n");
  const std::string made = scratch.write("made.py", "import mindspore as ms\nms.set_context(ascend_config=make())\n");
  const std::string rebound = scratch.write("rebound.py",
                                            "import mindspore as ms\ncfg = {\"atomic_clean_policy\": 7}\n"
                                            "cfg = make()\nms.set_context(ascend_config=cfg)\n");
  CHECK(lines_of(run_in(scratch, {"--check", positional, made, rebound}).err) ==
        Lines{"error: " + positional +
                  ":2:50: atomic_clean_policy: 7 is not allowed; use 0 (centralized) or 1 (separate)",
              "warning: " + positional +
                  ":2:74: static_memory_policy: static_memory_policy is known only when the job runs, so it cannot be "
                  "checked",
              "warning: " + made +
                  ":2:30: ascend_config: ascend_config is known only when the job runs, so it cannot "
                  "be checked",
              "warning: " + rebound +
                  ":4:30: ascend_config: ascend_config is known only when the job runs, so it "
                  "cannot be checked"});
  const std::string tf2_partial =
      scratch.write("tf2_partial.py",
                    "import npu_device as npu\nimport os\nos.environ[\"GE_USE_STATIC_MEMORY\"] = \"4\"\n"
                    "npu.global_options().memory_config.atomic_clean_policy = 1\n"
                    "npu.global_options().memory_config.static_memory_policy = policy\n");
  CHECK(lines_of(run_in(scratch, {"--check", "--concurrent-graphs", tf2_partial}).err) ==
        Lines{"warning: " + tf2_partial +
              ":5:59: static_memory_policy: static_memory_policy is known only when the job runs, so it cannot be "
              "checked"});
  const std::string tf2 = scratch.write("tf2.py",
                                        "import npu_device as npu\nif x:\n"
                                        "    npu.global_options().memory_config.static_memory_policy = 5\n"
                                        "npu.global_options().memory_config.memory_optimization_policy = "
                                        "\"MemoryPriority\"\n");
  CHECK(lines_of(run_in(scratch, {"--explain", tf2}).out)[1] ==
        "  global_options().memory_config at " + tf2 +
            ":3:5 (which may or may not run): has errors (npu-memcfg --check says which), so the launch's config is "
            "not known");
}

// A write in a match statement's subject (Python 3.10 and later); a
// parameter_map's bytes with one that is no printable character.
TEST_CASE("Python launchers: a match statement's subject, and bytes no character shows", "[tool][jobs][python]") {
  const Scratch scratch("launcher-match-bytes");
  const std::string match = scratch.write("match.py",
                                          "import os\nmatch os.putenv(\"GE_USE_STATIC_MEMORY\", \"7\"):\n"
                                          "    case _:\n        pass\n");
  const std::string tf1 = scratch.write("tf1.py",
                                        "from npu_bridge.npu_init import *\n"
                                        "custom_op.parameter_map[\"static_memory_policy\"].s = b'9\\x01\"\\\\'\n");
  CHECK(lines_of(run_in(scratch, {"--check", match, tf1}).err) ==
        Lines{"warning: " + match +
                  ":2:17: static_memory_policy (GE_USE_STATIC_MEMORY): \"7\" is ignored by the engine, which reads "
                  "only \"0\" to \"4\"; static_memory_policy 0 (dynamic) applies as set; unset GE_USE_STATIC_MEMORY",
              "error: " + tf1 +
                  ":2:1: static_memory_policy: s: \"9\\x01\\\"\\\\\" is not read: the adapter reads "
                  "static_memory_policy as "
                  "an integer (i), so the runtime would run 0; give it as i"});
}

TEST_CASE("Python launchers: a loop's else, os.environ.pop, and a parameter_map entry written again",
          "[tool][jobs][python]") {
  const Scratch scratch("launcher-else-pop-again");
  const std::string loop = scratch.write(
      "loop.py", "import os\nfor x in y:\n    pass\nelse:\n    os.environ[\"GE_USE_STATIC_MEMORY\"] = \"7\"\n");
  // The entry written again holds its last value, after the entries between.
  const std::string again = scratch.write("again.py",
                                          "from npu_bridge.npu_init import *\n"
                                          "custom_op.parameter_map[\"static_memory_policy\"].i = 9\n"
                                          "custom_op.parameter_map[\"atomic_clean_policy\"].i = 7\n"
                                          "custom_op.parameter_map[\"static_memory_policy\"].i = 8\n");
  CHECK(lines_of(run_in(scratch, {"--check", loop, again}).err) ==
        Lines{"warning: " + loop +
                  ":5:16: static_memory_policy (GE_USE_STATIC_MEMORY): \"7\" is ignored by the engine, which reads "
                  "only \"0\" to \"4\"; static_memory_policy 0 (dynamic) applies as set; unset GE_USE_STATIC_MEMORY "
                  "(where the os.environ[...] = here may or may not happen when the job runs)",
              "error: " + again + ":3:1: atomic_clean_policy: 7 is not allowed; use 0 (centralized) or 1 (separate)",
              "error: " + again +
                  ":4:1: static_memory_policy: 8 is not allowed; use 0 (dynamic), 2 (expand_static_shape), 3 "
                  "(expand_dynamic_shape) or 4 (expand_static_and_dynamic_shape)"});
  const std::string pop = scratch.write(
      "pop.py", "import os\nos.environ[\"GE_USE_STATIC_MEMORY\"] = \"3\"\nos.environ.pop(\"GE_USE_STATIC_MEMORY\")\n");
  CHECK(lines_of(run_in(scratch, {"--explain", pop}).out).back() ==
        "    then, as " + pop + " leaves it: not set (" + pop +
            ":3:16 os.environ.pop): static_memory_policy runs as the launcher sets it");
  // os.environ by another name, a try block's write, a match case's.
  const std::string alias = scratch.write(
      "alias.py",
      "from os import environ as env, putenv\nfrom os import environ\nenv[\"GE_USE_STATIC_MEMORY\"] = \"7\"\n"
      "environ[\"MS_GE_ATOMIC_CLEAN_POLICY\"] = \"5\"\n");
  const std::string tried = scratch.write(
      "tried.py", "import os\ntry:\n    os.environ[\"GE_USE_STATIC_MEMORY\"] = \"8\"\nexcept Exception:\n    pass\n");
  const std::string matched = scratch.write(
      "matched.py", "import os\nmatch x:\n    case 1:\n        os.environ[\"GE_USE_STATIC_MEMORY\"] = \"9\"\n");
  const std::string maybe = " (where the os.environ[...] = here may or may not happen when the job runs)";
  const auto ignored = [](const std::string& at, const std::string& value) {
    return "warning: " + at + ": static_memory_policy (GE_USE_STATIC_MEMORY): \"" + value +
           "\" is ignored by the engine, which reads only \"0\" to \"4\"; static_memory_policy 0 (dynamic) applies "
           "as set; unset GE_USE_STATIC_MEMORY";
  };
  CHECK(lines_of(run_in(scratch, {"--check", alias, tried, matched}).err) ==
        Lines{ignored(alias + ":3:5", "7"),
              "warning: " + alias +
                  ":4:9: MS_GE_ATOMIC_CLEAN_POLICY: MS_GE_ATOMIC_CLEAN_POLICY is deprecated: MindSpore 2.x does not "
                  "read it; set_context(ascend_config={\"atomic_clean_policy\": …}) is what MindSpore reads",
              "error: " + alias +
                  ":4:9: atomic_clean_policy (MS_GE_ATOMIC_CLEAN_POLICY): \"5\" is not allowed; use 0 (centralized) or "
                  "1 (separate)",
              ignored(tried + ":3:16", "8") + maybe, ignored(matched + ":4:20", "9") + maybe});
  // A try's else, a with statement's item, an if that is no main guard;
  // torchair's mode given to CompilerConfig.
  const std::string try_else = scratch.write("try_else.py",
                                             "import os\ntry:\n    pass\nexcept Exception:\n    pass\nelse:\n    "
                                             "os.environ[\"GE_USE_STATIC_MEMORY\"] = \"8\"\n");
  const std::string with =
      scratch.write("with.py", "import os\nwith ctx(os.putenv(\"GE_USE_STATIC_MEMORY\", \"9\")):\n    pass\n");
  const std::string iffy =
      scratch.write("iffy.py", "import os\nif ready():\n    os.environ[\"GE_USE_STATIC_MEMORY\"] = \"6\"\n");
  const std::string compiler = scratch.write("compiler.py",
                                             "import os\nimport torchair\n"
                                             "os.environ[\"GE_USE_STATIC_MEMORY\"] = \"1\"\n"
                                             "config = torchair.CompilerConfig(mode=\"reduce-overhead\")\n");
  CHECK(lines_of(run_in(scratch, {"--check", try_else, with, iffy, compiler}).err) ==
        Lines{ignored(try_else + ":7:16", "8") + maybe, ignored(with + ":2:20", "9"),
              ignored(iffy + ":3:16", "6") + maybe,
              "warning: " + compiler +
                  ":4:39: mode: mode \"reduce-overhead\" compiles the model without the graph engine (torchair's "
                  "captured NPU graphs): the engine's memory settings do nothing there: GE_USE_STATIC_MEMORY at " +
                  compiler + ":3:12"});
  // An if's test, a with statement's body; a value literal_eval cannot
  // take (a dict keyed by a list, a TypeError) is known only at run time.
  const std::string if_test =
      scratch.write("if_test.py", "import os\nif os.putenv(\"GE_USE_STATIC_MEMORY\", \"9\"):\n    pass\n");
  const std::string with_body =
      scratch.write("with_body.py", "import os\nwith ctx():\n    os.environ[\"GE_USE_STATIC_MEMORY\"] = \"8\"\n");
  const std::string unhashable =
      scratch.write("unhashable.py", "import os\nos.environ[\"GE_USE_STATIC_MEMORY\"] = {[]: 1}\n");
  CHECK(lines_of(run_in(scratch, {"--check", if_test, with_body, unhashable}).err) ==
        Lines{ignored(if_test + ":2:14", "9"), ignored(with_body + ":3:16", "8"),
              "warning: " + unhashable +
                  ":2:12: GE_USE_STATIC_MEMORY: {[]: 1} is known only when the job runs, so it cannot be checked; "
                  "write the value itself to have it checked"});
  // A for loop's iterable; JitConfig's jit_level "O0", kernel by kernel as "O1".
  const std::string iterable =
      scratch.write("iterable.py", "import os\nfor x in os.putenv(\"GE_USE_STATIC_MEMORY\", \"9\"):\n    pass\n");
  const std::string o0 = scratch.write("o0.py",
                                       "import mindspore as ms\nfrom mindspore import JitConfig\n"
                                       "ms.set_context(ascend_config={\"atomic_clean_policy\": 0})\n"
                                       "c = JitConfig(jit_level=\"O0\")\n");
  CHECK(lines_of(run_in(scratch, {"--check", iterable, o0}).err) ==
        Lines{ignored(iterable + ":2:20", "9"),
              "warning: " + o0 +
                  ":4:25: jit_level: jit_level \"O0\" runs MindSpore kernel by kernel on its own memory pool "
                  "(MindSpore 2.3 and later), without the engine: the engine's memory settings do nothing there: "
                  "ascend_config at " +
                  o0 + ":3:1"});
  // MemoryConfig's values of a kind it takes no literal of.
  const std::string kinds = scratch.write("kinds.py",
                                          "from npu_bridge.npu_init import *\n"
                                          "MemoryConfig(static_memory_policy=b\"1\")\n"
                                          "MemoryConfig(static_memory_policy=[1])\n"
                                          "MemoryConfig(static_memory_policy=(1,))\n"
                                          "MemoryConfig(static_memory_policy={1})\n"
                                          "MemoryConfig(static_memory_policy={\"a\": 1})\n"
                                          "MemoryConfig(static_memory_policy=1j)\n");
  Lines unknown_kinds;
  for (int line = 2; line <= 7; ++line) {
    unknown_kinds.push_back("warning: " + kinds + ":" + std::to_string(line) +
                            ":35: static_memory_policy: static_memory_policy is known only when the job runs, so it "
                            "cannot be checked");
  }
  CHECK(lines_of(run_in(scratch, {"--check", kinds}).err) == unknown_kinds);
  // A launcher in Latin-1, as its coding line says: read all the same.
  const std::string latin1 = scratch.write(
      "latin1.py", "# -*- coding: latin-1 -*-\n# caf\xe9\nimport os\nos.environ[\"GE_USE_STATIC_MEMORY\"] = \"7\"\n");
  CHECK(lines_of(run_in(scratch, {"--check", latin1}).err) == Lines{ignored(latin1 + ":4:12", "7")});
  // A NUL byte, which Python's parser refuses (a ValueError before 3.12);
  // a lambda's body, which runs only when called; torchair's mode known
  // only at run time.
  const std::string nul =
      scratch.write("nul.py", std::string("import os\nos.environ[\"GE_USE_STATIC_MEMORY\"] = \"7\"\n") + '\0' + "\n");
  const std::string lambda =
      scratch.write("lambda.py", "import os\nf = lambda: os.putenv(\"GE_USE_STATIC_MEMORY\", \"7\")\n");
  const std::string mode = scratch.write("mode.py", "import torchair\nconfig = torchair.CompilerConfig(mode=m)\n");
  CHECK(lines_of(run_in(scratch, {"--check", nul, lambda, mode}).err) ==
        Lines{"warning: " + nul +
                  ":1:1: Python 3 cannot parse this launcher (source code string cannot contain null bytes), so it "
                  "was not read",
              "warning: " + mode + ":2:39: mode: mode is known only when the job runs, so it cannot be checked"});
  // os.environ.update's keywords; two writes on one line, in the order they run.
  const std::string update = scratch.write("update.py", "import os\nos.environ.update(GE_USE_STATIC_MEMORY=\"7\")\n");
  CHECK(lines_of(run_in(scratch, {"--explain", update}).out).back() ==
        "    then, as " + update + " leaves it: \"7\" (" + update +
            ":2:19 os.environ.update): ignored by the engine, which reads only \"0\" to \"4\"");
  const std::string one_line = scratch.write(
      "one_line.py",
      "import os\nos.putenv(\"GE_USE_STATIC_MEMORY\", \"2\") or os.putenv(\"GE_USE_STATIC_MEMORY\", \"4\")\n");
  CHECK(lines_of(run_in(scratch, {"--explain", one_line}).out).back() ==
        "    then, as " + one_line + " leaves it: \"4\" (" + one_line +
            ":2:53 os.putenv): with static_memory_policy at its default 0 (dynamic), the engine runs 4 "
            "(expand_static_and_dynamic_shape)");
  // None in a dict is passed on as JSON's null, which the form refuses.
  const std::string none = scratch.write(
      "none.py", "import mindspore as ms\nms.set_context(ascend_config={\"atomic_clean_policy\": None})\n");
  CHECK(lines_of(run_in(scratch, {"--check", none}).err) ==
        Lines{"error: " + none +
              ":2:31: atomic_clean_policy: null is not allowed; MindSpore takes an integer: use 0 (centralized) or 1 "
              "(separate)"});
  // A float in a dict is passed to the form as written, which says what is wrong with it.
  const std::string fraction = scratch.write(
      "fraction.py", "import mindspore as ms\nms.set_context(ascend_config={\"atomic_clean_policy\": 1.5})\n");
  CHECK(lines_of(run_in(scratch, {"--check", fraction}).err) ==
        Lines{"error: " + fraction +
              ":2:31: atomic_clean_policy: 1.5 is not allowed; MindSpore takes an integer: use 0 (centralized) or 1 "
              "(separate)"});
  // One statement's writes in the order they run, line by line.
  const std::string order = scratch.write("order.py",
                                          "import os\nx = [os.putenv(\"GE_USE_STATIC_MEMORY\", \"7\"),\n"
                                          "os.putenv(\"GE_USE_STATIC_MEMORY\", \"2\")]\n");
  CHECK(lines_of(run_in(scratch, {"--explain", order}).out).back() ==
        "    then, as " + order + " leaves it: \"2\" (" + order +
            ":3:11 os.putenv): with static_memory_policy at its default 0 (dynamic), the engine runs 2 "
            "(expand_static_shape)");
  // A function no statement calls but itself: read once, as one that may run.
  const std::string recursive = scratch.write(
      "recursive.py", "import os\ndef f(n):\n    os.environ[\"GE_USE_STATIC_MEMORY\"] = \"3\"\n    f(n - 1)\n");
  CHECK(lines_of(run_in(scratch, {"--explain", recursive}).out) ==
        Lines{"launcher " + recursive + ":", "  GE_USE_STATIC_MEMORY:", "    not set: as the launch starts",
              "    then, as " + recursive +
                  " leaves it, one of: not set: static_memory_policy runs as the launcher sets it",
              "    then, as " + recursive + " leaves it, one of: \"3\" (" + recursive +
                  ":3:16 os.environ[...] =): with static_memory_policy at its default 0 (dynamic), the engine runs 3 "
                  "(expand_dynamic_shape)"});
}

TEST_CASE(
    "Python launchers: a class body runs where the class is defined, and async blocks, an else and names bound again",
    "[tool][jobs][python]") {
  const Scratch scratch("launcher-blocks");
  const auto explained = [&scratch](const std::string& name, const std::string& text) {
    const std::string path = scratch.write(name, text);
    Lines out = lines_of(run_in(scratch, {"--explain", path}).out);
    for (std::string& line : out) {
      for (std::size_t at = line.find(path); at != std::string::npos; at = line.find(path))
        line.replace(at, path.size(), "L");
    }
    return out;
  };
  CHECK(
      explained("class_body.py",
                "import os\nclass Setup:\n    os.environ[\"GE_USE_STATIC_MEMORY\"] = \"7\"\n"
                "    def run(self):\n        os.environ[\"GE_USE_STATIC_MEMORY\"] = \"1\"\n") ==
      Lines{
          "launcher L:", "  GE_USE_STATIC_MEMORY:", "    not set: as the launch starts",
          std::string(
              "    then, as L leaves it, one of: \"7\" (L:3:16 os.environ[...] =): ignored by the engine, which reads "
              "only \"0\" to \"4\""),
          std::string(
              "    then, as L leaves it, one of: \"1\" (L:5:20 os.environ[...] =): with static_memory_policy at its "
              "default 0 (dynamic), the engine runs 2 (expand_static_shape)")});
  CHECK(
      explained("async_blocks.py",
                "import os\nasync def main():\n    async for x in y:\n"
                "        os.environ[\"GE_USE_STATIC_MEMORY\"] = \"6\"\n    async with z:\n"
                "        os.environ[\"GE_USE_STATIC_MEMORY\"] = \"8\"\n") ==
      Lines{
          "launcher L:", "  GE_USE_STATIC_MEMORY:", "    not set: as the launch starts",
          "    then, as L leaves it, one of: not set: static_memory_policy runs as the launcher sets it",
          std::string(
              "    then, as L leaves it, one of: \"6\" (L:4:20 os.environ[...] =): ignored by the engine, which reads "
              "only \"0\" to \"4\""),
          std::string(
              "    then, as L leaves it, one of: \"8\" (L:6:20 os.environ[...] =): ignored by the engine, which reads "
              "only \"0\" to \"4\"")});
  // An async function's body runs when it is awaited, or never: a call in
  // it may or may not happen, as in any function, never at the definition.
  CHECK(explained("async_function.py",
                  "import os\nasync def main():\n    os.putenv(\"GE_USE_STATIC_MEMORY\", \"6\")\n") ==
        Lines{"launcher L:", "  GE_USE_STATIC_MEMORY:", "    not set: as the launch starts",
              "    then, as L leaves it, one of: not set: static_memory_policy runs as the launcher sets it",
              std::string("    then, as L leaves it, one of: \"6\" (L:3:15 os.putenv): ignored by the engine, which "
                          "reads only \"0\" to \"4\"")});
  CHECK(explained("if_else.py", "import os\nif x:\n    pass\nelse:\n    os.environ[\"GE_USE_STATIC_MEMORY\"] = \"6\"\n")
            .back() ==
        "    then, as L leaves it, one of: \"6\" (L:5:16 os.environ[...] =): ignored by the engine, which "
        "reads only \"0\" to \"4\"");
  CHECK(
      explained("while_and_async_method.py",
                "import os\nwhile x:\n    os.environ[\"GE_USE_STATIC_MEMORY\"] = \"6\"\nclass C:\n"
                "    async def run(self):\n        os.environ[\"GE_USE_STATIC_MEMORY\"] = \"8\"\n") ==
      Lines{
          "launcher L:", "  GE_USE_STATIC_MEMORY:", "    not set: as the launch starts",
          "    then, as L leaves it, one of: not set: static_memory_policy runs as the launcher sets it",
          std::string(
              "    then, as L leaves it, one of: \"6\" (L:3:16 os.environ[...] =): ignored by the engine, which reads "
              "only \"0\" to \"4\""),
          std::string(
              "    then, as L leaves it, one of: \"8\" (L:6:20 os.environ[...] =): ignored by the engine, which reads "
              "only \"0\" to \"4\"")});
  // A dict's key that is no string: said, and the rest read.
  const std::string keyed = scratch.write(
      "keyed.py", "import mindspore as ms\nms.set_context(ascend_config={1: 0, \"atomic_clean_policy\": 7})\n");
  CHECK(lines_of(run_in(scratch, {"--check", keyed}).err) ==
        Lines{"warning: " + keyed + ":2:34: a key: a key is known only when the job runs, so it cannot be checked",
              "error: " + keyed + ":2:37: atomic_clean_policy: 7 is not allowed; use 0 (centralized) or 1 (separate)"});
  // What is not os.environ, not a main guard, or not on every path: a
  // mode set on no torchair config, another object's environ, a test of
  // __name__ against another name, a main guard inside a function nothing calls.
  CHECK(
      explained("not_these.py",
                "import os\nconfig.mode = \"reduce-overhead\"\nd.environ[\"GE_USE_STATIC_MEMORY\"] = \"7\"\n"
                "if __name__ == \"x\":\n    os.environ[\"GE_USE_STATIC_MEMORY\"] = \"6\"\ndef f():\n"
                "    if __name__ == \"__main__\":\n        os.environ[\"GE_USE_STATIC_MEMORY\"] = \"8\"\n") ==
      Lines{
          "launcher L:", "  GE_USE_STATIC_MEMORY:", "    not set: as the launch starts",
          "    then, as L leaves it, one of: not set: static_memory_policy runs as the launcher sets it",
          std::string(
              "    then, as L leaves it, one of: \"6\" (L:5:16 os.environ[...] =): ignored by the engine, which reads "
              "only \"0\" to \"4\""),
          std::string(
              "    then, as L leaves it, one of: \"8\" (L:8:20 os.environ[...] =): ignored by the engine, which reads "
              "only \"0\" to \"4\"")});
  // torchair's mode given to a call that is no CompilerConfig: not read;
  // MindSpore's mode as ms.PYNATIVE_MODE.
  const std::string other_mode = scratch.write(
      "other_mode.py",
      "import os\nimport torchair\nos.environ[\"GE_USE_STATIC_MEMORY\"] = \"1\"\nother(mode=\"reduce-overhead\")\n");
  CHECK(run_in(scratch, {"--check", other_mode}).err.empty());
  const std::string pynative = scratch.write("pynative.py",
                                             "import mindspore as ms\nms.set_context(mode=ms.PYNATIVE_MODE, "
                                             "ascend_config={\"atomic_clean_policy\": 0})\n");
  CHECK(lines_of(run_in(scratch, {"--check", pynative}).err) ==
        Lines{"warning: " + pynative +
              ":2:21: mode: mode \"PYNATIVE_MODE\" runs MindSpore kernel by kernel on its own memory pool (MindSpore "
              "2.3 and later), without the engine: the engine's memory settings do nothing there: ascend_config at " +
              pynative + ":2:1"});
  // putenv by another name; another mapping's setdefault, update and pop;
  // a setdefault with nothing to set; MemoryConfig without npu_bridge.
  CHECK(
      explained("by_name.py",
                "import os\nfrom os import putenv as put\nput(\"GE_USE_STATIC_MEMORY\", \"9\")\n"
                "d.setdefault(\"GE_USE_STATIC_MEMORY\", \"5\")\nd.update(GE_USE_STATIC_MEMORY=\"5\")\n"
                "d.pop(\"GE_USE_STATIC_MEMORY\")\nos.environ.setdefault()\nMemoryConfig(static_memory_policy=7)\n") ==
      Lines{
          "launcher L:", "  GE_USE_STATIC_MEMORY:", "    not set: as the launch starts",
          "    then, as L leaves it: \"9\" (L:3:5 os.putenv): ignored by the engine, which reads only \"0\" to \"4\""});
  CHECK(explained("setdefault.py", "import os\nos.environ.setdefault(\"GE_USE_STATIC_MEMORY\", \"2\")\n").back() ==
        "    then, as L leaves it: \"2\" (L:2:23 os.environ.setdefault): with static_memory_policy at its default 0 "
        "(dynamic), the engine runs 2 (expand_static_shape)");
  CHECK(explained("memory_config.py",
                  "from npu_bridge.npu_init import *\n"
                  "config = NPURunConfig(memory_config=MemoryConfig(atomic_clean_policy=0))\n")[1] ==
        "  MemoryConfig(...) at L:2:37: static_memory_policy 0 (dynamic) from defaults");
  // global_options() alone is TF2's; MindSpore imported twice is one framework.
  const std::string other_call =
      scratch.write("other_call.py", "import npu_device as npu\nx().memory_config.static_memory_policy = 5\n");
  CHECK(run_in(scratch, {"--check", other_call}).err.empty());
  const std::string twice = scratch.write(
      "twice.py",
      "import mindspore\nimport mindspore as ms\nms.set_context(ascend_config={\"atomic_clean_policy\": 0})\n");
  CHECK(lines_of(run_in(scratch, {"--check", "--concurrent-graphs", twice}).err) ==
        Lines{"error: " + twice +
              ": MindSpore's defaults: static_memory_policy: 2 (expand_static_shape) is not supported when graphs "
              "execute concurrently; use 0 (dynamic) or 3 (expand_dynamic_shape)"});
  // Not os's environ, pop with nothing to pop, putenv of no module name,
  // another attribute of os, global_options() without npu_device; a
  // function that calls itself, called: read once.
  CHECK(
      explained("not_os.py",
                "import os\nfrom other import environ\nenviron[\"GE_USE_STATIC_MEMORY\"] = \"7\"\nos.environ.pop()\n"
                "x.y.putenv(\"GE_USE_STATIC_MEMORY\", \"1\")\nos.foo[\"GE_USE_STATIC_MEMORY\"] = \"7\"\n"
                "global_options().memory_config.static_memory_policy = 5\ndef f():\n"
                "    os.environ[\"GE_USE_STATIC_MEMORY\"] = \"3\"\n    f()\nf()\n") ==
      Lines{
          "launcher L:", "  GE_USE_STATIC_MEMORY:", "    not set: as the launch starts",
          std::string(
              "    then, as L leaves it: \"3\" (L:9:16 os.environ[...] =): with static_memory_policy at its default 0 "
              "(dynamic), the engine runs 3 (expand_dynamic_shape)")});
  // An attribute's memory_config that is no global_options(); a
  // parameter_map in a launcher without npu_bridge.
  const std::string attribute =
      scratch.write("attribute.py", "import npu_device as npu\nnpu.options.memory_config.static_memory_policy = 5\n");
  const std::string no_bridge =
      scratch.write("no_bridge.py", "import os\ncustom_op.parameter_map[\"static_memory_policy\"].i = 9\n");
  CHECK(run_in(scratch, {"--check", attribute, no_bridge}).err.empty());
  // torchair's attributes other than mode; a parameter_map's s given an int.
  const std::string debug = scratch.write("debug.py", "import torchair\nconfig.debug = \"reduce-overhead\"\n");
  CHECK(run_in(scratch, {"--check", debug}).err.empty());
  const std::string s_int = scratch.write(
      "s_int.py", "from npu_bridge.npu_init import *\ncustom_op.parameter_map[\"static_memory_policy\"].s = 5\n");
  CHECK(lines_of(run_in(scratch, {"--check", s_int}).err) ==
        Lines{"warning: " + s_int +
              ":2:53: static_memory_policy: static_memory_policy is known only when the job runs, so it cannot be "
              "checked"});
  // A parameter_map of which one entry may not run: the config may not.
  CHECK(explained("parameter_map.py",
                  "from npu_bridge.npu_init import *\nif x:\n"
                  "    custom_op.parameter_map[\"atomic_clean_policy\"].i = 1\n"
                  "custom_op.parameter_map[\"static_memory_policy\"].i = 9\n")[1] ==
        "  parameter_map at L:3:5 (which may or may not run): has errors (npu-memcfg --check says which), so the "
        "launch's config is not known");
  // A name no longer global_options() once bound to something else.
  const std::string rebound = scratch.write("rebound.py",
                                            "import npu_device as npu\nopts = npu.global_options()\nopts = other()\n"
                                            "opts.memory_config.static_memory_policy = 5\n");
  CHECK(run_in(scratch, {"--check", rebound}).err.empty());
}

TEST_CASE("Python launchers: a value not checkable and a launcher not parsed, as JSON diagnostics",
          "[tool][jobs][python]") {
  const Scratch scratch("launcher-json-diagnostics");
  const std::string unknown = scratch.write("unknown.py",
                                            "import os\nimport mindspore as ms\np = os.environ.get(\"P\")\n"
                                            "ms.set_context(ascend_config={\"atomic_clean_policy\": p})\n");
  const std::string broken = scratch.write("broken.py", "import os\nos.environ[\"GE_USE_STATIC_MEMORY\"] = (\n");
  const Outcome checked = run_in(scratch, {"--check", "--diagnostics", "json", unknown, broken});
  CHECK(checked.exit_code == exit_ok);
  CHECK(lines_of(checked.err) ==
        Lines{"{\"code\":\"not_checkable\",\"column\":54,\"field\":\"atomic_clean_policy\",\"file\":\"" + unknown +
                  "\",\"line\":4,\"message\":\"atomic_clean_policy is known only when the job runs, so it cannot be "
                  "checked\",\"severity\":\"warning\",\"source\":\"" +
                  unknown + "\",\"value\":\"\"}",
              "{\"code\":\"syntax_error\",\"column\":38,\"field\":\"\",\"file\":\"" + broken +
                  "\",\"line\":2,\"message\":\"Python 3 cannot parse this launcher ('(' was never closed), so it was "
                  "not read\",\"severity\":\"warning\",\"source\":\"" +
                  broken + "\",\"value\":\"\"}"});
}

TEST_CASE("Python launchers: MindSpore 2.5's own jit_level on Atlas A2 and A3, a dict held by a name",
          "[tool][jobs][python]") {
  const Scratch scratch("launcher-default-level");
  // The name's last dict is the one passed: atomic_clean_policy 0, no
  // warning of its own; GRAPH_MODE sets no jit_level.
  const std::string launcher = scratch.write("train.py",
                                             "from mindspore import context\n"
                                             "cfg = {\"atomic_clean_policy\": 1}\n"
                                             "cfg = {\"atomic_clean_policy\": 0}\n"
                                             "context.set_context(mode=context.GRAPH_MODE, ascend_config=cfg)\n");
  const std::string warning =
      "warning: " + launcher +
      ":4:1: jit_level: the launcher sets no jit_level, and on the Atlas A2 training and inference series MindSpore "
      "2.5 and later then run kernel by kernel, without the engine (\"O2\" only for a rank-table launch): the "
      "engine's memory settings do nothing unless the job runs jit_level \"O2\": ascend_config at " +
      launcher + ":4:1";
  CHECK(lines_of(run_in(scratch, {"--check", launcher, "--product", "atlas-a2"}).err) == Lines{warning});
  CHECK(lines_of(run_in(scratch, {"--check", launcher, "--soc", "Ascend910B2"}).err) == Lines{warning});
  CHECK(lines_of(run_in(scratch, {"--explain", launcher, "--product", "atlas-a2"}).out) ==
        Lines{"launcher " + launcher + ":",
              "  ascend_config at " + launcher +
                  ":4:1: static_memory_policy 2 (expand_static_shape) from MindSpore's defaults",
              std::string("  no jit_level: on the Atlas A2 training and inference series, MindSpore 2.5 and later ") +
                  "run kernel by kernel, without the engine, unless the job runs jit_level \"O2\": the memory settings "
                  "below do nothing then",
              "  GE_USE_STATIC_MEMORY:", "    not set: the engine runs 2 (expand_static_shape)"});
  CHECK(run_in(scratch, {"--check", launcher, "--product", "atlas-a3"}).err.find("Atlas A3") != std::string::npos);
  // The Atlas training series runs O2; without a product nothing is known.
  CHECK(run_in(scratch, {"--check", launcher, "--product", "atlas-training"}).err.empty());
  CHECK(run_in(scratch, {"--check", launcher}).err.empty());
  const std::string with_level =
      scratch.write("o2.py",
                    "import mindspore as ms\nlevel = {\"jit_level\": \"O2\"}\n"
                    "ms.set_context(jit_config=level, ascend_config={\"atomic_clean_policy\": 0})\n");
  CHECK(run_in(scratch, {"--check", with_level, "--product", "atlas-a2"}).err.empty());
}

// Section 15.5: MindSpore 2.5 and later run jit_level "O2" for a launch
// with a rank table (RANK_TABLE_FILE, MINDSPORE_HCCL_CONFIG_PATH; not
// msrun's), whatever the launcher gives.
TEST_CASE("a rank-table launch runs the engine on Atlas A2 whatever the jit_level", "[tool][jobs][python]") {
  const Scratch scratch("rank-table");
  const char* ascend = "import mindspore as ms\nms.set_context(ascend_config={\"atomic_clean_policy\": 0})\n";
  const std::string plain = scratch.write("plain.py", ascend);
  const std::string o0 =
      scratch.write("o0.py", ascend + std::string("ms.set_context(jit_config={\"jit_level\": \"O0\"})\n"));
  const auto check = [&](const std::string& script_text) {
    return lines_of(run_in(scratch, {"--check", "--soc", "Ascend910B2", scratch.write("run.sh", script_text)}).err);
  };
  const std::string run = (scratch.root / "run.sh").string() + ": ";
  const std::string no_jit_level =
      "warning: " + run + plain +
      ":2:1: jit_level: the launcher sets no jit_level, and on the Atlas A2 training and inference series MindSpore "
      "2.5 and later then run kernel by kernel, without the engine (\"O2\" only for a rank-table launch): the "
      "engine's memory settings do nothing unless the job runs jit_level \"O2\"";
  const std::string settings = ": ascend_config at " + plain + ":2:1";
  CHECK(check("python3 plain.py\n") == Lines{no_jit_level + settings});
  CHECK(check("export RANK_TABLE_FILE=/data/hccl_8p.json\npython3 plain.py\n").empty());
  CHECK(check("MINDSPORE_HCCL_CONFIG_PATH=\"$1\" python3 plain.py\n").empty());  // any value
  CHECK(check("export RANK_TABLE_FILE=x\nmsrun --worker_num=8 plain.py\n") == Lines{no_jit_level + settings});
  CHECK(check("RANK_TABLE_FILE=x\npython3 plain.py\n") == Lines{no_jit_level + settings});  // not exported
  CHECK(check("if [ -n \"$2\" ]; then export RANK_TABLE_FILE=x; fi\npython3 plain.py\n") ==
        Lines{no_jit_level + " or the launch has a rank table (set on some paths only)" + settings});

  // A literal "O0": kernel by kernel in 2.3 and 2.4 only, for a rank table.
  const std::string o0_warning = "warning: " + run + o0 +
                                 ":3:41: jit_level: jit_level \"O0\" runs MindSpore kernel by kernel "
                                 "on its own memory pool (";
  const std::string o0_end =
      "), without the engine: the engine's memory settings do nothing there: ascend_config at " + o0 + ":2:1";
  CHECK(check("python3 o0.py\n") == Lines{o0_warning + "MindSpore 2.3 and later" + o0_end});
  CHECK(check("export RANK_TABLE_FILE=x\npython3 o0.py\n") ==
        Lines{o0_warning + "MindSpore 2.3 and 2.4: 2.5 and later run \"O2\" for a rank-table launch" + o0_end});
  CHECK(check("[ -z \"$1\" ] || export RANK_TABLE_FILE=x\npython3 o0.py\n") ==
        Lines{o0_warning + "MindSpore 2.3 and later; 2.5 and later run \"O2\" where the launch has a rank table" +
              o0_end});

  // PYNATIVE_MODE is kernel by kernel whatever the rank table.
  const std::string pynative = scratch.write("pynative.py", ascend + std::string("ms.set_context(mode=1)\n"));
  const std::vector<std::string> maybe_rank_table =
      check("[ -z \"$1\" ] || export RANK_TABLE_FILE=x\npython3 pynative.py\n");
  REQUIRE(maybe_rank_table.size() == 1);
  CHECK(maybe_rank_table[0].find("(MindSpore 2.3 and later), without the engine") != std::string::npos);
  const std::vector<std::string> rank_table = check("export RANK_TABLE_FILE=x\npython3 pynative.py\n");
  REQUIRE(rank_table.size() == 1);
  CHECK(rank_table[0].find("(MindSpore 2.3 and later), without the engine") != std::string::npos);
  // The launcher's own write before its set_context; one after it comes too late.
  const char* set_context = "ms.set_context(ascend_config={\"atomic_clean_policy\": 0})\n";
  const std::string writes =
      scratch.write("writes.py", "import os\nimport mindspore as ms\nos.environ[\"RANK_TABLE_FILE\"] = \"x\"\n" +
                                     std::string(set_context));
  CHECK(lines_of(run_in(scratch, {"--check", "--soc", "Ascend910B2", writes}).err).empty());
  const std::string late =
      scratch.write("late.py", std::string(ascend) + "import os\nos.environ[\"RANK_TABLE_FILE\"] = \"x\"\n");
  CHECK(lines_of(run_in(scratch, {"--check", "--soc", "Ascend910B2", late}).err).size() == 1);
  const std::string drops =
      scratch.write("drops.py", "import os\nimport mindspore as ms\ndel os.environ[\"RANK_TABLE_FILE\"]\n" +
                                    std::string(set_context));
  CHECK(check("export RANK_TABLE_FILE=x\npython3 drops.py\n").size() == 1);
  // Another variable is no rank table; the first set_context is the one
  // that counts, and MindSpore's alone (not a jit's ge_options before it).
  const auto launcher_warnings = [&](const std::string& name, const std::string& text) {
    return lines_of(run_in(scratch, {"--check", "--soc", "Ascend910B2", scratch.write(name, text)}).err).size();
  };
  const std::string imports = "import os\nimport mindspore as ms\n";
  CHECK(launcher_warnings("other.py", imports + "os.environ[\"GLOG_v\"] = \"3\"\n" + set_context) == 1);
  CHECK(launcher_warnings("between.py",
                          imports + set_context + "os.environ[\"RANK_TABLE_FILE\"] = \"x\"\n" + set_context) == 1);
  CHECK(launcher_warnings("jit_first.py",
                          imports +
                              "f = ms.jit(g, ge_options={\"global\": {\"ge.exec.atomicCleanPolicy\": \"0\"}})\n"
                              "os.environ[\"RANK_TABLE_FILE\"] = \"x\"\n" +
                              set_context) == 0);
  // A launcher that never calls set_context: each write counts.
  scratch.write("bare.py", imports + "os.environ[\"GLOG_v\"] = \"3\"\n");
  CHECK(check("export GE_USE_STATIC_MEMORY=0\npython3 bare.py\n").size() == 1);
  scratch.write("bare_rank_table.py", imports + "os.environ[\"RANK_TABLE_FILE\"] = \"x\"\n");
  CHECK(check("export GE_USE_STATIC_MEMORY=0\npython3 bare_rank_table.py\n").empty());
  // A write on some paths: a rank table on some paths, or none where the
  // script gives none and the launcher only may take it away.
  const std::string maybe_set = scratch.write(
      "maybe_set.py", imports + "if args.distributed:\n    os.environ[\"RANK_TABLE_FILE\"] = \"x\"\n" + set_context);
  const std::vector<std::string> some = lines_of(run_in(scratch, {"--check", "--soc", "Ascend910B2", maybe_set}).err);
  REQUIRE(some.size() == 1);
  CHECK(some[0].find("or the launch has a rank table (set on some paths only)") != std::string::npos);
  scratch.write("maybe_drop.py", imports + "if args.single:\n    del os.environ[\"RANK_TABLE_FILE\"]\n" + set_context);
  const std::vector<std::string> dropped_on_some = check("export RANK_TABLE_FILE=x\npython3 maybe_drop.py\n");
  REQUIRE(dropped_on_some.size() == 1);
  CHECK(dropped_on_some[0].find("(set on some paths only)") != std::string::npos);
  const std::vector<std::string> never = check("python3 maybe_drop.py\n");
  REQUIRE(never.size() == 1);
  CHECK(never[0].find("some paths") == std::string::npos);
}

// A JSON file a launch names is read as a config only where it holds a
// memory key: a training's own JSON (a dataset list, hyperparameters) is not.
TEST_CASE("a named JSON file without a memory key is no config", "[tool][jobs]") {
  const Scratch scratch("named-json");
  scratch.write("hyper.json", "{\"lr\": 0.1, \"epochs\": 3}\n");
  const std::string script = scratch.write("run.sh", "python3 train.py --config_file hyper.json\n");
  const Outcome checked = run_in(scratch, {"--check", script});
  CHECK(checked.exit_code == exit_ok);
  CHECK(checked.err.empty());
  const Outcome explained = run_in(scratch, {"--explain", script});
  CHECK(explained.out.find("no memory setting: neither a MindSpore Lite config nor JSON with a memory key") !=
        std::string::npos);
}

// Shell forms at the lexer's and the walker's edges, as bash runs them: an
// append to the engine's variable (its value is not read as the text
// appended); a backslash that ends the file (bash drops it: `fi\` closes
// the if); a quoted `{`, which is a command's name and opens no group, as
// `.sh` is one (looked up on PATH, no script of the job); a
// working folder unknown on one branch, which makes it unknown after them;
// operands that take no part of a path; `set -o` alone, which lists the
// options.
TEST_CASE("shell scripts: an append, a backslash at the end, a quoted brace, a folder unknown on one branch",
          "[tool][jobs]") {
  const Scratch scratch("shell-edges");
  const std::string append =
      scratch.write("append.sh", "export GE_USE_STATIC_MEMORY=1\nexport GE_USE_STATIC_MEMORY+=2\npython3 train.py\n");
  CHECK(lines_of(run_in(scratch, {"--check", append}).err) ==
        Lines{"warning: " + append +
              ":2:30: GE_USE_STATIC_MEMORY: \"2\" is known only when the job runs, so it cannot be checked; write the "
              "value itself to have it checked"});
  const std::string four =
      "static_memory_policy (GE_USE_STATIC_MEMORY): \"4\" combined with static_memory_policy 0 "
      "(dynamic), the engine's default, makes the engine run 4 (expand_static_and_dynamic_shape); unset "
      "GE_USE_STATIC_MEMORY and use 4 (expand_static_and_dynamic_shape)";
  const std::string backslash =
      scratch.write("backslash.sh", "if test -n \"$A\"; then\n  export GE_USE_STATIC_MEMORY=4\nfi\\");
  CHECK(lines_of(run_in(scratch, {"--check", backslash}).err) ==
        Lines{"warning: " + backslash + ":2:10: " + four +
              " (where the export here may or may not happen when the job runs)"});
  const std::string brace = scratch.write("brace.sh", "export GE_USE_STATIC_MEMORY=4\n'{' python3 train.py\n.sh\n");
  CHECK(lines_of(run_in(scratch, {"--check", brace}).err) == Lines{"warning: " + brace + ":1:8: " + four});
  scratch.write("env_npu.sh", "export GE_USE_STATIC_MEMORY=4\n");
  // A suffix longer than the value, or none, removes nothing; `readlink -f`
  // of two paths, `ls -f`, `dirname` of an operator and `cd … || true; pwd`
  // are not known; -W takes a value of python's only.
  scratch.write("train.py", "print(1)\n");
  const std::string operands =
      scratch.write("operands.sh",
                    "D=x\nsource \"${D%.long}/env_npu.sh\"\nsource \"$(readlink -f env_npu.sh extra)\"\n"
                    "torchrun -W train.py\nsource \"$(ls -f env_npu.sh)\"\nset -o\nsource \"${D%}/env_npu.sh\"\n"
                    "source \"$(dirname ;)/env_npu.sh\"\nsource \"$(cd sub || true; pwd)/env_npu.sh\"\n");
  CHECK(lines_of(run_in(scratch, {"--check", operands}).err) ==
        Lines{"warning: " + operands + ":2:8: the sourced file \"" + (scratch.root / "x/env_npu.sh").string() +
                  "\" does not exist here; the variables it sets cannot be checked",
              "warning: " + operands +
                  ":3:8: the sourced file \"$(readlink -f env_npu.sh extra)\" is known only when the script runs; the "
                  "variables it sets cannot be checked",
              "warning: " + operands +
                  ":5:8: the sourced file \"$(ls -f env_npu.sh)\" is known only when the script runs; the variables it "
                  "sets cannot be checked",
              "warning: " + operands + ":7:8: the sourced file \"" + (scratch.root / "x/env_npu.sh").string() +
                  "\" does not exist here; the variables it sets cannot be checked",
              "warning: " + operands +
                  ":8:8: the sourced file \"$(dirname ;)/env_npu.sh\" is known only when the script runs; the "
                  "variables it sets cannot be checked",
              "warning: " + operands +
                  ":9:8: the sourced file \"$(cd sub || true; pwd)/env_npu.sh\" is known only when the script runs; "
                  "the variables it sets cannot be checked"});
  CHECK(lines_of(run_in(scratch, {"--explain", operands}).out).at(0) ==
        "launch " + operands + ":4:1: torchrun " + (scratch.root / "train.py").string());
  // cd ~ goes to a home folder known only when the script runs.
  const std::string home = scratch.write("home.sh", "cd ~\nsource ./env_npu.sh\n");
  CHECK(lines_of(run_in(scratch, {"--check", home}).err) ==
        Lines{"warning: " + home +
              ":2:8: the sourced file \"./env_npu.sh\" is known only when the script runs; the variables it sets "
              "cannot be checked"});
  // Options and no program after them: nothing runs.
  const std::string bare = scratch.write("bare.sh", "numactl --all\ntimeout -k\ntaskset -a\n");
  CHECK(run_in(scratch, {"--explain", bare}).out ==
        bare + ": no launch of python, torchrun, msrun, mpirun or benchmark is reached\n");
  // A lone - is no option of numactl's: it is the program numactl runs.
  const std::string dash = scratch.write("dash.sh", "numactl - python3 train.py\n");
  CHECK(run_in(scratch, {"--explain", dash}).out ==
        dash + ": no launch of python, torchrun, msrun, mpirun or benchmark is reached\n");
  for (const char* branches : {"then cd \"$B\"; fi", "then :; else cd \"$B\"; fi"}) {
    std::string text = "if test -n \"$A\"; ";
    text.append(branches).append("\nsource ./env_npu.sh\n");
    const std::string script = scratch.write("run.sh", text);
    std::string expected = "warning: ";
    expected.append(script).append(
        ":2:8: the sourced file \"./env_npu.sh\" is known only when the script runs; the variables it sets cannot be "
        "checked");
    CHECK(lines_of(run_in(scratch, {"--check", script}).err) == Lines{expected});
  }
}

TEST_CASE("shell scripts: conditions the walk cannot decide, folders it cannot know, texts bash does not finish",
          "[tool][jobs]") {
  const Scratch scratch("shell-undecided");
  scratch.write("sub/env_npu.sh", "export GE_USE_STATIC_MEMORY=3\n");
  scratch.write("train.py", "print(1)\n");
  const auto warnings_of = [&](const std::string& name, const std::string& text) {
    const std::string script = scratch.write(name, text);
    return std::make_pair(script, lines_of(run_in(scratch, {"--check", script}).err));
  };
  // A folder known only when the script runs: cd with no operand (home),
  // cd || exit followed by another cd, cd || pwd (prints nothing when cd works).
  for (const char* text :
       {"cd\nsource ./env_npu.sh\n", "D=$(cd sub || exit; cd deeper; pwd)\nsource \"$D/env_npu.sh\"\n",
        "D=$(cd sub || pwd)\nsource \"$D/env_npu.sh\"\n"}) {
    const auto [script, lines] = warnings_of("folder.sh", text);
    const std::string sourced = std::string(text).find("$D") != std::string::npos ? "$D/env_npu.sh" : "./env_npu.sh";
    std::string expected = "warning: ";
    expected.append(script).append(":2:8: the sourced file \"").append(sourced);
    expected.append("\" is known only when the script runs; the variables it sets cannot be checked");
    CHECK(lines == Lines{expected});
  }
  // Conditions whose outcome is not one "[ A = B ]": a list (its last
  // command decides), "test … ]", "[" without its "]": either branch.
  const std::string may =
      ": static_memory_policy (GE_USE_STATIC_MEMORY): \"4\" combined with static_memory_policy 0 (dynamic), the "
      "engine's default, makes the engine run 4 (expand_static_and_dynamic_shape); unset GE_USE_STATIC_MEMORY and use "
      "4 (expand_static_and_dynamic_shape) (where the export here may or may not happen when the job runs)";
  for (const auto& [condition, column] :
       {std::pair<std::string, std::string>{"[ a = b ]; true", "33"}, {"test a = a ]", "30"}, {"[ a = a x", "27"}}) {
    std::string text = "if ";
    text.append(condition).append("; then export GE_USE_STATIC_MEMORY=4; fi\npython3 train.py\n");
    const auto [script, lines] = warnings_of("branch.sh", text);
    std::string expected = "warning: ";
    expected.append(script).append(":1:").append(column).append(may);
    CHECK(lines == Lines{expected});
  }
  // A branch decided true: the elif after it is not taken.
  const std::string decided = scratch.write(
      "decided.sh",
      "if [ a = a ]; then export GE_USE_STATIC_MEMORY=4; elif [ b = b ]; then export GE_USE_STATIC_MEMORY=3; fi\n"
      "python3 train.py\n");
  CHECK(lines_of(run_in(scratch, {"--explain", decided}).out) ==
        Lines{"launch " + decided + ":2:1: python3 " + (scratch.root / "train.py").string(), "  GE_USE_STATIC_MEMORY:",
              "    \"4\" (" + decided +
                  ":1:27 export): with static_memory_policy at its default 0 (dynamic), the engine runs 4 "
                  "(expand_static_and_dynamic_shape)"});
  // python -m with a module known only when the job runs: no file is taken for it.
  scratch.write("$M.py", "import os\nos.environ[\"GE_USE_STATIC_MEMORY\"] = \"4\"\n");
  const std::string module = scratch.write("module.sh", "python3 -m \"$M\"\n");
  CHECK(lines_of(run_in(scratch, {"--explain", module}).out).at(0) ==
        "launch " + module + ":1:1: python3 (a launcher not known before the job runs)");
  // Texts bash does not finish, each error as bash says it.
  const std::string stops = ": bash stops here, and nothing after it runs";
  for (const auto& [text, error] :
       {std::pair<std::string, std::string>{"echo 'abc\npython3 train.py\n",
                                            ":1:6: unexpected end of file while looking for the matching \"'\""},
        {"echo \"abc\npython3 train.py\n", ":1:6: unexpected end of file while looking for the matching '\"'"},
        {"echo $(ls\n", ":2:1: unexpected end of file while looking for the matching ')'"},
        {"echo $(echo 'x\n", ":1:13: unexpected end of file while looking for the matching \"'\""},
        {"echo ${X\n", ":1:6: unexpected end of file while looking for the matching '}'"},
        {"echo `ls\n", ":1:6: unexpected end of file while looking for the matching '`'"},
        {"[[ a == b\n", ":1:1: unexpected end of file while looking for the matching ']]'"},
        {"echo $'abc\n", ":1:6: unexpected end of file while looking for the matching \"'\""},
        {"echo $(echo \"x\npython3 train.py\n", ":1:13: unexpected end of file while looking for the matching '\"'"}}) {
    const auto [script, lines] = warnings_of("unfinished.sh", text);
    std::string expected = "error: ";
    expected.append(script).append(error).append(stops);
    CHECK(lines == Lines{expected});
  }
  // An unclosed quote in a backquoted command the walk reads for a folder;
  // a here-document that the file's end closes, on a line with no newline.
  const auto [quoted, quoted_lines] = warnings_of("backquote.sh", "D=`cd 'x`\nsource \"$D/env_npu.sh\"\n");
  CHECK(quoted_lines == Lines{"warning: " + quoted +
                              ":2:8: the sourced file \"$D/env_npu.sh\" is known only when the script runs; the "
                              "variables it sets cannot be checked"});
  const std::string here = scratch.write("here.sh", "export GE_USE_STATIC_MEMORY=4\ncat <<EOF\nabc");
  CHECK(lines_of(run_in(scratch, {"--explain", here}).out).at(0) ==
        here + ": no launch of python, torchrun, msrun, mpirun or benchmark is reached");
  // $'…' escapes: a tab is a tab.
  const auto [escaped, escaped_lines] =
      warnings_of("escaped.sh", "export GE_USE_STATIC_MEMORY=$'4\\t'\npython3 train.py\n");
  CHECK(escaped_lines == Lines{"warning: " + escaped +
                               ":1:8: static_memory_policy (GE_USE_STATIC_MEMORY): \"4\\x09\" is ignored by the "
                               "engine, which reads only \"0\" to \"4\"; static_memory_policy 0 (dynamic) applies as "
                               "set; unset GE_USE_STATIC_MEMORY"});
  // Which programs are Python: python3.N(.N), not python310; time runs what follows it.
  const std::string programs =
      scratch.write("programs.sh",
                    "export GE_USE_STATIC_MEMORY=4\npython310 train.py\npython3.1.0 train.py\ntime python3 train.py\n");
  Lines launches;
  for (const std::string& line : lines_of(run_in(scratch, {"--explain", programs}).out)) {
    if (line.rfind("launch ", 0) == 0) launches.push_back(line);
  }
  const std::string train = (scratch.root / "train.py").string();
  CHECK(launches ==
        Lines{"launch " + programs + ":3:1: python3.1.0 " + train, "launch " + programs + ":4:6: python3 " + train});
  // nohup runs what follows it, and so does time after it.
  const std::string nohup = scratch.write("nohup.sh", "export GE_USE_STATIC_MEMORY=4\nnohup time python3 train.py\n");
  CHECK(lines_of(run_in(scratch, {"--explain", nohup}).out).at(0) == "launch " + nohup + ":2:1: python3 " + train);
  // A command that is one expansion alone ($PY) launches nothing the walk
  // knows: the environment is left at the script's end.
  const std::string expansion = scratch.write("expansion.sh", "export GE_USE_STATIC_MEMORY=4\n$PY\n");
  CHECK(lines_of(run_in(scratch, {"--explain", expansion}).out) ==
        Lines{expansion + ": no launch of python, torchrun, msrun, mpirun or benchmark is reached",
              expansion + " (environment left at its end):", "  GE_USE_STATIC_MEMORY:",
              "    \"4\" (" + expansion +
                  ":1:8 export): with static_memory_policy at its default 0 (dynamic), the engine runs 4 "
                  "(expand_static_and_dynamic_shape)"});
  // A child script started after a cd to a folder known only when the job
  // runs starts there too: its ./ is not known.
  scratch.write("child.sh", "source ./sub/env_npu.sh\npython3 " + train + "\n");
  const std::string parent =
      scratch.write("parent.sh", "cd \"$X\"\nbash " + (scratch.root / "child.sh").string() + "\n");
  CHECK(lines_of(run_in(scratch, {"--check", parent}).err) ==
        Lines{"warning: " + parent + ": " + (scratch.root / "child.sh").string() +
              ":1:8: the sourced file \"./sub/env_npu.sh\" is known only when the script runs; the variables it "
              "sets cannot be checked"});
  // ${B#zz} where B does not start with zz: B whole.
  const std::string trimmed =
      scratch.write("trimmed.sh", "B=sub\nC=${B#zz}\nsource \"$C/env_npu.sh\"\npython3 train.py\n");
  CHECK(lines_of(run_in(scratch, {"--explain", trimmed}).out).at(2) ==
        "    \"3\" (" + (scratch.root / "sub/env_npu.sh").string() +
            ":1:8 export): with static_memory_policy at its default 0 (dynamic), the engine runs 3 "
            "(expand_dynamic_shape)");
}
