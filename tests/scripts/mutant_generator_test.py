#!/usr/bin/env python3
"""The mutant generator (scripts/lib/mutant_generator.py) on small files.

Each rule makes the edits its description says, on code only (not in
comments, strings, the preprocessor or a static_assert); each patch applies
with git apply; a mutant keeps its name while its line is unchanged; a
change's mutants are those of the lines it adds; the plan runs those with
no verdict and a sample of the recorded kills, never an equivalent one.

    mutant_generator_test.py ROOT
"""
import os
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.abspath(sys.argv.pop(1))
TOOL = os.path.join(ROOT, "scripts", "lib", "mutant_generator.py")

CPP = """\
#include <vector>
int f(int a, int b) {
  if (a == b && !ok(a)) return 3;  // a == b && !c
  const char* s = "ab";
  char c = 'x';
  std::vector<int> v{1, 2};
  g(a);
  x = 1;
  static_assert(1 < 2);
  /* 1 < 2 */ return a < b;
}
const Row rows[] = {
    {"a", 1},
};
bool h() { return true; }
auto raw = R"(1 < 2
x == y)";
void k() {
  h(a,
    b);
  y = a +
      g(b);
}
"""

# What each rule makes of CPP: (line, rule, the line after, or None when removed).
CPP_MUTANTS = [
    (3, "relational", "  if (a != b && !ok(a)) return 3;  // a == b && !c"),
    (3, "logical", "  if (!ok(a)) return 3;  // a == b && !c"),
    (3, "logical", "  if (a == b) return 3;  // a == b && !c"),
    (3, "not", "  if (a == b && ok(a)) return 3;  // a == b && !c"),
    (3, "integer", "  if (a == b && !ok(a)) return 2;  // a == b && !c"),
    (4, "string", '  const char* s = "";'),
    (5, "char", "  char c = ' ';"),
    (6, "integer", "  std::vector<int> v{0, 2};"),
    (6, "integer", "  std::vector<int> v{1, 1};"),
    (6, "element", "  std::vector<int> v{2};"),
    (6, "element", "  std::vector<int> v{1};"),
    (7, "statement", None),
    (8, "integer", "  x = 0;"),
    (8, "statement", None),
    (10, "relational", "  /* 1 < 2 */ return a <= b;"),
    (13, "string", '    {"", 1},'),
    (13, "integer", '    {"a", 0},'),
    (13, "element", '    {1},'),
    (13, "element", '    {"a"},'),
    (13, "element", None),
    (15, "boolean", "bool h() { return false; }"),
    # Lines 19 to 22: continuations, which are no statements of their own.
]

PY = '''\
def f(a, b):
    """a == b"""
    if a == b and not ok(a):
        return True
    x = [1, "s"]
    g(a)
    while a >= b:
        break
    return a in b
'''

PY_MUTANTS = [
    (3, "logical", "    if not ok(a):"),
    (3, "logical", "    if a == b:"),
    (3, "relational", "    if a != b and not ok(a):"),
    (3, "not", "    if a == b and ok(a):"),
    (4, "boolean", "        return False"),
    (5, "statement", "    pass"),
    (5, "element", "    x = ['s']"),
    (5, "element", "    x = [1]"),
    (5, "integer", '    x = [0, "s"]'),
    (5, "string", "    x = [1, '']"),
    (6, "statement", "    pass"),
    (7, "relational", "    while a > b:"),
    (8, "statement", "        pass"),
    (9, "relational", "    return a not in b"),
]


def run(*arguments, cwd):
    return subprocess.run([sys.executable, TOOL, *arguments], cwd=cwd, capture_output=True, text=True, check=True)


class Repository:
    def __init__(self):
        self.folder = tempfile.TemporaryDirectory()
        self.path = self.folder.name
        self.git("init", "-q")
        self.git("config", "user.email", "t@example.com")
        self.git("config", "user.name", "t")

    def git(self, *arguments):
        return subprocess.run(["git", *arguments], cwd=self.path, capture_output=True, text=True, check=True).stdout

    def write(self, path, text):
        full = os.path.join(self.path, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w") as out:
            out.write(text)

    def read(self, path):
        with open(os.path.join(self.path, path)) as source:
            return source.read()

    def commit(self):
        self.git("add", "-A")
        self.git("commit", "-q", "-m", "c")
        return self.git("rev-parse", "HEAD").strip()

    def listing(self, *selection):
        rows = run("list", *selection, cwd=self.path).stdout.splitlines()
        return [row.split("\t") for row in rows]


class TestCase(unittest.TestCase):
    def repository(self):
        repository = Repository()
        self.addCleanup(repository.folder.cleanup)
        return repository


class Rules(TestCase):
    def mutants_after(self, path, text):
        """(line, rule, the line after or None) of each mutant, from applying its patch."""
        repository = self.repository()
        repository.write(path, text)
        repository.commit()
        patches = os.path.join(repository.path, "patches")
        rows = [row.split("\t") for row in run("write", patches, "--files", path, cwd=repository.path)
                .stdout.splitlines()]
        result = []
        lines = text.split("\n")
        for name, listed_path, line, rule, _ in rows:
            self.assertEqual(listed_path, path)
            repository.git("apply", os.path.join(patches, name + ".patch"))
            after = repository.read(path).split("\n")
            repository.git("checkout", "--", path)
            number = int(line)
            if len(after) == len(lines) - 1:
                self.assertEqual(after, lines[:number - 1] + lines[number:])
                result.append((number, rule, None))
            else:
                self.assertEqual(after[:number - 1] + after[number:], lines[:number - 1] + lines[number:])
                result.append((number, rule, after[number - 1]))
        return result

    def test_cpp_rules_edit_code_only(self):
        self.assertEqual(sorted(self.mutants_after("include/a.hpp", CPP), key=str), sorted(CPP_MUTANTS, key=str))

    def test_python_rules_over_its_ast(self):
        self.assertEqual(sorted(self.mutants_after("python/a.py", PY), key=str), sorted(PY_MUTANTS, key=str))

    def test_patch_says_what_it_changes(self):
        repository = self.repository()
        repository.write("tools/b.cpp", "int b() {\n  return 7;\n}\n")
        patches = os.path.join(repository.path, "patches")
        [row] = [row.split("\t") for row in run("write", patches, "--files", "tools/b.cpp", cwd=repository.path)
                 .stdout.splitlines()]
        with open(os.path.join(patches, row[0] + ".patch")) as patch:
            self.assertEqual(patch.readline(), "# tools/b.cpp:2: integer: return 6;\n")
        self.assertRegex(row[0], r"^gen-b-integer-[0-9a-f]{10}$")


class Names(TestCase):
    def test_a_mutant_keeps_its_name_where_its_line_moves(self):
        repository = self.repository()
        repository.write("include/a.hpp", "int a() { return 1 < 2; }\n")
        before = repository.listing("--files", "include/a.hpp")
        repository.write("include/a.hpp", "\n\nint a() { return 1 < 2; }\n")
        after = repository.listing("--files", "include/a.hpp")
        self.assertEqual([row[0] for row in before], [row[0] for row in after])
        self.assertEqual([row[2] for row in after], ["3"] * len(before))

    def test_a_changed_line_gives_new_names_and_twins_differ(self):
        repository = self.repository()
        repository.write("include/a.hpp", "bool a(int x) { return x < 1; }\nbool b(int x) { return x < 1; }\n")
        first = [row[0] for row in repository.listing("--files", "include/a.hpp")]
        self.assertEqual(len(first), len(set(first)))
        repository.write("include/a.hpp", "bool a(int x) { return x < 2; }\nbool b(int x) { return x < 1; }\n")
        second = [row[0] for row in repository.listing("--files", "include/a.hpp")]
        self.assertEqual(len(set(first) & set(second)), len(first) // 2)


class Change(TestCase):
    def test_only_the_lines_the_change_adds(self):
        repository = self.repository()
        repository.write("include/a.hpp", "int a() { return 1; }\nint b() { return 2; }\n")
        repository.write("docs/a.md", "return 1;\n")
        base = repository.commit()
        repository.write("include/a.hpp", "int a() { return 1; }\nint b() { return 3; }\nint c() { return 4; }\n")
        repository.write("tools/n.cpp", "int n() { return 5; }\n")
        repository.write("tests/t.cpp", "int t() { return 6; }\n")
        rows = repository.listing("--change", base)
        self.assertEqual(sorted((row[1], row[2], row[4]) for row in rows),
                         [("include/a.hpp", "2", "int b() { return 2; }"),
                          ("include/a.hpp", "3", "int c() { return 3; }"),
                          ("tools/n.cpp", "1", "int n() { return 4; }")])


class Plan(TestCase):
    def test_plan_record_sample_and_equivalents(self):
        repository = self.repository()
        repository.write("include/a.hpp", "".join(f"int f{k}() {{ return {k + 1}; }}\n" for k in range(6)))
        repository.commit()
        listing = os.path.join(repository.path, "list.tsv")
        with open(listing, "w") as out:
            out.write(run("list", "--files", "include/a.hpp", cwd=repository.path).stdout)
        with open(listing) as rows:
            names = [line.split("\t")[0] for line in rows]
        self.assertEqual(len(names), 6)
        repository.write("tests/mutants/generated/equivalent.tsv",
                         f"# mutant\tplace\tedit\twhy\n{names[5]}\tinclude/a.hpp:6\treturn 5;\tno test can see it\n")

        def planned(sample, *scope):
            rows = run("plan", listing, str(sample), *scope, cwd=repository.path).stdout.splitlines()
            return [row.split("\t") for row in rows]

        self.assertEqual(sorted(planned(2, "--every")), sorted([name, "new", "-"] for name in names[:5]))
        drawn = planned(2)  # of those with no verdict, the draw alone: CI's time is the sample's
        self.assertEqual(len(drawn), 2)
        self.assertTrue(all(why == "new" and name in names[:5] for name, why, _ in drawn))
        for k in range(4):  # the draw before a commit is CI's after it (a draw by commit: 1 in 10 each)
            repository.write("README", f"commit {k}, which changes no code\n")
            repository.commit()
            self.assertEqual(planned(2), drawn)
        # Nor does an equivalent recorded for one not drawn.
        undrawn = next(name for name in names[:5] if name not in [row[0] for row in drawn])
        equivalents = repository.read("tests/mutants/generated/equivalent.tsv")
        repository.write("tests/mutants/generated/equivalent.tsv", f"{equivalents}{undrawn}\tx\ty\tno test\n")
        self.assertEqual(planned(2), drawn)
        repository.write("tests/mutants/generated/equivalent.tsv", equivalents)
        verdicts = os.path.join(repository.path, "verdicts")
        with open(verdicts, "w") as out:
            out.write(f"killed {names[0]} tool\nkilled {names[1]} mutate_a_test\nkilled {names[2]} core\n"
                      f"survived {names[3]}\ndiscarded {names[4]}\n")
        run("record", listing, verdicts, cwd=repository.path)
        ledger = repository.read("tests/mutants/generated/ledger.tsv").splitlines()
        self.assertIn(f"{names[1]}\tkilled mutate_a_test\tinclude/a.hpp:2\tinteger\tint f1() {{ return 1; }}", ledger)
        self.assertIn(f"{names[3]}\tsurvived\tinclude/a.hpp:4\tinteger\tint f3() {{ return 3; }}", ledger)
        rows = planned(2)
        self.assertEqual(rows[0], [names[3], "survived before", "-"])  # judged again: a test may have come
        sample = rows[1:]
        self.assertEqual(len(sample), 2)
        stage_of = {names[0]: "tool", names[1]: "mutate_a_test", names[2]: "core"}
        for name, why, stage in sample:
            self.assertEqual((why, stage), ("sampled", stage_of[name]))
        self.assertEqual(rows, planned(2))  # the commit's: the same draw again
        survivors = run("plan", listing, "2", "--survivors", cwd=repository.path).stdout.splitlines()
        self.assertEqual(survivors, [f"{names[3]}\tsurvived before\t-"])
        # Without the change's history: the ledger's mutants the tree holds.
        recorded = [row.split("\t")[0] for row in run("list", "--recorded", cwd=repository.path).stdout.splitlines()]
        self.assertEqual(sorted(recorded), sorted(names[:5]))
        score = run("score", "include/a.hpp", cwd=repository.path).stdout.splitlines()
        self.assertEqual(score[1], "include/a.hpp\t6\t3\t1\t1\t1\t0\t75.0 %")
        # A line changed: its mutant's verdict goes with it.
        repository.write("include/a.hpp", repository.read("include/a.hpp").replace("return 1;", "return 9;"))
        run("prune", cwd=repository.path)
        kept = [line.split("\t")[0] for line in repository.read("tests/mutants/generated/ledger.tsv").splitlines()[1:]]
        self.assertEqual(sorted(kept), sorted(names[1:5]))


# A C++ program whose output shows what its mutants change. A schema cannot
# hold the literals of line 3 and of the case label (constants: its build
# says so), the break after a label (its deletion does not compile), nor the
# comparison of line 22 (its line alone cannot say where its operand begins),
# nor the array size of line 30 (the build names the static_assert after it).
SCHEMA_CPP = """\
#include <cstdio>
#include <cstring>
constexpr int kLimit = 3;
int classify(int a, int b) {
  int count = 0;
  if (a == b && !(a < 0)) count += 10;
  for (int i = 0; i < a; ++i) {
    if (i > kLimit) break;
    count++;
  }
  switch (b) {
    case 2:
      return count + 100;
    default:
      break;
  }
  const char* s = "ab";
  if (std::strlen(s) >= 2 || a > 5) count += 1000;
  const bool wide = a > 2
                    && b < 3;
  const bool odd = a % 2
                   == 1;
  return count + (wide ? 7 : 0) + (odd ? 20 : 0);
}
bool flag(int a) {
  if (a != 0) return true;
  return false;
}
bool word(char c) { return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
int main() {
  int pair[2];
  static_assert(sizeof pair / sizeof pair[0] == 2, "an error on the line after the mutated one");
  for (int a = -1; a < 8; ++a)
    for (int b = 0; b < 4; ++b) std::printf("%d %d %d %d\\n", a, b, classify(a, b), flag(a));
  for (const char* c = "_aqzAQZ0{"; *c; ++c) std::printf("%d", word(*c));
}
"""

SCHEMA_PY = '''\
def probe(a, b):
    total = 0
    if a == b and not a < 0:
        total += 10
    for i in range(a):
        if i > 3:
            break
        total += 1
    names = ["x", "y"]
    if "y" in names or a >= 5:
        total += 100
    return total, flag(a), {"k": 1}.get("k", 0)


def flag(a):
    if a != 0:
        return True
    return False


print([probe(a, b) for a in range(-1, 8) for b in range(4)])
'''


class Schemata(TestCase):
    """A schema holding many mutants behaves, with one of them active, as
    that mutant's patch applied (the compiler and the interpreter judge),
    and as the file itself with none."""

    def outputs(self, path, text, run_file):
        """(the file's own output, {name: output with the patch}, {name: output of the schema with it active},
        the names the schema left out)."""
        repository = self.repository()
        repository.write(path, text)
        repository.commit()
        patches = os.path.join(repository.path, "patches")
        names = [row.split("\t")[0] for row in run("write", patches, "--files", path, cwd=repository.path)
                 .stdout.splitlines()]
        patched = {}
        for name in names:
            repository.git("apply", os.path.join(patches, name + ".patch"))
            patched[name] = run_file(repository, path)
            repository.git("checkout", "--", path)
        original = run_file(repository, path)
        active = os.path.join(repository.path, "active")
        repository.write("names", "\n".join(names) + "\n")
        arguments = [path, active, "names", "schema.out", "dropped"]
        held, log = None, []
        for _ in range(4):  # as scripts/mutate does: what the build names is left out, until it builds
            held = dict(row.split("\t") for row in run("schema", *arguments, *log, cwd=repository.path)
                        .stdout.splitlines())
            repository.write(path, repository.read("schema.out"))
            schema_output = run_file(repository, path)
            if schema_output[0] != "does not compile":
                break
            repository.write("build.txt", schema_output[1])
            log = ["build.txt"]
            repository.git("checkout", "--", path)
        else:
            self.fail("the schema never builds")
        self.assertEqual(schema_output, original, "the schema with no mutant active")
        with_schema = {}
        for name, number in held.items():
            repository.write("active", number + "\n")
            with_schema[name] = run_file(repository, path)
        return patched, with_schema, set(names) - set(held)

    def test_cpp_schema_runs_each_mutant_as_its_patch(self):
        def compile_and_run(repository, path):
            binary = os.path.join(repository.path, "program")
            build = subprocess.run(["g++", "-std=c++17", "-o", binary, path], cwd=repository.path,
                                   capture_output=True, text=True)
            if build.returncode:
                return "does not compile", build.stderr
            program = subprocess.run(["timeout", "10", binary], capture_output=True, text=True)
            return program.returncode, program.stdout

        patched, with_schema, left_out = self.outputs("tools/s.cpp", SCHEMA_CPP, compile_and_run)
        for name, output in with_schema.items():
            self.assertEqual(output, patched[name], name)
        rows = {row[0]: row[2:] for row in
                (line.split("\t") for line in self.listing_of("tools/s.cpp", SCHEMA_CPP))}
        self.assertEqual(sorted(rows[name] for name in left_out),
                         [["12", "integer", "case 1:"], ["15", "statement", "(line removed)"],
                          ["22", "relational", "!= 1;"],
                          # The bytes that differ begin at 'a' and end before the kept (c >= 'A': a
                          # choice over them would hold half of each bracket (twins: the operand
                          # after the first || dropped, and the one before the second).
                          ["29", "logical", "bool word(char c) { return c == '_' || (c >= 'A' && c <= 'Z'); }"],
                          ["29", "logical", "bool word(char c) { return c == '_' || (c >= 'A' && c <= 'Z'); }"],
                          ["3", "integer", "constexpr int kLimit = 2;"], ["31", "integer", "int pair[1];"]])
        self.assertEqual(len(with_schema), len(rows) - 7)

    @staticmethod
    def interpret(repository, path):
        program = subprocess.run([sys.executable, path], cwd=repository.path, capture_output=True, text=True)
        # Its status and output, not the error's wording: a deleted assignment leaves its name
        # unbound in the schema, undefined in the patch.
        return program.returncode, program.stdout

    def test_python_schema_runs_each_mutant_as_its_patch(self):
        patched, with_schema, left_out = self.outputs("tools/s.py", SCHEMA_PY, self.interpret)
        self.assertEqual(left_out, set())
        for name, output in with_schema.items():
            self.assertEqual(output, patched[name], name)

    def test_python_schema_keeps_the_docstring_and_future_imports_first(self):
        # from __future__ must open the module, after its docstring alone:
        # a schema that puts its preamble first does not even import.
        headed = '"""The module."""\n\nfrom __future__ import annotations\n\n' + SCHEMA_PY + "print(__doc__)\n"
        patched, with_schema, left_out = self.outputs("tools/h.py", headed, self.interpret)
        self.assertEqual(len(with_schema), len(patched) - len(left_out))
        self.assertGreater(len(with_schema), 20)
        for name, output in with_schema.items():
            self.assertEqual(output, patched[name], name)

    def listing_of(self, path, text):
        repository = self.repository()
        repository.write(path, text)
        return run("list", "--files", path, cwd=repository.path).stdout.splitlines()


if __name__ == "__main__":
    unittest.main()
