"""write, write_text and read against the tool, for all 72 valid configs."""

import json

import pytest

import npu_memory_config as m
from conftest import ALL_VALUES, changed_flags, json_lines, run_tool

FORMS = ("json", "ge", "tf1", "tf2", "mindspore", "torchair", "mslite")


def test_the_forms_are_the_tools():
    assert m.FORMS == FORMS


@pytest.mark.parametrize("form", FORMS)
def test_write_text_is_what_the_tool_prints_and_read_reads_it_back(form):
    for values in ALL_VALUES:
        config = m.MemoryConfig(*values)
        # A field holding its default counts as a default, as a field no flag sets.
        status, out, _ = run_tool([*changed_flags(values), "--format", form])
        if status == 1:
            with pytest.raises(ValueError):
                m.write_text(config, form)
            continue
        assert status == 0
        assert m.write_text(config, form) == out, values
        if form != "torchair":
            read, diagnostics = m.read(out, form)
            assert read == config, (values, diagnostics)


def test_write_gives_python_values():
    config = m.MemoryConfig(1, 3, "MemoryPriority", 2)
    assert m.write(config, "ge") == {
        "global": {"ge.exec.staticMemoryPolicy": "3", "ge.variableUse1gHugePage": "2"},
        "session": {"ge.exec.atomicCleanPolicy": "1", "ge.exec.memoryOptimizationPolicy": "MemoryPriority",
                    "ge.variableUse1gHugePage": "2"},
    }
    assert m.write(config, "tf1") == {"atomic_clean_policy": 1, "memory_optimization_policy": "MemoryPriority",
                                      "static_memory_policy": 3, "variable_use_1g_huge_page": 2}
    assert m.write(m.MemoryConfig(1, 2, None, 0), "tf2") == {
        "atomic_clean_policy": "1", "static_memory_policy": "2", "variable_use_1g_huge_page": "0"}
    assert m.write(config, "mindspore")["atomic_clean_policy"] == 1
    assert m.write(m.MemoryConfig(1, 4, "MemoryPriority", 0), "torchair") == {"GE_USE_STATIC_MEMORY": "3"}
    assert m.write(m.MemoryConfig(1, 2, "MemoryPriority", 0), "torchair") == {}
    # Defaults torchair replaces (atomic 0, the policy unset) are not asked for.
    assert m.write_text(m.MemoryConfig(static_memory_policy=4), "torchair") == "GE_USE_STATIC_MEMORY=3\n"
    assert m.write(config, "json") == m.write_text(config, "json")
    assert isinstance(m.write(config, "mslite"), str)


def test_a_form_that_cannot_carry_the_config_or_no_form_is_a_value_error():
    with pytest.raises(ValueError) as raised:
        m.write(m.MemoryConfig(memory_optimization_policy="BalanceMode"), "tf2")
    assert raised.value.diagnostics[0].code == "unsupported_option"
    assert raised.value.diagnostics[0].field == "memory_optimization_policy"
    with pytest.raises(ValueError) as raised:
        m.write(m.MemoryConfig(), "tf3")
    assert str(raised.value) == "error: write: 'tf3' is not a form; use json, ge, tf1, tf2, mindspore, torchair, mslite"
    assert raised.value.diagnostics[0].code == "usage_error"
    with pytest.raises(ValueError):
        m.read("{}", "yaml")
    config, diagnostics = m.read("GE_USE_STATIC_MEMORY=2\n", "torchair")
    assert config is None and diagnostics[0].code == "wrong_form"


def test_read_names_the_form_as_the_source_unless_given_one():
    _, diagnostics = m.read('{"static_memory_policy": 9}', "json")
    assert [(d.source, d.line, d.column) for d in diagnostics] == [("json", 1, 2)]
    assert diagnostics[0].text.startswith("error: json:1:2: static_memory_policy: 9 is not allowed")
    _, diagnostics = m.read('{"static_memory_policy": 9}', "json", source="job.json")
    assert diagnostics[0].text.startswith("error: job.json:1:2: ")


def test_read_takes_dicts_of_the_map_forms():
    config, diagnostics = m.read({"global": {"ge.exec.staticMemoryPolicy": "3"}}, "ge")
    assert config == m.MemoryConfig(static_memory_policy=3) and diagnostics == []
    config, diagnostics = m.read({"ge.exec.staticMemoryPolicy": "separate"}, "ge", source="launcher")
    assert config is None
    assert [(d.code, d.field, d.line, d.source) for d in diagnostics] == [
        ("invalid_value", "static_memory_policy", None, "launcher")]
    assert str(diagnostics[0]).startswith("error: launcher: static_memory_policy (ge.exec.staticMemoryPolicy): ")
    assert m.read({"static_memory_policy": "expand_static_shape"}, "json")[0] == m.MemoryConfig(static_memory_policy=2)
    with pytest.raises(TypeError):
        m.read(b"{}", "json")


ALLOWED_STATIC = "use 0 (dynamic), 2 (expand_static_shape), 3 (expand_dynamic_shape) or 4 (expand_static_and_dynamic_shape)"


@pytest.mark.parametrize(
    "data, form, text",
    [
        ({"static_memory_policy": None}, "json", f"error: json: static_memory_policy: None is not allowed; {ALLOWED_STATIC}"),
        ({"static_memory_policy": True}, "ge", f"error: ge: static_memory_policy: True is not allowed; {ALLOWED_STATIC}"),
        ({"static_memory_policy": False}, "json", f"error: json: static_memory_policy: False is not allowed; {ALLOWED_STATIC}"),
        ({"static_memory_policy": [2]}, "json", f"error: json: static_memory_policy: a list is not allowed; {ALLOWED_STATIC}"),
        ({"static_memory_policy": (2,)}, "json", f"error: json: static_memory_policy: a tuple is not allowed; {ALLOWED_STATIC}"),
        ({"static_memory_policy": {"v": 2}}, "json", f"error: json: static_memory_policy: a dict is not allowed; {ALLOWED_STATIC}"),
        ({"static_memory_policy": b"2"}, "json", f"error: json: static_memory_policy: b'2' is not allowed; {ALLOWED_STATIC}"),
        ({"static_memory_policy": {2}}, "json", f"error: json: static_memory_policy: a set is not allowed; {ALLOWED_STATIC}"),
        (
            {"memory_optimization_policy": 1},
            "json",
            'error: json: memory_optimization_policy: 1 is not allowed (a string is expected); use "BalanceMode" or '
            '"MemoryPriority", or None to leave it unset',
        ),
        (
            {"ge.exec.deviceId": b"0"},
            "ge",
            """error: ge: "ge.exec.deviceId": b'0' is not an option value; option values are strings or numbers""",
        ),
        (
            {"ge_options": {"global": {}}},
            "tf2",
            'error: tf2: "ge_options": a dict is not an option value; option values are strings or numbers (this is '
            "MindSpore's ascend_config: the mindspore form reads it)",
        ),
        (
            {"ge.exec.staticMemoryPolicy": "2"},
            "json",
            'error: json: "ge.exec.staticMemoryPolicy": unknown key (a GE option, in a GE option map: the ge form '
            "reads it); the keys are atomic_clean_policy, static_memory_policy, memory_optimization_policy and "
            "variable_use_1g_huge_page",
        ),
        (
            {"ge_options": {"session": {"ge.exec.staticMemoryPolicy": 2}}},
            "mindspore",
            'error: mindspore (session): "ge.exec.staticMemoryPolicy": 2 is not a string; MindSpore takes '
            "ge_options values as strings",
        ),
    ],
)
def test_a_dict_is_read_in_python_words_without_positions(data, form, text):
    config, diagnostics = m.read(data, form)
    assert config is None
    assert [d.text for d in diagnostics] == [text]
    assert [(d.line, d.column) for d in diagnostics] == [(None, None)]


def test_a_dict_holds_what_python_holds():
    # An IntEnum and a big int are read as the ints they are; None unsets the policy.
    config, diagnostics = m.read(
        {"static_memory_policy": m.StaticMemoryPolicy(3), "memory_optimization_policy": None}, "json"
    )
    assert config == m.MemoryConfig(static_memory_policy=3) and diagnostics == []
    _, diagnostics = m.read({"atomic_clean_policy": 10**30}, "json")
    assert diagnostics[0].text == (
        "error: json: atomic_clean_policy: 1000000000000000000000000000000 is not allowed (out of range); "
        "use 0 (centralized) or 1 (separate)"
    )
    config, _ = m.read({"ge_options": {"global": {"ge.exec.staticMemoryPolicy": "4"}}}, "mindspore")
    assert config is not None and config.static_memory_policy == 4


def test_a_dict_of_a_form_that_is_no_map_or_with_keys_that_are_no_str_is_a_type_error():
    with pytest.raises(TypeError) as raised:
        m.read({}, "tf1")
    assert str(raised.value) == "read() reads a dict as json, ge, tf2 or mindspore; the tf1 form is read from a str"
    with pytest.raises(TypeError) as raised:
        m.read({"global": {1: "2"}}, "ge")
    assert str(raised.value) == "read() argument 'data' takes str keys, not 1 (int)"


# Inputs of the C++ hostile-input and conformance tests, read by the module and by the tool.
# Each setting's name and GE key, from the reference: what a diagnostic
# about the setting names.
SETTING_OF_KEY = {
    "atomic_clean_policy": "atomic_clean_policy",
    "static_memory_policy": "static_memory_policy",
    "memory_optimization_policy": "memory_optimization_policy",
    "variable_use_1g_huge_page": "variable_use_1g_huge_page",
    "ge.exec.atomicCleanPolicy": "atomic_clean_policy",
    "ge.exec.staticMemoryPolicy": "static_memory_policy",
    "ge.exec.memoryOptimizationPolicy": "memory_optimization_policy",
    "ge.variableUse1gHugePage": "variable_use_1g_huge_page",
}

TEXTS = [
    ("json", '{"static_memory_policy": 1e400}'),
    ("json", '{"static_memory_policy": 99999999999999999999}'),
    ("json", '{"static_memory_policy": "\uff12"}'),
    ("json", '{"static_memory_policy": 2, "static_memory_policy": 3}'),
    ("json", '{"static_memory_policy": {"a": [1, 2]}}'),
    ("json", '{"static_memory_polcy": 2}'),
    ("json", "[ge_session_options]\nge.exec.staticMemoryPolicy=2\n"),
    ("ge", '{"ge.exec.staticMemoryPolicy": "02", "ge.exec.atomicCleanPolicy": "separate"}'),
    ("tf2", '{"ge.exec.staticMemoryPolicy": "2"}'),
    ("mindspore", '{"atomic_clean_policy": "1", "ge_options": {"global": {"ge.exec.staticMemoryPolicy": 2}}}'),
    ("mslite", "[ge_session_options]\r\nge.exec.staticMemoryPolicy=2 # inline\r\n[ge_session_options]\r\nx=1\r\n"),
    ("tf1", 'graph_options { rewrite_options { custom_optimizers { name: "NpuOptimizer" '
            'parameter_map { key: "static_memory_policy" value { s: "2" } } } } }'),
]


@pytest.mark.parametrize("form, text", TEXTS)
def test_the_same_diagnostics_as_the_tool(form, text):
    _, diagnostics = m.read(text, form, source="<stdin>")
    _, _, err = run_tool(["--from", form, "-", "--diagnostics", "json"], stdin=text)
    expected = json_lines(err)
    assert expected, "the tool found nothing to compare with"
    got = [{"severity": d.severity, "code": d.code, "source": d.source, "line": d.line, "column": d.column,
            "message": d.message} for d in diagnostics]
    assert got == [{k: e[k] for k in ("severity", "code", "source", "line", "column", "message")} for e in expected]
    for d, e in zip(diagnostics, expected):  # the setting, where the tool names it or one of its keys
        named = e["field"].split(" (")[0]
        assert d.field == SETTING_OF_KEY.get(named)
