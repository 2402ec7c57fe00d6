// The variables bash's builtins set (read, printf -v, let, mapfile), and
// arrays, which bash never exports: read, or said to be not checkable,
// never skipped.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include <npu/memory_config/shell/detail/shell_builtins.hpp>
#include <npu/memory_config_jobs.hpp>

#include "shell_job.hpp"

using namespace npu;
using npu::test::ge_values;
using npu::test::lines;
using npu::test::read_job;
using Texts = std::vector<std::string>;

namespace {

// "NAME@word" for each variable, "[]" after an array.
Texts targets(const std::vector<std::string>& words) {
  Texts out;
  for (const detail::SetByBuiltin& target : detail::builtin_targets(words, 0)) {
    out.push_back(target.name + "@" + std::to_string(target.word) + (target.array ? "[]" : ""));
  }
  return out;
}

}  // namespace

TEST_CASE("what each builtin sets, past the options that take a value", "[shell]") {
  CHECK(targets({"read", "A", "B"}) == Texts{"A@1", "B@2"});
  CHECK(targets({"read", "-r", "-p", "prompt? ", "-t", "5", "A"}) == Texts{"A@6"});
  CHECK(targets({"read", "-rp", "prompt? ", "A"}) == Texts{"A@3"});  // the cluster's last letter takes it
  CHECK(targets({"read", "-d", "", "-n", "1", "-N", "2", "-i", "x", "-u", "3", "A"}) == Texts{"A@11"});
  CHECK(targets({"read", "-a", "A"}) == Texts{"A@2[]"});
  CHECK(targets({"read", "-ra", "A", "B"}) == Texts{"A@2[]", "B@3"});
  CHECK(targets({"read", "--", "-x"}).empty());               // no name
  CHECK(targets({"read", "--", "-a", "A"}) == Texts{"A@3"});  // past "--", no option
  CHECK(targets({"read", "A[1]"}) == Texts{"A@1[]"});
  CHECK(targets({"read", "-s"}).empty());  // REPLY, which is no engine's
  CHECK(targets({"printf", "-v", "A", "%s", "1"}) == Texts{"A@2"});
  CHECK(targets({"printf", "-vA", "%s", "1"}) == Texts{"A@1"});
  CHECK(targets({"printf", "%s", "-v"}).empty());
  CHECK(targets({"printf", "-v"}).empty());
  CHECK(targets({"printf"}).empty());
  CHECK(targets({"printf", "%sA", "x"}).empty());  // a format, not -vNAME
  CHECK(targets({"mapfile", "-t", "-n", "3", "A"}) == Texts{"A@4[]"});
  CHECK(targets({"readarray", "-d", ",", "-O", "1", "-s", "0", "-u", "0", "-C", "f", "-c", "2", "A"}) ==
        Texts{"A@13[]"});
  CHECK(targets({"mapfile"}) == Texts{"MAPFILE@0[]"});
  CHECK(targets({"let", "A=1", "B+=2", "C<<=1", "D==1", "E<=1", "F>=1", "G!=1", "1=2", "H"}) ==
        Texts{"A@1", "B@2", "C@3"});
  CHECK(targets({"let", "A*=2", "B|=1", "C%=3"}) == Texts{"A@1", "B@2", "C@3"});
  CHECK(targets({"echo", "A=1"}).empty());
}

TEST_CASE("an array's element names the array", "[shell]") {
  CHECK(detail::array_element_name("A[0]=1") == "A");
  CHECK(detail::array_element_name("A_1[$i]+=x") == "A_1");
  CHECK_FALSE(detail::array_element_name("A=1"));
  CHECK_FALSE(detail::array_element_name("A[0]"));
  CHECK_FALSE(detail::array_element_name("1A[0]=1"));
  CHECK_FALSE(detail::array_element_name("[0]=1"));
  CHECK_FALSE(detail::array_element_name("A]=[1"));
  CHECK(detail::is_shell_name("_a9"));
  CHECK_FALSE(detail::is_shell_name("9a"));
  CHECK_FALSE(detail::is_shell_name("0a"));
  CHECK(detail::is_shell_name("Z0z_9"));
  CHECK(detail::is_shell_name("A"));
  CHECK_FALSE(detail::is_shell_name(""));
  CHECK_FALSE(detail::is_shell_name("a-b"));
}

TEST_CASE("a builtin's value is not checkable, and an array reaches no launch", "[shell]") {
  const jobs::ShellJob job = read_job({{"/w/job/run.sh",
                                        "declare -x GE_USE_STATIC_MEMORY\n"
                                        "read GE_USE_STATIC_MEMORY\n"
                                        "python3 t.py\n"
                                        "GE_USE_STATIC_MEMORY=(1 2)\n"
                                        "export GE_USE_STATIC_MEMORY=3\n"
                                        "python3 t.py\n"
                                        "unset GE_USE_STATIC_MEMORY\n"
                                        "export GE_USE_STATIC_MEMORY=4\n"
                                        "python3 t.py\n"}});
  CHECK(ge_values(job) == std::vector<Texts>{{"?"}, {"unset"}, {"4@8:8"}});
  CHECK(job.launches.at(1).ge_use_static_memory().values.at(0).how == "export (an array)");
  CHECK(lines(job.diagnostics) ==
        Texts{"warning: job/run.sh:2:6: GE_USE_STATIC_MEMORY: GE_USE_STATIC_MEMORY is set by read, to a value known "
              "only when the job runs, so it cannot be checked; assign the value itself (export "
              "GE_USE_STATIC_MEMORY=VALUE) to have it checked",
              "warning: job/run.sh:4:1: GE_USE_STATIC_MEMORY: GE_USE_STATIC_MEMORY is made an array here, and bash "
              "exports no array, so no process the script starts gets it: export one value (unset "
              "GE_USE_STATIC_MEMORY first)",
              "warning: job/run.sh:5:8: GE_USE_STATIC_MEMORY: GE_USE_STATIC_MEMORY is made an array here, and bash "
              "exports no array, so no process the script starts gets it: export one value (unset "
              "GE_USE_STATIC_MEMORY first)"});

  CHECK(job.diagnostics.at(1).value.empty());  // an array has no value to quote
  // An element, as a command or as export's argument; an array on some
  // path only may be exported on the others.
  CHECK(ge_values(read_job({{"/w/job/run.sh", "export GE_USE_STATIC_MEMORY[0]=1\npython3 t.py\n"}})) ==
        std::vector<Texts>{{"unset"}});
  CHECK(ge_values(read_job({{"/w/job/run.sh",
                             "export GE_USE_STATIC_MEMORY=1\nGE_USE_STATIC_MEMORY[0]=2\n"
                             "python3 t.py\n"}})) == std::vector<Texts>{{"unset"}});
  CHECK(ge_values(read_job({{"/w/job/run.sh",
                             "if [ -n \"$X\" ]; then GE_USE_STATIC_MEMORY=(1); fi\n"
                             "export GE_USE_STATIC_MEMORY=2\npython3 t.py\n"}})) ==
        std::vector<Texts>{{"unset", "2@2:8"}});
  // The value stands for what the builtin gives, with how it was set.
  const jobs::VariableValue& by_read = job.launches.at(0).ge_use_static_memory().values.at(0);
  CHECK(by_read.value == "(read)");
  CHECK(by_read.how == "read");
  CHECK(to_string(by_read.origin.position) == "2:6");
  CHECK(job.diagnostics.at(0).value.empty());  // no text of the value to quote
  // let, and an element as a command, each say how.
  const jobs::ShellJob let = read_job({{"/w/job/run.sh",
                                        "declare -x GE_USE_STATIC_MEMORY\nlet GE_USE_STATIC_MEMORY=1+1\n"
                                        "python3 t.py\nGE_USE_STATIC_MEMORY[1]=2\npython3 t.py\n"}});
  CHECK(let.launches.at(0).ge_use_static_memory().values.at(0).how == "let");
  CHECK(let.launches.at(1).ge_use_static_memory().values.at(0).how == "array element (an array)");
  CHECK(let.diagnostics.at(0).message.find("is set by let") != std::string::npos);
  // A local element: the function's own, gone with its return.
  CHECK(ge_values(read_job({{"/w/job/run.sh",
                             "f() { local GE_USE_STATIC_MEMORY[0]=1; }\n"
                             "export GE_USE_STATIC_MEMORY=2\nf\npython3 t.py\n"}})) == std::vector<Texts>{{"2@2:8"}});
  // An array stays one where set -a ran on some paths only; a value that
  // is "(…)" as text is no array.
  CHECK(ge_values(read_job({{"/w/job/run.sh",
                             "GE_USE_STATIC_MEMORY=(1)\nif [ -n \"$X\" ]; then set -a; fi\n"
                             "GE_USE_STATIC_MEMORY=2\npython3 t.py\n"}})) == std::vector<Texts>{{"unset"}});
  CHECK(ge_values(read_job({{"/w/job/run.sh", "export GE_USE_STATIC_MEMORY='(…)'\npython3 t.py\n"}})) ==
        std::vector<Texts>{{"(…)@1:8"}});
  // export NAME exports no array, whatever it holds.
  CHECK(ge_values(read_job({{"/w/job/run.sh",
                             "GE_USE_STATIC_MEMORY=(1)\nGE_USE_STATIC_MEMORY=2\n"
                             "export GE_USE_STATIC_MEMORY\npython3 t.py\n"}})) == std::vector<Texts>{{"unset"}});
  // Unset, exported or not, is one value however the paths order it.
  const jobs::ShellJob unset_twice =
      read_job({{"/w/job/run.sh",
                 "if [ -n \"$X\" ]; then declare -x GE_USE_STATIC_MEMORY\n"
                 "elif [ -n \"$Y\" ]; then export GE_USE_STATIC_MEMORY=1\nfi\npython3 t.py\n"}});
  REQUIRE(ge_values(unset_twice).size() == 1);
  CHECK(ge_values(unset_twice)[0].size() == 2);
  // A name the engine does not read, set by a builtin, is only a name.
  CHECK(read_job({{"/w/job/run.sh", "read -r DIR\nlet N=1\nmapfile LINES\npython3 t.py\n"}}).diagnostics.empty());
  // A near miss set by a builtin is said to do nothing.
  CHECK(lines(read_job({{"/w/job/run.sh", "printf -v GE_USE_STATIC_MEMRY %s 1\n"}}).diagnostics).size() == 3);
}

TEST_CASE("export -n and declare +x take the export away and keep the value", "[shell][builtins]") {
  CHECK(ge_values(read_job({{"/w/job/run.sh",
                             "export GE_USE_STATIC_MEMORY=1\nexport -n GE_USE_STATIC_MEMORY=2\npython3 t.py\n"
                             "export GE_USE_STATIC_MEMORY\npython3 t.py\n"}})) ==
        std::vector<Texts>{{"unset"}, {"2@2:11"}});
  CHECK(ge_values(read_job({{"/w/job/run.sh",
                             "export GE_USE_STATIC_MEMORY=1\ndeclare +x GE_USE_STATIC_MEMORY\npython3 t.py\n"
                             "typeset +x GE_USE_STATIC_MEMORY=3\npython3 t.py\n"
                             "declare -x GE_USE_STATIC_MEMORY\npython3 t.py\n"}})) ==
        std::vector<Texts>{{"unset"}, {"unset"}, {"3@4:12"}});
  // declare makes an element, and so an array; export and readonly
  // refuse one ("not a valid identifier") and leave the variable as it was.
  CHECK(ge_values(read_job({{"/w/job/run.sh",
                             "export GE_USE_STATIC_MEMORY=2\ndeclare GE_USE_STATIC_MEMORY[0]=1\npython3 t.py\n"
                             "export GE_USE_STATIC_MEMORY\npython3 t.py\n"}})) ==
        std::vector<Texts>{{"unset"}, {"unset"}});
  CHECK(ge_values(read_job({{"/w/job/run.sh",
                             "export GE_USE_STATIC_MEMORY=2\nexport GE_USE_STATIC_MEMORY[1]=1\npython3 t.py\n"
                             "readonly GE_USE_STATIC_MEMORY[0]=1\npython3 t.py\n"}})) ==
        std::vector<Texts>{{"2@1:8"}, {"2@1:8"}});
  // Options in any order: one that takes the export away holds.
  CHECK(ge_values(read_job({{"/w/job/run.sh",
                             "export GE_USE_STATIC_MEMORY=1\ndeclare +x -t GE_USE_STATIC_MEMORY\npython3 t.py\n"
                             "export GE_USE_STATIC_MEMORY\ndeclare -t +x GE_USE_STATIC_MEMORY\npython3 t.py\n"
                             "export GE_USE_STATIC_MEMORY\ndeclare +x +t GE_USE_STATIC_MEMORY\npython3 t.py\n"}})) ==
        std::vector<Texts>{{"unset"}, {"unset"}, {"unset"}});
  // export -- and declare -n (a nameref, which bash refuses to make of a
  // value like 1) take no export away.
  CHECK(ge_values(read_job({{"/w/job/run.sh",
                             "export -- GE_USE_STATIC_MEMORY=1\npython3 t.py\ndeclare -n GE_USE_STATIC_MEMORY\n"
                             "python3 t.py\n"}})) == std::vector<Texts>{{"1@1:11"}, {"1@1:11"}});
  // readarray is mapfile: an array, never exported.
  CHECK(ge_values(read_job({{"/w/job/run.sh",
                             "export GE_USE_STATIC_MEMORY=1\nreadarray -t GE_USE_STATIC_MEMORY < /dev/null\n"
                             "python3 t.py\n"}})) == std::vector<Texts>{{"unset"}});
}
