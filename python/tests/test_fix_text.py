"""fix_text and update_text: the library's edits of a config's text, as the tool
makes them in files (npu-memcfg --fix, --output over an existing file)."""

import pytest

import npu_memory_config as m
from conftest import run_tool

CASES = [
    ("json", '{"static_memory_policy": 7, "atomic_clean_policy": 1}\n', []),
    ("ge", '{"global": {"ge.exec.staticMemoryPolicy": "9"}}\n', ["--cann", "6.0.1", "--concurrent-graphs"]),
    ("mslite", "[ge_session_options]\nge.exec.staticMemoryPolicy=7\r\n", []),
    ("json", '{"static_memory_policy": 2}', ["--concurrent-graphs"]),
]


@pytest.mark.parametrize("form, text, flags", CASES)
def test_fix_text_makes_the_edits_the_tool_makes(tmp_path, form, text, flags):
    path = tmp_path / "config"
    path.write_bytes(text.encode())
    status, _, _ = run_tool(["--fix", "--from", form, str(path), *flags])
    context = {"cann": "6.0.1"} if "--cann" in flags else {}
    fixed, left = m.fix_text(text, form, concurrent_graphs="--concurrent-graphs" in flags, environ={}, **context)
    assert fixed == path.read_bytes().decode()
    assert fixed != text
    assert (status == 1) == any(d.severity == "error" for d in left)


def test_fix_text_literally():
    fixed, left = m.fix_text('{"static_memory_policy": 7, "atomic_clean_policy": 1}', environ={})
    assert fixed == '{"static_memory_policy": 0, "atomic_clean_policy": 1}'
    assert [str(d) for d in left] == ["warning: json:1:29: atomic_clean_policy: 1 (separate) may cost performance"]
    fixed, left = m.fix_text('{"static_memory_policy": 1}', cann="6.0.1", source="c.json", environ={})
    assert fixed == '{"static_memory_policy": 2}'  # the value the release's error means
    assert left == []
    # The environment's remedy is no edit of the text: the error stays.
    fixed, left = m.fix_text("{}", cann="6.0.1", environ={"GE_USE_STATIC_MEMORY": "1"})
    assert fixed == "{}"
    assert [d.code for d in left if d.severity == "error"] == ["release_difference"]
    # Nothing to fix: the very text.
    assert m.fix_text(' { "static_memory_policy" : 0 } ', environ={}) == (' { "static_memory_policy" : 0 } ', [])


def test_fix_text_takes_what_validate_takes():
    with pytest.raises(TypeError, match="fix_text"):
        m.fix_text(b"{}")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="concurrent_graphs"):
        m.fix_text("{}", concurrent_graphs=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="is not a CANN release"):
        m.fix_text("{}", cann="six")
    with pytest.raises(ValueError, match="form"):
        m.fix_text("{}", "yaml")  # type: ignore[arg-type]


def test_update_text_keeps_every_other_character():
    text = '{\n  "static_memory_policy": 0,  // kept\n  "atomic_clean_policy": 1\n}\n'.replace("  // kept", "")
    updated = m.update_text(text, m.MemoryConfig(atomic_clean_policy=0, static_memory_policy=3))
    assert updated == '{\n  "static_memory_policy": 3,\n  "atomic_clean_policy": 0\n}\n'
    lite = "# ours\n[ge_session_options]\nge.exec.staticMemoryPolicy=0\r\n"
    assert m.update_text(lite, m.MemoryConfig(static_memory_policy=2), "mslite") == (
        "# ours\n[ge_session_options]\nge.exec.staticMemoryPolicy=2\r\n"
    )
    with pytest.raises(m.ConfigValueError, match="cannot be updated in place"):
        m.update_text("{}", m.MemoryConfig(), "torchair")
    with pytest.raises(m.ConfigValueError, match="has an error"):
        m.update_text('{"static_memory_policy": 7}', m.MemoryConfig())
    with pytest.raises(TypeError, match="config"):
        m.update_text("{}", {})  # type: ignore[arg-type]


def test_fix_text_and_update_text_say_which_argument():
    config = m.MemoryConfig()
    cases = [
        (lambda: m.fix_text(b"{}"), TypeError, "fix_text() argument 'text' takes a str, not bytes"),
        (lambda: m.fix_text("{}", source=1), TypeError, "fix_text() argument 'source' takes a str or None, not int"),
        (lambda: m.fix_text("{}", concurrent_graphs=1), TypeError,
         "fix_text() argument 'concurrent_graphs' takes a bool, not int"),
        (lambda: m.fix_text("{}", "yaml"), m.ConfigValueError,
         "error: fix_text: 'yaml' is not a form; use json, ge, tf1, tf2, mindspore, torchair, mslite"),
        (lambda: m.update_text(b"{}", config), TypeError, "update_text() argument 'text' takes a str, not bytes"),
        (lambda: m.update_text("{}", {}), TypeError, "update_text() argument 'config' takes a MemoryConfig, not dict"),
        (lambda: m.update_text("{}", config, source=1), TypeError,
         "update_text() argument 'source' takes a str or None, not int"),
        (lambda: m.update_text("{}", config, "yaml"), m.ConfigValueError,
         "error: update_text: 'yaml' is not a form; use json, ge, tf1, tf2, mindspore, torchair, mslite"),
    ]
    for call, kind, message in cases:
        with pytest.raises(kind) as raised:
            call()
        assert str(raised.value) == message


def test_fix_text_checks_for_the_runtime_of_its_form_unless_told():
    # The TF adapter's release rules apply to a config file (json) and not to
    # the engine's options (ge), which is the target a ge text defaults to.
    ignored = "the adapter of CANN 6.0.1 ignores memory_optimization_policy"
    policy = '{"memory_optimization_policy": "MemoryPriority"}'
    assert ignored in str(m.fix_text(policy, cann="6.0.1", environ={})[1])
    assert m.fix_text(policy, cann="6.0.1", target="ge", environ={})[1] == []
    ge = '{"ge.exec.memoryOptimizationPolicy": "MemoryPriority"}'
    assert m.fix_text(ge, "ge", cann="6.0.1", environ={})[1] == []
    assert ignored in str(m.fix_text(ge, "ge", cann="6.0.1", target="json", environ={})[1])
