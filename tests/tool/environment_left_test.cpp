// Nothing a job sets goes unchecked (docs/jobs.md, "What a script
// leaves"): a file sourced by hand (env_npu.sh) is checked as the
// environment it leaves, once across the scripts of a run, and an engine
// variable assigned without export is said to reach no launch.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "jobs.hpp"
#include "scratch.hpp"
#include "tool_run.hpp"

using namespace npu::memcfg;
using npu::test::lines_of;
using npu::test::run_from;
using npu::test::Scratch;
using Lines = std::vector<std::string>;

namespace {

// Section 11.6: "1" is the maximum-size static allocation up to CANN 6.0.1.
std::string release_error(const std::string& at) {
  return "error: " + at +
         ": static_memory_policy (GE_USE_STATIC_MEMORY): GE_USE_STATIC_MEMORY=1 means static allocation at the "
         "maximum size in CANN 6.0.1, which this library does not model; 2 (expand_static_shape) is the expanding "
         "policy; set GE_USE_STATIC_MEMORY to 2, 0, 3 or 4, or unset GE_USE_STATIC_MEMORY";
}

std::string not_exported(const std::string& at) {
  return "warning: " + at +
         ": GE_USE_STATIC_MEMORY: GE_USE_STATIC_MEMORY is assigned without export, so no process the script starts "
         "gets it: no launch runs with it (export it, or drop the assignment)";
}

}  // namespace

TEST_CASE("a file sourced by hand is checked as the environment it leaves", "[tool][jobs]") {
  const Scratch scratch("left-env-file");
  const std::string env = scratch.write("env_npu.sh", "export GE_USE_STATIC_MEMORY=1\n");
  const Outcome on_601 = run_from(scratch.root.string(), {"--check", env, "--cann", "6.0.1"});
  CHECK(on_601.exit_code == exit_invalid);
  CHECK(lines_of(on_601.err) == Lines{release_error(env + ":1:8")});

  // Without context: section 4's warning that the variable changes what runs.
  const Outcome latest = run_from(scratch.root.string(), {"--check", env});
  CHECK(latest.exit_code == exit_ok);
  CHECK(lines_of(latest.err) ==
        Lines{"warning: " + env +
              ":1:8: static_memory_policy (GE_USE_STATIC_MEMORY): \"1\" combined with static_memory_policy 0 "
              "(dynamic), the engine's default, makes the engine run 2 (expand_static_shape); unset "
              "GE_USE_STATIC_MEMORY and use 2 (expand_static_shape)"});

  const Outcome explained = run_from(scratch.root.string(), {"--explain", env});
  CHECK(explained.out == env + ": no launch of python, torchrun, msrun, mpirun or benchmark is reached\n" + env +
                             " (environment left at its end):\n"
                             "  GE_USE_STATIC_MEMORY:\n"
                             "    \"1\" (" +
                             env +
                             ":1:8 export): with static_memory_policy at its default 0 (dynamic), the engine runs 2 "
                             "(expand_static_shape)\n");
}

TEST_CASE("a folder's env file that no script sources is checked, and one a script sources is checked once",
          "[tool][jobs]") {
  const Scratch scratch("left-folder");
  const std::string env = scratch.write("env_npu.sh", "export GE_USE_STATIC_MEMORY=1\n");
  scratch.write("train.sh", "python3 train.py\n");
  scratch.write("train.py", "print('train')\n");
  const Outcome unsourced = run_from(scratch.root.string(), {"--check", scratch.root.string(), "--cann", "6.0.1"});
  CHECK(unsourced.exit_code == exit_invalid);
  CHECK(lines_of(unsourced.err) == Lines{release_error(env + ":1:8")});

  // Sourced before a launch: checked at that launch, as its value, and not
  // again as what env_npu.sh leaves.
  const std::string train = scratch.write("train.sh", "source ./env_npu.sh\npython3 train.py\n");
  const Outcome sourced = run_from(scratch.root.string(), {"--check", env, train, "--cann", "6.0.1"});
  CHECK(sourced.exit_code == exit_invalid);
  CHECK(lines_of(sourced.err) == Lines{release_error(train + ": " + env + ":1:8")});

  // What the launch did not get is left: a value set after it.
  scratch.write("env_npu.sh", "export GE_USE_STATIC_MEMORY=3\nexport GE_USE_STATIC_MEMORY=1\n");
  const std::string late = scratch.write("train.sh", "python3 train.py\nsource ./env_npu.sh\n");
  const Outcome after = run_from(scratch.root.string(), {"--check", late, env, "--cann", "6.0.1"});
  CHECK(after.exit_code == exit_invalid);
  CHECK(lines_of(after.err) == Lines{release_error(late + ": " + env + ":2:8")});
}

TEST_CASE("a value a launch got is checked there and not again where the script ends", "[tool][jobs]") {
  const Scratch scratch("left-after-launch");
  scratch.write("train.py", "print('train')\n");
  const std::string script = scratch.write("run.sh",
                                           "export GE_USE_STATIC_MEMORY=1\n"
                                           "python3 train.py\n"
                                           "if [ -n \"$RESUME\" ]; then exit 0; fi\n"
                                           "export GE_USE_STATIC_MEMORY=2\n");
  const Outcome checked =
      run_from(scratch.root.string(), {"--check", script, "--cann", "6.0.1", "--concurrent-graphs"});
  CHECK(checked.exit_code == exit_invalid);
  // The launch's 1, once (2 is no remedy with concurrent graphs); the 2
  // left on the path past the exit, which concurrent graphs forbid.
  const std::string two = script + ":4:8: static_memory_policy (GE_USE_STATIC_MEMORY): ";
  const std::string maybe = " (where the export here may or may not happen when the job runs)";
  CHECK(lines_of(checked.err) ==
        Lines{"error: " + script +
                  ":1:8: static_memory_policy (GE_USE_STATIC_MEMORY): GE_USE_STATIC_MEMORY=1 means static allocation "
                  "at the maximum size in CANN 6.0.1, which this library does not model; 2 (expand_static_shape) is "
                  "the expanding policy; set GE_USE_STATIC_MEMORY to 0, 3 or 4, or unset GE_USE_STATIC_MEMORY",
              "warning: " + two +
                  "\"2\" combined with static_memory_policy 0 (dynamic), the engine's default, makes the engine run "
                  "2 (expand_static_shape)" +
                  maybe,
              "error: " + two +
                  "2 (expand_static_shape) is not supported when graphs execute concurrently in CANN 6.0.1 (the "
                  "option is 0 (dynamic), the engine's default; GE_USE_STATIC_MEMORY=2 makes it 2 "
                  "(expand_static_shape)); set GE_USE_STATIC_MEMORY to 0, 3 or 4, or unset GE_USE_STATIC_MEMORY" +
                  maybe});
}

TEST_CASE("an engine variable assigned without export reaches no launch", "[tool][jobs]") {
  const Scratch scratch("not-exported");
  scratch.write("train.py", "print('train')\n");
  const std::string alone = scratch.write("alone.sh", "GE_USE_STATIC_MEMORY=2\npython3 train.py\n");
  const Outcome warned = run_from(scratch.root.string(), {"--check", alone, "--concurrent-graphs"});
  CHECK(warned.exit_code == exit_ok);  // the launch runs without it: nothing it does fails
  CHECK(lines_of(warned.err) == Lines{not_exported(alone + ":1:1")});

  // Exported later, before set -a, or by the script that sources the file:
  // it reaches the launch, and is checked there.
  for (const char* text : {"GE_USE_STATIC_MEMORY=2\nexport GE_USE_STATIC_MEMORY\npython3 train.py\n",
                           "set -a\nGE_USE_STATIC_MEMORY=2\npython3 train.py\n",
                           "declare -x GE_USE_STATIC_MEMORY\nGE_USE_STATIC_MEMORY=2\npython3 train.py\n"}) {
    const std::string script = scratch.write("exported.sh", text);
    const Outcome checked = run_from(scratch.root.string(), {"--check", script, "--concurrent-graphs"});
    INFO(text);
    CHECK(checked.exit_code == exit_invalid);
    CHECK(checked.err.find("not supported when graphs execute concurrently") != std::string::npos);
    CHECK(checked.err.find("without export") == std::string::npos);
  }
  const std::string env = scratch.write("env.sh", "GE_USE_STATIC_MEMORY=2\n");
  const std::string run = scratch.write("run.sh", "source ./env.sh\nexport GE_USE_STATIC_MEMORY\npython3 train.py\n");
  const Outcome across = run_from(scratch.root.string(), {"--check", env, run});
  CHECK(lines_of(across.err) ==
        Lines{"warning: " + run + ": " + env +
              ":1:1: static_memory_policy (GE_USE_STATIC_MEMORY): \"2\" combined with static_memory_policy 0 "
              "(dynamic), the engine's default, makes the engine run 2 (expand_static_shape); unset "
              "GE_USE_STATIC_MEMORY and use 2 (expand_static_shape)"});
  // Another warning at an assignment a launch gets stays.
  const std::string near = scratch.write("near.sh", "export GE_USE_STATIC_MEMOR=1\npython3 train.py\n");
  CHECK(lines_of(run_from(scratch.root.string(), {"--check", near}).err) ==
        Lines{"warning: " + near +
              ":1:8: GE_USE_STATIC_MEMOR: the engine reads only GE_USE_STATIC_MEMORY; GE_USE_STATIC_MEMOR does "
              "nothing (did you mean GE_USE_STATIC_MEMORY?)"});
  // Checked alone, nothing exports it, whatever else the file leaves.
  CHECK(lines_of(run_from(scratch.root.string(), {"--check", env}).err) == Lines{not_exported(env + ":1:1")});
  const std::string leaves = scratch.write("leaves.sh", "export MS_GE_ATOMIC_CLEAN_POLICY=1\nGE_USE_STATIC_MEMORY=2\n");
  const Lines left_too = lines_of(run_from(scratch.root.string(), {"--check", leaves}).err);
  CHECK(std::count(left_too.begin(), left_too.end(), not_exported(leaves + ":2:1")) == 1);
  // A script that exports it and launches nothing leaves it exported.
  const std::string exports = scratch.write("exports.sh", "source ./env.sh\nexport GE_USE_STATIC_MEMORY\n");
  const Outcome left = run_from(scratch.root.string(), {"--check", env, exports});
  CHECK(left.err.find("without export") == std::string::npos);
  CHECK(left.err.find("\"2\" combined with static_memory_policy 0") != std::string::npos);
}

// Section 15.5, once means once: one severity and code at one place is one
// diagnostic, the most certain kept, naming the other launches it reaches.
TEST_CASE("a value two launches get is reported once, as the launch that surely gets it says", "[tool][jobs]") {
  const Scratch scratch("once");
  scratch.write("train.py", "print('train')\n");
  const std::string env = scratch.write("env.sh", "export GE_USE_STATIC_MEMORY=1\n");
  const std::string run = scratch.write("run.sh",
                                        "if [ -n \"$1\" ]; then source ./env.sh; fi\npython3 train.py\n"
                                        "source ./env.sh\npython3 train.py\n");
  const std::string error = "error: " + run + ": " + env +
                            ":1:8: static_memory_policy (GE_USE_STATIC_MEMORY): GE_USE_STATIC_MEMORY=1 means static "
                            "allocation at the maximum size in CANN 6.0.1, which this library does not model; 2 "
                            "(expand_static_shape) is the expanding policy; set GE_USE_STATIC_MEMORY to 2, 0, 3 or 4, "
                            "or unset GE_USE_STATIC_MEMORY";
  const Outcome checked = run_from(scratch.root.string(), {"--check", run, env, "--cann", "6.0.1"});
  CHECK(checked.exit_code == exit_invalid);
  CHECK(lines_of(checked.err) == Lines{error + " (the launch at " + run + ":2:1 gets it too)"});
  // Where every launch may or may not get it, the first one says so.
  scratch.write("run.sh", "if [ -n \"$1\" ]; then source ./env.sh; fi\npython3 train.py\npython3 train.py\n");
  CHECK(lines_of(run_from(scratch.root.string(), {"--check", run, "--cann", "6.0.1"}).err) ==
        Lines{error + " (where the export here may or may not happen when the job runs) (the launch at " + run +
              ":3:1 gets it too)"});
  // One launch, one diagnostic: nothing more to say.
  scratch.write("run.sh", "source ./env.sh\npython3 train.py\n");
  CHECK(lines_of(run_from(scratch.root.string(), {"--check", run, "--cann", "6.0.1"}).err) == Lines{error});
}

TEST_CASE("once per place: one severity and code at one place, the certain kept, the other launches named",
          "[tool][jobs]") {
  using npu::Field;
  const npu::Origin value{"run.sh", {}, {}, {1, 8}};
  const auto reached = [&](npu::Severity severity, npu::DiagnosticCode code, std::string message,
                           npu::SourcePosition launch, bool certain) {
    return ReachedDiagnostic{npu::Diagnostic{severity, code, value, "GE_USE_STATIC_MEMORY", "1", std::move(message),
                                             Field::static_memory_policy},
                             npu::Origin{"run.sh", {}, {}, launch}, certain};
  };
  const auto messages = [](const std::vector<npu::Diagnostic>& diagnostics) {
    Lines out;
    out.reserve(diagnostics.size());
    for (const npu::Diagnostic& diagnostic : diagnostics) out.push_back(diagnostic.message);
    return out;
  };
  const auto error = npu::Severity::error;
  const auto warning = npu::Severity::warning;
  const npu::DiagnosticCode release = npu::DiagnosticCode::release_difference;
  // The certain one kept wherever it comes; each other launch named once.
  CHECK(messages(once_per_place(
            {reached(error, release, "maybe", {2, 1}, false), reached(error, release, "surely", {4, 1}, true),
             reached(error, release, "maybe", {6, 1}, false), reached(error, release, "maybe", {6, 1}, false)})) ==
        Lines{"surely (the launches at run.sh:2:1 and run.sh:6:1 get it too)"});
  CHECK(messages(once_per_place(
            {reached(error, release, "surely", {4, 1}, true), reached(error, release, "maybe", {2, 1}, false)})) ==
        Lines{"surely (the launch at run.sh:2:1 gets it too)"});
  // The same launch twice, or the environment left (no place), names none.
  CHECK(messages(once_per_place({reached(error, release, "a", {4, 1}, true), reached(error, release, "b", {4, 1}, true),
                                 reached(error, release, "c", {}, true)})) == Lines{"a"});
  // Another severity or another code at the place stands on its own.
  CHECK(messages(once_per_place(
            {reached(error, release, "error", {2, 1}, true), reached(warning, release, "warning", {4, 1}, true),
             reached(warning, npu::DiagnosticCode::environment_changes, "other code", {4, 1}, true)})) ==
        Lines{"error", "warning", "other code"});
  // A diagnostic with no position is no place: each stays.
  npu::Diagnostic nowhere{error, release, {"run.sh", {}, {}, {}}, "", "", "nowhere", std::nullopt};
  CHECK(messages(once_per_place({{nowhere, {"run.sh", {}, {}, {2, 1}}, true},
                                 {nowhere, {"run.sh", {}, {}, {4, 1}}, true}})) == Lines{"nowhere", "nowhere"});
}
