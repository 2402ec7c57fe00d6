"""The extension module and the version, which pyproject.toml cannot state: the C++ binding is
built against the headers beside this folder, and the version is the library's.

    python3 -m venv --system-site-packages .venv
    .venv/bin/pip install --no-build-isolation ./python
"""

import os

from pybind11.setup_helpers import Pybind11Extension, build_ext
from setuptools import setup

here = os.path.dirname(os.path.abspath(__file__))
include = os.path.join(here, "..", "include")


def version():
    values = {}
    with open(os.path.join(include, "npu", "memory_config", "version.hpp"), encoding="utf-8") as header:
        for line in header:
            parts = line.split()
            if len(parts) == 3 and parts[0] == "#define" and parts[1].startswith("NPU_MEMORY_CONFIG_VERSION_"):
                values[parts[1].rsplit("_", 1)[1]] = parts[2]
    return f"{values['MAJOR']}.{values['MINOR']}.{values['PATCH']}"


setup(
    version=version(),
    ext_modules=[
        Pybind11Extension(
            "npu_memory_config._native",
            [os.path.join("src", "binding.cpp")],
            include_dirs=[include],
            cxx_std=17,
        )
    ],
    cmdclass={"build_ext": build_ext},
)
