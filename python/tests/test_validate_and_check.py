"""validate in context, and check on the objects launchers hold."""

import types

import pytest

import npu_memory_config as m
from conftest import json_lines, run_tool
from upstream import NPURunConfig, UpstreamMemoryConfig, estimator_parameter_map


def test_validate_is_the_tools_validation():
    config = m.MemoryConfig(0, 2, None, 2)
    diagnostics = m.validate(config, product="atlas-a2", concurrent_graphs=True, cann="8.0.RC2", environ={})
    _, _, err = run_tool(["--static-memory-policy", "2", "--variable-use-1g-huge-page", "2", "--product", "atlas-a2",
                          "--concurrent-graphs", "--cann", "8.0.RC2", "--diagnostics", "json"])
    # The tool names the flags as sources; the module names MemoryConfig.
    assert [(d.code, d.severity, d.field) for d in diagnostics] == [
        (e["code"], e["severity"], e["field"].split(" (")[0] or None) for e in json_lines(err)]
    assert any(d.code == "concurrent_graphs" and d.severity == "error" for d in diagnostics)


def test_validate_checks_for_the_target_given():
    config = m.MemoryConfig(memory_optimization_policy="BalanceMode")
    assert m.validate(config, environ={}) == []
    [problem] = m.validate(config, target="tf2", environ={})
    assert (problem.code, problem.severity, problem.field) == ("unsupported_option", "error",
                                                               "memory_optimization_policy")
    assert [d.code for d in m.check(config, target="tf2", environ={})] == ["unsupported_option"]


def test_validate_reads_the_environment_given():
    config = m.MemoryConfig(static_memory_policy=3)
    assert [d.code for d in m.validate(config, environ={"GE_USE_STATIC_MEMORY": "1"})][0] == "environment_changes"
    assert [d.code for d in m.validate(config, environ={})] == ["costly_policy"]


def test_an_empty_environ_is_an_environment_without_the_variable(monkeypatch):
    monkeypatch.setenv("GE_USE_STATIC_MEMORY", "1")
    config = m.MemoryConfig(static_memory_policy=3)
    assert [d.code for d in m.validate(config, environ={})] == ["costly_policy"]
    assert [d.code for d in m.check(config, environ={})] == ["costly_policy"]
    # None (the default): the process's own environment.
    assert [d.code for d in m.validate(config)] == ["environment_changes", "costly_policy"]
    assert [d.code for d in m.validate(config, environ=None)] == ["environment_changes", "costly_policy"]
    # Any mapping, not only a dict.
    assert [d.code for d in m.validate(config, environ=types.MappingProxyType({}))] == ["costly_policy"]


def test_validate_refuses_names_no_table_knows():
    with pytest.raises(ValueError, match="product 'atlas-9' is not a product; use atlas-350, "):
        m.validate(m.MemoryConfig(), product="atlas-9")
    with pytest.raises(ValueError, match="cann '8.0.rc3' is not a CANN release"):
        m.validate(m.MemoryConfig(), cann="8.0.rc3")
    with pytest.raises(ValueError, match="form 'tf' is not a form"):
        m.validate(m.MemoryConfig(), target="tf")
    with pytest.raises(TypeError):
        m.validate({"static_memory_policy": 2})
    unknown = m.validate(m.MemoryConfig(), soc_version="ascend910b2", environ={})
    assert [(d.code, d.severity) for d in unknown] == [("unknown_soc", "warning")]


def test_the_upstream_run_config_takes_the_module_config_unchanged(config_proto):
    config = m.MemoryConfig(1, "expand_dynamic_shape", "MemoryPriority", 0)
    written = {key: s.decode() if key == "memory_optimization_policy" else i
               for key, (i, s) in estimator_parameter_map(config_proto, config).items()}
    assert written == m.write(config, "tf1")


def test_check_reads_upstream_objects():
    environ = {"environ": {}}

    def codes(diagnostics):
        return [(d.code, d.field, d.message) for d in diagnostics]

    assert codes(m.check(UpstreamMemoryConfig(0, 3), **environ)) == codes(m.validate(m.MemoryConfig(0, 3), **environ))
    assert m.check(UpstreamMemoryConfig(0, 3), **environ)[0].source == "UpstreamMemoryConfig"
    bad = m.check(UpstreamMemoryConfig(static_memory_policy=7), **environ)
    assert [(d.code, d.field, d.source) for d in bad] == [("invalid_value", "static_memory_policy",
                                                           "UpstreamMemoryConfig")]
    assert m.check(NPURunConfig(), **environ) == m.validate(m.MemoryConfig(), **environ)
    assert m.check(NPURunConfig(UpstreamMemoryConfig(static_memory_policy=1)), **environ)[0].code == "legacy_value"
    assert [d.code for d in m.check(NPURunConfig(m.MemoryConfig(0, 2)), concurrent_graphs=True, environ={})] == [
        "concurrent_graphs"]
    assert [d.code for d in m.check({"ge.exec.staticMemoryPolicy": "2"}, concurrent_graphs=True, environ={})] == [
        "concurrent_graphs"]
    with pytest.raises(TypeError, match="not list"):
        m.check([1, 2])


def npu_session_config(proto_class, parameters, other_optimizer=True):
    session = proto_class()
    session.graph_options.rewrite_options.layout_optimizer = 2  # OFF
    if other_optimizer:
        session.graph_options.rewrite_options.custom_optimizers.add(name="pruning")
    optimizer = session.graph_options.rewrite_options.custom_optimizers.add(name="NpuOptimizer")
    for key, value in parameters.items():
        if isinstance(value, int):
            optimizer.parameter_map[key].i = value
        else:
            optimizer.parameter_map[key].s = value.encode()
    return session


def test_check_reads_a_tf1_config_proto(config_proto):
    good = npu_session_config(config_proto, {"static_memory_policy": 3, "atomic_clean_policy": 1})
    assert [d.code for d in m.check(good, environ={})] == ["costly_policy", "costly_policy"]
    wrong_kind = npu_session_config(config_proto, {"static_memory_policy": "2"})
    [problem] = m.check(wrong_kind, environ={})
    assert (problem.code, problem.field, problem.severity) == ("wrong_type", "static_memory_policy", "error")
    assert "the adapter reads static_memory_policy as an integer (i)" in problem.message
    none = m.check(config_proto(), environ={})
    assert [d.code for d in none] == ["no_memory_settings"]


def test_a_diagnostic_carries_its_fix_as_data() -> None:
    # Section 17: the variable makes 2 run, which concurrent graphs forbid; the
    # remedies change the variable, never the option alone.
    config = m.MemoryConfig(static_memory_policy=0)
    [error] = [d for d in m.validate(config, concurrent_graphs=True, environ={"GE_USE_STATIC_MEMORY": "1"})
               if d.severity == "error"]
    assert error.code == "concurrent_graphs"
    assert error.source == "GE_USE_STATIC_MEMORY"
    set_to = [m.Remedy(edits=(m.Edit("set_variable", "GE_USE_STATIC_MEMORY", value, None, None, None),),
                       text=f"GE_USE_STATIC_MEMORY={value}") for value in ("0", "3")]
    unset = m.Remedy(edits=(m.Edit("unset_variable", "GE_USE_STATIC_MEMORY", None, None, None, None),),
                     text="GE_USE_STATIC_MEMORY unset")
    assert error.fix == (*set_to, unset)
    assert error.message.endswith("; set GE_USE_STATIC_MEMORY to 0 or 3, or unset GE_USE_STATIC_MEMORY")
    # A problem nothing in the job's files clears has none.
    [costly] = m.validate(m.MemoryConfig(atomic_clean_policy=1), environ={})
    assert costly.fix == ()
