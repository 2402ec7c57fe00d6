#!/usr/bin/env python3
"""The mutation ledger (scripts/lib/mutation_ledger.py) on a scratch repository.

A recorded kill holds while nothing it depends on changed; a change to the
patch, a listed file, a file under a listed folder, or the stage's command
makes the mutant run again; a file it does not read does not. The sample is
the commit's; a ledger line without its mutant stops the run.

    mutation_ledger_test.py ROOT
"""
import os
import subprocess
import sys
import tempfile
import unittest

TOOL = os.path.join(sys.argv.pop(1), "scripts", "lib", "mutation_ledger.py")

PATCH = """# returns 2
diff --git a/src/a.hpp b/src/a.hpp
--- a/src/a.hpp
+++ b/src/a.hpp
@@ -1 +1 @@
-int a() { return 1; }
+int a() { return 2; }
"""

# `ninja -t deps` as it prints a build's objects: the core suite's, and a
# program of another target whose files must not be counted.
NINJA_DEPS = """tests/CMakeFiles/core_tests.dir/Unity/unity_0_cxx.cxx.o: #deps 4, deps mtime 1 (VALID)
    ../../src/a.hpp
    /usr/include/c++/12/vector
    ../../tests/a_test.cpp
    tests/CMakeFiles/core_tests.dir/Unity/unity_0_cxx.cxx

tools/CMakeFiles/tool.dir/main.cpp.o: #deps 2, deps mtime 1 (VALID)
    ../../src/b.hpp
    ../../tools/main.cpp

"""


def write(path, text):
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "w") as out:
        out.write(text)


class Ledger(unittest.TestCase):
    def setUp(self):
        self.scratch = tempfile.TemporaryDirectory()
        os.chdir(self.scratch.name)
        for path, text in {"src/a.hpp": "int a() { return 1; }\n", "src/b.hpp": "int b();\n",
                           "tests/a_test.cpp": "// a's test\n", "tools/main.cpp": "int main() {}\n",
                           "data/case.txt": "expected\n", "tests/mutants/a-returns-2.patch": PATCH,
                           "tests/mutants/b-unread.patch": PATCH.replace("returns 2", "another"),
                           "commands.tsv": "core\tbuild core_tests; run core_tests --abort\n"
                                           "mutate_FILE\tbuild mutate_FILE; run mutate_FILE\n"}.items():
            write(path, text)
        self.git("init", "-q")
        self.git("add", "-A")
        self.git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "scratch")
        self.tool("depends", "core", ".", "build/test", "core_tests", "--", "data/", input=NINJA_DEPS)
        write("verdicts", "killed a-returns-2 core\nkilled b-unread core\n")
        self.tool("record", "commands.tsv", "verdicts")

    def tearDown(self):
        os.chdir("/")
        self.scratch.cleanup()

    def git(self, *arguments):
        subprocess.run(["git", *arguments], check=True)

    def tool(self, *arguments, input=None, status=0):
        run = subprocess.run([sys.executable, TOOL, *arguments], input=input, capture_output=True, text=True)
        self.assertEqual(run.returncode, status, run.stderr)
        return run

    def plan(self, *arguments):
        """{mutant: why} of what a run would run."""
        lines = self.tool("plan", "commands.tsv", *arguments).stdout.splitlines()
        return {line.split("\t")[0]: line.split("\t")[1] for line in lines}

    def test_dependencies_are_the_stages_files_under_the_sources_and_its_data(self):
        with open("tests/mutants/depends.tsv") as table:
            rows = [line.rstrip("\n") for line in table if not line.startswith("#")]
        self.assertEqual(rows, ["core\tdata/", "core\tsrc/a.hpp", "core\ttests/a_test.cpp"])

    def test_ledger_names_each_kill_and_its_program(self):
        with open("tests/mutants/ledger.tsv") as table:
            rows = [line.split("\t")[:2] for line in table if not line.startswith("#")]
        self.assertEqual(rows, [["a-returns-2", "core"], ["b-unread", "core"]])

    def test_nothing_changed_nothing_runs(self):
        self.assertEqual(self.plan("--sample", "0"), {})

    def test_a_listed_file_changed(self):
        write("src/a.hpp", "int a() { return 1; } // a comment\n")
        self.assertEqual(self.plan("--sample", "0"), {"a-returns-2": "changed", "b-unread": "changed"})

    def test_a_file_the_stage_does_not_read_changed(self):
        write("src/b.hpp", "int b(); // not read by core\n")
        write("tools/main.cpp", "int main() { return 0; }\n")
        self.assertEqual(self.plan("--sample", "0"), {})

    def test_a_file_added_under_a_data_folder(self):
        write("data/another_case.txt", "more\n")
        self.assertEqual(set(self.plan("--sample", "0").values()), {"changed"})

    def test_a_data_file_changed(self):
        write("data/case.txt", "expected otherwise\n")
        self.assertEqual(set(self.plan("--sample", "0").values()), {"changed"})

    def test_the_stage_command_changed(self):
        write("commands.tsv", "core\tbuild core_tests; run core_tests --abort --order rand\n"
                              "mutate_FILE\tbuild mutate_FILE; run mutate_FILE\n")
        self.assertEqual(set(self.plan("--sample", "0").values()), {"changed"})

    def test_the_patch_changed(self):
        write("tests/mutants/a-returns-2.patch", PATCH.replace("return 2", "return 3"))
        self.assertEqual(self.plan("--sample", "0"), {"a-returns-2": "changed"})

    def test_a_mutant_without_a_line_is_new(self):
        write("tests/mutants/c-new.patch", PATCH)
        self.assertEqual(self.plan("--sample", "0"), {"c-new": "new"})

    def test_a_line_without_its_mutant_stops_the_run(self):
        os.remove("tests/mutants/b-unread.patch")
        run = self.tool("plan", "commands.tsv", status=2)
        self.assertIn("b-unread", run.stderr)

    def test_the_sample_is_the_commits(self):
        first = self.plan("--sample", "1")
        self.assertEqual(list(first.values()), ["sampled"])
        self.assertEqual(self.plan("--sample", "1"), first)
        self.assertEqual(self.plan("--sample", "2"), {"a-returns-2": "sampled", "b-unread": "sampled"})

    def test_all_and_named(self):
        self.assertEqual(self.plan("--all"), {"a-returns-2": "all", "b-unread": "all"})
        self.assertEqual(self.plan("b-unread"), {"b-unread": "named"})
        self.tool("plan", "commands.tsv", "no-such-mutant", status=2)

    def test_a_run_again_is_recorded_with_the_trees_hash(self):
        write("src/a.hpp", "int a() { return 1; } // changed\n")
        write("verdicts", "killed a-returns-2 core\n")
        self.tool("record", "commands.tsv", "verdicts")
        self.assertEqual(self.plan("--sample", "0"), {"b-unread": "changed"})

    def test_a_survivor_loses_its_line(self):
        write("verdicts", "survived a-returns-2\n")
        self.tool("record", "commands.tsv", "verdicts")
        self.assertEqual(self.plan("--sample", "0"), {"a-returns-2": "new"})


if __name__ == "__main__":
    unittest.main()
