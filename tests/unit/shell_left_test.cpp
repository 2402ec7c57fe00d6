// The environment a script leaves (at its end, a top-level exit or return,
// where bash stops), and the engine's variables assigned without export.
#include <catch2/catch.hpp>

#include <map>
#include <string>
#include <vector>

#include <npu/memory_config_jobs.hpp>

#include "shell_job.hpp"

using namespace npu;
using npu::test::ge_values;
using npu::test::lines;
using npu::test::read_job;
using npu::test::value_texts;
using Texts = std::vector<std::string>;

namespace {

// What the script leaves of each variable, "NAME: value@line:column ...".
Texts left_of(const jobs::ShellJob& job) {
  Texts out;
  if (!job.left) return out;
  for (const jobs::LaunchVariable& variable : job.left->variables) {
    std::string line = variable.name + ":";
    for (const std::string& value : value_texts(variable.values)) line += " " + value;
    out.push_back(line);
  }
  return out;
}

}  // namespace

TEST_CASE("a script with no launch leaves what it exports", "[shell]") {
  const jobs::ShellJob job = read_job({{"/w/job/env.sh",
                                        "export GE_USE_STATIC_MEMORY=1\n"
                                        "export MS_GE_ATOMIC_CLEAN_POLICY=0\n"
                                        "OTHER=1\n"}},
                                      "job/env.sh");
  CHECK(job.launches.empty());
  CHECK(left_of(job) == Texts{"GE_USE_STATIC_MEMORY: 1@1:8", "MS_GE_ATOMIC_CLEAN_POLICY: 0@2:8"});
  REQUIRE(job.left);
  CHECK(job.left->origin.source == "job/env.sh");
  CHECK_FALSE(job.left->origin.position.known());
  CHECK(job.left->program.empty());
  CHECK_FALSE(job.left->launcher);
  CHECK(job.diagnostics.size() == 1);  // MindSpore 2.x reads no MS_GE_ATOMIC_CLEAN_POLICY
}

TEST_CASE("where a script ends: its end, an exit, a top-level return, where bash stops", "[shell]") {
  // An exit in a function ends the script; a subshell's, a pipeline's and a
  // child script's exit end only themselves.
  const jobs::ShellJob exits = read_job({{"/w/job/run.sh",
                                          "leave() { export GE_USE_STATIC_MEMORY=1; exit 0; }\n"
                                          "( export GE_USE_STATIC_MEMORY=5; exit 1 )\n"
                                          "export GE_USE_STATIC_MEMORY=6 | exit 1\n"
                                          "export GE_USE_STATIC_MEMORY=8; exit 1 &\n"
                                          "bash child.sh\n"
                                          "if [ -n \"$X\" ]; then leave; fi\n"
                                          "export GE_USE_STATIC_MEMORY=2\n"},
                                         {"/w/job/child.sh", "export GE_USE_STATIC_MEMORY=7\nexit 0\n"}});
  CHECK(left_of(exits) == Texts{"GE_USE_STATIC_MEMORY: 1@1:18 2@7:8"});

  // A return outside a function ends a sourced file (env.sh is meant to be
  // sourced); run as a script, bash refuses it and goes on.
  const jobs::ShellJob returns = read_job({{"/w/job/env.sh",
                                            "export GE_USE_STATIC_MEMORY=3\n"
                                            "return 0\n"
                                            "export GE_USE_STATIC_MEMORY=4\n"}},
                                          "job/env.sh");
  CHECK(left_of(returns) == Texts{"GE_USE_STATIC_MEMORY: 3@1:8 4@3:8"});

  // Where bash stops on a syntax error; a sourced file's error ends that file only.
  const jobs::ShellJob stops = read_job({{"/w/job/run.sh",
                                          "export GE_USE_STATIC_MEMORY=3\n"
                                          "source ./broken.sh\n"
                                          "export GE_USE_STATIC_MEMORY=4\n"
                                          "if then\n"
                                          "export GE_USE_STATIC_MEMORY=0\n"},
                                         {"/w/job/broken.sh", "export GE_USE_STATIC_MEMORY=1\nfi\n"}});
  CHECK(left_of(stops) == Texts{"GE_USE_STATIC_MEMORY: 4@3:8"});
}

TEST_CASE("a value a launch got is not left again, and a later one is", "[shell]") {
  const jobs::ShellJob job = read_job({{"/w/job/run.sh",
                                        "export GE_USE_STATIC_MEMORY=1\n"
                                        "python3 train.py\n"
                                        "if [ -n \"$X\" ]; then export GE_USE_STATIC_MEMORY=2; fi\n"}});
  CHECK(ge_values(job) == std::vector<Texts>{{"1@1:8"}});
  // The 1 stays as an unset value: the 2 may or may not be what is left.
  CHECK(left_of(job) == Texts{"GE_USE_STATIC_MEMORY: 2@3:29 unset"});
  REQUIRE(job.left);
  CHECK(job.left->ge_use_static_memory().values.at(1).how == "checked at a launch");
  CHECK(to_string(job.left->ge_use_static_memory().values.at(1).origin.position) == "1:8");

  // Every value reached a launch, or none is set: nothing is left.
  CHECK_FALSE(read_job({{"/w/job/run.sh", "export GE_USE_STATIC_MEMORY=1\npython3 train.py\n"}}).left);
  CHECK_FALSE(read_job({{"/w/job/run.sh", "echo nothing\n"}}).left);
  CHECK_FALSE(read_job({{"/w/job/run.sh", "python3 train.py\n"}}, "job/run.sh", "3").left);  // inherited only
  CHECK_FALSE(read_job({{"/w/job/run.sh", "echo nothing\n"}}, "job/run.sh", "3").left);      // not the job's to check
  // Not exported, unset, or local: nothing any process gets.
  CHECK_FALSE(read_job({{"/w/job/run.sh", "GE_USE_STATIC_MEMORY=1\n"}}).left);
  CHECK_FALSE(read_job({{"/w/job/run.sh", "export GE_USE_STATIC_MEMORY=1\nunset GE_USE_STATIC_MEMORY\n"}}).left);
  CHECK_FALSE(read_job({{"/w/job/run.sh", "f() { local -x GE_USE_STATIC_MEMORY=1; }\nf\n"}}).left);
}

TEST_CASE("unreached_values: what other scripts' launches got is unset", "[shell]") {
  const jobs::ShellJob env = read_job({{"/w/job/env.sh", "export GE_USE_STATIC_MEMORY=1\n"}}, "job/env.sh");
  const jobs::ShellJob run = read_job(
      {{"/w/job/run.sh", "source ./env.sh\npython3 train.py\n"}, {"/w/job/env.sh", "export GE_USE_STATIC_MEMORY=1\n"}});
  REQUIRE(env.left);
  CHECK_FALSE(jobs::unreached_values(*env.left, run.launches));
  CHECK(jobs::gets_value_from(run.launches.at(0), env.left->ge_use_static_memory().values.at(0).origin));
  const jobs::ShellJob other = read_job({{"/w/job/run.sh", "export GE_USE_STATIC_MEMORY=1\npython3 train.py\n"}});
  // The same line and column in another file is another assignment.
  CHECK(jobs::unreached_values(*env.left, other.launches));
  CHECK_FALSE(jobs::gets_value_from(other.launches.at(0), env.left->ge_use_static_memory().values.at(0).origin));
}

TEST_CASE("an engine variable assigned without export is said to reach no launch", "[shell]") {
  const std::string warning =
      " is assigned without export, so no process the script starts gets it: no launch runs with it (export it, or "
      "drop the assignment)";
  const jobs::ShellJob alone = read_job({{"/w/job/run.sh",
                                          "GE_USE_STATIC_MEMORY=2\n"
                                          "f() { local GE_USE_STATIC_MEMORY=3; }\n"
                                          "f\n"
                                          "declare MS_GE_ATOMIC_CLEAN_POLICY=1\n"
                                          "OTHER=1\n"}});
  CHECK(lines(alone.diagnostics) ==
        Texts{"warning: job/run.sh:4:9: MS_GE_ATOMIC_CLEAN_POLICY: MS_GE_ATOMIC_CLEAN_POLICY is deprecated: "
              "MindSpore 2.x does not read it; set_context(ascend_config={\"atomic_clean_policy\": …}) is what "
              "MindSpore reads",
              "warning: job/run.sh:1:1: GE_USE_STATIC_MEMORY: GE_USE_STATIC_MEMORY" + warning,
              "warning: job/run.sh:2:13: GE_USE_STATIC_MEMORY: GE_USE_STATIC_MEMORY" + warning,
              "warning: job/run.sh:4:9: MS_GE_ATOMIC_CLEAN_POLICY: MS_GE_ATOMIC_CLEAN_POLICY" + warning});
  REQUIRE(alone.diagnostics.size() == 4);
  CHECK(alone.diagnostics[1].code == DiagnosticCode::not_exported);
  CHECK(alone.diagnostics[1].severity == Severity::warning);

  // Exported on some path, before by set -a or declare -x, after by export:
  // a process may get it.
  for (const char* text :
       {"GE_USE_STATIC_MEMORY=2\nif [ -n \"$X\" ]; then export GE_USE_STATIC_MEMORY; fi\n",
        "set -o allexport\nGE_USE_STATIC_MEMORY=2\n", "if [ -n \"$X\" ]; then set -a; fi\nGE_USE_STATIC_MEMORY=2\n",
        "declare -x GE_USE_STATIC_MEMORY\nGE_USE_STATIC_MEMORY=2\n",
        "for i in 1 2; do GE_USE_STATIC_MEMORY=2; export GE_USE_STATIC_MEMORY; done\n",
        "export GE_USE_STATIC_MEMORY=1\nGE_USE_STATIC_MEMORY=2\n", "GE_USE_STATIC_MEMORY=2 python3 train.py\n",
        // The same assignment, run again where the variable is exported.
        "f() { GE_USE_STATIC_MEMORY=2; }\nf\nunset GE_USE_STATIC_MEMORY\nexport GE_USE_STATIC_MEMORY=1\nf\n"}) {
    INFO(text);
    CHECK(read_job({{"/w/job/run.sh", text}}).diagnostics.empty());
  }
  // export -n takes the attribute back.
  CHECK(lines(read_job({{"/w/job/run.sh",
                         "export GE_USE_STATIC_MEMORY=1\nexport -n GE_USE_STATIC_MEMORY\n"
                         "GE_USE_STATIC_MEMORY=2\n"}})
                  .diagnostics) ==
        Texts{"warning: job/run.sh:3:1: GE_USE_STATIC_MEMORY: GE_USE_STATIC_MEMORY" + warning});
}

TEST_CASE("check_job checks what the script leaves, each diagnostic once", "[shell]") {
  ValidationContext on_601;
  on_601.cann_release = CannRelease::parse("6.0.1");
  const jobs::ShellJob env = read_job({{"/w/job/env.sh", "export GE_USE_STATIC_MEMORY=1\n"}}, "job/env.sh");
  CHECK(lines(jobs::check_job(env, on_601)) ==
        Texts{"error: job/env.sh:1:8: static_memory_policy (GE_USE_STATIC_MEMORY): GE_USE_STATIC_MEMORY=1 means static "
              "allocation at the maximum size in CANN 6.0.1, which this library does not model; 2 "
              "(expand_static_shape) is the expanding policy; set GE_USE_STATIC_MEMORY to 2, 0, 3 or 4, or unset "
              "GE_USE_STATIC_MEMORY"});
  // Reached by its launch: once, there.
  const jobs::ShellJob run =
      read_job({{"/w/job/run.sh", "export GE_USE_STATIC_MEMORY=1\npython3 t.py\nexit 0\n"}}, "job/run.sh");
  CHECK(jobs::check_job(run, on_601).size() == 1);
}
