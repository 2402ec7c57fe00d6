"""The stubs against the module (mypy's stubtest) and against misuses (mypy --strict)."""

import os
import re
import subprocess
import sys

import pytest

import npu_memory_config as m

HERE = os.path.join(os.path.dirname(__file__), "typing")
PACKAGE_ROOT = os.path.dirname(os.path.dirname(m.__file__))


def mypy(cache, *arguments):
    pytest.importorskip("mypy")
    environment = dict(os.environ, PYTHONPATH=PACKAGE_ROOT, MYPYPATH=PACKAGE_ROOT, MYPY_CACHE_DIR=str(cache))
    return subprocess.run([sys.executable, "-m", *arguments], capture_output=True, text=True, env=environment,
                          cwd=cache)  # where mypy leaves its cache


def test_stubtest_finds_no_mismatch_between_the_stubs_and_the_module(tmp_path):
    done = mypy(tmp_path, "mypy.stubtest", "npu_memory_config", "--allowlist",
                os.path.join(HERE, "stubtest_allowlist.txt"))
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_strict_flags_every_misuse_and_nothing_else(tmp_path):
    done = mypy(tmp_path, "mypy", "--strict", os.path.join(HERE, "misuses.py"))
    with open(os.path.join(HERE, "misuses.py"), encoding="utf-8") as script:
        expected = {number for number, line in enumerate(script, 1) if "# misuse" in line}
    flagged = {int(found) for found in re.findall(r"misuses\.py:(\d+): error:", done.stdout, re.MULTILINE)}
    assert len(expected) == 14
    assert flagged == expected, done.stdout
