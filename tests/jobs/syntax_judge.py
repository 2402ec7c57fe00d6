#!/usr/bin/env python3
"""Bash is the judge of syntax: for each shell script given (or under each
folder given), `bash -n` and npu-memcfg must agree on whether the script
has a syntax error, and on the line bash names for the first one.

    syntax_judge.py NPU_MEMCFG PATH...
"""
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys


def bash_error_line(script):
    result = subprocess.run([shutil.which("bash"), "-n", script.name], cwd=script.parent, capture_output=True,
                            check=False)
    found = re.search(rb"line (\d+): (syntax error|unexpected EOF)", result.stderr)
    return int(found.group(1)) if found else None


def tool_error_line(tool, script):
    environment = {name: value for name, value in os.environ.items() if name != "GE_USE_STATIC_MEMORY"}
    result = subprocess.run([tool, "--check", script.name, "--diagnostics", "json"], cwd=script.parent,
                            env=environment, capture_output=True, check=False)
    for line in result.stderr.decode("utf-8", "replace").splitlines():
        diagnostic = json.loads(line)
        if diagnostic["code"] == "syntax_error" and diagnostic["source"] == script.name:
            return diagnostic["line"]
    return None


def main():
    tool = sys.argv[1]
    scripts = []
    for argument in sys.argv[2:]:
        path = pathlib.Path(argument)
        scripts += sorted(path.rglob("*.sh")) if path.is_dir() else [path]
    problems = []
    for script in scripts:
        expected, actual = bash_error_line(script), tool_error_line(tool, script)
        if expected != actual:
            problems.append(f"{script}: bash -n says {expected or 'no error'}, npu-memcfg {actual or 'no error'}")
    print(f"{len(scripts)} scripts; {len(problems)} disagreements")
    for problem in problems:
        print("  " + problem)
    sys.exit(1 if problems or not scripts else 0)


if __name__ == "__main__":
    main()
