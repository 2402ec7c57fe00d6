#!/usr/bin/env python3
"""One job of the conformance corpus, checked by npu-memcfg as CI runs it:
its files are byte for byte what their repositories published (each file's
git blob id, recorded with its repository, path and commit in job.json,
is recomputed here), and the tool's output on the job's script is compared
whole with the expectation pinned beside it:

    check.expected    npu-memcfg --check SCRIPT --concurrent-graphs: the exit
                      status on the first line, then stderr
    explain.expected  npu-memcfg --explain SCRIPT: stdout

The tool runs in the corpus folder, so messages name files as CASE/....

    corpus_case.py NPU_MEMCFG CASE_DIR [--update]
"""
import hashlib
import json
import os
import pathlib
import subprocess
import sys


def blob_id(data):
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()


def run(tool, corpus, arguments):
    environment = {name: value for name, value in os.environ.items() if name != "GE_USE_STATIC_MEMORY"}
    return subprocess.run([tool, *arguments], cwd=corpus, env=environment, capture_output=True, check=False)


def main():
    tool, case = sys.argv[1], pathlib.Path(sys.argv[2]).resolve()
    update = "--update" in sys.argv[3:]
    manifest = json.loads((case / "job.json").read_text(encoding="utf-8"))
    problems = []
    for entry in manifest["files"]:
        data = (case / entry["path"]).read_bytes()
        if blob_id(data) != entry["blob"]:
            problems.append(f"{entry['path']} is not the file {entry['repository']} published at "
                            f"{entry['commit']}:{entry['source']} (blob {entry['blob']})")
    script = f"{case.name}/{manifest['script']}"
    checked = run(tool, case.parent, ["--check", script, "--concurrent-graphs"])
    explained = run(tool, case.parent, ["--explain", script])
    outputs = {"check.expected": f"exit {checked.returncode}\n".encode() + checked.stderr,
               "explain.expected": explained.stdout}
    if explained.returncode != 0 or explained.stderr:
        problems.append(f"--explain exited {explained.returncode}: {explained.stderr.decode(errors='replace')}")
    for name, actual in outputs.items():
        path = case / name
        if update:
            path.write_bytes(actual)
        elif not path.exists() or path.read_bytes() != actual:
            problems.append(f"{name} differs; npu-memcfg printed:\n{actual.decode(errors='replace')}")
    for problem in problems:
        print(f"{case.name}: {problem}")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
