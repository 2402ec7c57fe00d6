#!/usr/bin/env python3
"""The headers' layers, read from their #include lines: each header sits in
one layer, includes only headers of its own layer or below, and no chain of
includes comes back to where it started.

The layers, bottom up, as the library is built: the base (the namespace,
the enumerations, the keys, text helpers), the tables, the settings (names,
values, MemoryConfig, diagnostics), validation, the forms (the option maps,
their readers, the TF1 and MindSpore Lite texts), JSON, jobs (shell
scripts read for their launches). A header that no
layer lists is an error too: a new header says where it belongs.

    include_layers.py INCLUDE_DIR
"""
import pathlib
import re
import sys

LAYERS = [
    ("base", """version.hpp enums.hpp keys.hpp cann_release.hpp provenance.hpp detail/assert.hpp
        detail/span.hpp detail/table_rows.hpp detail/text.hpp detail/text_edit.hpp detail/message_text.hpp
        detail/near_miss.hpp json/detail/layout.hpp json/detail/pointer.hpp"""),
    ("tables", """detail/field_table.hpp detail/target_table.hpp detail/product_table.hpp
        detail/release_rules.hpp detail/diagnostic_codes.hpp detail/form_table.hpp"""),
    ("settings", """reflection.hpp fields.hpp config.hpp detail/soc.hpp detail/form_names.hpp fix.hpp diagnostic.hpp
        ostream.hpp detail/key_table.hpp"""),
    ("validation", """validation_context.hpp effective.hpp detail/check_text.hpp detail/value_checks.hpp
        detail/product_checks.hpp detail/release_checks.hpp detail/static_memory_checks.hpp detail/target_checks.hpp
        validate.hpp
        detail/value_parser.hpp field_text.hpp detail/assembler.hpp text.hpp"""),
    ("forms", """detail/forms.hpp option_maps.hpp tf1_parameter_map.hpp detail/map_entries.hpp
        map_readers.hpp detail/mslite_parser.hpp detail/text_shape.hpp detail/protobuf_text.hpp
        detail/tf1_form.hpp detail/tf1_update.hpp detail/mslite_form.hpp detail/mslite_update.hpp ../memory_config.hpp"""),
    ("JSON", """json/detail/document.hpp json/detail/members.hpp json/detail/documents.hpp json/detail/form_texts.hpp json/detail/json_update.hpp json/convert.hpp
        json/readers.hpp json/host_value.hpp json/schema.hpp json/text_forms.hpp json/update.hpp json/fix_text.hpp ../memory_config_json.hpp"""),
    ("jobs", """jobs/launch.hpp jobs/detail/job_variables.hpp jobs/launcher.hpp jobs/detail/shell_lexer.hpp jobs/detail/shell_parser.hpp jobs/detail/shell_paths.hpp
        jobs/detail/shell_walk.hpp jobs/shell.hpp jobs/check.hpp ../memory_config_jobs.hpp"""),
]

INCLUDE = re.compile(r'^\s*#\s*include\s+[<"](npu/[^>"]+)[>"]', re.M)


def layer_of():
    layers = {}
    for rank, (name, headers) in enumerate(LAYERS):
        for header in headers.split():
            layers[str(pathlib.PurePosixPath("npu/memory_config", header)).replace("npu/memory_config/../", "npu/")] \
                = (rank, name)
    return layers


def includes(include_dir):
    """Each header's project includes, as paths under include_dir."""
    graph = {}
    for header in sorted(pathlib.Path(include_dir).rglob("*.hpp")):
        name = header.relative_to(include_dir).as_posix()
        graph[name] = INCLUDE.findall(header.read_text(encoding="utf-8"))
    return graph


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


def main():
    graph = includes(sys.argv[1])
    layers = layer_of()
    problems = []
    for header, included in graph.items():
        if header not in layers:
            problems.append(f"{header} is in no layer: add it to LAYERS in {pathlib.Path(__file__).name}")
            continue
        for target in included:
            if target in layers and layers[target][0] > layers[header][0]:
                problems.append(f"{header} ({layers[header][1]}) includes {target}, a layer above "
                                f"({layers[target][1]})")
    loop = cycle(graph)
    if loop:
        problems.append("a cycle of includes: " + " -> ".join(loop))
    for problem in problems:
        print(problem)
    print(f"{len(graph)} headers in {len(LAYERS)} layers; {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
