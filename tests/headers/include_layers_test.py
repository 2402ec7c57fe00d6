#!/usr/bin/env python3
"""include_layers.py finds what it is for: an include of a layer above, a
cycle of includes and a header in no layer, in a scratch tree; and nothing
in a tree that keeps its layers."""
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
        "npu/memory_config/version.hpp": '#include "npu/memory_config/config.hpp"\n',
        "npu/memory_config/config.hpp": '#include "npu/memory_config/version.hpp"\n#include <map>\n',
        "npu/memory_config/new.hpp": '#include "npu/memory_config/version.hpp"\n',
    })
    expected = ("npu/memory_config/new.hpp is in no layer: add it to LAYERS in include_layers.py\n"
                "npu/memory_config/version.hpp (base) includes npu/memory_config/config.hpp, a layer above (settings)\n"
                "a cycle of includes: npu/memory_config/config.hpp -> npu/memory_config/version.hpp -> "
                "npu/memory_config/config.hpp\n"
                "3 headers in 7 layers; 3 problems\n")
    kept = run({
        "npu/memory_config/version.hpp": "#pragma once\n",
        "npu/memory_config/config.hpp": '#include "npu/memory_config/version.hpp"\n',
        "npu/memory_config/json/convert.hpp": '#include "npu/memory_config/config.hpp"\n',
    })
    if broken.returncode != 1 or broken.stdout != expected:
        print(f"exit {broken.returncode}, expected 1; stdout:\n{broken.stdout}expected:\n{expected}{broken.stderr}")
        return 1
    if kept.returncode != 0:
        print(f"a tree that keeps its layers: exit {kept.returncode}\n{kept.stdout}{kept.stderr}")
        return 1
    print("include_layers.py: an upward include, a cycle and a header in no layer found, nothing else")
    return 0


if __name__ == "__main__":
    sys.exit(main())
