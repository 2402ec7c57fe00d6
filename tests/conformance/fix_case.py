"""npu-memcfg --fix on a copy of a conformance case (or of a job of the
jobs corpus) whose check finds an error: what it leaves passes --check, or
the run says for each error left why it was not fixed.

    fix_case.py TOOL conformance DIR NAME    a case of tests/conformance
    fix_case.py TOOL job CASE_DIR            a job of tests/jobs/corpus

With the commands --fix prints run (a change of its own environment), an
error left must be one without a fix, or one whose edit --fix said it
could not make (a not_updatable error at the same place, saying why). A
copy --fix changed must have been edited only where the edits printed say;
with --diff beside it, nothing is written.
"""
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

# The flags --fix does not take: what it would print, and settings given as flags.
NOT_WITH_FIX = {"--format", "--output", "--atomic-clean-policy", "--static-memory-policy",
                "--memory-optimization-policy", "--variable-use-1g-huge-page"}


def run(tool, arguments, folder, environment):
    env = {key: value for key, value in os.environ.items() if key != "GE_USE_STATIC_MEMORY"}
    env.update(environment)
    return subprocess.run([tool] + arguments, cwd=folder, env=env, capture_output=True, text=True, check=False)


def without_output_flags(arguments):
    kept = []
    skip = False
    for argument in arguments:
        if skip:
            skip = False
        elif argument in NOT_WITH_FIX:
            skip = True
        else:
            kept.append(argument)
    return kept


def snapshot(folder):
    return {path.relative_to(folder): path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}


def accounted_for(error, errors):
    """An error left is one without a fix, or one --fix said it could not fix."""
    if "fix" not in error:
        return True
    edits = error["fix"][0]["edits"]
    return any(other["code"] == "not_updatable" and "not fixed" in other["message"]
               and any((other["source"], other["line"], other["column"]) == (edit["source"], edit["line"], edit["column"])
                       for edit in edits) for other in errors)


def fix_and_check(tool, folder, arguments, environment):
    """The problems found, as lines; none when --fix did its job."""
    problems = []
    before = snapshot(folder)
    check = arguments[:]
    diff = run(tool, ["--fix", "--diff"] + check, folder, environment)
    if snapshot(folder) != before:
        problems.append("--fix --diff wrote a file")
    if diff.returncode not in (0, 1):
        problems.append("--fix --diff exited %d: %s" % (diff.returncode, diff.stderr))
    fixed = run(tool, ["--fix", "--diagnostics", "json"] + check, folder, environment)
    after = snapshot(folder)
    commands = [line[len("run: "):] for line in fixed.stdout.splitlines() if line.startswith("run: ")]
    edits = [line for line in fixed.stdout.splitlines() if not line.startswith("run: ")]
    changed = [str(path) for path in after if after[path] != before.get(path)]
    for path in changed:
        if not any(line.startswith(path + ":") or ("/" + path + ":") in line for line in edits):
            problems.append("%s changed, but no edit printed names it:\n%s" % (path, fixed.stdout))
    if changed and not diff.stdout:
        problems.append("--fix --diff printed no diff, but --fix changed " + ", ".join(changed))
    errors = [json.loads(line) for line in fixed.stderr.splitlines() if line.startswith("{")]
    errors = [error for error in errors if error["severity"] == "error"]
    # The commands printed, run: the job's environment as the fix leaves it.
    commanded = dict(environment)
    for command in commands:
        if command.startswith("export "):
            name, _, value = command[len("export "):].partition("=")
            commanded[name] = value
        else:
            commanded.pop(command[len("unset "):], None)
    again = run(tool, ["--check", "--diagnostics", "json"] + check, folder, commanded)
    if fixed.returncode == 0 and again.returncode != 0:
        problems.append("--fix exited 0, but --check then exits %d:\n%s" % (again.returncode, again.stderr))
    elif fixed.returncode == 1:
        if not errors:
            problems.append("--fix exited 1 and named no error left:\n" + fixed.stderr)
        left = [json.loads(line) for line in again.stderr.splitlines() if line.startswith("{")]
        for error in left:
            if error["severity"] == "error" and not accounted_for(error, errors):
                problems.append("an error left once the commands printed run, with a fix --fix did not make: " +
                                json.dumps(error))
    elif fixed.returncode != 0:
        problems.append("--fix exited %d:\n%s" % (fixed.returncode, fixed.stderr))
    return problems


def conformance_case(tool, directory, name):
    directory = pathlib.Path(directory)
    inputs = [path for path in directory.glob(name + ".*")
              if path.suffix not in (".args", ".env", ".out", ".err", ".exit")]
    arguments = [line.replace("{}", inputs[0].name)
                 for line in (directory / (name + ".args")).read_text().splitlines()]
    environment = {}
    if (directory / (name + ".env")).exists():
        for line in (directory / (name + ".env")).read_text().splitlines():
            key, _, value = line.partition("=")
            environment[key] = value
    with tempfile.TemporaryDirectory() as scratch:
        folder = pathlib.Path(scratch)
        shutil.copy(inputs[0], folder / inputs[0].name)
        arguments = without_output_flags(arguments)
        if run(tool, ["--check"] + arguments, folder, environment).returncode != 1:
            return []  # no error to fix
        return fix_and_check(tool, folder, arguments, environment)


def job_case(tool, case):
    case = pathlib.Path(case)
    manifest = json.loads((case / "job.json").read_text())
    with tempfile.TemporaryDirectory() as scratch:
        folder = pathlib.Path(scratch) / case.name
        shutil.copytree(case, folder, ignore=shutil.ignore_patterns("*.expected", "job.json"))
        # As the corpus checks it (corpus_case.py): from the corpus, with concurrent graphs.
        arguments = [case.name + "/" + manifest["script"], "--concurrent-graphs"]
        if run(tool, ["--check"] + arguments, folder.parent, {}).returncode != 1:
            return []
        return fix_and_check(tool, folder.parent, arguments, {})


def main():
    tool = sys.argv[1]
    problems = conformance_case(tool, sys.argv[3], sys.argv[4]) if sys.argv[2] == "conformance" \
        else job_case(tool, sys.argv[3])
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
