#include <catch2/catch.hpp>

#include <map>
#include <optional>
#include <string>
#include <vector>

#include <npu/memory_config/shell/detail/shell_paths.hpp>
#include <npu/memory_config/shell/edit.hpp>
#include <npu/memory_config_jobs.hpp>

#include "shell_job.hpp"

using namespace npu;

using npu::test::ge_values;
using npu::test::lines;
using npu::test::read_job;

TEST_CASE("an export reaches the launches after it, in a loop body too", "[shell]") {
  const jobs::ShellJob job = read_job({{"/w/job/run.sh",
                                        "export RANK_SIZE=8\n"
                                        "for((i=0;i<RANK_SIZE;i++));\n"
                                        "do\n"
                                        "    export GE_USE_STATIC_MEMORY=1\n"
                                        "    nohup python3 -u train.py --x $i &\n"
                                        "done\n"}});
  CHECK(job.diagnostics.empty());
  REQUIRE(job.launches.size() == 1);
  CHECK(job.launches[0].program == "python3");
  CHECK(job.launches[0].origin.location_text() == "job/run.sh:5:5");  // where "nohup" starts the command
  CHECK(job.launches[0].launcher == std::optional<std::string>("job/train.py"));
  CHECK(ge_values(job) == std::vector<std::vector<std::string>>{{"1@4:12"}});
}

TEST_CASE("comments, here-documents and strings set nothing", "[shell]") {
  const jobs::ShellJob job = read_job({{"/w/job/run.sh",
                                        "#export GE_USE_STATIC_MEMORY=1\n"
                                        "cat <<EOF\n"
                                        "text\n"
                                        "export GE_USE_STATIC_MEMORY=2\n"
                                        "EOF\n"
                                        "echo 'export GE_USE_STATIC_MEMORY=3' # export GE_USE_STATIC_MEMORY=4\n"
                                        "python train.py\n"}});
  CHECK(job.diagnostics.empty());
  CHECK(ge_values(job) == std::vector<std::vector<std::string>>{{"unset"}});
}

TEST_CASE("an assignment in a branch may or may not happen, and unset, export -n and prefixes", "[shell]") {
  const jobs::ShellJob job = read_job({{"/w/job/run.sh",
                                        "if [ \"$1\" = static ]; then\n"
                                        "  export GE_USE_STATIC_MEMORY=2\n"
                                        "fi\n"
                                        "python a.py\n"
                                        "unset GE_USE_STATIC_MEMORY\n"
                                        "GE_USE_STATIC_MEMORY=3 python b.py\n"
                                        "export GE_USE_STATIC_MEMORY=4; export -n GE_USE_STATIC_MEMORY\n"
                                        "python c.py\n"
                                        "( export GE_USE_STATIC_MEMORY=0 )\n"
                                        "python3.11 d.py\n"}});
  CHECK(ge_values(job) == std::vector<std::vector<std::string>>{{"2@2:10", "unset"}, {"3@6:1"}, {"unset"}, {"unset"}});
}

TEST_CASE("a value with an expansion is not guessed, and says so at its position", "[shell]") {
  const jobs::ShellJob job = read_job({{"/w/job/run.sh", "export GE_USE_STATIC_MEMORY=${MODE:-1}\npython t.py\n"}});
  CHECK(ge_values(job) == std::vector<std::vector<std::string>>{{"?"}});
  REQUIRE(job.diagnostics.size() == 1);
  CHECK(job.diagnostics[0].code == DiagnosticCode::not_checkable);
  CHECK(job.diagnostics[0].severity == Severity::warning);
  CHECK(job.diagnostics[0].origin.location_text() == "job/run.sh:1:29");
}

TEST_CASE("CRLF line ends keep the carriage return in the value, and a CR after do stops bash", "[shell]") {
  const jobs::ShellJob crlf = read_job({{"/w/job/run.sh", "export GE_USE_STATIC_MEMORY=1\r\npython t.py\r\n"}});
  REQUIRE(crlf.launches.size() == 1);
  CHECK(crlf.launches[0].ge_use_static_memory().values[0].value == "1\r");
  CHECK(crlf.launches[0].launcher == std::optional<std::string>());  // "t.py\r" is not a .py
  // The engine ignores "1\r"; converted, the file gives "1": its checks
  // too, as warnings (section 4's, here), with no fix of their own.
  CHECK(lines(jobs::check_launch(crlf.launches[0], {})) ==
        std::vector<std::string>{
            "warning: job/run.sh:1:8: static_memory_policy (GE_USE_STATIC_MEMORY): \"1\\x0d\" is ignored by the "
            "engine, which reads only \"0\" to \"4\"; static_memory_policy 0 (dynamic) applies as set; unset "
            "GE_USE_STATIC_MEMORY; the script has CRLF (Windows) line ends, and bash keeps the carriage return in the "
            "value; converting the file's line ends (sed -i 's/\\r$//' job/run.sh) makes it \"1\"",
            "warning: job/run.sh:1:8: static_memory_policy (GE_USE_STATIC_MEMORY): once the file's CRLF line ends "
            "are converted, \"1\": \"1\" combined with static_memory_policy 0 (dynamic), the engine's default, "
            "makes the engine run 2 (expand_static_shape); unset GE_USE_STATIC_MEMORY and use 2 "
            "(expand_static_shape)"});
  ValidationContext on_601;
  on_601.cann_release = CannRelease::parse("6.0.1");
  const std::vector<Diagnostic> release = jobs::check_launch(crlf.launches[0], on_601);
  REQUIRE(release.size() == 2);
  CHECK(release[1].code == DiagnosticCode::release_difference);
  CHECK(release[1].severity == Severity::warning);  // as it stands, the job runs without the value
  CHECK(release[1].fix.empty());
  CHECK_FALSE(release[0].fix.empty());
  // A value the job starts with (no file of the job to convert): no checks
  // of a converted value.
  const jobs::ShellJob inherited = read_job({{"/w/job/run.sh", "python t.py\n"}}, "job/run.sh", "1\r");
  for (const Diagnostic& diagnostic : jobs::check_launch(inherited.launches.at(0), on_601)) {
    CHECK(diagnostic.message.find("converted") == std::string::npos);
  }
  CHECK(jobs::check_launch(inherited.launches.at(0), on_601).size() == 1);
  // A value without a carriage return gets no such word.
  const jobs::ShellJob lf = read_job({{"/w/job/run.sh", "export GE_USE_STATIC_MEMORY=1\npython t.py\n"}});
  CHECK(lines(jobs::check_launch(lf.launches[0], on_601)).size() == 1);
  CHECK(jobs::check_launch(lf.launches[0], on_601)[0].severity == Severity::error);

  const jobs::ShellJob broken = read_job({{"/w/job/run.sh",
                                           "export GE_USE_STATIC_MEMORY=2\n"
                                           "python before.py\n"
                                           "for i in 1 2; do\r\n"
                                           "  python inside.py\n"
                                           "done\n"
                                           "python after.py\n"}});
  CHECK(ge_values(broken) == std::vector<std::vector<std::string>>{{"2@1:8"}});
  REQUIRE(broken.diagnostics.size() == 1);
  CHECK(broken.diagnostics[0].code == DiagnosticCode::syntax_error);
  CHECK(broken.diagnostics[0].severity == Severity::error);
  CHECK(broken.diagnostics[0].origin.location_text() == "job/run.sh:3:15");
}

// Values as bash gives them (run under bash, python3 a stub that prints
// the variable: 4, 1, 2).
TEST_CASE("a backslash-newline continues the command, and a backslash, ANSI-C and locale quoting quote as bash quotes",
          "[shell]") {
  const jobs::ShellJob job = read_job({{"/w/job/run.sh",
                                        "export GE_USE_STATIC_MEMORY=2 \\\n"
                                        "  && GE_USE_STATIC_MEMORY=\\4 \\\n"
                                        "  python3 a.py\n"
                                        "GE_USE_STATIC_MEMORY=$'1' python3 b.py\n"
                                        "GE_USE_STATIC_MEMORY=$\"2\" python3 c.py\n"}});
  CHECK(job.diagnostics.empty());
  CHECK(ge_values(job) == std::vector<std::vector<std::string>>{{"4@2:6"}, {"1@4:1"}, {"2@5:1"}});
  REQUIRE(job.launches.size() == 3);
  CHECK(job.launches[0].origin.location_text() == "job/run.sh:2:6");
}

// Values as bash gives them (run under bash, python3 printing the variable:
// unset, 2, unset, 1, unset, 1, 1).
TEST_CASE("env's -i, - and -u unset for the program they run, -C takes a value, and bash's - and -o end or take one",
          "[shell]") {
  const jobs::ShellJob job = read_job({{"/w/job/run.sh",
                                        "export GE_USE_STATIC_MEMORY=1\n"
                                        "env -i python3 a.py\n"
                                        "env - GE_USE_STATIC_MEMORY=2 python3 b.py\n"
                                        "env -u GE_USE_STATIC_MEMORY python3 c.py\n"
                                        "env -C . python3 d.py\n"
                                        "env --unset=GE_USE_STATIC_MEMORY python3 e.py\n"
                                        "bash - child.sh\n"
                                        "bash -o pipefail other.sh\n"},
                                       {"/w/job/child.sh", "python3 f.py\n"},
                                       {"/w/job/other.sh", "python3 g.py\n"}});
  CHECK(job.diagnostics.empty());
  CHECK(ge_values(job) == std::vector<std::vector<std::string>>{
                              {"unset"}, {"2@3:7"}, {"unset"}, {"1@1:8"}, {"unset"}, {"1@1:8"}, {"1@1:8"}});
  REQUIRE(job.launches.size() == 7);
  CHECK(job.launches[0].ge_use_static_memory().values[0].how == "env -i");
  CHECK(job.launches[2].ge_use_static_memory().values[0].origin.location_text() == "job/run.sh:4:8");
  CHECK(job.launches[2].ge_use_static_memory().values[0].how == "env -u");
  CHECK(job.launches[1].ge_use_static_memory().values[0].how == "env");
  // env -u with nothing to unset, and an option known only at run time: no
  // program is known to run.
  CHECK(read_job({{"/w/job/run.sh", "env -u\n"}}).launches.empty());
  // bash -c runs its operand as a command: child.sh is not read as a script.
  CHECK(read_job({{"/w/job/run.sh", "bash -c child.sh\nbash -xc child.sh\n"}, {"/w/job/child.sh", "python3 f.py\n"}})
            .launches.empty());
  // Each spelling says how the variable was unset.
  const jobs::ShellJob spelled = read_job({{"/w/job/run.sh",
                                            "export GE_USE_STATIC_MEMORY=1\n"
                                            "env --unset=GE_USE_STATIC_MEMORY python3 a.py\n"
                                            "env -uGE_USE_STATIC_MEMORY python3 b.py\n"
                                            "env - python3 c.py\n"
                                            "env --ignore-environment python3 d.py\n"}});
  std::vector<std::string> hows;
  for (const jobs::Launch& launch : spelled.launches) hows.push_back(launch.ge_use_static_memory().values.at(0).how);
  CHECK(hows == std::vector<std::string>{"env -u", "env -u", "env -i", "env -i"});
  // env -i unsets what nothing set too, and every variable of the job.
  const jobs::ShellJob cleared =
      read_job({{"/w/job/run.sh", "export MS_GE_ATOMIC_CLEAN_POLICY=1\nenv -i python3 t.py\n"}});
  REQUIRE(cleared.launches.size() == 1);
  REQUIRE(cleared.launches[0].variables.size() == 2);
  CHECK(cleared.launches[0].variables[0].values[0].how == "env -i");
  CHECK(cleared.launches[0].variables[1].name == "MS_GE_ATOMIC_CLEAN_POLICY");
  CHECK(cleared.launches[0].variables[1].values[0].state == jobs::VariableValue::State::unset);
  CHECK(read_job({{"/w/job/run.sh", "env -\"$OPT\" python3 t.py\n"}}).launches.empty());
  CHECK(job.launches[5].origin.location_text() == "job/child.sh:1:1");
  CHECK(job.launches[6].origin.location_text() == "job/other.sh:1:1");
}

// Functions calling functions N deep, the last exporting the variable:
// followed 16 deep; past that, said where the call is.
TEST_CASE("calls are followed 16 deep, and a deeper one is said not checked", "[shell]") {
  const auto chain = [](int deep) {
    std::string script;
    for (int k = 1; k < deep; ++k) script += "f" + std::to_string(k) + "() { f" + std::to_string(k + 1) + "; }\n";
    script += "f" + std::to_string(deep) + "() { export GE_USE_STATIC_MEMORY=2; }\nf1\npython3 t.py\n";
    return read_job({{"/w/job/run.sh", script}});
  };
  const jobs::ShellJob followed = chain(16);
  CHECK(followed.diagnostics.empty());
  CHECK(ge_values(followed) == std::vector<std::vector<std::string>>{{"2@16:16"}});
  const jobs::ShellJob deeper = chain(17);
  CHECK(ge_values(deeper) == std::vector<std::vector<std::string>>{{"unset"}});
  CHECK(lines(deeper.diagnostics) ==
        std::vector<std::string>{"warning: job/run.sh:16:9: the job's functions, sourced files and child scripts nest "
                                 "more than 16 deep here; what the deeper call sets is not checked"});
  // Said once, wherever else calls go too deep.
  CHECK(read_job({{"/w/job/run.sh", "g() { g; }\nh() { h; }\ng\nh\n"}}).diagnostics.size() == 1);
  // Sourced files count as calls too: run.sh sources a1.sh, which sources a2.sh …
  const auto sourced = [](int deep) {
    std::map<std::string, std::string> files{{"/w/job/run.sh", ". ./a1.sh\npython3 t.py\n"}};
    for (int k = 1; k < deep; ++k)
      files["/w/job/a" + std::to_string(k) + ".sh"] = ". ./a" + std::to_string(k + 1) + ".sh\n";
    files["/w/job/a" + std::to_string(deep) + ".sh"] = "export GE_USE_STATIC_MEMORY=2\n";
    return read_job(files);
  };
  CHECK(sourced(16).diagnostics.empty());
  CHECK(ge_values(sourced(16)) == std::vector<std::vector<std::string>>{{"2@1:8"}});
  CHECK(ge_values(sourced(17)) == std::vector<std::vector<std::string>>{{"unset"}});
  CHECK(lines(sourced(17).diagnostics) ==
        std::vector<std::string>{"warning: job/a16.sh:1:1: the job's functions, sourced files and child "
                                 "scripts nest more than 16 deep here; what the deeper call sets is not checked"});
}

// Each launch's values as bash gives them (run under bash).
TEST_CASE("subshells, conditions and loop conditions are walked, and a decided bash test takes its branch", "[shell]") {
  const jobs::ShellJob job = read_job({{"/w/job/run.sh",
                                        "(export GE_USE_STATIC_MEMORY=2; python3 a.py)\n"
                                        "python3 b.py\n"
                                        "if python3 c.py; then :; fi\n"
                                        "while python3 d.py; do export GE_USE_STATIC_MEMORY=3; done\n"
                                        "MODE=abc\n"
                                        "if [[ $MODE == abc ]]; then export GE_USE_STATIC_MEMORY=4; fi\n"
                                        "if [ \"$MODE\" = xyz ]; then export GE_USE_STATIC_MEMORY=5; fi\n"
                                        "if [ \"$MODE\" != abc ]; then export GE_USE_STATIC_MEMORY=6; fi\n"
                                        "export GE_USE_STATIC_MEMORY\n"
                                        "readonly GE_USE_STATIC_MEMORY=7\n"
                                        "python3 e.py\n"}});
  std::vector<std::string> launchers;
  for (const jobs::Launch& launch : job.launches) launchers.push_back(launch.launcher.value_or("?"));
  CHECK(launchers == std::vector<std::string>{"job/a.py", "job/b.py", "job/c.py", "job/d.py", "job/d.py", "job/e.py"});
  CHECK(ge_values(job) ==
        std::vector<std::vector<std::string>>{{"2@1:9"}, {"unset"}, {"unset"}, {"unset"}, {"3@4:31"}, {"7@10:10"}});
}

TEST_CASE("return ends a function or a sourced file, which may return early, and unset says how", "[shell]") {
  const jobs::ShellJob job = read_job({{"/w/job/run.sh",
                                        "f() { return; export GE_USE_STATIC_MEMORY=2; }\n"
                                        "f\n"
                                        "python3 a.py\n"
                                        "source ./env.sh\n"
                                        "python3 b.py\n"
                                        "unset GE_USE_STATIC_MEMORY\n"
                                        "python3 c.py\n"},
                                       {"/w/job/env.sh",
                                        "export GE_USE_STATIC_MEMORY=1\n"
                                        "[ -n \"$1\" ] && return\n"
                                        "export GE_USE_STATIC_MEMORY=3\n"}});
  CHECK(job.diagnostics.empty());  // naming the variable is not setting it
  CHECK(ge_values(job) == std::vector<std::vector<std::string>>{{"unset"}, {"3@3:8", "1@1:8"}, {"unset"}});
  REQUIRE(job.launches.size() == 3);
  CHECK(job.launches[2].ge_use_static_memory().values[0].how == "unset");
  CHECK(job.launches[2].ge_use_static_memory().values[0].origin.location_text() == "job/run.sh:6:7");
}

TEST_CASE("cd - and cd ~ leave the folder unknown, and python's first .py operand and -m's module are its launcher",
          "[shell]") {
  const jobs::ShellJob job = read_job({{"/w/job/run.sh",
                                        "cd sub\n"
                                        "cd -\n"
                                        "python3 a.py\n"
                                        "cd ~\n"
                                        "python3 home.py\n"
                                        "cd /w/job\n"
                                        "python3 b.py c.py\n"
                                        "pushd sub\n"
                                        "python3 s.py\n"
                                        "cd /w/job\n"
                                        "python3 -m pkg.py\n"
                                        "python3 -m app\n"
                                        "python3 -c run.py\n"},
                                       {"/w/job/pkg/py.py", ""},
                                       {"/w/job/app/__main__.py", ""}});
  std::vector<std::string> launchers;
  for (const jobs::Launch& launch : job.launches) launchers.push_back(launch.launcher.value_or("?"));
  // python -c's operand is code, whatever it looks like.
  CHECK(launchers ==
        std::vector<std::string>{"?", "?", "job/b.py", "job/sub/s.py", "job/pkg/py.py", "job/app/__main__.py", "?"});
}

TEST_CASE("a near miss of the variable's name, in a prefix, after env or in text a command builds, is said",
          "[shell]") {
  const jobs::ShellJob job = read_job({{"/w/job/run.sh",
                                        "GE_USE_STATIC_MEMROY=1 python3 a.py\n"
                                        "env GE_USE_STATlC_MEMORY=1 python3 b.py\n"
                                        "CMD=\"GE_USE_STATIC_MEMORY=1 python3 c.py\"\n"
                                        "printf 'GE_USE_STATIC_MEMORY=1\\n'\n"
                                        "bash ./$NAME.sh\n"}});
  CHECK(lines(job.diagnostics) ==
        std::vector<std::string>{
            "warning: job/run.sh:1:1: GE_USE_STATIC_MEMROY: the engine reads only GE_USE_STATIC_MEMORY; "
            "GE_USE_STATIC_MEMROY does nothing (did you mean GE_USE_STATIC_MEMORY?)",
            "warning: job/run.sh:2:5: GE_USE_STATlC_MEMORY: the engine reads only GE_USE_STATIC_MEMORY; "
            "GE_USE_STATlC_MEMORY does nothing (did you mean GE_USE_STATIC_MEMORY?)",
            "warning: job/run.sh:3:1: GE_USE_STATIC_MEMORY: GE_USE_STATIC_MEMORY is set in text the tool does not run "
            "(a command built from a string), so it cannot be checked",
            "warning: job/run.sh:5:6: the child script \"./$NAME.sh\" is known only when the script runs; the "
            "variables it sets cannot be checked"});
  REQUIRE(job.launches.size() == 2);
  REQUIRE(job.launches[0].variables.size() == 2);
  CHECK(job.launches[0].variables[1].name == "GE_USE_STATIC_MEMROY");
}

TEST_CASE("the environment the job starts in, paths beside the working folder, <<- and a last line without a newline",
          "[shell]") {
  const jobs::ShellJob inherited = read_job({{"/w/job/run.sh", "python3 t.py\n"}}, "job/run.sh", "1");
  REQUIRE(inherited.launches.size() == 1);
  CHECK(inherited.launches[0].ge_use_static_memory().values[0].value == "1");
  CHECK(inherited.launches[0].ge_use_static_memory().values[0].how == "environment");
  // /wide is not under /w, though its name starts the same.
  const jobs::ShellJob beside = read_job(
      {{"/w/job/run.sh", ". /wide/env.sh\npython3 t.py\n"}, {"/wide/env.sh", "export GE_USE_STATIC_MEMORY=2\n"}});
  REQUIRE(beside.launches.size() == 1);
  CHECK(beside.launches[0].ge_use_static_memory().values[0].origin.location_text() == "/wide/env.sh:1:8");
  // <<- strips the tabs before each line and before the delimiter; an empty line is a line.
  const jobs::ShellJob here = read_job({{"/w/job/run.sh",
                                         "cat <<-EOF\n"
                                         "\tx\n"
                                         "\n"
                                         "\tEOF\n"
                                         "export GE_USE_STATIC_MEMORY=2\n"
                                         "python3 t.py\n"}});
  CHECK(ge_values(here) == std::vector<std::vector<std::string>>{{"2@5:8"}});
  // The text ends inside a word, after a blank, in a comment, after a name.
  for (const char* last : {"python3 t.py", "python3 t.py ", "python3 t.py # c", "python3 t.py $X", "python3 t.py \\",
                           "python3 t.py <<EOF\nx\nEOF"}) {
    const jobs::ShellJob job = read_job({{"/w/job/run.sh", last}});
    CHECK(job.diagnostics.empty());
    CHECK(job.launches.size() == 1);
  }
}

// Values as bash gives them (tests/jobs/forms/values_as_bash_quotes runs
// the same under bash), pinned here as known: a "$" before no name is text.
TEST_CASE("a dollar before no name is text, in double quotes or not, and env -- ends env's options", "[shell]") {
  const jobs::ShellJob job = read_job({{"/w/job/run.sh",
                                        "GE_USE_STATIC_MEMORY=\"1$.2\" python3 a.py\n"
                                        "GE_USE_STATIC_MEMORY=\"1$ 2\" python3 b.py\n"
                                        "GE_USE_STATIC_MEMORY=\"1$\" python3 c.py\n"
                                        "GE_USE_STATIC_MEMORY=1$:2 python3 d.py\n"
                                        "env -- -x python3 e.py\n"}});
  CHECK(ge_values(job) == std::vector<std::vector<std::string>>{{"1$.2@1:1"}, {"1$ 2@2:1"}, {"1$@3:1"}, {"1$:2@4:1"}});
}

TEST_CASE("bash runs nothing of the line that holds a syntax error", "[shell]") {
  const jobs::ShellJob job = read_job({{"/w/job/run.sh", "python a.py\npython b.py; if then\npython c.py\n"}});
  CHECK(job.launches.size() == 1);
  REQUIRE(job.diagnostics.size() == 1);
  CHECK(job.diagnostics[0].origin.location_text() == "job/run.sh:2:17");  // at "then", as bash says
  CHECK(lines(job.diagnostics) == std::vector<std::string>{"error: job/run.sh:2:17: syntax error near unexpected token "
                                                           "'then': bash stops here, and nothing after it runs"});
  // Past the commands the walk follows (20000), the rest is said not checked, once.
  std::string script = "f() { :; :; :; :; :; :; :; :; :; :; }\n";
  for (int k = 0; k < 2001; ++k) script += "f\n";
  const jobs::ShellJob long_job = read_job({{"/w/job/run.sh", script + "python3 t.py\n"}});
  CHECK(long_job.launches.empty());
  REQUIRE(long_job.diagnostics.size() == 1);
  CHECK(long_job.diagnostics[0].value.empty());
  CHECK(lines(long_job.diagnostics) ==
        std::vector<std::string>{"warning: job/run.sh:1:10: the job runs more than 20000 commands in the scripts it "
                                 "reads; what comes after is not checked"});
}

TEST_CASE("a sourced file's syntax error ends that file, and the script goes on", "[shell]") {
  const jobs::ShellJob job = read_job(
      {{"/w/job/run.sh", ". ./env.sh\npython3 t.py\n"}, {"/w/job/env.sh", "export GE_USE_STATIC_MEMORY=1\nif then\n"}});
  CHECK(ge_values(job) == std::vector<std::vector<std::string>>{{"1@1:8"}});
  CHECK(lines(job.diagnostics) ==
        std::vector<std::string>{"error: job/env.sh:2:4: syntax error near unexpected token 'then': bash stops reading "
                                 "the file here, and goes on after the command that sources it"});
}

TEST_CASE("an unclosed quote is an error where it opens", "[shell]") {
  const jobs::ShellJob job = read_job({{"/w/job/run.sh", "python a.py\necho \"oops\npython b.py\n"}});
  CHECK(job.launches.size() == 1);
  REQUIRE(job.diagnostics.size() == 1);
  CHECK(job.diagnostics[0].origin.location_text() == "job/run.sh:2:6");
}

TEST_CASE("sourced files are read in place, child scripts with the exported environment", "[shell]") {
  const jobs::ShellJob job =
      read_job({{"/w/job/test/train_full_8p.sh",
                 "cur_path=`pwd`\n"
                 "test_path_dir=${cur_path}\n"
                 "source ${test_path_dir}/env_npu.sh\n"
                 "cd ${cur_path}/..\n"
                 "bash ./test/child.sh\n"
                 "python3 train.py\n"
                 "source ./missing.sh\n"},
                {"/w/job/test/env_npu.sh", "export GE_USE_STATIC_MEMORY=1\nHIDDEN=1\n"},
                {"/w/job/test/child.sh", "python3 ../train.py\nexport GE_USE_STATIC_MEMORY=0\n"}},
               "job/test/train_full_8p.sh");
  CHECK(job.files == std::vector<std::string>{"job/test/train_full_8p.sh", "job/test/env_npu.sh", "job/test/child.sh"});
  REQUIRE(job.launches.size() == 2);
  CHECK(job.launches[0].origin.source == "job/test/child.sh");
  CHECK(job.launches[0].launcher == std::optional<std::string>("train.py"));  // the child runs in job/: ../ is /w
  CHECK(job.launches[1].launcher == std::optional<std::string>("job/train.py"));
  CHECK(ge_values(job) == std::vector<std::vector<std::string>>{{"1@1:8"}, {"1@1:8"}});
  CHECK(job.launches[1].ge_use_static_memory().values[0].origin.source == "job/test/env_npu.sh");
  REQUIRE(job.diagnostics.size() == 1);
  CHECK(job.diagnostics[0].code == DiagnosticCode::not_checkable);
  CHECK_THAT(job.diagnostics[0].message, Catch::Contains("\"job/missing.sh\" does not exist here"));
}

TEST_CASE("cd into a folder named at run time: .. climbs back out", "[shell]") {
  const jobs::ShellJob job = read_job({{"/w/job/run.sh",
                                        "for i in 0 1; do\n  mkdir ./LOG$i\n  cd ./LOG$i\n  python ../train.py &\n"
                                        "  python train.py &\n  cd ..\ndone\n"}});
  REQUIRE(job.launches.size() == 2);
  CHECK(job.launches[0].launcher == std::optional<std::string>("job/train.py"));
  CHECK(job.launches[1].launcher == std::optional<std::string>());
}

TEST_CASE("the programs that start a launcher, and the ones that only run one", "[shell]") {
  const jobs::ShellJob job = read_job({{"/w/job/run.sh",
                                        "${bind_core} python3.7 a.py\n"
                                        "taskset -c 0-23 nohup python b.py\n"
                                        "numactl -C 0-3 python3 c.py\n"
                                        "env GE_USE_STATIC_MEMORY=2 timeout 10 python d.py\n"
                                        "torchrun --nproc_per_node=8 e.py\n"
                                        "python -m torch.distributed.launch --nproc_per_node=8 f.py\n"
                                        "python -c 'print(1)'\n"
                                        "pythonic g.py\n"
                                        "python3. h.py\n"
                                        // timeout's -k and -s, env's -u: options that take a value
                                        "timeout -k 10 3600 python3 i.py\n"
                                        "timeout -s KILL 60 python3 j.py\n"
                                        "env -u HOME GE_USE_STATIC_MEMORY=4 python3 k.py\n"
                                        // numactl's options that take a value, each before a launch
                                        "numactl -N 0 python3 l.py\n"
                                        "numactl -m 0 python3 m.py\n"
                                        "numactl -p 0 python3 n.py\n"
                                        "numactl -i 0 python3 o.py\n"
                                        "numactl -P 0 python3 p.py\n"
                                        "msrun --worker_num=8 q.py\n"
                                        "mpirun -np 8 python3 r.py\n"}});
  std::vector<std::string> launchers;
  for (const jobs::Launch& launch : job.launches) launchers.push_back(launch.launcher.value_or("?"));
  CHECK(launchers == std::vector<std::string>{"job/a.py", "job/b.py", "job/c.py", "job/d.py", "job/e.py", "job/f.py",
                                              "?", "job/i.py", "job/j.py", "job/k.py", "job/l.py", "job/m.py",
                                              "job/n.py", "job/o.py", "job/p.py", "job/q.py", "job/r.py"});
  CHECK(ge_values(job)[3] == std::vector<std::string>{"2@4:5"});
  CHECK(ge_values(job)[9] == std::vector<std::string>{"4@12:13"});
}

TEST_CASE("names meant for the engine's variable, and MindSpore's old one", "[shell]") {
  const jobs::ShellJob job = read_job({{"/w/job/run.sh",
                                        "export ASCEND_GE_USE_STATIC_MEMORY=1\n"
                                        "export ge_use_static_memory=1\n"
                                        "export GE_USE_STATIC_MEMOR=1\n"
                                        "export MS_GE_ATOMIC_CLEAN_POLICY=7\n"
                                        "export GE_USE_STATIC=1\n"
                                        "eval \"GE_USE_STATIC_MEMORY=1 python x.py\"\n"
                                        "python train.py\n"}});
  std::vector<std::string> found = lines(job.diagnostics);
  REQUIRE(found.size() == 5);
  CHECK_THAT(found[0], Catch::StartsWith("warning: job/run.sh:1:8: ASCEND_GE_USE_STATIC_MEMORY: the engine reads only "
                                         "GE_USE_STATIC_MEMORY"));
  CHECK_THAT(found[1], Catch::StartsWith("warning: job/run.sh:2:8: ge_use_static_memory:"));
  CHECK_THAT(found[2], Catch::StartsWith("warning: job/run.sh:3:8: GE_USE_STATIC_MEMOR:"));
  CHECK_THAT(found[3], Catch::StartsWith("warning: job/run.sh:4:8: MS_GE_ATOMIC_CLEAN_POLICY: "
                                         "MS_GE_ATOMIC_CLEAN_POLICY is deprecated"));
  CHECK_THAT(found[4], Catch::StartsWith("warning: job/run.sh:6:6: GE_USE_STATIC_MEMORY:"));
  REQUIRE(job.launches.size() == 1);
  const std::vector<Diagnostic> checked = jobs::check_launch(job.launches[0], {});
  REQUIRE(checked.size() == 1);  // 7 is no atomic policy
  CHECK(checked[0].severity == Severity::error);
  CHECK(checked[0].origin.location_text() == "job/run.sh:4:8");
}

TEST_CASE("a launch checked in context: the variable's diagnostics are where the script sets it", "[shell]") {
  const jobs::ShellJob job = read_job({{"/w/job/run.sh",
                                        "if [ -n \"$X\" ]; then export GE_USE_STATIC_MEMORY=1; fi\n"
                                        "python train.py\n"}});
  REQUIRE(job.launches.size() == 1);
  ValidationContext context;
  context.concurrent_graphs = true;
  const std::vector<std::string> found = lines(jobs::check_launch(job.launches[0], context));
  REQUIRE(found.size() == 2);
  CHECK(found[0] ==
        "warning: job/run.sh:1:29: static_memory_policy (GE_USE_STATIC_MEMORY): \"1\" combined with "
        "static_memory_policy 0 (dynamic), the engine's default, makes the engine run 2 (expand_static_shape) (where "
        "the "
        "export here may or may not happen when the job runs)");
  CHECK_THAT(found[1], Catch::StartsWith("error: job/run.sh:1:29: static_memory_policy (GE_USE_STATIC_MEMORY): 2 "
                                         "(expand_static_shape) is not supported when graphs execute concurrently"));
  // The environment the job starts in: not a place in the script.
  const jobs::ShellJob inherited = read_job({{"/w/job/run.sh", "python train.py\n"}}, "job/run.sh", "2");
  CHECK(ge_values(inherited) == std::vector<std::vector<std::string>>{{"2@"}});
}

TEST_CASE("what a shell script is", "[shell]") {
  CHECK(jobs::is_shell_script("run.sh", ""));
  CHECK(jobs::is_shell_script("run.bash", ""));
  CHECK(jobs::is_shell_script("run", "#!/bin/bash\necho"));
  CHECK(jobs::is_shell_script("run", "#!/usr/bin/env sh\n"));
  CHECK_FALSE(jobs::is_shell_script("run", "#!/usr/bin/python3\n"));
  CHECK_FALSE(jobs::is_shell_script("run.py", "#!/bin/bashful\n"));
  CHECK_FALSE(jobs::is_shell_script("config.json", "{}"));
}

TEST_CASE("a loop's next round sees what the round before exported after its launch", "[shell]") {
  const jobs::ShellJob job = read_job({{"/w/job/run.sh",
                                        "for i in 0 1; do\n"
                                        "  python train.py &\n"
                                        "  export GE_USE_STATIC_MEMORY=3\n"
                                        "done\n"}});
  CHECK(ge_values(job) == std::vector<std::vector<std::string>>{{"unset"}, {"3@3:10"}});
}

TEST_CASE("conditions the script decides, functions that return, set -a", "[shell]") {
  const jobs::ShellJob job = read_job({{"/w/job/test/run.sh",
                                        "cur_path=`pwd`\n"
                                        "last=${cur_path##*/}\n"
                                        "if [ x\"${last}\" == x\"test\" ]; then\n"
                                        "  export GE_USE_STATIC_MEMORY=2\n"
                                        "else\n"
                                        "  export GE_USE_STATIC_MEMORY=4\n"
                                        "fi\n"
                                        "python a.py\n"
                                        "f() {\n"
                                        "  [ -n \"$1\" ] && return\n"
                                        "  export GE_USE_STATIC_MEMORY=0\n"
                                        "}\n"
                                        "f x\n"
                                        "python b.py\n"
                                        "set -a\n"
                                        "GE_USE_STATIC_MEMORY=3\n"
                                        "python c.py\n"
                                        "exit 0\n"
                                        "python d.py\n"}},
                                      "job/test/run.sh");
  // After f: what its end left, then what its return left.
  CHECK(ge_values(job) == std::vector<std::vector<std::string>>{{"2@4:10"}, {"0@11:10", "2@4:10"}, {"3@16:1"}});
}

// Values as bash gives them, run with no argument and with "fast": a2.sh
// 2 and 2; b2.sh nothing and 2; c.sh 2 (what the tool cannot decide it
// lists both ways).
TEST_CASE("set -a in both branches, a case arm's export, a pattern in a bash test not compared as text", "[shell]") {
  const jobs::ShellJob both = read_job({{"/w/job/run.sh",
                                         "if [ -n \"$1\" ]; then\n"
                                         "  set -a\n"
                                         "else\n"
                                         "  set -a\n"
                                         "fi\n"
                                         "GE_USE_STATIC_MEMORY=2\n"
                                         "python3 t.py\n"}});
  CHECK(ge_values(both) == std::vector<std::vector<std::string>>{{"2@6:1"}});
  const jobs::ShellJob arm = read_job({{"/w/job/run.sh",
                                        "case \"$1\" in\n"
                                        "  fast) export GE_USE_STATIC_MEMORY=2 ;;\n"
                                        "esac\n"
                                        "python3 t.py\n"}});
  CHECK(ge_values(arm) == std::vector<std::vector<std::string>>{{"unset", "2@2:16"}});
  const jobs::ShellJob pattern = read_job({{"/w/job/run.sh",
                                            "MODE=abc\n"
                                            "if [[ $MODE == a* ]]; then\n"
                                            "  export GE_USE_STATIC_MEMORY=2\n"
                                            "fi\n"
                                            "python3 t.py\n"}});
  CHECK(ge_values(pattern) == std::vector<std::vector<std::string>>{{"2@3:10", "unset"}});
}

// Values as bash gives them, run with no argument and with one: unset and 2,
// both times.
TEST_CASE("set -a or an export in one branch exports a later assignment on that path only", "[shell]") {
  const jobs::ShellJob set_a = read_job({{"/w/job/run.sh",
                                          "if [ -n \"$1\" ]; then set -a; fi\n"
                                          "GE_USE_STATIC_MEMORY=2\n"
                                          "python3 t.py\n"}});
  CHECK(ge_values(set_a) == std::vector<std::vector<std::string>>{{"unset", "2@2:1"}});
  const jobs::ShellJob exported = read_job({{"/w/job/run.sh",
                                             "if [ -n \"$1\" ]; then export GE_USE_STATIC_MEMORY=1; fi\n"
                                             "GE_USE_STATIC_MEMORY=2\n"
                                             "python3 t.py\n"}});
  CHECK(ge_values(exported) == std::vector<std::vector<std::string>>{{"2@2:1", "unset"}});
  // Exported in the else branch only: the same.
  const jobs::ShellJob exported_in_else =
      read_job({{"/w/job/run.sh",
                 "if [ -n \"$1\" ]; then :; else export GE_USE_STATIC_MEMORY=1; fi\n"
                 "GE_USE_STATIC_MEMORY=2\n"
                 "python3 t.py\n"}});
  CHECK(ge_values(exported_in_else) == std::vector<std::vector<std::string>>{{"unset", "2@2:1"}});
  // A function defined in one branch may be called after it.
  const jobs::ShellJob function = read_job({{"/w/job/run.sh",
                                             "if [ -n \"$1\" ]; then f() { export GE_USE_STATIC_MEMORY=2; }; fi\n"
                                             "f\n"
                                             "python3 t.py\n"}});
  CHECK(ge_values(function) == std::vector<std::vector<std::string>>{{"2@1:35", "unset"}});
  // Defined in an else branch: the same.
  const jobs::ShellJob in_else =
      read_job({{"/w/job/run.sh",
                 "if [ -n \"$1\" ]; then :; else f() { export GE_USE_STATIC_MEMORY=2; }; fi\n"
                 "f\n"
                 "python3 t.py\n"}});
  CHECK(ge_values(in_else).at(0).size() == 2);
  // Defined on every path of a branch but only some paths before it: some paths after.
  const jobs::ShellJob twice = read_job({{"/w/job/run.sh",
                                          "if [ -n \"$1\" ]; then f() { export GE_USE_STATIC_MEMORY=2; }; fi\n"
                                          "if [ -n \"$2\" ]; then f() { export GE_USE_STATIC_MEMORY=3; }; fi\n"
                                          "f\n"
                                          "python3 t.py\n"}});
  CHECK(ge_values(twice).at(0).back() == "unset");
  // Defined before the branch: defined on every path after it.
  const jobs::ShellJob before = read_job({{"/w/job/run.sh",
                                           "f() { export GE_USE_STATIC_MEMORY=2; }\n"
                                           "if [ -n \"$1\" ]; then :; fi\n"
                                           "f\n"
                                           "python3 t.py\n"}});
  CHECK(ge_values(before) == std::vector<std::vector<std::string>>{{"2@1:14"}});
  // A variable exported on every path keeps one value: its later value is known.
  const jobs::ShellJob again = read_job({{"/w/job/run.sh",
                                          "DIR=/w/job/a\n"
                                          "export DIR\n"
                                          "DIR=/w/job/b\n"
                                          "python3 $DIR/t.py\n"}});
  REQUIRE(again.launches.size() == 1);
  CHECK(again.launches[0].launcher == "job/b/t.py");
}

TEST_CASE("python -m names the module's file where it is there", "[shell]") {
  const jobs::ShellJob job = read_job(
      {{"/w/job/run.sh", "python3 -m tools.train --x\npython3 -m json.tool a\n"}, {"/w/job/tools/train.py", ""}});
  REQUIRE(job.launches.size() == 2);
  CHECK(job.launches[0].launcher == std::optional<std::string>("job/tools/train.py"));
  CHECK(job.launches[1].launcher == std::optional<std::string>());
}

// As Python's import finds a module (its path finder, folder by folder): a
// package with __init__.py before a module of its name, a module before a
// folder without one.
TEST_CASE("python -m takes a package before a module of its name, and a module before a namespace package", "[shell]") {
  const jobs::ShellJob job = read_job({{"/w/job/run.sh", "python3 -m pkg\npython3 -m ns\npython3 -m bare\n"},
                                       {"/w/job/pkg/__init__.py", ""},
                                       {"/w/job/pkg/__main__.py", ""},
                                       {"/w/job/pkg.py", ""},
                                       {"/w/job/ns/__main__.py", ""},
                                       {"/w/job/ns.py", ""},
                                       {"/w/job/bare/__init__.py", ""}});
  std::vector<std::string> launchers;
  for (const jobs::Launch& launch : job.launches) launchers.push_back(launch.launcher.value_or("?"));
  // bare: a package without __main__.py, which python cannot run.
  CHECK(launchers == std::vector<std::string>{"job/pkg/__main__.py", "job/ns.py", "?"});
}

// What bash would show only on paths the judge's run does not take, or
// outside the values it compares.
TEST_CASE("after && a command may run, a bare assignment says so, and a redirection's number is no operand",
          "[shell]") {
  const jobs::ShellJob job = read_job({{"/w/job/run.sh",
                                        "[ -f x ] && export GE_USE_STATIC_MEMORY=1\n"
                                        "python3 0</dev/null a.py\n"}});
  CHECK(ge_values(job) == std::vector<std::vector<std::string>>{{"unset", "1@1:20"}});
  REQUIRE(job.launches.size() == 1);
  CHECK(job.launches[0].launcher == std::optional<std::string>("job/a.py"));
  const jobs::ShellJob bare = read_job({{"/w/job/run.sh",
                                         "export GE_USE_STATIC_MEMORY\n"
                                         "if [ -n \"$X\" ]; then GE_USE_STATIC_MEMORY=1; fi\n"
                                         "python train.py\n"}});
  REQUIRE(bare.launches.size() == 1);
  ValidationContext context;
  context.concurrent_graphs = true;
  const std::vector<std::string> found = lines(jobs::check_launch(bare.launches[0], context));
  REQUIRE_FALSE(found.empty());
  CHECK_THAT(found[0], Catch::StartsWith("warning: job/run.sh:2:22: static_memory_policy (GE_USE_STATIC_MEMORY)"));
  CHECK_THAT(found[0], Catch::EndsWith(" (where the assignment here may or may not happen when the job runs)"));
}

TEST_CASE("an empty script, an arithmetic command left open, and the budget said once over branches", "[shell]") {
  const jobs::ShellJob empty = read_job({{"/w/job/run.sh", ""}});
  CHECK(empty.launches.empty());
  CHECK(empty.diagnostics.empty());
  CHECK(empty.files == std::vector<std::string>{"job/run.sh"});
  const jobs::ShellJob open = read_job({{"/w/job/run.sh", "python3 a.py\n((x\n"}});
  CHECK(open.launches.size() == 1);
  // Where "((" opens, as bash names the line.
  CHECK(lines(open.diagnostics) ==
        std::vector<std::string>{"error: job/run.sh:2:1: unexpected end of file while looking "
                                 "for the matching '))': bash stops here, and nothing after "
                                 "it runs"});
  std::string script = "f() { :; :; :; :; :; :; :; :; :; :; }\nif [ -n \"$X\" ]; then\n";
  for (int k = 0; k < 2001; ++k) script += "f\n";
  const jobs::ShellJob long_job = read_job({{"/w/job/run.sh", script + "fi\npython3 t.py\n"}});
  CHECK(long_job.launches.empty());
  CHECK(lines(long_job.diagnostics) ==
        std::vector<std::string>{"warning: job/run.sh:1:7: the job runs more than 20000 commands in the scripts it "
                                 "reads; what comes after is not checked"});
}

TEST_CASE("the not_checkable wording", "[shell]") {
  const jobs::ShellJob job = read_job({{"/w/job/run.sh", "source $ENV_FILE\nexport GE_USE_STATIC_MEMORY=$(cat m)\n"}});
  CHECK(lines(job.diagnostics) ==
        std::vector<std::string>{
            "warning: job/run.sh:1:8: the sourced file \"$ENV_FILE\" is known only when the script runs; the "
            "variables it sets cannot be checked",
            "warning: job/run.sh:2:29: GE_USE_STATIC_MEMORY: \"$(cat m)\" is known only when the job runs, so it "
            "cannot be checked; write the value itself to have it checked"});
}

TEST_CASE("a child script sees what is exported only, and a command prefix is that command's alone", "[shell]") {
  const jobs::ShellJob job = read_job({{"/w/job/run.sh",
                                        "GE_USE_STATIC_MEMORY=2\n"
                                        "bash ./child.sh\n"
                                        "GE_USE_STATIC_MEMORY=3 python b.py\n"
                                        "python c.py\n"},
                                       {"/w/job/child.sh", "python a.py\n"}});
  REQUIRE(job.launches.size() == 3);
  CHECK(job.launches[0].origin.source == "job/child.sh");
  CHECK(ge_values(job) == std::vector<std::vector<std::string>>{{"unset"}, {"3@3:1"}, {"unset"}});
  CHECK(job.launches[2].ge_use_static_memory().values[0].how == "not exported");
}

TEST_CASE("a child script's return ends the child, not the function that runs it", "[shell]") {
  const jobs::ShellJob job = read_job({{"/w/job/run.sh", "f() { bash ./child.sh; python a.py; }\nf\npython b.py\n"},
                                       {"/w/job/child.sh", "export GE_USE_STATIC_MEMORY=2\nreturn\n"}});
  CHECK(ge_values(job) == std::vector<std::vector<std::string>>{{"unset"}, {"unset"}});
}

TEST_CASE("arrays, the old arithmetic and redirections after a compound command parse as bash parses them", "[shell]") {
  const jobs::ShellJob job = read_job({{"/w/job/run.sh",
                                        "devices=(0 1\n  2 3)\n"
                                        "declare -A card=(\n[\"a\"]=1\n)\n"
                                        "n=$[(8-1)/2]\n"
                                        "( export GE_USE_STATIC_MEMORY=1 ) 2>err.log\n"
                                        "{ python a.py; } >out.log 2>&1\n"
                                        "cat <<'EOF' | tee x\n"
                                        "$(unbalanced (\n"
                                        "EOF\n"
                                        "export GE_USE_STATIC_MEMORY=${devices[0]}\n"
                                        "python b.py\n"}});
  CHECK(job.diagnostics.size() == 1);  // the value with an expansion
  CHECK(ge_values(job) == std::vector<std::vector<std::string>>{{"unset"}, {"?"}});
}

TEST_CASE("paths as a script names them: . and .. taken out, as text", "[shell]") {
  CHECK(detail::normal_path("") == ".");
  CHECK(detail::normal_path("/") == "/");
  CHECK(detail::normal_path("/..") == "/");
  CHECK(detail::normal_path("a/../..") == "..");
  CHECK(detail::normal_path("../../a/./b/") == "../../a/b");
  CHECK(detail::joined_path("/w", "/etc/./x") == "/etc/x");
  CHECK(detail::joined_path("/w/a", "../b") == "/w/b");
  CHECK(detail::folder_of("a/b/") == "a");
  CHECK(detail::folder_of("/x") == "/");
  CHECK(detail::folder_of("x") == ".");
  CHECK_FALSE(detail::is_known_path(detail::joined_path("/w", std::string("LOG") + "\x01")));
}

TEST_CASE("the values a script knows before it runs: $0, pwd, dirname, cd … pwd, trimmed names", "[shell]") {
  // Each line's launcher is the path the expansion gives.
  const jobs::ShellJob job = read_job({{"/w/job/run.sh",
                                        "p=/w/job/a/b.d/c\n"
                                        "python ${p##*/}.py\n"
                                        "python ${p#*/}.py\n"
                                        "python ${p%/*}.py\n"
                                        "python ${p%%/*}x.py\n"
                                        "python ${p#/w}.py\n"
                                        "python ${p%c}z.py\n"
                                        "python ${p%q}.py\n"
                                        "python ${p#*q}.py\n"
                                        "python ${p#*[}.py\n"
                                        "python $(dirname $0)/d.py\n"
                                        "python `realpath -f e`.py\n"
                                        "python $(cd sub; pwd)/f.py\n"
                                        "python $(cd sub || exit; pwd)/g.py\n"
                                        "python $(pwd; pwd)/h.py\n"
                                        "python $PWD/i.py\n"
                                        "python ${PWD}/j.py\n"
                                        "python $(echo)/k.py\n"
                                        "python $(dirname)/l.py\n"
                                        "python $(dirname \"$(unknown)\")/m.py\n"
                                        "python $(cd \"$(unknown)\"; pwd)/n.py\n"
                                        "python $(realpath -f \"$(unknown)\")/o.py\n"
                                        "python \"`pwd`/p.py\"\n"
                                        "python $(cd sub && pwd)/q.py\n"
                                        "python $(readlink -f r)/r.py\n"
                                        "python $01.py\n"}});
  std::vector<std::string> launchers;
  for (const jobs::Launch& launch : job.launches) launchers.push_back(launch.launcher.value_or("?"));
  CHECK(launchers == std::vector<std::string>{"job/c.py",
                                              "job/w/job/a/b.d/c.py",
                                              "job/a/b.d.py",
                                              "job/x.py",
                                              "/job/a/b.d/c.py",  // ${p#/w}: absolute, outside /w
                                              "job/a/b.d/z.py",
                                              "job/a/b.d/c.py",
                                              "job/a/b.d/c.py",
                                              "?",
                                              "job/d.py",
                                              "job/e.py",
                                              "job/sub/f.py",
                                              "job/sub/g.py",
                                              "?",
                                              "job/i.py",
                                              "job/j.py",
                                              "?",
                                              "?",
                                              "?",
                                              "?",
                                              "?",
                                              "job/p.py",
                                              "job/sub/q.py",
                                              "job/r/r.py",
                                              "job/run.sh1.py"});  // $0, then "1": names are not digits
}

TEST_CASE("the programs a launch is not, and the options a launcher is after", "[shell]") {
  const jobs::ShellJob job = read_job({{"/w/job/run.sh",
                                        "python3-config a.py\n"
                                        "python3.1a b.py\n"
                                        "python -W ignore -X dev c.py\n"
                                        "python -u d.txt e.py\n"
                                        "torchrun --nnodes 1 f.txt g.py\n"
                                        "python3 -m\n"
                                        "python3 -m torch.distributed.run\n"
                                        "mpiexec -n 8 python h.py\n"
                                        "horovodrun -np 8 i.py\n"
                                        "msrun j.py\n"}});
  std::vector<std::string> seen;
  for (const jobs::Launch& launch : job.launches) seen.push_back(launch.program + " " + launch.launcher.value_or("?"));
  CHECK(seen == std::vector<std::string>{"python job/c.py", "python ?", "torchrun job/g.py", "python3 ?", "python3 ?",
                                         "mpiexec job/h.py", "horovodrun job/i.py", "msrun job/j.py"});
}

TEST_CASE("export's, declare's and set's forms, and unset", "[shell]") {
  const jobs::ShellJob job = read_job({{"/w/job/run.sh",
                                        "GE_USE_STATIC_MEMORY=1\n"
                                        "export GE_USE_STATIC_MEMORY\n"
                                        "python a.py\n"
                                        "declare -x -r GE_USE_STATIC_MEMORY=2\n"
                                        "python b.py\n"
                                        "typeset GE_USE_STATIC_MEMORY=3\n"
                                        "python c.py\n"
                                        "export -n GE_USE_STATIC_MEMORY\n"
                                        "python d.py\n"
                                        "set -o allexport\n"
                                        "GE_USE_STATIC_MEMORY=4\n"
                                        "python e.py\n"
                                        "set +a\n"
                                        "unset -v GE_USE_STATIC_MEMORY\n"
                                        "GE_USE_STATIC_MEMORY=0\n"
                                        "python f.py\n"
                                        "GE_USE_STATIC_MEMORY+=1\n"
                                        "export ge_use_static_memory\n"
                                        "ge_use_static_memory=1 python g.py\n"}});
  CHECK(ge_values(job) == std::vector<std::vector<std::string>>{
                              {"1@1:1"}, {"2@4:15"}, {"3@6:9"}, {"unset"}, {"4@11:1"}, {"unset"}, {"unset"}});
  REQUIRE(job.launches.size() == 7);
  REQUIRE(job.launches[6].variables.size() == 2);
  CHECK(job.launches[6].variables[1].name == "ge_use_static_memory");
}

TEST_CASE("corners of the walk: what is followed, and what is only possible", "[shell]") {
  const std::map<std::string, std::string> files = {
      {"/w/job/run.sh",
       "if c; then set -a; fi\n"
       "if [ a \"$op\" b ]; then :; fi; if test a = a; then python t.py; fi; if a; b; then :; fi\n"
       "cd ./L$i; if [ \"$PWD\" = x ]; then :; fi; python -m mod; cd ..\n"
       "cd \"\"; cd $X; python $(realpath -f a)/r.py; python $(cd a; pwd)/c.py; cd /w/job\n"
       "python ${p%} ${p##} ${#p} $ $() $((1)) $(dirname ;) $(realpath -e x) `echo \"x`/q.py\n"
       "export \"Q\"=1; printf 'GE_USE_STATIC_MEMORY=1'; unset \"$V\"; set -o pipefail\n"
       "A=1 python a.py; ASCEND_GE_USE_STATIC_MEMORY=1 python b.py; command python3 c.py; python \"\" d.py\n"
       "if c; then export GE_USE_STATIC_MEMORY=1; else GE_USE_STATIC_MEMORY=2; fi\n"
       "GE_USE_STATIC_MEMORY=3 bash ./child.sh\n"
       "bash ./child.sh\n"
       "f() { python e.py; }; f; export GE_USE_STATIC_MEMORY=4; f\n"
       "g() { g; }; g\n"
       "source .; source ./L$i/x.sh; source\n"},
      {"/w/job/child.sh", "python child.py\n"}};
  const jobs::ShellJob job = jobs::read_shell_job(
      "job/run.sh",
      [&](const std::string& path) -> std::optional<std::string> {
        const auto found = files.find(path);
        if (found == files.end()) return std::nullopt;
        return found->second;
      },
      std::nullopt, "/w");
  std::vector<std::string> launches;
  for (const jobs::Launch& launch : job.launches) {
    launches.push_back(to_string(launch.origin.position) + " " + launch.launcher.value_or("?"));
  }
  // Launches where their commands start; after "cd $X", no path is known.
  CHECK(launches == std::vector<std::string>{"2:51 job/t.py", "3:42 ?", "4:15 ?", "4:45 ?", "5:1 ?", "7:1 job/a.py",
                                             "7:18 job/b.py", "7:61 job/c.py", "7:83 ?", "1:1 job/child.py",
                                             "1:1 job/child.py", "11:7 job/e.py", "11:7 job/e.py"});
  // The child run with the prefix gets 3; the one after, either value the
  // if left, 2 exported or not as set -a ran or not.
  REQUIRE(job.launches.size() == 13);
  CHECK(ge_values(job)[9] == std::vector<std::string>{"3@9:1"});
  CHECK(ge_values(job)[10] == std::vector<std::string>{"1@8:19", "2@8:48", "unset"});
  CHECK(ge_values(job)[11] == std::vector<std::string>{"1@8:19", "unset", "2@8:48"});
  CHECK(ge_values(job)[12] == std::vector<std::string>{"4@11:33"});
  // A script that cannot be read reads nothing.
  const jobs::ShellJob none = read_job({}, "job/missing.sh");
  CHECK(none.launches.empty());
  CHECK(none.files.empty());
  // From the root, paths are named from it.
  const jobs::ShellJob from_root = jobs::read_shell_job(
      "run.sh", [](const std::string&) { return std::optional<std::string>("python a.py\nsource /\n"); }, std::nullopt,
      "/");
  REQUIRE(from_root.files == std::vector<std::string>{"run.sh", "/"});  // every path reads as the script here
  CHECK(from_root.launches[0].launcher == std::optional<std::string>("a.py"));
}

TEST_CASE("the config files a launch names, and Lite's benchmark", "[shell]") {
  const jobs::ShellJob job = read_job({{"/w/job/run.sh",
                                        "d=$(pwd)\n"
                                        "\"${LITE_HOME}\"/tools/benchmark/benchmark --configFile=\"$d/m.ini\"\n"
                                        "python3 a.py --config_file cfg.json --config_file=$CFG\n"
                                        "python3 b.py --configFile x.ini --config_file\n"
                                        "benchmarks --configFile=y.ini\n"
                                        "python3 c.py --config\"_file=z.json\"\n"
                                        "python3 d.py --config_file=..\n"}});
  REQUIRE(job.launches.size() == 5);
  std::vector<std::string> named;
  for (const jobs::Launch& launch : job.launches) {
    for (const jobs::NamedConfigFile& file : launch.config_files) {
      named.push_back(file.option + " " + file.path.value_or("?") + "@" + file.origin.location_text());
    }
  }
  CHECK(named == std::vector<std::string>{"--configFile job/m.ini@job/run.sh:2:55",
                                          "--config_file job/cfg.json@job/run.sh:3:28",
                                          "--config_file ?@job/run.sh:3:51", "--configFile job/x.ini@job/run.sh:4:27",
                                          "--config_file job/z.json@job/run.sh:6:28",  // the option's name in two parts
                                          "--config_file .@job/run.sh:7:28"});         // the working folder itself
  CHECK(job.launches[0].mindspore_lite);
  CHECK_FALSE(job.launches[1].mindspore_lite);
}

TEST_CASE("a launch's config is checked also where the environment leaves the variable unset", "[shell]") {
  const jobs::ShellJob job = read_job({{"/w/job/run.sh", "python3 a.py\n"}});
  REQUIRE(job.launches.size() == 1);
  ValidationContext context;
  context.concurrent_graphs = true;
  MemoryConfig config;
  config.static_memory_policy = StaticMemoryPolicy::expand_static_shape;
  const std::vector<Diagnostic> found = jobs::check_launch(job.launches[0], context, config);
  REQUIRE(found.size() == 1);
  CHECK(found[0].code == DiagnosticCode::concurrent_graphs);
  CHECK(jobs::check_launch(job.launches[0], context).empty());
}

TEST_CASE("a launcher's writes of the environment, applied to its launch", "[shell][launcher]") {
  const jobs::ShellJob job = read_job({{"/w/job/run.sh",
                                        "if [ -n \"$X\" ]; then export GE_USE_STATIC_MEMORY=1; fi\n"
                                        "python3 train.py\n"}});
  REQUIRE(job.launches.size() == 1);
  using Operation = jobs::EnvironmentWrite::Operation;
  const auto write = [](Operation operation, std::optional<std::string> value, std::size_t line, bool certain,
                        std::string name = "GE_USE_STATIC_MEMORY") {
    return jobs::EnvironmentWrite{
        std::move(name), operation, value, value ? "'" + *value + "'" : "args.m", {"train.py", {}, {}, {line, 1}},
        "os.environ",    certain};
  };
  const auto values = [](const jobs::Launch& launch) {
    std::vector<std::string> out;
    for (const jobs::VariableValue& value : launch.ge_use_static_memory().values) {
      out.push_back(value.state == jobs::VariableValue::State::unset ? "unset@" + value.origin.location_text()
                    : value.state == jobs::VariableValue::State::unknown
                        ? "?" + value.value
                        : value.value + "@" + value.origin.location_text());
    }
    return out;
  };
  std::vector<Diagnostic> notes;
  // The script may or may not export 1: setdefault fills in the unset case only.
  CHECK(
      values(jobs::with_launcher_environment(job.launches[0], {write(Operation::set_default, "2", 3, true)}, notes)) ==
      std::vector<std::string>{"1@job/run.sh:1:29", "2@train.py:3:1"});
  CHECK(
      values(jobs::with_launcher_environment(job.launches[0], {write(Operation::set_default, "2", 3, false)}, notes)) ==
      std::vector<std::string>{"1@job/run.sh:1:29", "unset@", "2@train.py:3:1"});
  CHECK(values(jobs::with_launcher_environment(job.launches[0], {write(Operation::set, "3", 4, true)}, notes)) ==
        std::vector<std::string>{"3@train.py:4:1"});
  CHECK(values(jobs::with_launcher_environment(job.launches[0], {write(Operation::unset, std::nullopt, 5, false)},
                                               notes)) ==
        std::vector<std::string>{"1@job/run.sh:1:29", "unset@", "unset@train.py:5:1"});
  CHECK(values(jobs::with_launcher_environment(
            job.launches[0], {write(Operation::set, "3", 4, true), write(Operation::unset, std::nullopt, 5, true)},
            notes)) == std::vector<std::string>{"unset@train.py:5:1"});
  // A write that may or may not run adds its value, once however often it is read.
  CHECK(values(jobs::with_launcher_environment(
            job.launches[0], {write(Operation::set, "3", 4, false), write(Operation::set, "3", 4, false)}, notes)) ==
        std::vector<std::string>{"1@job/run.sh:1:29", "unset@", "3@train.py:4:1"});
  CHECK(notes.empty());
  // A value that is no literal, and a name meant for the engine's variable.
  const jobs::Launch written = jobs::with_launcher_environment(
      job.launches[0],
      {write(Operation::set, std::nullopt, 6, true), write(Operation::set, "1", 7, true, "ASCEND_GE_USE_STATIC_MEMORY"),
       write(Operation::set, "1", 8, true, "HCCL_CONNECT_TIMEOUT")},
      notes);
  CHECK(values(written) == std::vector<std::string>{"?args.m"});
  REQUIRE(written.variables.size() == 2);  // HCCL_CONNECT_TIMEOUT is none of the job's
  CHECK(written.variables[1].name == "ASCEND_GE_USE_STATIC_MEMORY");
  REQUIRE(notes.size() == 2);
  CHECK(notes[0].code == DiagnosticCode::not_checkable);
  CHECK(notes[0].origin.location_text() == "train.py:6:1");
  CHECK(notes[1].code == DiagnosticCode::near_miss_key);
  CHECK(notes[1].origin.location_text() == "train.py:7:1");
}

TEST_CASE("the variable's assignment edited in place: its value, inside its quotes, or the word removed", "[shell]") {
  const auto edit = [](const std::string& text, SourcePosition at, const std::optional<std::string>& value) {
    const WriteResult result = jobs::edit_variable(text, at, value, "run.sh");
    CHECK(result.diagnostics.empty());
    return result.text.value_or("(not edited)");
  };
  const std::string launch = "python3 t.py\n";
  CHECK(edit("export GE_USE_STATIC_MEMORY=1\n" + launch, {1, 8}, "2") == "export GE_USE_STATIC_MEMORY=2\n" + launch);
  CHECK(edit("GE_USE_STATIC_MEMORY=\"1\" " + launch, {1, 1}, "0") == "GE_USE_STATIC_MEMORY=\"0\" " + launch);
  CHECK(edit("x\nGE_USE_STATIC_MEMORY='1' " + launch, {2, 1}, "0") == "x\nGE_USE_STATIC_MEMORY='0' " + launch);
  CHECK(edit("GE_USE_STATIC_MEMORY=\"\" " + launch, {1, 1}, "4") == "GE_USE_STATIC_MEMORY=\"4\" " + launch);
  CHECK(edit("GE_USE_STATIC_MEMORY=\"1\"'2' " + launch, {1, 1}, "0") == "GE_USE_STATIC_MEMORY=0 " + launch);
  CHECK(edit("GE_USE_STATIC_MEMORY=11 " + launch, {1, 1}, "2") == "GE_USE_STATIC_MEMORY=2 " + launch);
  // Removed: the whole line when nothing else (or only export) stands on
  // it, else the word with the blank that follows it, or the one before it.
  CHECK(edit("a=1\n  export GE_USE_STATIC_MEMORY=1 \r\n" + launch, {2, 10}, std::nullopt) == "a=1\n" + launch);
  CHECK(edit("GE_USE_STATIC_MEMORY=1\n" + launch, {1, 1}, std::nullopt) == launch);
  CHECK(edit("export A=1 GE_USE_STATIC_MEMORY=1 B=2\n", {1, 12}, std::nullopt) == "export A=1 B=2\n");
  CHECK(edit("export A=1 GE_USE_STATIC_MEMORY=1\n", {1, 12}, std::nullopt) == "export A=1\n");
  CHECK(edit("GE_USE_STATIC_MEMORY=1 " + launch, {1, 1}, std::nullopt) == launch);

  // Where it cannot: an error at the place, naming the variable, with why.
  const auto refused = [](const std::string& text, SourcePosition at) {
    const WriteResult result = jobs::edit_variable(text, at, std::nullopt, "run.sh");
    CHECK_FALSE(result.ok());
    REQUIRE(result.diagnostics.size() == 1);
    const Diagnostic& diagnostic = result.diagnostics[0];
    CHECK(diagnostic.severity == Severity::error);
    CHECK(diagnostic.code == DiagnosticCode::not_updatable);
    CHECK(diagnostic.origin.source == "run.sh");
    CHECK(diagnostic.origin.position == at);
    CHECK(diagnostic.key == "GE_USE_STATIC_MEMORY");
    CHECK(diagnostic.value.empty());
    return diagnostic.message;
  };
  CHECK(refused("echo hi; GE_USE_STATIC_MEMORY=1\n", {1, 10}) == "the assignment shares its line with another command");
  CHECK(refused("GE_USE_STATIC_MEMORY=1\n", {1, 2}) == "no assignment of GE_USE_STATIC_MEMORY stands there");
  CHECK(refused("A=1\n", {1, 1}) == "no assignment of GE_USE_STATIC_MEMORY stands there");
  CHECK(refused("GE_USE_STATIC_MEMORY=1 ; echo\n", {1, 24}) == "no assignment of GE_USE_STATIC_MEMORY stands there");
}
