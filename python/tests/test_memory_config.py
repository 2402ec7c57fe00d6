"""MemoryConfig: the upstream signature, checked at construction."""

import enum
import inspect

import pytest

import npu_memory_config as m


def test_the_upstream_signature_and_defaults():
    parameters = inspect.signature(m.MemoryConfig).parameters
    assert [(p.name, p.default) for p in parameters.values()] == [
        ("atomic_clean_policy", 0),
        ("static_memory_policy", 0),
        ("memory_optimization_policy", None),
        ("variable_use_1g_huge_page", 0),
    ]
    default = m.MemoryConfig()
    assert (default._atomic_clean_policy, default._static_memory_policy) == (0, 0)
    assert (default._memory_optimization_policy, default._variable_use_1g_huge_page) == (None, 0)
    assert m.MemoryConfig(1, 3, "MemoryPriority", 2) == m.MemoryConfig(
        variable_use_1g_huge_page=2, memory_optimization_policy="MemoryPriority", static_memory_policy=3,
        atomic_clean_policy=1)


def test_upstream_attributes_hold_the_runtime_values():
    config = m.MemoryConfig("separate", "expand_dynamic_shape", "memory_priority", "prefer_1g")
    assert config._atomic_clean_policy == 1 and type(config._atomic_clean_policy) is int
    assert config._static_memory_policy == 3
    assert config._memory_optimization_policy == "MemoryPriority"
    assert config._variable_use_1g_huge_page == 2
    assert m.MemoryConfig(memory_optimization_policy="BalanceMode")._memory_optimization_policy == "BalanceMode"


def test_properties_are_int_enums_and_the_policy_a_str():
    config = m.MemoryConfig(1, 2, None, 1)
    assert issubclass(m.StaticMemoryPolicy, enum.IntEnum)
    assert m.StaticMemoryPolicy.expand_static_shape == 2
    assert config.static_memory_policy is m.StaticMemoryPolicy.expand_static_shape
    assert config.atomic_clean_policy is m.AtomicCleanPolicy.separate
    assert config.variable_use_1g_huge_page is m.HugePagePolicy.require_1g
    assert config.memory_optimization_policy is None
    assert [e.name for e in m.StaticMemoryPolicy] == [
        "dynamic", "expand_static_shape", "expand_dynamic_shape", "expand_static_and_dynamic_shape"]
    assert [e.value for e in m.HugePagePolicy] == [0, 1, 2]


def test_repr_evaluates_to_an_equal_object():
    config = m.MemoryConfig(1, 3, None, 2)
    assert repr(config) == ("MemoryConfig(atomic_clean_policy=1, static_memory_policy=3, "
                            "memory_optimization_policy=None, variable_use_1g_huge_page=2)")
    named = m.MemoryConfig(memory_optimization_policy="MemoryPriority")
    assert repr(named) == ("MemoryConfig(atomic_clean_policy=0, static_memory_policy=0, "
                           "memory_optimization_policy='MemoryPriority', variable_use_1g_huge_page=0)")
    for each in (config, named, m.MemoryConfig(static_memory_policy=1)):
        assert eval(repr(each), {"MemoryConfig": m.MemoryConfig}) == each
    assert m.MemoryConfig(0, 2) != m.MemoryConfig(0, 3)
    assert m.MemoryConfig() != "MemoryConfig()"
    assert len({m.MemoryConfig(), m.MemoryConfig(0, 0, None, 0)}) == 1


def test_a_value_not_allowed_is_a_value_error_naming_field_value_and_allowed():
    with pytest.raises(ValueError) as raised:
        m.MemoryConfig(static_memory_policy=7)
    assert str(raised.value) == (
        "error: MemoryConfig: static_memory_policy: 7 is not allowed; use 0 (dynamic), 2 (expand_static_shape), "
        "3 (expand_dynamic_shape) or 4 (expand_static_and_dynamic_shape)")
    [diagnostic] = raised.value.diagnostics
    assert (diagnostic.code, diagnostic.severity, diagnostic.field) == ("invalid_value", "error", "static_memory_policy")


@pytest.mark.parametrize("value, shown", [
    ("x", '"x"'), (True, "True is not allowed"), (False, "False is not allowed"),
    (2.0, "2.0 is not allowed (not an integer)"),
    (-1, "-1"), (2**70, "1180591620717411303424"), ("2 ", '"2 "'), ("Expand_Static_Shape", '"Expand_Static_Shape"'),
])
def test_hostile_values_are_refused(value, shown):
    with pytest.raises(ValueError) as raised:
        m.MemoryConfig(static_memory_policy=value)
    assert shown in str(raised.value)
    assert raised.value.diagnostics[0].field == "static_memory_policy"


def test_every_problem_at_once():
    with pytest.raises(ValueError) as raised:
        m.MemoryConfig(atomic_clean_policy=3, memory_optimization_policy="Fast")
    assert [d.field for d in raised.value.diagnostics] == ["atomic_clean_policy", "memory_optimization_policy"]
    assert len(str(raised.value).splitlines()) == 2


def test_the_legacy_1_is_kept_and_warned_about_by_validate():
    config = m.MemoryConfig(static_memory_policy=1)
    assert config._static_memory_policy == 1
    assert config.static_memory_policy is m.StaticMemoryPolicy.expand_static_shape
    assert config == m.MemoryConfig(static_memory_policy=2)
    assert [d.code for d in m.validate(config, environ={})] == ["legacy_value"]


def test_immutable():
    config = m.MemoryConfig()
    with pytest.raises(AttributeError):
        config._static_memory_policy = 3
