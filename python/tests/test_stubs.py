"""The type stubs name what the module has, and the enumerations as the native table has them."""

import ast
import os

import npu_memory_config as m

STUBS = os.path.join(os.path.dirname(m.__file__), "__init__.pyi")


def test_the_stubs_name_every_public_name_and_nothing_else():
    tree = ast.parse(open(STUBS, encoding="utf-8").read())
    names = {node.name for node in tree.body if isinstance(node, (ast.ClassDef, ast.FunctionDef))}
    names |= {node.target.id for node in tree.body if isinstance(node, ast.AnnAssign)}
    names |= {target.id for node in tree.body if isinstance(node, ast.Assign) for target in node.targets}
    assert {name for name in names if not name.startswith("__")} == set(m.__all__)


def test_the_stubs_enumerations_are_the_modules():
    tree = ast.parse(open(STUBS, encoding="utf-8").read())
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and any(getattr(b, "attr", "") == "IntEnum" for b in node.bases):
            declared = [(s.targets[0].id, s.value.value) for s in node.body if isinstance(s, ast.Assign)]
            assert declared == [(e.name, e.value) for e in getattr(m, node.name)]


def test_every_public_name_has_a_docstring():
    for name in m.__all__:
        value = getattr(m, name)
        if callable(value) and getattr(value, "__module__", "") != "typing":  # Form, Severity: types only
            assert value.__doc__, name
    assert os.path.exists(os.path.join(os.path.dirname(m.__file__), "py.typed"))
