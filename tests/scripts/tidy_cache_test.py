#!/usr/bin/env python3
"""The tidy stage's cache (scripts/lib/tidy_cached.py) on a scratch project.

A file that clang-tidy found clean is skipped while what it would see is
unchanged; a change to a header it includes, a NOLINT comment, its compile
command or the checks runs it again; a file with a warning is never taken
from the cache. Exits 77 (skipped) where clang-tidy is not installed.

    tidy_cache_test.py ROOT
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

TOOL = os.path.join(sys.argv.pop(1), "scripts", "lib", "tidy_cached.py")


def write(path, text):
    with open(path, "w") as out:
        out.write(text)


class TidyCache(unittest.TestCase):
    def setUp(self):
        self.scratch = tempfile.TemporaryDirectory()
        os.chdir(self.scratch.name)
        os.mkdir("build")
        write(".clang-tidy", "Checks: '-*,readability-braces-around-statements'\nWarningsAsErrors: ''\n")
        write("h.hpp", "inline int h(int x) { return x; }\n")
        write("a.cpp", '#include "h.hpp"\nint a(int x) { return h(x); }\n')
        self.database(["-std=c++17"])
        os.environ["CLANG_TIDY_CACHE"] = os.path.join(self.scratch.name, "cache")

    def tearDown(self):
        os.chdir("/")
        self.scratch.cleanup()

    def database(self, flags, root=None):
        write("build/compile_commands.json", json.dumps([{
            "directory": os.path.join(root or self.scratch.name, "build"), "file": "../a.cpp",
            "arguments": ["clang++", *flags, "-c", "../a.cpp", "-o", "a.o"]}]))

    def run_tool(self, *options):
        run = subprocess.run([sys.executable, TOOL, "build", *options, "--", "a.cpp"], capture_output=True, text=True)
        return run.returncode, run.stdout

    def assert_checked(self, checked, *options):
        status, out = self.run_tool(*options)
        self.assertEqual(status, 0, out)
        self.assertIn(f"clang-tidy: {1 if checked else 0} files checked, {0 if checked else 1} unchanged", out)

    def test_unchanged_is_skipped(self):
        self.assert_checked(True)
        self.assert_checked(False)

    def test_a_header_changed(self):
        self.assert_checked(True)
        write("h.hpp", "inline int h(int x) { return x + 0; }\n")
        self.assert_checked(True)

    def test_a_comment_changed(self):
        self.assert_checked(True)
        write("a.cpp", '#include "h.hpp"\nint a(int x) { return h(x); }  // NOLINT\n')
        self.assert_checked(True)

    def test_the_command_changed(self):
        self.assert_checked(True)
        self.database(["-std=c++17", "-DNDEBUG"])
        self.assert_checked(True)

    def test_the_checks_changed(self):
        self.assert_checked(True)
        self.assert_checked(True, "--checks=-*,readability-else-after-return")

    def test_a_warning_is_never_cached(self):
        write("a.cpp", '#include "h.hpp"\nint a(int x) {\n  if (x) return h(x);\n  return 0;\n}\n')
        for _ in range(2):
            status, out = self.run_tool()
            self.assertEqual(status, 1, out)
            self.assertIn("readability-braces-around-statements", out)
            self.assertIn("1 files checked, 0 unchanged", out)

    def test_another_folder_hits(self):
        self.assert_checked(True)
        moved = self.scratch.name + "-moved"
        shutil.copytree(self.scratch.name, moved)
        try:
            os.chdir(moved)
            self.database(["-std=c++17"], moved)
            self.assert_checked(False)
        finally:
            os.chdir("/")
            shutil.rmtree(moved)


if __name__ == "__main__":
    if shutil.which("clang-tidy") is None or shutil.which("clang++") is None:
        print("clang-tidy is not installed: skipped")
        sys.exit(77)
    unittest.main()
