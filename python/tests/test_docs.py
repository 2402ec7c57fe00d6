"""Every Python example of docs/python.md runs, and prints the text block after it."""

import contextlib
import io
import os
import re

import pytest

from conftest import REPO

PAGE = os.path.join(REPO, "docs", "python.md")


def examples():
    text = open(PAGE, encoding="utf-8").read()
    return re.findall(r"```python\n(.*?)```\n\n```text\n(.*?)```", text, re.S)


def test_the_page_has_examples():
    assert len(examples()) == 4


@pytest.mark.parametrize("code, expected", examples())
def test_example(code, expected):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, PAGE, "exec"), {"__name__": "docs_example"})
    assert out.getvalue() == expected
