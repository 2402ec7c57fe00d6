#!/usr/bin/env python3
"""Bash is the judge: a corpus job run under bash, every program stubbed,
and each launch it reaches compared with what npu-memcfg says that launch
gets.

The job's files are copied to a scratch folder and its script run there,
from its own folder, as `bash SCRIPT ARGUMENTS...`, with an environment of
PATH and the variables the job lists only. PATH holds stubs alone: python
(every python3.N too), msrun, torchrun, mpirun, mpiexec and horovodrun
write the environment they get; nohup, taskset, numactl and timeout run
what follows them; sh and bash run the child script under bash the same
way; mkdir, cp, dirname, env and the shell's builtins are the real ones;
any other command is not found, and bash's command_not_found_handle
returns 0. The stubs are sh scripts, so that bash's startup file (the
trap below) does not run in them. A DEBUG trap records, before each command, the file and line
bash is at (exported, and in a file named by that bash's process, for the
launches `env -i` starts with an empty environment): the place of a launch,
as the tool reports it. Where the stubs write is written into them.

For each launch bash reaches, the value of each variable the engine reads
or that is meant for it (GE_USE_STATIC_MEMORY, MS_GE_ATOMIC_CLEAN_POLICY,
their near misses) must be one npu-memcfg --explain lists for the launch at
that file and line ("known only when the job runs" stands for any value).
A job whose job.json says "strict" (the forms written for the tool, where
everything is known before the run) is held closer: each launch's values
are bash's value alone (for every variable either side names), "known only when the
job runs" only on a line that ends in the comment "# known only when the
job runs", and each launch npu-memcfg reports is one that bash reaches.

The environment the script leaves (the first bash's EXIT trap: at its end,
an `exit`, or where a syntax error stops it) is judged too: each variable
bash leaves exported must be in the environment npu-memcfg says the script
leaves, or be the value a launch got (checked there); strict, npu-memcfg
may list no other value.

    bash_judge.py NPU_MEMCFG CASE_DIR

With JUDGE_CACHE set to a folder, what bash reached is kept there, keyed by
the case's files, this judge and bash's version, and taken from there when
the key matches: for scripts/mutate, whose mutants change npu-memcfg and
never what bash does.
"""
import hashlib
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import time

LAUNCHERS = ["python", "python3", "msrun", "torchrun", "mpirun", "mpiexec", "horovodrun"] + \
    [f"python3.{minor}" for minor in range(5, 14)]
REAL = ["mkdir", "cp", "dirname", "env"]
PRELUDE = r"""
command_not_found_handle() { return 0; }
set -T
trap 'export JUDGE_AT="${BASH_SOURCE[0]}:${LINENO}"; printf %s "$JUDGE_AT" > "{places}/$BASHPID"' DEBUG
if mkdir "{places}/top" 2>/dev/null; then trap 'env -0 > "{places}/left"' EXIT; fi
"""
# Stubs run under sh, which reads no BASH_ENV: the place recorded is the
# caller's, as it was when the caller started it (JUDGE_AT, inherited); where
# `env -i` emptied the environment, what the bash that started it last wrote.
LAUNCH_STUB = r"""#!{sh}
at=$JUDGE_AT
[ -n "$at" ] || IFS= read -r at < "{places}/$PPID"
{{ printf 'AT %s\0' "$at"; {env} -0; }} > "{log}.$$"
"""
RUNNER_STUBS = {
    "nohup": 'exec "$@"',
    "taskset": 'while case "$1" in -a|-c|-p|-ac|-pc|--all-tasks|--cpu-list|--pid) true;; *) false;; esac; do shift; '
               'done; shift; exec "$@"',
    "numactl": 'while [ "${1#-}" != "$1" ]; do case "$1" in -C|-N|-m|-p|-i|-P) shift;; esac; shift; done; exec "$@"',
    "timeout": 'while [ "${1#-}" != "$1" ]; do case "$1" in -s|-k) shift;; esac; shift; done; shift; exec "$@"',
    "sh": 'exec {bash} "$@"',
    "bash": 'exec {bash} "$@"',
}
HARNESS = {"PATH", "BASH_ENV", "JUDGE_AT", "PWD", "OLDPWD", "SHLVL", "_"}


def is_job_variable(name):
    meant = "GE_USE_STATIC_MEMORY"
    if name in (meant, "MS_GE_ATOMIC_CLEAN_POLICY"):
        return True
    return meant in name.upper() or edit_distance(name.upper(), meant) <= 2


def edit_distance(a, b):
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        previous, row[0] = row[0], i
        for j, y in enumerate(b, 1):
            previous, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, previous + (x != y))
    return row[-1]


def stubs(folder, places, log):
    bash, sh = shutil.which("bash"), "/bin/sh"
    folder.mkdir()
    for name in LAUNCHERS:
        (folder / name).write_text(LAUNCH_STUB.format(sh=sh, env=shutil.which("env"), places=places, log=log))
    for name, body in RUNNER_STUBS.items():
        (folder / name).write_text(f"#!{sh}\n" + body.replace("{bash}", bash) + "\n")
    for name in REAL:
        os.symlink(shutil.which(name), folder / name)
    for stub in folder.iterdir():
        if not stub.is_symlink():
            stub.chmod(0o755)


def job_variables(record):
    """The engine's variables in an `env -0` record: {name: value}."""
    variables = {}
    for field in record:
        name, _, value = field.decode("utf-8", "surrogateescape").partition("=")
        if name and name not in HARNESS and is_job_variable(name):
            variables[name] = value
    return variables


def bash_launches(case, manifest, scratch):
    """Each launch bash reaches: (file name, line, {variable: value}), then
    the environment the script leaves: ("", 0, {variable: value})."""
    job = scratch / "job"
    shutil.copytree(case, job, symlinks=True)
    places = scratch / "places"
    places.mkdir()
    log = scratch / "log" / "launch"
    log.parent.mkdir()
    stubs(scratch / "bin", places, log)
    prelude = scratch / "prelude.sh"
    prelude.write_text(PRELUDE.replace("{places}", str(places)))
    script = job / manifest["script"]
    environment = {"PATH": str(scratch / "bin"), "BASH_ENV": str(prelude), **manifest.get("environment", {})}
    for fixture in manifest.get("fixtures", []):  # files the job expects beside it (a rank table)
        (job / fixture).parent.mkdir(parents=True, exist_ok=True)
        (job / fixture).touch()
    debug = os.environ.get("JUDGE_DEBUG") == "1"
    # Its own session, so that the launches it leaves running in the
    # background are waited for.
    run = subprocess.Popen([shutil.which("bash"), *(["-x"] if debug else []), script.name,
                            *manifest.get("arguments", [])], cwd=script.parent, env=environment,
                           stdin=subprocess.DEVNULL, stdout=None if debug else subprocess.DEVNULL,
                           stderr=None if debug else subprocess.DEVNULL, start_new_session=True)
    run.wait(timeout=60)
    for _ in range(600):
        try:
            os.killpg(run.pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.05)
    launches = []
    for record in sorted(log.parent.iterdir()):
        fields = record.read_bytes().split(b"\0")
        at = fields[0].decode()[3:]
        where, _, line = at.rpartition(":")
        launches.append((pathlib.PurePosixPath(where).name, int(line), job_variables(fields[1:])))
    left = places / "left"
    launches.append(("", 0, job_variables(left.read_bytes().split(b"\0")) if left.exists() else {}))
    return launches


UNQUOTE = {"\\\\": "\\", '\\"': '"', "\\r": "\r", "\\n": "\n", "\\t": "\t"}


def unquoted(text):
    return re.sub(r'\\x[0-9a-f]{2}|\\.', lambda m: UNQUOTE.get(m.group(0), chr(int(m.group(0)[2:], 16))
                                                             if m.group(0).startswith("\\x") else m.group(0)), text)


def tool_launches(tool, case, manifest):
    """npu-memcfg --explain: {(file name, line): [{variable: [values; None unset; ... any]}]}, the
    environment the script leaves at ("", 0)."""
    environment = {name: value for name, value in os.environ.items() if name != "GE_USE_STATIC_MEMORY"}
    result = subprocess.run([tool, "--explain", manifest["script"]], cwd=case, env=environment,
                            capture_output=True, text=True, check=False)
    if result.returncode != 0:
        sys.exit(f"npu-memcfg --explain failed ({result.returncode}): {result.stderr}")
    launches, variables, name = {}, None, None
    for line in result.stdout.splitlines():
        launch = re.match(r"launch (.+):(\d+):\d+: ", line)
        if launch:
            variables = {}
            key = (pathlib.PurePosixPath(launch.group(1)).name, int(launch.group(2)))
            launches.setdefault(key, []).append(variables)
            continue
        if line.endswith(" (environment left at its end):"):
            variables = launches[("", 0)] = {}
            continue
        heading = re.match(r"  (\S+)( \(.*\))?:( one of)?$", line)
        if heading:
            name = heading.group(1)
            variables[name] = []
            continue
        value = re.match(r'    (not set|"((?:[^"\\]|\\.)*)"(, known only when the job runs)?)', line)
        if value:
            if value.group(1) == "not set":
                variables[name].append(None)
            elif value.group(3):
                variables[name].append(...)
            else:
                variables[name].append(unquoted(value.group(2)))
    return launches


def cache_key(case):
    digest = hashlib.sha256(pathlib.Path(__file__).read_bytes())
    digest.update(subprocess.run([shutil.which("bash"), "--version"], capture_output=True, check=True).stdout)
    for path in sorted(case.rglob("*")):
        if path.is_file():
            digest.update(str(path.relative_to(case)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def reached_under_bash(case, manifest):
    """bash_launches, through JUDGE_CACHE when it is set."""
    cache = os.environ.get("JUDGE_CACHE")
    kept = pathlib.Path(cache) / f"{case.name}-{cache_key(case)}.json" if cache else None
    if kept and kept.exists():
        return [tuple(launch) for launch in json.loads(kept.read_text())]
    with tempfile.TemporaryDirectory() as scratch:
        reached = bash_launches(case, manifest, pathlib.Path(scratch))
    if kept:
        kept.parent.mkdir(parents=True, exist_ok=True)
        partial = kept.with_suffix(f".{os.getpid()}")
        partial.write_text(json.dumps(reached))
        partial.replace(kept)  # whole or not at all: another worker may read it
    return reached


def line_of(case, name, number):
    """Line `number` of the case's file called `name`, without its end."""
    for path in sorted(case.rglob(name)):
        lines = path.read_text(errors="replace").splitlines()
        if 0 < number <= len(lines):
            return lines[number - 1].rstrip()
    return ""


def left_problems(bash_left, tool_left, reached, strict):
    """How the environment npu-memcfg says the script leaves disagrees with bash's."""
    problems = []
    for name, value in sorted(bash_left.items()):
        launched = any(variables.get(name) == value for _, _, variables in reached)
        said = tool_left.get(name, [])
        if value not in said and ... not in said and not launched:
            problems.append(f"bash leaves {name}={value!r}, npu-memcfg says it leaves {tool_left}")
    for name, values in sorted(tool_left.items()):
        listed = [value for value in values if value is not None and value is not ...]
        if strict and any(value != bash_left.get(name) for value in listed):
            problems.append(f"npu-memcfg says the script leaves {name} one of {listed}, bash leaves "
                            f"{bash_left.get(name)!r}")
    return problems


def main():
    tool, case = sys.argv[1], pathlib.Path(sys.argv[2])
    manifest = json.loads((case / "job.json").read_text())
    expected_launches = tool_launches(tool, case, manifest)
    reached = reached_under_bash(case, manifest)
    strict = manifest.get("strict", False)
    problems = []
    *reached, (_, _, left) = reached
    problems += left_problems(left, expected_launches.pop(("", 0), {}), reached, strict)
    for file, line, variables in reached:
        candidates = expected_launches.get((file, line))
        if not candidates:
            problems.append(f"bash reached a launch at {file}:{line} that npu-memcfg does not report")
            continue
        any_value = not strict or line_of(case, file, line).endswith("# known only when the job runs")
        for candidate in candidates:
            # Strict: also each variable the tool lists that bash did not set.
            names = {"GE_USE_STATIC_MEMORY", *variables, *(candidate if strict else ())}
            if all(candidate.get(name, [None]) == [variables.get(name)] or
                   (not strict and variables.get(name) in candidate.get(name, [None])) or
                   (any_value and ... in candidate.get(name, [])) for name in names):
                break
        else:
            names = {"GE_USE_STATIC_MEMORY", *variables}
            problems.append(f"{file}:{line}: bash gives {({n: variables.get(n) for n in sorted(names)})}, "
                            f"npu-memcfg says {candidates}")
    if strict:
        problems += [f"npu-memcfg reports a launch at {file}:{line} that bash does not reach"
                     for file, line in sorted(set(expected_launches) - {(f, n) for f, n, _ in reached})]
    print(f"{case.name}: bash reached {len(reached)} launches; {len(problems)} disagreements")
    for problem in problems:
        print("  " + problem)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
