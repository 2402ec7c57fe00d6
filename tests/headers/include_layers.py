#!/usr/bin/env python3
"""The headers' floors, read from their #include lines.

The folders of include/ are floors, bottom up, as the library is built: the
words every layer uses (the enumerations, the keys, a release, a place in a
file), the settings (the tables, MemoryConfig, diagnostics and their fixes,
the context of a job), validation, the forms (the option maps, their
readers, the TF1 and MindSpore Lite texts), JSON (a config as a JSON value),
the texts of every form (written, read and updated through one door), jobs (a launch and how it
is checked), shell scripts read for their launches, and the umbrella
headers. A layer's detail/ is the floor just below the layer: what its
headers are built from, seeing only the floors below it, never the layer's
own headers.

A header includes only headers of its own folder or of a floor below, so no
two folders include each other and no arrow of includes runs back up a
floor. A header outside a detail/ folder declares nothing in namespace
detail: what it needs from the internals comes from its detail/. A header
in no listed folder, or a cycle of includes, fails too.

    include_layers.py INCLUDE_DIR
"""
import pathlib
import re
import sys

FLOORS = [
    "npu/memory_config",
    "npu/memory_config/settings/detail",
    "npu/memory_config/settings",
    "npu/memory_config/validation/detail",
    "npu/memory_config/validation",
    "npu/memory_config/forms/detail",
    "npu/memory_config/forms",
    "npu/memory_config/json/detail",
    "npu/memory_config/json",
    "npu/memory_config/texts/detail",
    "npu/memory_config/texts",
    "npu/memory_config/jobs/detail",
    "npu/memory_config/jobs",
    "npu/memory_config/shell/detail",
    "npu/memory_config/shell",
    "npu",
]

INCLUDE = re.compile(r'^\s*#\s*include\s+[<"](npu/[^>"]+)[>"]', re.M)
DETAIL_NAMESPACE = re.compile(r"^\s*namespace\s+detail\b", re.M)


def includes(include_dir):
    """Each header's project includes, as paths under include_dir."""
    graph = {}
    for header in sorted(pathlib.Path(include_dir).rglob("*.hpp")):
        name = header.relative_to(include_dir).as_posix()
        graph[name] = INCLUDE.findall(header.read_text(encoding="utf-8"))
    return graph


def floor_of(header):
    folder = str(pathlib.PurePosixPath(header).parent)
    return FLOORS.index(folder) if folder in FLOORS else None


def cycle(graph):
    """One cycle of includes as a list of headers, or None."""
    state, stack = {}, []

    def visit(node):
        state[node] = "open"
        stack.append(node)
        for child in graph.get(node, []):
            if state.get(child) == "open":
                return stack[stack.index(child):] + [child]
            if child not in state:
                found = visit(child)
                if found:
                    return found
        stack.pop()
        state[node] = "done"
        return None

    for node in graph:
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def problems_in(include_dir):
    graph = includes(include_dir)
    problems, arrows = [], 0
    for header, included in graph.items():
        floor = floor_of(header)
        if floor is None:
            problems.append(f"{header} is in no floor: add its folder to FLOORS in {pathlib.Path(__file__).name}")
            continue
        if "detail" not in pathlib.PurePosixPath(header).parts:
            text = (pathlib.Path(include_dir) / header).read_text(encoding="utf-8")
            if DETAIL_NAMESPACE.search(text):
                problems.append(f"{header} opens namespace detail: its internals belong in a detail/ folder")
        for target in included:
            arrows += 1
            target_floor = floor_of(target)
            if target_floor is not None and target_floor > floor:
                problems.append(f"{header} ({FLOORS[floor]}) includes {target}, a floor above "
                                f"({FLOORS[target_floor]})")
    loop = cycle(graph)
    if loop:
        problems.append("a cycle of includes: " + " -> ".join(loop))
    return graph, arrows, problems


def main():
    graph, arrows, problems = problems_in(sys.argv[1])
    for problem in problems:
        print(problem)
    print(f"{len(graph)} headers on {len(FLOORS)} floors, {arrows} includes; {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
