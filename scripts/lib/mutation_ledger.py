#!/usr/bin/env python3
"""The mutation ledger: which mutants scripts/mutate must run, and what it learned.

A mutant's kill is reused while nothing it depends on changed, as incremental
mutation testing does it (Stryker's incremental mode, PIT's history file).
tests/mutants/ledger.tsv holds a line per killed mutant:

    NAME <tab> STAGE <tab> HASH

STAGE is the test program that killed it (a test file alone, "mutate_X_test";
a suite, "core" or "json"; the tool's tests, "tool"; the Python tests,
"python"). HASH covers the patch, the stage's command and toolchain, and
every file the stage reads: tests/mutants/depends.tsv lists them per stage,
"STAGE <tab> PATH", from the compiler's dependency output of the stage's
programs, and a PATH ending in "/" for every file git lists under a folder
the stage's tests read as data. A file can only join a stage's dependencies
through a change to one that is already listed (an #include added), so the
list kept from the last run is enough to see that something changed.

    mutation_ledger.py plan COMMANDS [--all | --sample K | NAME...]
        prints "NAME <tab> WHY <tab> STAGE" for each mutant to run (WHY: new,
        changed, sampled, named, all; STAGE the one that killed it last, or
        "-"); exits 2 when a ledger line names no mutant
    mutation_ledger.py depends STAGE SOURCES BUILD TARGET... -- DATA...
        replaces STAGE's dependencies: `ninja -t deps` of BUILD on standard
        input, the files under SOURCES the TARGETs' objects read, and DATA
    mutation_ledger.py record COMMANDS VERDICTS
        for each "killed NAME STAGE" line of VERDICTS, NAME's line with its
        current hash; a "survived NAME" line removes NAME's

COMMANDS is a file of "STAGE <tab> COMMAND" lines: what builds and runs each
stage (its "mutate_FILE" line stands for every test file alone).
Run from the repository's root.
"""
import hashlib
import os
import subprocess
import sys

MUTANTS = "tests/mutants"
LEDGER = os.path.join(MUTANTS, "ledger.tsv")
DEPENDS = os.path.join(MUTANTS, "depends.tsv")
LEDGER_HEADER = "# mutant\tkilled by\thash (scripts/mutate writes this file; see scripts/lib/mutation_ledger.py)\n"
DEPENDS_HEADER = "# stage\tfile it reads, or folder/ for every file under it (scripts/mutate writes this file)\n"
TOOLCHAIN_PACKAGES = ["g++", "cmake", "ninja-build", "catch2", "nlohmann-json3-dev", "pybind11-dev", "python3"]


def rows(path):
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as table:
        return [line.rstrip("\n").split("\t") for line in table if line.strip() and not line.startswith("#")]


def write_rows(path, header, table):
    with open(path + ".new", "w", encoding="utf-8") as out:
        out.write(header)
        for row in sorted(table):
            out.write("\t".join(row) + "\n")
    os.replace(path + ".new", path)


def mutant_names():
    return sorted(name[:-len(".patch")] for name in os.listdir(MUTANTS) if name.endswith(".patch"))


def listed_files(folder):
    listing = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", folder],
                             capture_output=True, check=True).stdout.decode()
    return sorted(path for path in listing.split("\0") if path and os.path.isfile(path))


class Hasher:
    def __init__(self, commands_path):
        self.commands = dict(rows(commands_path))
        self.toolchain = subprocess.run(["dpkg-query", "-W", "-f", "${Package} ${Version}\\n", *TOOLCHAIN_PACKAGES],
                                        capture_output=True).stdout.decode()
        self.depends = {}
        for stage, path in rows(DEPENDS):
            self.depends.setdefault(stage, []).append(path)
        self.stage_digests = {}

    def command(self, stage):
        return self.commands["mutate_FILE" if stage.startswith("mutate_") else stage].replace("FILE", stage[7:])

    def stage_digest(self, stage):
        if stage not in self.stage_digests:
            if stage not in self.depends:
                self.stage_digests[stage] = None  # never measured: every mutant it killed is run again
            else:
                files = []
                for path in self.depends[stage]:
                    files += listed_files(path) if path.endswith("/") else [path]
                present = [path for path in files if os.path.isfile(path)]
                blobs = subprocess.run(["git", "hash-object", "--stdin-paths"], input="\n".join(present) + "\n",
                                       capture_output=True, check=True, text=True).stdout.split() if present else []
                blob_of = dict(zip(present, blobs))
                digest = hashlib.sha256()
                digest.update(f"command {self.command(stage)}\ntoolchain {self.toolchain}\n".encode())
                for path in sorted(set(files)):
                    digest.update(f"{blob_of.get(path, 'missing')} {path}\n".encode())
                self.stage_digests[stage] = digest.hexdigest()
        return self.stage_digests[stage]

    def mutant_hash(self, name, stage):
        stage_digest = self.stage_digest(stage)
        if stage_digest is None:
            return None
        with open(os.path.join(MUTANTS, name + ".patch"), "rb") as patch:
            return hashlib.sha256(stage_digest.encode() + b"\n" + patch.read()).hexdigest()


def head_commit():
    run = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True)
    return run.stdout.strip() if run.returncode == 0 else "no commit"


def plan(commands_path, arguments):
    hasher = Hasher(commands_path)
    names = mutant_names()
    ledger = {row[0]: row[1:] for row in rows(LEDGER)}
    orphans = sorted(set(ledger) - set(names))
    if orphans:
        sys.stderr.write(f"mutate: {LEDGER} names mutants that are gone: {' '.join(orphans)}\n")
        return 2
    sample = 0
    if arguments[:1] == ["--sample"]:
        sample = int(arguments[1])
        arguments = arguments[2:]
    chosen = []
    if arguments == ["--all"]:
        chosen = [(name, "all") for name in names]
    elif arguments:
        unknown = [name for name in arguments if name not in names]
        if unknown:
            sys.stderr.write(f"mutate: no mutant {' '.join(unknown)}\n")
            return 2
        chosen = [(name, "named") for name in arguments]
    else:
        fresh = []
        for name in names:
            if name not in ledger:
                chosen.append((name, "new"))
            elif hasher.mutant_hash(name, ledger[name][0]) != ledger[name][1]:
                chosen.append((name, "changed"))
            else:
                fresh.append(name)
        # The sample re-proves recorded kills, drawn from the commit: a person
        # and CI at the same commit run the same ones.
        commit = head_commit()
        fresh.sort(key=lambda name: hashlib.sha256(f"{commit} {name}".encode()).hexdigest())
        chosen += [(name, "sampled") for name in fresh[:sample]]
        sys.stderr.write(f"mutate: {len(names)} mutants: {len(fresh)} recorded kills still hold their hash, "
                         f"{sum(why != 'sampled' for _, why in chosen)} to run again, "
                         f"{min(sample, len(fresh))} of the recorded drawn from commit {commit[:12]}\n")
    for name, why in chosen:
        print(f"{name}\t{why}\t{ledger.get(name, ['-'])[0]}")
    return 0


def depends(arguments):
    separator = arguments.index("--")
    stage, sources, build, targets = arguments[0], arguments[1], arguments[2], arguments[3:separator]
    data = arguments[separator + 1:]
    sources, build = os.path.realpath(sources), os.path.realpath(build)
    directories = [f"CMakeFiles/{target}.dir/" for target in targets]
    files, reading = set(), False
    for line in sys.stdin:
        if not line.startswith(" "):
            target = line.split(":", 1)[0]
            reading = any(directory in target for directory in directories)
        elif reading:
            path = os.path.normpath(os.path.join(build, line.strip()))
            if path.startswith(sources + os.sep) and not path.startswith(build + os.sep):  # not generated
                files.add(os.path.relpath(path, sources))
    if not files:
        sys.stderr.write(f"mutate: no dependencies found for {stage} ({' '.join(targets)})\n")
        return 2
    table = [row for row in rows(DEPENDS) if row[0] != stage]
    table += [[stage, path] for path in sorted(files | set(data))]
    write_rows(DEPENDS, DEPENDS_HEADER, table)
    return 0


def record(commands_path, verdicts_path):
    hasher = Hasher(commands_path)
    ledger = {row[0]: row[1:] for row in rows(LEDGER)}
    for verdict in rows(verdicts_path):
        fate, name = verdict[0].split(" ")[:2]
        if fate == "killed":
            stage = verdict[0].split(" ")[2]
            ledger[name] = [stage, hasher.mutant_hash(name, stage) or "unmeasured"]
        else:
            ledger.pop(name, None)
    write_rows(LEDGER, LEDGER_HEADER, [[name, *rest] for name, rest in ledger.items()])
    return 0


def main():
    verb, arguments = sys.argv[1], sys.argv[2:]
    if verb == "plan":
        return plan(arguments[0], arguments[1:])
    if verb == "depends":
        return depends(arguments)
    if verb == "record":
        return record(arguments[0], arguments[1])
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main())
