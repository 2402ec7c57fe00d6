#!/usr/bin/env python3
"""include_layers.py finds what it is for, in a scratch tree: an include of
a floor above, a layer's detail/ that includes the layer, namespace detail
in a public header, a cycle of includes and a header in no floor; and
nothing in a tree that keeps its floors."""
import pathlib
import subprocess
import sys
import tempfile

CHECKER = pathlib.Path(__file__).with_name("include_layers.py")


def run(files):
    with tempfile.TemporaryDirectory() as scratch:
        root = pathlib.Path(scratch)
        for name, text in files.items():
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            (root / name).write_text(text)
        return subprocess.run([sys.executable, str(CHECKER), str(root)], capture_output=True, text=True)


def main():
    broken = run({
        "npu/memory_config/version.hpp": '#include "npu/memory_config/settings/config.hpp"\n',
        "npu/memory_config/settings/config.hpp": '#include "npu/memory_config/version.hpp"\n#include <map>\n',
        # a layer's detail/ that reads its own layer: the two folders would include each other
        "npu/memory_config/settings/detail/field_table.hpp": '#include "npu/memory_config/settings/config.hpp"\n',
        # internals in a public header
        "npu/memory_config/settings/fields.hpp": "#pragma once\nnamespace npu {\nnamespace detail {\n}\n}\n",
        "npu/memory_config/new/thing.hpp": '#include "npu/memory_config/version.hpp"\n',
    })
    expected = ("npu/memory_config/new/thing.hpp is in no floor: add its folder to FLOORS in include_layers.py\n"
                "npu/memory_config/settings/detail/field_table.hpp (npu/memory_config/settings/detail) includes "
                "npu/memory_config/settings/config.hpp, a floor above (npu/memory_config/settings)\n"
                "npu/memory_config/settings/fields.hpp opens namespace detail: its internals belong in a detail/ "
                "folder\n"
                "npu/memory_config/version.hpp (npu/memory_config) includes npu/memory_config/settings/config.hpp, "
                "a floor above (npu/memory_config/settings)\n"
                "a cycle of includes: npu/memory_config/version.hpp -> npu/memory_config/settings/config.hpp -> "
                "npu/memory_config/version.hpp\n"
                "5 headers on 16 floors, 3 includes; 5 problems\n")
    kept = run({
        "npu/memory_config/version.hpp": "#pragma once\n",
        "npu/memory_config/settings/detail/field_table.hpp": '#include "npu/memory_config/version.hpp"\n',
        "npu/memory_config/settings/config.hpp":
            '#include "npu/memory_config/settings/detail/field_table.hpp"\n#include "npu/memory_config/version.hpp"\n',
        "npu/memory_config/settings/detail/table.hpp": "namespace npu {\nnamespace detail {\n}\n}\n",
        "npu/memory_config/json/convert.hpp": '#include "npu/memory_config/settings/config.hpp"\n',
    })
    if broken.returncode != 1 or broken.stdout != expected:
        print(f"exit {broken.returncode}, expected 1; stdout:\n{broken.stdout}expected:\n{expected}{broken.stderr}")
        return 1
    if kept.returncode != 0:
        print(f"a tree that keeps its floors: exit {kept.returncode}\n{kept.stdout}{kept.stderr}")
        return 1
    print("include_layers.py: an include of a floor above, a detail/ that reads its own layer, internals in a "
          "public header, a cycle and a header in no floor found, nothing else")
    return 0


if __name__ == "__main__":
    sys.exit(main())
