#!/usr/bin/env python3
"""clang-tidy over files, each skipped while what it would see is unchanged.

    tidy_cached.py BUILD [clang-tidy options...] -- FILE...

BUILD holds compile_commands.json. A file's key is a hash of clang-tidy's
version, .clang-tidy, the options, the file's compile command and the file
preprocessed with its comments (so every header it includes, and every
NOLINT), with the checkout's folder taken out of all of them: a clean clone
elsewhere hits what this one stored. A file that gave no warning stores its
key in the cache (CLANG_TIDY_CACHE, else ~/.cache/npu-memory-config/clang-tidy);
a file with a warning, or with no command in BUILD, is checked every time.

Prints clang-tidy's output for the files it ran, and a count of those it
skipped. Exits 1 when a run failed or warned.
"""
import concurrent.futures
import hashlib
import json
import os
import shlex
import subprocess
import sys


def compile_arguments(entry):
    if "arguments" in entry:
        return list(entry["arguments"])
    return shlex.split(entry["command"])


def preprocess_arguments(arguments):
    """The compile command with -E -C in place of -c and no output file."""
    result, skip = [], False
    for argument in arguments:
        if skip:
            skip = False
        elif argument == "-o":
            skip = True
        elif argument != "-c":
            result.append(argument)
    return result + ["-E", "-C"]


def main():
    separator = sys.argv.index("--")
    build, options, files = sys.argv[1], sys.argv[2:separator], sys.argv[separator + 1:]
    root = os.getcwd()
    with open(os.path.join(build, "compile_commands.json")) as database:
        entries = {os.path.realpath(os.path.join(e["directory"], e["file"])): e for e in json.load(database)}
    cache = os.environ.get("CLANG_TIDY_CACHE") or os.path.join(
        os.path.expanduser("~"), ".cache", "npu-memory-config", "clang-tidy")
    os.makedirs(cache, exist_ok=True)
    common = hashlib.sha256()
    common.update(subprocess.run(["clang-tidy", "--version"], capture_output=True, check=True).stdout)
    with open(".clang-tidy", "rb") as config:
        common.update(config.read())
    common.update("\0".join(options).encode())

    def anonymous(data):
        return data.replace(os.path.abspath(build).encode(), b"BUILD").replace(root.encode(), b"ROOT")

    def check(path):
        # A file of no target of this build (the no-exceptions stage's
        # main) is checked with the command clang-tidy infers, every time.
        entry = entries.get(os.path.realpath(path))
        stamp = None
        if entry is not None:
            arguments = compile_arguments(entry)
            key = common.copy()
            key.update(anonymous("\0".join(arguments).encode()))
            preprocessed = subprocess.run(preprocess_arguments(arguments), cwd=entry["directory"],
                                          capture_output=True)
            if preprocessed.returncode != 0:
                return path, "", False, preprocessed.stderr.decode(errors="replace")
            key.update(anonymous(preprocessed.stdout))
            stamp = os.path.join(cache, key.hexdigest())
            if os.path.exists(stamp):
                return path, "", True, ""
        run = subprocess.run(["clang-tidy", "-p", build, "--quiet", *options, path], capture_output=True)
        output = run.stdout.decode(errors="replace")
        if stamp and run.returncode == 0 and "warning:" not in output and "error:" not in output:
            open(stamp, "w").close()
        # A run that failed without a finding on standard output says why on its error output.
        failed_silently = run.returncode != 0 and "warning:" not in output and "error:" not in output
        return path, output, False, run.stderr.decode(errors="replace") if failed_silently else ""

    failed, skipped = False, 0
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 1) as pool:
        for path, output, cached, error in pool.map(check, files):
            skipped += cached
            sys.stdout.write(output)
            if error:
                sys.stdout.write(f"{path}: error: {error}\n")
            failed = failed or bool(error) or "warning:" in output or "error:" in output
    print(f"clang-tidy: {len(files) - skipped} files checked, {skipped} unchanged since a clean check")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
