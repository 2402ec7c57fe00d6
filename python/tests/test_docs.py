"""Every Python example of docs/python.md and python/README.md runs, and prints the text block
after it."""

import contextlib
import io
import os
import re

import pytest

from conftest import REPO

PAGES = {os.path.join(REPO, "docs", "python.md"): 6, os.path.join(REPO, "python", "README.md"): 1}


def examples(page):
    text = open(page, encoding="utf-8").read()
    return re.findall(r"```python\n(.*?)```\n\n```text\n(.*?)```", text, re.S)


@pytest.mark.parametrize("page, count", PAGES.items())
def test_the_page_has_examples(page, count):
    assert len(examples(page)) == count


@pytest.mark.parametrize("page, code, expected", [(page, *example) for page in PAGES for example in examples(page)])
def test_example(page, code, expected):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, page, "exec"), {"__name__": "docs_example"})
    assert out.getvalue() == expected
