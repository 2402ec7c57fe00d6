"""Shared by the module's tests: the tool to compare with, and the 72 valid configs."""

import itertools
import json
import os
import subprocess
import sys

import pytest

REPO = os.environ.get("NPU_REPO", os.path.join(os.path.dirname(__file__), "..", ".."))
TOOL = os.environ.get("NPU_MEMCFG")

# The values each field takes (the spec's section 1): 2 x 4 x 3 x 3 = 72 configs.
ATOMIC = (0, 1)
STATIC = (0, 2, 3, 4)
POLICY = (None, "BalanceMode", "MemoryPriority")
HUGE_PAGE = (0, 1, 2)
ALL_VALUES = list(itertools.product(ATOMIC, STATIC, POLICY, HUGE_PAGE))


def run_tool(arguments, stdin=""):
    """npu-memcfg's (exit status, stdout, stderr), GE_USE_STATIC_MEMORY unset."""
    if TOOL is None:
        pytest.skip("NPU_MEMCFG names no npu-memcfg to compare with")
    environment = {k: v for k, v in os.environ.items() if k != "GE_USE_STATIC_MEMORY"}
    done = subprocess.run([TOOL, *arguments], input=stdin, capture_output=True, text=True, env=environment)
    return done.returncode, done.stdout, done.stderr


def flags(values):
    atomic, static, policy, huge_page = values
    return [
        "--atomic-clean-policy", str(atomic),
        "--static-memory-policy", str(static),
        "--memory-optimization-policy", "null" if policy is None else policy,
        "--variable-use-1g-huge-page", str(huge_page),
    ]


DEFAULTS = (0, 0, None, 0)  # MemoryConfig()'s values (the spec's section 1)


def changed_flags(values):
    """The flags of the fields that differ from the defaults: the tool takes the others from
    its defaults, as MemoryConfig() does for an argument not passed."""
    every = flags(values)
    return [part for index, value in enumerate(values) if value != DEFAULTS[index]
            for part in every[2 * index:2 * index + 2]]


def json_lines(stderr):
    return [json.loads(line) for line in stderr.splitlines()]


@pytest.fixture(scope="session")
def config_proto():
    """TensorFlow's ConfigProto, declared by the TF1 protobuf client test for the fields it needs."""
    pytest.importorskip("google.protobuf")
    sys.path.insert(0, os.path.join(REPO, "tests", "tool"))
    import tf1_protobuf_client  # noqa: E402

    return tf1_protobuf_client.config_proto_class()
