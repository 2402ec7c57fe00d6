// npu-memcfg --fix: each error's first remedy made where it is written,
// every other byte kept, each edit printed (or the unified diff, writing
// nothing), and the files checked again.
#include <catch2/catch.hpp>

#include <algorithm>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include <sys/resource.h>

#include "fix.hpp"
#include "scratch.hpp"
#include "text_diff.hpp"
#include "tool_run.hpp"

using namespace npu::memcfg;
using npu::test::contents;
using npu::test::lines_of;
using npu::test::Scratch;
using Lines = std::vector<std::string>;

namespace {

// run() with the scratch folder as the working directory; files by their
// absolute paths, as diagnostics then name them.
Outcome fix_in(const Scratch& scratch, const std::vector<std::string>& arguments,
               std::optional<std::string> variable = std::nullopt) {
  Environment environment;
  environment.working_directory = scratch.root.string();
  environment.ge_use_static_memory = std::move(variable);
  return run(arguments, environment, [] { return FileResult{false, "", "no standard input here"}; });
}

// What `diff -u` prints for the same two texts: the judge of --fix --diff.
std::string diff_u(const Scratch& scratch, const std::string& before, const std::string& after) {
  const std::string old_path = scratch.write("old", before);
  const std::string new_path = scratch.write("new", after);
  const std::string command = "diff -u --label a --label b '" + old_path + "' '" + new_path + "'";
  std::FILE* pipe = ::popen(command.c_str(), "r");
  REQUIRE(pipe != nullptr);
  std::string out;
  char buffer[4096];
  std::size_t n = 0;
  while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) out.append(buffer, n);
  ::pclose(pipe);
  return out;
}

constexpr const char* ge_map =
    "{\n"
    "  \"ge.exec.staticMemoryPolicy\": \"7\",\n"
    "  \"ge.exec.atomicCleanPolicy\": \"1\"\n"
    "}\n";

}  // namespace

TEST_CASE("fix: a value the reader rejects rewritten where it stands, the rest kept", "[tool][fix]") {
  Scratch scratch("fix-ge");
  const std::string path = scratch.write("options.json", ge_map);
  const Outcome fixed = fix_in(scratch, {"--fix", "--from", "ge", path});
  CHECK(fixed.exit_code == exit_ok);
  CHECK(lines_of(fixed.out) == Lines{path + ":2: \"ge.exec.staticMemoryPolicy\": \"7\", \u2192 "
                                            "\"ge.exec.staticMemoryPolicy\": \"0\","});
  CHECK(contents(path) ==
        "{\n"
        "  \"ge.exec.staticMemoryPolicy\": \"0\",\n"
        "  \"ge.exec.atomicCleanPolicy\": \"1\"\n"
        "}\n");
  // What is left is checked again: the warning stays.
  CHECK(lines_of(fixed.err) ==
        Lines{"warning: " + path + ":3:3: atomic_clean_policy: 1 (separate) may cost performance"});
  // Nothing left to fix: nothing printed, nothing written.
  const Outcome again = fix_in(scratch, {"--fix", "--from", "ge", path});
  CHECK(again.exit_code == exit_ok);
  CHECK(again.out.empty());
}

TEST_CASE("fix: an error with no fix is said and left, the file as it was", "[tool][fix]") {
  Scratch scratch("fix-no-remedy");
  const std::string path = scratch.write("broken.json", "{\"static_memory_policy\": 2,\n");
  const Outcome fixed = fix_in(scratch, {"--fix", path});
  CHECK(fixed.exit_code == exit_invalid);
  CHECK(fixed.out.empty());
  CHECK(lines_of(fixed.err) == Lines{"error: " + path +
                                     ":2:1: invalid JSON: syntax error while parsing object key - unexpected end of "
                                     "input; expected string literal"});
  CHECK(contents(path) == "{\"static_memory_policy\": 2,\n");
  // The error left in one file fails the run whatever the files after it hold.
  const std::string clean = scratch.write("clean.json", "{\"static_memory_policy\": 2}\n");
  CHECK(fix_in(scratch, {"--fix", path, clean}).exit_code == exit_invalid);
  // A file that cannot be read: nothing is fixed, in any file (exit 2, as --check).
  const std::string wrong = scratch.write("wrong.json", "{\"static_memory_policy\": 7}\n");
  const Outcome unreadable = fix_in(scratch, {"--fix", (scratch.root / "missing.json").string(), wrong});
  CHECK(unreadable.exit_code == exit_usage);
  CHECK(unreadable.out.empty());
  CHECK(contents(wrong) == "{\"static_memory_policy\": 7}\n");
}

TEST_CASE("fix --diff: the edits as a unified diff, no file written", "[tool][fix]") {
  Scratch scratch("fix-diff");
  const std::string path = scratch.write("options.json", ge_map);
  const Outcome diff = fix_in(scratch, {"--fix", "--diff", "--from", "ge", path});
  CHECK(diff.exit_code == exit_ok);
  CHECK(diff.out == "--- " + path + "\n+++ " + path +
                        "\n"
                        "@@ -1,4 +1,4 @@\n"
                        " {\n"
                        "-  \"ge.exec.staticMemoryPolicy\": \"7\",\n"
                        "+  \"ge.exec.staticMemoryPolicy\": \"0\",\n"
                        "   \"ge.exec.atomicCleanPolicy\": \"1\"\n"
                        " }\n");
  CHECK(contents(path) == ge_map);
  CHECK(diff.err.empty());  // the errors the diff clears are not said again
  // One setting at two places of a file: both edits in the one round --diff makes.
  scratch.write("a.py", "print(1)\n");
  const std::string script = scratch.write("run.sh",
                                           "export GE_USE_STATIC_MEMORY=4\npython3 a.py\n"
                                           "export GE_USE_STATIC_MEMORY=4\npython3 a.py\n");
  CHECK(fix_in(scratch, {"--fix", "--diff", "--concurrent-graphs", script}).out ==
        "--- " + script + "\n+++ " + script +
            "\n@@ -1,4 +1,4 @@\n-export GE_USE_STATIC_MEMORY=4\n+export GE_USE_STATIC_MEMORY=0\n python3 a.py\n"
            "-export GE_USE_STATIC_MEMORY=4\n+export GE_USE_STATIC_MEMORY=0\n python3 a.py\n");
  // Two files in the one round, a CONFIG and a folder's script: each its own hunk.
  scratch.write("job/a.py", "print(1)\n");
  const std::string job_script = scratch.write("job/run.sh", "export GE_USE_STATIC_MEMORY=4\npython3 a.py\n");
  CHECK(
      fix_in(scratch, {"--fix", "--diff", "--concurrent-graphs", "--from", "ge", path, (scratch.root / "job").string()})
          .out ==
      "--- " + path + "\n+++ " + path +
          "\n@@ -1,4 +1,4 @@\n {\n-  \"ge.exec.staticMemoryPolicy\": \"7\",\n+  "
          "\"ge.exec.staticMemoryPolicy\": \"0\",\n   \"ge.exec.atomicCleanPolicy\": \"1\"\n }\n"
          "--- " +
          job_script + "\n+++ " + job_script +
          "\n@@ -1,2 +1,2 @@\n-export GE_USE_STATIC_MEMORY=4\n+export GE_USE_STATIC_MEMORY=0\n python3 a.py\n");
}

TEST_CASE("fix: a change of the tool's own environment is printed as the command to run", "[tool][fix]") {
  Scratch scratch("fix-environment");
  const std::string path = scratch.write("config.json", "{\n  \"static_memory_policy\": 4\n}\n");
  const Outcome fixed = fix_in(scratch, {"--fix", "--concurrent-graphs", path}, "4");
  CHECK(fixed.exit_code == exit_invalid);  // the variable is still 4 where the tool runs
  CHECK(lines_of(fixed.out) == Lines{path + ":2: \"static_memory_policy\": 4 \u2192 \"static_memory_policy\": 0",
                                     "run: unset GE_USE_STATIC_MEMORY"});
  CHECK(contents(path) == "{\n  \"static_memory_policy\": 0\n}\n");
  // A value to set: the command exports it.
  const std::string dynamic = scratch.write("dynamic.json", "{\"static_memory_policy\": 0}\n");
  const Outcome exported = fix_in(scratch, {"--fix", "--cann", "6.0.1", dynamic}, "1");
  CHECK(exported.exit_code == exit_invalid);
  CHECK(lines_of(exported.out) == Lines{"run: export GE_USE_STATIC_MEMORY=2"});
  // Run as it says, the check passes.
  CHECK(fix_in(scratch, {"--check", "--concurrent-graphs", path}).exit_code == exit_ok);
  // --diff keeps standard output a patch: the command goes with the diagnostics.
  scratch.write("config.json", "{\n  \"static_memory_policy\": 4\n}\n");
  const Outcome diff = fix_in(scratch, {"--fix", "--diff", "--concurrent-graphs", path}, "4");
  CHECK(diff.exit_code == exit_invalid);
  CHECK(lines_of(diff.err).front() == "run: unset GE_USE_STATIC_MEMORY");
  // A key added, its line replacing one that set nothing: that line removed, the new one added.
  const std::string empty = scratch.write("empty.json", "{}\n");
  const Outcome added = fix_in(scratch, {"--fix", "--werror", empty}, "1");
  CHECK(lines_of(added.out) == Lines{empty + ":1: {} \u2192 removed", empty + ":2: added {\"static_memory_policy\": 2}",
                                     "run: unset GE_USE_STATIC_MEMORY"});
  CHECK(contents(empty) == "{\"static_memory_policy\": 2}\n");
}

TEST_CASE("fix: a MindSpore Lite config in a folder, a key removed and a value rewritten", "[tool][fix]") {
  Scratch scratch("fix-lite");
  const std::string ini = scratch.write("model.ini",
                                        "[ascend_context]\r\n"
                                        "precision_mode=enforce_fp16\r\n"
                                        "\r\n"
                                        "[ge_session_options]\r\n"
                                        "ge.exec.memoryOptimizationPolicy=MemoryPriority\r\n"
                                        "ge.exec.staticMemoryPolicy=3\r\n");
  const Outcome fixed = fix_in(scratch, {"--fix", "--soc", "Ascend310P3", scratch.root.string()});
  CHECK(fixed.exit_code == exit_ok);
  CHECK(lines_of(fixed.out) == Lines{ini + ":5: ge.exec.memoryOptimizationPolicy=MemoryPriority \u2192 removed",
                                     ini + ":6: ge.exec.staticMemoryPolicy=3 \u2192 ge.exec.staticMemoryPolicy=0"});
  CHECK(contents(ini) ==
        "[ascend_context]\r\n"
        "precision_mode=enforce_fp16\r\n"
        "\r\n"
        "[ge_session_options]\r\n"
        "ge.exec.staticMemoryPolicy=0\r\n");
}

TEST_CASE("fix: a JSON key removed above a value rewritten, each line said as what it sets", "[tool][fix]") {
  Scratch scratch("fix-ge-removed");
  const std::string path = scratch.write("options.json",
                                         "{\n"
                                         "  \"ge.exec.memoryOptimizationPolicy\": \"MemoryPriority\",\n"
                                         "  \"ge.exec.staticMemoryPolicy\": \"3\"\n"
                                         "}\n");
  const Outcome fixed = fix_in(scratch, {"--fix", "--soc", "Ascend310P3", "--from", "ge", path});
  CHECK(fixed.exit_code == exit_ok);
  // The removed line is not paired with the rewritten one below it, though
  // both are indented keys.
  CHECK(lines_of(fixed.out) ==
        Lines{path + ":2: \"ge.exec.memoryOptimizationPolicy\": \"MemoryPriority\", \u2192 removed",
              path + ":3: \"ge.exec.staticMemoryPolicy\": \"3\" \u2192 \"ge.exec.staticMemoryPolicy\": \"0\""});
}

TEST_CASE("fix: --from is the form of the CONFIGs given, whatever their names, and a folder's scripts stay scripts",
          "[tool][fix]") {
  Scratch scratch("fix-from");
  // A GE options map kept in a file named like a script: given with --from,
  // it is read as the map (as --check reads it).
  const std::string options = scratch.write("ge_options.sh", ge_map);
  scratch.write("job/t.py", "print(1)\n");
  const std::string script = scratch.write("job/run.sh", "export GE_USE_STATIC_MEMORY=4\npython3 t.py\n");
  const Outcome fixed =
      fix_in(scratch, {"--fix", "--concurrent-graphs", "--from", "ge", options, (scratch.root / "job").string()});
  CHECK(fixed.exit_code == exit_ok);
  CHECK(lines_of(fixed.out) ==
        Lines{options + ":2: \"ge.exec.staticMemoryPolicy\": \"7\", \u2192 \"ge.exec.staticMemoryPolicy\": \"0\",",
              script + ":1: export GE_USE_STATIC_MEMORY=4 \u2192 export GE_USE_STATIC_MEMORY=0"});
  CHECK(contents(script) == "export GE_USE_STATIC_MEMORY=0\npython3 t.py\n");
}

TEST_CASE("fix: a config file a launch names, of a form not known, is said not fixed, with how", "[tool][fix]") {
  Scratch scratch("fix-named-config");
  scratch.write("t.py", "print(1)\n");
  const std::string config = scratch.write("c.json", "{\"static_memory_policy\": 7}\n");
  const std::string script = scratch.write("run.sh", "python3 t.py --config_file=c.json\n");
  const Outcome fixed = fix_in(scratch, {"--fix", script});
  CHECK(fixed.exit_code == exit_invalid);
  CHECK(lines_of(fixed.err).back() == "error: " + config + ":1:2: static_memory_policy: not fixed: the form of " +
                                          config + " is not known: give it to --fix with its --from");
  CHECK(contents(config) == "{\"static_memory_policy\": 7}\n");
}

// A Lite launch that names no config runs MindSpore Lite's defaults: no
// file holds them, and a file that happens to be called "config" is not one.
TEST_CASE("fix: a runtime's defaults are said not fixed, and no file of another name is edited", "[tool][fix]") {
  Scratch scratch("fix-defaults");
  const std::string bystander = scratch.write("config", "[ge_session_options]\n");
  const std::string script = scratch.write("run.sh", "benchmark --modelFile=m.mindir --device=Ascend\n");
  const Outcome fixed = fix_in(scratch, {"--fix", "--concurrent-graphs", script});
  CHECK(fixed.exit_code == exit_invalid);
  CHECK(lines_of(fixed.err).back() ==
        "error: MindSpore Lite's defaults: static_memory_policy: not fixed: no file of the job holds it (MindSpore "
        "Lite's defaults: cannot be read: No such file or directory); the fix is static_memory_policy 0 (dynamic)");
  CHECK(contents(bystander) == "[ge_session_options]\n");
  // MindSpore 1.x's variable, read as the atomic policy: set where the
  // script sets it, which no settings edit reaches.
  scratch.write("t.py", "print(1)\n");
  const std::string old_variable = scratch.write("ms.sh", "export MS_GE_ATOMIC_CLEAN_POLICY=7\npython3 t.py\n");
  const std::string named = scratch.write("MS_GE_ATOMIC_CLEAN_POLICY", "[ge_session_options]\n");
  CHECK(lines_of(fix_in(scratch, {"--fix", old_variable}).err).back() ==
        "error: " + old_variable +
            ":1:8: atomic_clean_policy: not fixed: a shell script's settings are not edited; the fix is "
            "atomic_clean_policy 0 (centralized)");
  CHECK(contents(named) == "[ge_session_options]\n");
  // As JSON, the note has no value of its own.
  const std::string note =
      lines_of(fix_in(scratch, {"--fix", "--concurrent-graphs", script, "--diagnostics", "json"}).err).back();
  CHECK(note.find("\"code\":\"not_updatable\"") != std::string::npos);
  CHECK(note.find("\"value\":\"\"") != std::string::npos);
}

TEST_CASE("fix: each line said without the blanks around it", "[tool][fix]") {
  Scratch scratch("fix-blanks");
  scratch.write("a.py", "print(1)\n");
  const std::string script = scratch.write("run.sh", "  export GE_USE_STATIC_MEMORY=4 \t\npython3 a.py\n");
  const Outcome fixed = fix_in(scratch, {"--fix", "--concurrent-graphs", script});
  CHECK(lines_of(fixed.out) ==
        Lines{script + ":1: export GE_USE_STATIC_MEMORY=4 \u2192 export GE_USE_STATIC_MEMORY=0"});
  CHECK(contents(script) == "  export GE_USE_STATIC_MEMORY=0 \t\npython3 a.py\n");
}

TEST_CASE("fix: two lines in a row that set the same, each said as replaced by its own", "[tool][fix]") {
  Scratch scratch("fix-adjacent");
  const std::string script = scratch.write("run.sh",
                                           "GE_USE_STATIC_MEMORY=4 python3 a.py\n"
                                           "GE_USE_STATIC_MEMORY=4 python3 b.py\n");
  const Outcome fixed = fix_in(scratch, {"--fix", "--concurrent-graphs", script});
  CHECK(fixed.exit_code == exit_ok);
  CHECK(lines_of(fixed.out) ==
        Lines{script + ":1: GE_USE_STATIC_MEMORY=4 python3 a.py \u2192 GE_USE_STATIC_MEMORY=0 python3 a.py",
              script + ":2: GE_USE_STATIC_MEMORY=4 python3 b.py \u2192 GE_USE_STATIC_MEMORY=0 python3 b.py"});
}

TEST_CASE("fix: a shell script's assignment, its value or the whole line", "[tool][fix]") {
  Scratch scratch("fix-shell");
  const std::string script = scratch.write("run.sh",
                                           "#!/bin/bash\n"
                                           "export HCCL_CONNECT_TIMEOUT=600\n"
                                           "export GE_USE_STATIC_MEMORY=\"4\"\n"
                                           "python3 train.py\n");
  const Outcome fixed = fix_in(scratch, {"--fix", "--concurrent-graphs", script});
  CHECK(fixed.exit_code == exit_ok);
  CHECK(lines_of(fixed.out) ==
        Lines{script + ":3: export GE_USE_STATIC_MEMORY=\"4\" \u2192 export GE_USE_STATIC_MEMORY=\"0\""});
  CHECK(contents(script) ==
        "#!/bin/bash\n"
        "export HCCL_CONNECT_TIMEOUT=600\n"
        "export GE_USE_STATIC_MEMORY=\"0\"\n"
        "python3 train.py\n");
  // --werror makes the warning beside a launcher's option an error, whose
  // one remedy unsets the variable: the line goes.
  scratch.write(
      "train.py",
      "import mindspore as ms\n"
      "ms.set_context(ascend_config={\"ge_options\": {\"global\": {\"ge.exec.staticMemoryPolicy\": \"2\"}}})\n");
  scratch.write("run.sh",
                "#!/bin/bash\n"
                "export GE_USE_STATIC_MEMORY=1\n"
                "python3 train.py\n");
  const Outcome removed = fix_in(scratch, {"--fix", "--werror", script});
  CHECK(removed.exit_code == exit_ok);
  CHECK(lines_of(removed.out) == Lines{script + ":2: export GE_USE_STATIC_MEMORY=1 \u2192 removed"});
  CHECK(contents(script) == "#!/bin/bash\npython3 train.py\n");
}

TEST_CASE("fix: an assignment removed from a line it shares", "[tool][fix]") {
  std::string why;
  // A prefix assignment: the command stays.
  CHECK(edit_shell("GE_USE_STATIC_MEMORY=1  python3 train.py\n", {1, 1}, std::nullopt, why) == "python3 train.py\n");
  // One of an export's assignments: the others stay.
  CHECK(edit_shell("export A=1 GE_USE_STATIC_MEMORY=1\n", {1, 12}, std::nullopt, why) == "export A=1\n");
  CHECK(edit_shell("export A=1 GE_USE_STATIC_MEMORY='1' B=2\n", {1, 12}, std::string("3"), why) ==
        "export A=1 GE_USE_STATIC_MEMORY='3' B=2\n");
  // Alone on its line but for `export` and blanks: the line goes.
  CHECK(edit_shell("a\n  export   GE_USE_STATIC_MEMORY=1 \nb\n", {2, 12}, std::nullopt, why) == "a\nb\n");
  // What cannot be removed alone.
  CHECK(edit_shell("export GE_USE_STATIC_MEMORY=1; python3 x.py\n", {1, 8}, std::nullopt, why) == std::nullopt);
  CHECK(why == "the assignment shares its line with another command");
  CHECK(edit_shell("export OTHER=1\n", {1, 8}, std::nullopt, why) == std::nullopt);
  CHECK(why == "no assignment of GE_USE_STATIC_MEMORY stands there");
}

TEST_CASE("fix: a Python launcher's string literal in its own quotes", "[tool][fix]") {
  Scratch scratch("fix-python");
  const std::string launcher = scratch.write("train.py",
                                             "import os\n"
                                             "import npu_device\n"
                                             "os.environ['GE_USE_STATIC_MEMORY'] = '4'  # static shapes\n");
  const Outcome fixed = fix_in(scratch, {"--fix", "--concurrent-graphs", launcher});
  CHECK(fixed.exit_code == exit_ok);
  CHECK(contents(launcher) ==
        "import os\n"
        "import npu_device\n"
        "os.environ['GE_USE_STATIC_MEMORY'] = '0'  # static shapes\n");
  // A triple-quoted literal keeps its triple quotes.
  scratch.write("train.py", "import os\nimport npu_device\nos.environ['GE_USE_STATIC_MEMORY'] = '''4'''\n");
  CHECK(fix_in(scratch, {"--fix", "--concurrent-graphs", launcher}).exit_code == exit_ok);
  CHECK(contents(launcher) == "import os\nimport npu_device\nos.environ['GE_USE_STATIC_MEMORY'] = '''0'''\n");
  // A statement removed: on lines of its own, not its block's only one.
  scratch.write(
      "train.py",
      "import os\n"
      "import mindspore as ms\n"
      "os.environ[\"GE_USE_STATIC_MEMORY\"] = \"1\"  # static\n"
      "ms.set_context(ascend_config={\"ge_options\": {\"global\": {\"ge.exec.staticMemoryPolicy\": \"2\"}}})\n");
  // A warning is fixed only with --werror, which makes it an error.
  const std::string warned = contents(launcher);
  CHECK(fix_in(scratch, {"--fix", launcher}).exit_code == exit_ok);
  CHECK(contents(launcher) == warned);
  const Outcome removed = fix_in(scratch, {"--fix", "--werror", launcher});
  CHECK(removed.exit_code == exit_ok);
  CHECK(lines_of(removed.out) ==
        Lines{launcher + ":3: os.environ[\"GE_USE_STATIC_MEMORY\"] = \"1\"  # static \u2192 removed"});
  // Two writes of the variable: the one the error is at is the one fixed.
  scratch.write("train.py",
                "import os\nimport npu_device\nos.environ[\"GE_USE_STATIC_MEMORY\"] = \"1\"\n"
                "os.environ[\"GE_USE_STATIC_MEMORY\"] = \"4\"\n");
  CHECK(fix_in(scratch, {"--fix", "--concurrent-graphs", launcher}).exit_code == exit_ok);
  CHECK(contents(launcher) ==
        "import os\nimport npu_device\nos.environ[\"GE_USE_STATIC_MEMORY\"] = \"1\"\n"
        "os.environ[\"GE_USE_STATIC_MEMORY\"] = \"0\"\n");
  // A statement over several lines: all of them removed, and only them.
  scratch.write(
      "train.py",
      "import os\n"
      "import mindspore as ms\n"
      "os.environ[\"GE_USE_STATIC_MEMORY\"] = (\n"
      "    \"1\"\n"
      ")\n"
      "ms.set_context(ascend_config={\"ge_options\": {\"global\": {\"ge.exec.staticMemoryPolicy\": \"2\"}}})\n");
  CHECK(fix_in(scratch, {"--fix", "--werror", launcher}).exit_code == exit_ok);
  CHECK(contents(launcher) ==
        "import os\n"
        "import mindspore as ms\n"
        "ms.set_context(ascend_config={\"ge_options\": {\"global\": {\"ge.exec.staticMemoryPolicy\": \"2\"}}})\n");
  // On the file's first line: the offsets count from the text's first byte.
  const std::string settings =
      "ms.set_context(ascend_config={\"ge_options\": {\"global\": {\"ge.exec.staticMemoryPolicy\": \"2\"}}})\n";
  scratch.write("train.py",
                "os.environ[\"GE_USE_STATIC_MEMORY\"] = \"1\"\nimport os\nimport mindspore as ms\n" + settings);
  CHECK(fix_in(scratch, {"--fix", "--werror", launcher}).exit_code == exit_ok);
  CHECK(contents(launcher) == "import os\nimport mindspore as ms\n" + settings);
  scratch.write("train.py", "os.environ[\"GE_USE_STATIC_MEMORY\"] = \"4\"\nimport os\nimport npu_device\n");
  CHECK(fix_in(scratch, {"--fix", "--concurrent-graphs", launcher}).exit_code == exit_ok);
  CHECK(contents(launcher) == "os.environ[\"GE_USE_STATIC_MEMORY\"] = \"0\"\nimport os\nimport npu_device\n");
  // The only statement of its block stays, and the run says why.
  scratch.write(
      "train.py",
      "import os\n"
      "import mindspore as ms\n"
      "if True:\n"
      "    os.environ[\"GE_USE_STATIC_MEMORY\"] = \"1\"\n"
      "ms.set_context(ascend_config={\"ge_options\": {\"global\": {\"ge.exec.staticMemoryPolicy\": \"2\"}}})\n");
  const Outcome kept = fix_in(scratch, {"--fix", "--werror", launcher});
  CHECK(kept.exit_code == exit_invalid);
  CHECK(kept.out.empty());
  REQUIRE_FALSE(kept.err.empty());
  CHECK(lines_of(kept.err).back() == "error: " + launcher +
                                         ":4:16: GE_USE_STATIC_MEMORY: not fixed: its statement does more than write "
                                         "GE_USE_STATIC_MEMORY, or is the only one of its block");
  // A statement that also binds another target stays.
  scratch.write("train.py",
                "import os\nimport mindspore as ms\nos.environ[\"GE_USE_STATIC_MEMORY\"] = x = \"1\"\n" + settings);
  const Outcome bound = fix_in(scratch, {"--fix", "--werror", launcher});
  CHECK(bound.exit_code == exit_invalid);
  REQUIRE_FALSE(bound.err.empty());
  CHECK(lines_of(bound.err).back() == "error: " + launcher +
                                          ":3:12: GE_USE_STATIC_MEMORY: not fixed: its statement does more than write "
                                          "GE_USE_STATIC_MEMORY, or is the only one of its block");
}

TEST_CASE("fix: a TF1 session config's values rewritten in the kind the adapter reads", "[tool][fix]") {
  Scratch scratch("fix-tf1");
  const std::string path =
      scratch.write("session.pbtxt",
                    "graph_options {\n"
                    "  rewrite_options {\n"
                    "    custom_optimizers {\n"
                    "      name: \"NpuOptimizer\"\n"
                    "      parameter_map { key: \"memory_optimization_policy\" value { s: 'memory_priority' } }\n"
                    "      parameter_map { key: \"static_memory_policy\" value { s: \"3\" } }  # static\n"
                    "      parameter_map { key: \"variable_use_1g_huge_page\" }\n"
                    "    }\n"
                    "  }\n"
                    "}\n");
  const Outcome fixed = fix_in(scratch, {"--fix", "--from", "tf1", path});
  CHECK(fixed.exit_code == exit_invalid);
  CHECK(contents(path) ==
        "graph_options {\n"
        "  rewrite_options {\n"
        "    custom_optimizers {\n"
        "      name: \"NpuOptimizer\"\n"
        "      parameter_map { key: \"memory_optimization_policy\" value { s: \"MemoryPriority\" } }\n"
        "      parameter_map { key: \"static_memory_policy\" value { i: 3 } }  # static\n"
        "      parameter_map { key: \"variable_use_1g_huge_page\" }\n"
        "    }\n"
        "  }\n"
        "}\n");
  // A key without a value gets none: the run says so, and why.
  CHECK(lines_of(fixed.err) ==
        Lines{"error: " + path +
                  ":7:23: variable_use_1g_huge_page: no value is not read: the adapter reads variable_use_1g_huge_page "
                  "as an integer (i), so the runtime would run 0; give it as i",
              "error: " + path +
                  ":7:23: variable_use_1g_huge_page: not fixed: the tf1 form's values are rewritten where they "
                  "stand; no key is added or removed there, nor a value given to a key without one"});
}

TEST_CASE("fix: a TF1 value against the braces that close it, the braces kept", "[tool][fix]") {
  Scratch scratch("fix-tf1-braces");
  const std::string path =
      scratch.write("session.pbtxt",
                    "graph_options { rewrite_options { custom_optimizers { name: \"NpuOptimizer\"\n"
                    "  parameter_map { key: \"static_memory_policy\" value { i: 7}}}}}\n");
  CHECK(fix_in(scratch, {"--fix", "--from", "tf1", path}).exit_code == exit_ok);
  CHECK(contents(path) ==
        "graph_options { rewrite_options { custom_optimizers { name: \"NpuOptimizer\"\n"
        "  parameter_map { key: \"static_memory_policy\" value { i: 0}}}}}\n");
  // On the text's first line, and after a first line that is empty.
  const std::string one_line =
      scratch.write("one_line.pbtxt",
                    "graph_options { rewrite_options { custom_optimizers { name: \"NpuOptimizer\" parameter_map { key: "
                    "\"static_memory_policy\" value { i: 7 } } } } }");
  const std::string blank_first = scratch.write(
      "blank_first.pbtxt",
      "\ngraph_options { rewrite_options { custom_optimizers { name: \"NpuOptimizer\" parameter_map { key: "
      "\"static_memory_policy\" value { i: 7 } } } } }\n");
  CHECK(fix_in(scratch, {"--fix", "--from", "tf1", one_line, blank_first}).exit_code == exit_ok);
  CHECK(contents(one_line) ==
        "graph_options { rewrite_options { custom_optimizers { name: \"NpuOptimizer\" parameter_map { key: "
        "\"static_memory_policy\" value { i: 0 } } } } }");
  CHECK(contents(blank_first) ==
        "\ngraph_options { rewrite_options { custom_optimizers { name: \"NpuOptimizer\" parameter_map { key: "
        "\"static_memory_policy\" value { i: 0 } } } } }\n");
}

TEST_CASE("fix: a TF1 string in single quotes or in adjacent pieces rewritten whole", "[tool][fix]") {
  // The text format joins adjacent strings ('memory_' 'priority'), in
  // either quotes: the value is all of them, and none of them is left.
  Scratch scratch("fix-tf1-pieces");
  const std::string path =
      scratch.write("session.pbtxt",
                    "graph_options { rewrite_options { custom_optimizers { name: \"NpuOptimizer\"\n"
                    "  parameter_map { key: \"memory_optimization_policy\" value { s: \"memory_\" 'prio' \"rity\"}}\n"
                    "  parameter_map { key: \"static_memory_policy\" value { s: 'a b'}}}}}\n");
  CHECK(fix_in(scratch, {"--fix", "--from", "tf1", path}).exit_code == exit_ok);
  CHECK(contents(path) ==
        "graph_options { rewrite_options { custom_optimizers { name: \"NpuOptimizer\"\n"
        "  parameter_map { key: \"memory_optimization_policy\" value { s: \"MemoryPriority\"}}\n"
        "  parameter_map { key: \"static_memory_policy\" value { i: 0}}}}}\n");
}

TEST_CASE("fix: an edit --fix cannot make is said, with why", "[tool][fix]") {
  Scratch scratch("fix-not-fixed");
  // TF1 reads static_memory_policy as .i: a launcher that writes it as .s
  // needs its statement rewritten, not its value.
  const std::string launcher =
      scratch.write("train.py",
                    "from npu_bridge.npu_init import *\n"
                    "custom_op = config.graph_options.rewrite_options.custom_optimizers.add()\n"
                    "custom_op.parameter_map[\"static_memory_policy\"].s = b\"9\"\n");
  const Outcome fixed = fix_in(scratch, {"--fix", launcher});
  CHECK(fixed.exit_code == exit_invalid);
  CHECK(fixed.out.empty());
  REQUIRE_FALSE(fixed.err.empty());
  CHECK(lines_of(fixed.err).back() == "error: " + launcher +
                                          ":3:1: static_memory_policy: not fixed: the entry is read as .i, not .s: "
                                          "write it as such; the fix is static_memory_policy 0 (dynamic)");
}

TEST_CASE("fix: a file that cannot be written is said not fixed and left as it was, the run ending", "[tool][fix]") {
  Scratch scratch("fix-unwritable");
  const std::string path = scratch.write("config.json", "{\"static_memory_policy\": 7}\n");
  // No file may grow past 0 bytes (as on a full disk, even for root): every
  // write fails with EFBIG. Each round finds the same error again; the
  // rounds end all the same.
  const auto fix_unwritable = [&](const std::vector<std::string>& arguments) {
    rlimit limit{};
    REQUIRE(::getrlimit(RLIMIT_FSIZE, &limit) == 0);
    const rlimit full = limit;
    limit.rlim_cur = 0;
    const auto previous = std::signal(SIGXFSZ, SIG_IGN);
    REQUIRE(::setrlimit(RLIMIT_FSIZE, &limit) == 0);
    Outcome fixed = fix_in(scratch, arguments);
    ::setrlimit(RLIMIT_FSIZE, &full);
    std::signal(SIGXFSZ, previous);
    return fixed;
  };
  const Outcome fixed = fix_unwritable({"--fix", path});
  CHECK(fixed.exit_code == exit_invalid);
  CHECK(fixed.out.empty());
  CHECK(lines_of(fixed.err).back() ==
        "error: " + path + ":1:2: static_memory_policy: not fixed: cannot be written: File too large");
  CHECK(contents(path) == "{\"static_memory_policy\": 7}\n");
  // In SARIF the error left keeps its fixes, for a person to make.
  const nlohmann::json results =
      nlohmann::json::parse(fix_unwritable({"--fix", path, "--diagnostics", "sarif"}).err)["runs"][0]["results"];
  REQUIRE_FALSE(results.empty());
  CHECK(results[0]["message"]["text"].get<std::string>().rfind("static_memory_policy: 7 is not allowed", 0) == 0);
  REQUIRE(results[0]["fixes"].size() == 4);
  CHECK(results[0]["fixes"][0]["description"]["text"] == "static_memory_policy 0 (dynamic)");
}

TEST_CASE("fix: what it takes", "[tool][fix][options]") {
  const auto usage = [](const std::vector<std::string>& arguments) {
    const Outcome outcome = npu::test::run_with_stdin(arguments);
    CHECK(outcome.exit_code == exit_usage);
    return lines_of(outcome.err);
  };
  const std::string help = " (see npu-memcfg --help)";
  CHECK(usage({"--fix"}) == Lines{"error: --fix needs at least one file to fix" + help});
  CHECK(usage({"--fix", "-"}) == Lines{"error: --fix edits files, so it takes no standard input ('-')" + help});
  CHECK(usage({"--fix", "a.json", "--format", "ge", "--output", "b.json", "--static-memory-policy", "2"}) ==
        Lines{"error: --fix edits the files given where they are written, so it takes no --output, --format or "
              "--static-memory-policy" +
              help});
  CHECK(usage({"--fix", "--check", "a.json"}) ==
        Lines{"error: --fix edits the files given where they are written, so it takes no --check" + help});
  CHECK(usage({"--diff", "a.json"}) == Lines{"error: --diff prints what --fix would do, so it needs --fix" + help});
  CHECK(usage({"--schema", "--fix", "a.json"}) ==
        Lines{"error: --schema prints the schema of config files and nothing else, so it takes no CONFIG or --fix" +
              help});
}

TEST_CASE("fix: SARIF's fixes, each remedy that edits files as the bytes it replaces", "[tool][fix][sarif]") {
  Scratch scratch("fix-sarif");
  const std::string path = scratch.write("options.json", "{\"ge.exec.staticMemoryPolicy\": \"7\"}\n");
  const Outcome checked = fix_in(scratch, {"--check", "--from", "ge", path, "--diagnostics", "sarif"});
  const nlohmann::json result = nlohmann::json::parse(checked.err)["runs"][0]["results"][0];
  REQUIRE(result["fixes"].size() == 4);
  const std::string& uri = path;
  CHECK(result["fixes"][0] == nlohmann::json::parse(R"json({
    "description": {"text": "static_memory_policy 0 (dynamic)"},
    "artifactChanges": [{
      "artifactLocation": {"uri": "file://)json" + uri +
                                                    R"json("},
      "replacements": [{"deletedRegion": {"byteOffset": 32, "byteLength": 1}, "insertedContent": {"text": "0"}}]
    }]})json"));
  CHECK(result["fixes"][3]["description"]["text"] == "static_memory_policy 4 (expand_static_and_dynamic_shape)");
  // A change at the file's last byte, which has no newline after it.
  const std::string lite = scratch.write("model.ini", "[ge_session_options]\nge.exec.staticMemoryPolicy=7");
  const nlohmann::json at_end = nlohmann::json::parse(
      fix_in(scratch, {"--check", "--from", "mslite", lite, "--diagnostics", "sarif"}).err)["runs"][0]["results"];
  REQUIRE(at_end.size() == 1);
  CHECK(at_end[0]["fixes"][0]["artifactChanges"][0]["replacements"] == nlohmann::json::parse(R"json([
    {"deletedRegion": {"byteOffset": 48, "byteLength": 1}, "insertedContent": {"text": "0"}}])json"));
  // A fix in the environment has no file to change: no SARIF fix.
  const std::string config = scratch.write("config.json", "{}\n");
  const Outcome environment =
      fix_in(scratch, {"--check", "--concurrent-graphs", config, "--diagnostics", "sarif"}, "4");
  CHECK(nlohmann::json::parse(environment.err)["runs"][0]["results"][0].count("fixes") == 0);
}

TEST_CASE("fix: a SARIF result's fixes are its own diagnostic's, not another's at its place", "[tool][fix][sarif]") {
  Scratch scratch("fix-sarif-own");
  scratch.write("train.py", "print(1)\n");
  const std::string script = scratch.write("run.sh", "export GE_USE_STATIC_MEMORY=4\npython3 train.py\n");
  const Outcome checked = fix_in(scratch, {"--check", "--concurrent-graphs", script, "--diagnostics", "sarif"});
  CHECK(checked.exit_code == exit_invalid);
  const nlohmann::json results = nlohmann::json::parse(checked.err)["runs"][0]["results"];
  REQUIRE(results.size() == 2);
  // Both at run.sh:1:8. The warning's remedy (the option 4 with the
  // variable unset) needs an option no file holds: no fix in a file.
  CHECK(results[0]["level"] == "warning");
  CHECK(results[0].count("fixes") == 0);
  // The error's: the value's byte rewritten, or the line removed.
  CHECK(results[1]["level"] == "error");
  const auto fix = [&script](const std::string& text, int offset, int length, const std::string& inserted) {
    return nlohmann::json::parse(R"({"description": {"text": ")" + text +
                                 R"("}, "artifactChanges": [{"artifactLocation": {"uri": "file://)" + script +
                                 R"("}, "replacements": [{"deletedRegion": {"byteOffset": )" + std::to_string(offset) +
                                 R"(, "byteLength": )" + std::to_string(length) +
                                 R"(}, "insertedContent": {"text": ")" + inserted + R"("}}]}]})");
  };
  CHECK(results[1]["fixes"] ==
        nlohmann::json::array({fix("GE_USE_STATIC_MEMORY=0", 28, 1, "0"), fix("GE_USE_STATIC_MEMORY=3", 28, 1, "3"),
                               fix("GE_USE_STATIC_MEMORY unset", 0, 30, "")}));
  // A remedy one of whose edits cannot be made (a launcher's write that is
  // the only statement of its block cannot go): not a fix.
  const std::string launcher =
      scratch.write("block.py", "import os\nif x:\n    os.environ[\"GE_USE_STATIC_MEMORY\"] = \"4\"\n");
  const nlohmann::json in_block =
      nlohmann::json::parse(fix_in(scratch, {"--check", "--concurrent-graphs", launcher, "--diagnostics", "sarif"})
                                .err)["runs"][0]["results"];
  REQUIRE(in_block.size() == 2);
  CHECK(in_block[1]["level"] == "error");
  REQUIRE(in_block[1]["fixes"].size() == 2);
  CHECK(in_block[1]["fixes"][0]["description"]["text"] == "GE_USE_STATIC_MEMORY=0");
  CHECK(in_block[1]["fixes"][1]["description"]["text"] == "GE_USE_STATIC_MEMORY=3");
  // A write in a statement that also calls a function (whose body is read
  // there): the statement does more than write, and the function's lines
  // are not taken for it.
  const std::string after_call =
      scratch.write("after_call.py",
                    "import os\ndef f():\n    os.putenv(\"X\", \"1\")\n    os.putenv(\"Y\", \"2\")\n"
                    "f() or os.environ.setdefault(\"GE_USE_STATIC_MEMORY\", \"4\")\nprint(1)\n");
  const nlohmann::json called =
      nlohmann::json::parse(fix_in(scratch, {"--check", "--concurrent-graphs", after_call, "--diagnostics", "sarif"})
                                .err)["runs"][0]["results"];
  REQUIRE(called.size() == 2);
  CHECK(called[1]["fixes"].size() == 2);
  // A setdefault statement of its own, with others in its block: removing it is a fix.
  const std::string standalone =
      scratch.write("standalone.py", "import os\nos.environ.setdefault(\"GE_USE_STATIC_MEMORY\", \"4\")\nprint(1)\n");
  const nlohmann::json alone =
      nlohmann::json::parse(fix_in(scratch, {"--check", "--concurrent-graphs", standalone, "--diagnostics", "sarif"})
                                .err)["runs"][0]["results"];
  REQUIRE(alone.size() == 2);
  REQUIRE(alone[1]["fixes"].size() == 3);
  CHECK(alone[1]["fixes"][2]["artifactChanges"][0]["replacements"] == nlohmann::json::parse(R"json([
    {"deletedRegion": {"byteOffset": 10, "byteLength": 51}, "insertedContent": {"text": ""}}])json"));
  const std::string put = scratch.write("put.py", "import os\nos.putenv(\"GE_USE_STATIC_MEMORY\", \"4\")\nprint(1)\n");
  const nlohmann::json put_alone = nlohmann::json::parse(
      fix_in(scratch, {"--check", "--concurrent-graphs", put, "--diagnostics", "sarif"}).err)["runs"][0]["results"];
  REQUIRE(put_alone.size() == 2);
  REQUIRE(put_alone[1]["fixes"].size() == 3);
  CHECK(put_alone[1]["fixes"][2]["description"]["text"] == "GE_USE_STATIC_MEMORY unset");
  // A statement removed only when it writes the variable alone, on lines of its own.
  for (const std::string& shared : {std::string(R"(x = os.environ.setdefault("GE_USE_STATIC_MEMORY", "4"))"),
                                    std::string(R"(x = 1; os.environ["GE_USE_STATIC_MEMORY"] = "4")"),
                                    std::string(R"(os.environ["GE_USE_STATIC_MEMORY"] = "4"; x = 1)")}) {
    const std::string path = scratch.write("shared.py", "import os\n" + shared + "\nprint(1)\n");
    const nlohmann::json found = nlohmann::json::parse(
        fix_in(scratch, {"--check", "--concurrent-graphs", path, "--diagnostics", "sarif"}).err)["runs"][0]["results"];
    REQUIRE(found.size() == 2);
    CHECK(found[1]["fixes"].size() == 2);
  }
  // os.environ.update may write more than the variable: never removed.
  const std::string update =
      scratch.write("update.py", "import os\nos.environ.update(GE_USE_STATIC_MEMORY=\"4\")\nprint(1)\n");
  const nlohmann::json updated = nlohmann::json::parse(
      fix_in(scratch, {"--check", "--concurrent-graphs", update, "--diagnostics", "sarif"}).err)["runs"][0]["results"];
  REQUIRE(updated.size() == 2);
  CHECK(updated[1]["fixes"].size() == 2);
}

TEST_CASE("text diff: hunks with three lines of context, the last line without a newline", "[tool][fix]") {
  const std::string before = "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\nend";
  const std::string after = "1\nTWO\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\nEND";
  CHECK(unified_diff(before, after, "a", "b") ==
        "--- a\n+++ b\n"
        "@@ -1,5 +1,5 @@\n 1\n-2\n+TWO\n 3\n 4\n 5\n"
        "@@ -10,4 +10,4 @@\n 10\n 11\n 12\n-end\n\\ No newline at end of file\n+END\n\\ No newline at end of file\n");
  CHECK(unified_diff("a\nb\n", "a\nb\n", "x", "y").empty());
  // An addition alone names the line it follows.
  CHECK(unified_diff("a\n", "a\nb\n", "x", "y") == "--- x\n+++ y\n@@ -1 +1,2 @@\n a\n+b\n");
  // Two changes six kept lines apart are one hunk; seven apart, two.
  CHECK(unified_diff("0\n1\n2\n3\n4\n5\n6\n7\n", "X\n1\n2\n3\n4\n5\n6\nY\n", "a", "b") ==
        "--- a\n+++ b\n@@ -1,8 +1,8 @@\n-0\n+X\n 1\n 2\n 3\n 4\n 5\n 6\n-7\n+Y\n");
  CHECK(unified_diff("0\n1\n2\n3\n4\n5\n6\n7\n8\n", "X\n1\n2\n3\n4\n5\n6\n7\nY\n", "a", "b") ==
        "--- a\n+++ b\n@@ -1,4 +1,4 @@\n-0\n+X\n 1\n 2\n 3\n@@ -6,4 +6,4 @@\n 5\n 6\n 7\n-8\n+Y\n");
  // An empty range is named by the line before it: the file's only line gone.
  CHECK(unified_diff("a\n", "", "x", "y") == "--- x\n+++ y\n@@ -1 +0,0 @@\n-a\n");
  const std::vector<LineChange> changes = line_changes("a\nb\nc\n", "a\nc\nd\n");
  REQUIRE(changes.size() == 2);
  CHECK(changes[0].old_line == 2);
  CHECK(changes[0].removed == std::vector<std::string_view>{"b"});
  CHECK(changes[1].old_line == 4);
  CHECK(changes[1].added == std::vector<std::string_view>{"d"});
  // The lines an edit prints are without their ends, CRLF ones included.
  const std::vector<LineChange> crlf = line_changes("a\r\nb\r\n", "a\r\nc\r");
  REQUIRE(crlf.size() == 1);
  CHECK(crlf[0].old_line == 2);
  CHECK(crlf[0].removed == std::vector<std::string_view>{"b"});
  CHECK(crlf[0].added == std::vector<std::string_view>{"c"});
  const std::vector<LineChange> last = line_changes("a\n", "a\nb");
  REQUIRE(last.size() == 1);
  CHECK(last[0].added == std::vector<std::string_view>{"b"});
}

TEST_CASE("text diff: lines compared up to a million line pairs, past them the middle replaced whole", "[tool][fix]") {
  // Texts with no common first or last line, every odd line between kept:
  // 1000 lines against 1000 (a million pairs) compared, as an exact
  // comparison keeps them; 1001 against 1001, replaced whole.
  const auto text = [](const char* changed, std::size_t lines) {
    std::string out;
    for (std::size_t line = 0; line < lines; ++line) {
      out += (line % 2 == 1 && line + 1 != lines ? "kept " : changed) + std::to_string(line) + "\n";
    }
    return out;
  };
  const auto count = [](const std::string& diff, const std::string& start) {
    std::size_t found = 0;
    for (std::size_t at = diff.find("\n" + start); at != std::string::npos; at = diff.find("\n" + start, at + 1)) {
      ++found;
    }
    return found;
  };
  const std::string compared = unified_diff(text("old ", 1000), text("new ", 1000), "a", "b");
  CHECK(count(compared, "-old ") == 501);
  CHECK(count(compared, " kept ") == 499);
  CHECK(compared.rfind("--- a\n+++ b\n@@ -1,1000 +1,1000 @@\n-old 0\n+new 0\n kept 1\n-old 2\n", 0) == 0);
  const std::string replaced = unified_diff(text("old ", 1001), text("new ", 1001), "a", "b");
  CHECK(count(replaced, "-old ") == 501);
  CHECK(count(replaced, "-kept ") == 500);
  CHECK(count(replaced, " kept ") == 0);
  CHECK(replaced.rfind("--- a\n+++ b\n@@ -1,1001 +1,1001 @@\n-old 0\n-kept 1\n-old 2\n", 0) == 0);
}

TEST_CASE("text diff: the fewest lines changed, over texts of repeated lines", "[tool][fix]") {
  // Lines from three words, so that many alignments exist: the changes
  // must turn the old text into the new one and keep a longest common
  // subsequence of lines, whose length the test finds on its own.
  std::uint32_t state = 777;
  const auto next = [&state](std::uint32_t below) {
    state = state * 1103515245U + 12345U;
    return (state >> 16) % below;
  };
  const auto random_lines = [&next] {
    std::vector<std::string> lines(next(9));
    for (std::string& line : lines) line = std::string(1, static_cast<char>('a' + next(3)));
    return lines;
  };
  for (int round = 0; round < 400; ++round) {
    const std::vector<std::string> before = random_lines();
    const std::vector<std::string> after = random_lines();
    std::string old_text;
    std::string new_text;
    for (const std::string& line : before) old_text += line + "\n";
    for (const std::string& line : after) new_text += line + "\n";
    // The longest common subsequence's length, by the textbook recursion.
    std::vector<std::vector<std::size_t>> longest(before.size() + 1, std::vector<std::size_t>(after.size() + 1));
    for (std::size_t i = 1; i <= before.size(); ++i) {
      for (std::size_t j = 1; j <= after.size(); ++j) {
        longest[i][j] =
            before[i - 1] == after[j - 1] ? longest[i - 1][j - 1] + 1 : std::max(longest[i - 1][j], longest[i][j - 1]);
      }
    }
    INFO("before:\n" << old_text << "after:\n" << new_text);
    std::vector<std::string> rebuilt;
    std::size_t removed = 0;
    std::size_t next_old = 1;
    for (const LineChange& change : line_changes(old_text, new_text)) {
      for (; next_old < change.old_line; ++next_old) rebuilt.push_back(before[next_old - 1]);
      for (const std::string_view line : change.removed) CHECK(line == before[next_old++ - 1]);
      removed += change.removed.size();
      rebuilt.insert(rebuilt.end(), change.added.begin(), change.added.end());
    }
    for (; next_old <= before.size(); ++next_old) rebuilt.push_back(before[next_old - 1]);
    CHECK(rebuilt == after);
    CHECK(removed == before.size() - longest[before.size()][after.size()]);
  }
}

TEST_CASE("text diff: byte for byte what diff -u prints, over generated edits", "[tool][fix]") {
  // Lines unique within a case, so that the shortest edit is the only one
  // and any diff prints it alike: kept lines, replaced, removed and added
  // ones at every distance, and a last line with or without its newline.
  const Scratch scratch("text-diff-as-diff-u");
  std::uint32_t state = 12345;
  const auto next = [&state](std::uint32_t below) {
    state = state * 1103515245U + 12345U;
    return (state >> 16) % below;
  };
  for (int round = 0; round < 300; ++round) {
    std::string before;
    std::string after;
    const std::uint32_t lines = next(24);
    for (std::uint32_t line = 0; line < lines; ++line) {
      const std::string kept = "line " + std::to_string(line) + "\n";
      switch (next(10)) {
        case 0:
          before += kept;
          after += "changed " + std::to_string(line) + "\n";
          break;
        case 1:
          before += kept;
          break;
        case 2:
          after += "added " + std::to_string(line) + "\n" + kept;
          before += kept;
          break;
        default:
          before += kept;
          after += kept;
      }
    }
    if (next(4) == 0 && !before.empty()) before.pop_back();
    if (next(4) == 0 && !after.empty()) after.pop_back();
    INFO("before:\n" << before << "\nafter:\n" << after);
    CHECK(unified_diff(before, after, "a", "b") == diff_u(scratch, before, after));
  }
}
