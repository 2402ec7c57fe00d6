"""MemoryConfig as a drop-in for upstream's, run through what upstream's TF1 estimator does
with it: deep copies of the run config, pickles, None where upstream means "not passed"."""

import copy
import enum
import itertools
import pickle

import pytest

import npu_memory_config as m
from upstream import NPURunConfig, UpstreamMemoryConfig, estimator_parameter_map


# Upstream's allowed values, None included where upstream's estimator takes it.
UPSTREAM_VALUES = list(itertools.product((0, 1), (None, 0, 1, 2, 3, 4), (None, "BalanceMode", "MemoryPriority"),
                                         (None, 0, 1, 2)))


def test_the_estimator_writes_what_it_writes_with_upstreams_class(config_proto):
    assert len(UPSTREAM_VALUES) == 144
    for values in UPSTREAM_VALUES:
        ours = estimator_parameter_map(config_proto, m.MemoryConfig(*values))
        assert ours == estimator_parameter_map(config_proto, UpstreamMemoryConfig(*values)), values
    # One spelled out: None for the static policy and the huge page writes neither key.
    assert estimator_parameter_map(config_proto, m.MemoryConfig(1, None, "MemoryPriority", None)) == {
        "atomic_clean_policy": (1, b""), "memory_optimization_policy": (0, b"MemoryPriority")}


def test_copies_and_pickles_are_equal_and_keep_what_was_given():
    for config in (m.MemoryConfig(1, 3, "MemoryPriority", 2), m.MemoryConfig(static_memory_policy=1),
                   m.MemoryConfig(0, None, None, None)):
        for copied in (copy.copy(config), copy.deepcopy(config), pickle.loads(pickle.dumps(config))):
            assert copied == config
            assert repr(copied) == repr(config)
            assert copied._static_memory_policy == config._static_memory_policy
    run_config = NPURunConfig(m.MemoryConfig(static_memory_policy=1))
    deep = copy.deepcopy(run_config)
    assert deep._memory_config == run_config._memory_config
    assert deep._memory_config._static_memory_policy == 1
    assert pickle.loads(pickle.dumps(m.MemoryConfig(0, None)))._static_memory_policy is None


def test_the_exception_pickles_with_its_message_and_diagnostics():
    with pytest.raises(ValueError) as raised:
        m.MemoryConfig(atomic_clean_policy=3, static_memory_policy="x")
    back = pickle.loads(pickle.dumps(raised.value))
    assert type(back) is m.ConfigValueError
    assert str(back) == str(raised.value)
    assert len(str(back).splitlines()) == 2
    assert back.diagnostics == raised.value.diagnostics
    assert [d.field for d in back.diagnostics] == ["atomic_clean_policy", "static_memory_policy"]


def test_none_is_not_passed_for_the_static_policy_and_the_huge_page():
    config = m.MemoryConfig(1, None, None, None)
    assert (config._static_memory_policy, config._variable_use_1g_huge_page) == (None, None)
    assert config.static_memory_policy is m.StaticMemoryPolicy.dynamic
    assert config.variable_use_1g_huge_page is m.HugePagePolicy.system_default
    assert config == m.MemoryConfig(1, 0, None, 0)
    assert hash(config) == hash(m.MemoryConfig(1))
    assert repr(config) == ("MemoryConfig(atomic_clean_policy=1, static_memory_policy=None, "
                            "memory_optimization_policy=None, variable_use_1g_huge_page=None)")
    assert eval(repr(config), {"MemoryConfig": m.MemoryConfig}) == config
    # What TF1 runs: the defaults, in every form; validated as the defaults.
    for form in m.FORMS:
        assert m.write_text(config, form) == m.write_text(m.MemoryConfig(1), form), form
    assert m.write(m.MemoryConfig(0, None), "tf1") == {"atomic_clean_policy": 0, "static_memory_policy": 0,
                                                       "variable_use_1g_huge_page": 0}
    assert m.validate(config, environ={}) == m.validate(m.MemoryConfig(1), environ={})
    assert [d.code for d in m.validate(m.MemoryConfig(0, None), soc_version="Ascend310P3", environ={})] == [
        "unsupported_product"]


def test_none_for_the_atomic_policy_is_a_value_error_in_pythons_words():
    with pytest.raises(ValueError) as raised:
        m.MemoryConfig(atomic_clean_policy=None)
    assert str(raised.value) == (
        "error: MemoryConfig: atomic_clean_policy: None is not allowed; use 0 (centralized) or 1 (separate)")
    assert raised.value.diagnostics[0].code == "wrong_type"
    with pytest.raises(ValueError) as raised:
        m.MemoryConfig(memory_optimization_policy="Fast")
    assert str(raised.value) == ('error: MemoryConfig: memory_optimization_policy: "Fast" is not allowed; use '
                                 '"BalanceMode" or "MemoryPriority", or None to leave it unset')
    with pytest.raises(ValueError, match="static_memory_policy: False is not allowed; use 0 "):
        m.MemoryConfig(static_memory_policy=False)


class Named(int):
    """An int subclass whose str() is a name, as an IntEnum's is before Python 3.11."""

    def __str__(self):
        return "expand_static_shape"


class Index:
    """An integer that is no int (numpy's integers are such)."""

    def __index__(self):
        return 3


def test_any_integer_is_taken_by_its_value():
    assert m.MemoryConfig(static_memory_policy=Named(4))._static_memory_policy == 4
    assert type(m.MemoryConfig(static_memory_policy=Named(4))._static_memory_policy) is int
    assert m.MemoryConfig(static_memory_policy=Index()).static_memory_policy is m.StaticMemoryPolicy.expand_dynamic_shape
    config = m.MemoryConfig(m.AtomicCleanPolicy.separate, m.StaticMemoryPolicy.expand_static_and_dynamic_shape,
                            None, m.HugePagePolicy.prefer_1g)
    assert repr(config) == ("MemoryConfig(atomic_clean_policy=1, static_memory_policy=4, "
                            "memory_optimization_policy=None, variable_use_1g_huge_page=2)")
    assert type(config._atomic_clean_policy) is int


class Colour(enum.Enum):
    red = 1


@pytest.mark.parametrize("arguments, message", [
    ({"atomic_clean_policy": m.HugePagePolicy.require_1g},
     "MemoryConfig() argument 'atomic_clean_policy' takes an int, an AtomicCleanPolicy or a str, not HugePagePolicy"),
    ({"static_memory_policy": Colour.red},
     "MemoryConfig() argument 'static_memory_policy' takes an int, a StaticMemoryPolicy, a str or None, not Colour"),
    ({"memory_optimization_policy": m.StaticMemoryPolicy.dynamic},
     "MemoryConfig() argument 'memory_optimization_policy' takes a str or None, not StaticMemoryPolicy"),
    ({"static_memory_policy": [2]},
     "MemoryConfig() argument 'static_memory_policy' takes an int, a StaticMemoryPolicy, a str or None, not list"),
    ({"variable_use_1g_huge_page": {"a": 1}},
     "MemoryConfig() argument 'variable_use_1g_huge_page' takes an int, a HugePagePolicy, a str or None, not dict"),
    ({"memory_optimization_policy": b"MemoryPriority"},
     "MemoryConfig() argument 'memory_optimization_policy' takes a str or None, not bytes"),
    ({"static_memory_polcy": 2}, "MemoryConfig() got an unexpected keyword argument 'static_memory_polcy'"),
])
def test_an_argument_of_a_kind_it_never_takes_is_a_type_error_naming_it(arguments, message):
    with pytest.raises(TypeError) as raised:
        m.MemoryConfig(**arguments)
    assert str(raised.value) == message


def test_too_many_arguments_is_a_type_error():
    with pytest.raises(TypeError, match=r"^MemoryConfig\(\) too many positional arguments$"):
        m.MemoryConfig(0, 0, None, 0, 0)


@pytest.mark.parametrize("call, message", [
    (lambda: m.validate(m.MemoryConfig(), product=3), "validate() argument 'product' takes a str or None, not int"),
    (lambda: m.validate(m.MemoryConfig(), cann=8.0), "validate() argument 'cann' takes a str or None, not float"),
    (lambda: m.validate(m.MemoryConfig(), concurrent_graphs="yes"),
     "validate() argument 'concurrent_graphs' takes a bool, not str"),
    (lambda: m.validate(m.MemoryConfig(), environ=[("GE_USE_STATIC_MEMORY", "1")]),
     "validate() argument 'environ' takes a mapping of str to str, or None, not list"),
    (lambda: m.validate(m.MemoryConfig(), environ={"GE_USE_STATIC_MEMORY": 1}),
     "validate() argument 'environ' takes a mapping of str to str, or None, not int"),
    (lambda: m.validate(UpstreamMemoryConfig()), "validate() argument 'config' takes a MemoryConfig, not "
                                                 "UpstreamMemoryConfig"),
    (lambda: m.write_text(m.MemoryConfig(), 1), "write_text() argument 'form' takes a str, one of json, ge, tf1, "
                                               "tf2, mindspore, torchair, mslite, not int"),
    (lambda: m.write({"a": 1}, "ge"), "write() argument 'config' takes a MemoryConfig, not dict"),
    (lambda: m.read(b"{}", "json"), "read() argument 'data' takes a str or a dict, not bytes"),
    (lambda: m.read("{}", "json", source=1), "read() argument 'source' takes a str or None, not int"),
])
def test_wrong_argument_types_are_type_errors_naming_the_argument(call, message):
    with pytest.raises(TypeError) as raised:
        call()
    assert str(raised.value) == message


def test_the_object_is_immutable():
    config = m.MemoryConfig(1, 2)
    for name in ("_static_memory_policy", "static_memory_policy", "_native", "anything"):
        with pytest.raises(AttributeError):
            setattr(config, name, 3)
        with pytest.raises(AttributeError):
            delattr(config, name)
    assert config == m.MemoryConfig(1, 2)
    assert config._static_memory_policy == 2


def test_replace_makes_a_checked_changed_copy():
    config = m.MemoryConfig(1, 1, None, None)
    changed = m.replace(config, memory_optimization_policy="BalanceMode")
    assert repr(changed) == ("MemoryConfig(atomic_clean_policy=1, static_memory_policy=1, "
                             "memory_optimization_policy='BalanceMode', variable_use_1g_huge_page=None)")
    assert config._memory_optimization_policy is None
    assert m.replace(config) == config
    with pytest.raises(ValueError, match="^error: replace: static_memory_policy: 9 is not allowed"):
        m.replace(config, static_memory_policy=9)
    with pytest.raises(TypeError, match=r"^replace\(\) got an unexpected keyword argument 'static'$"):
        m.replace(config, static=2)
    with pytest.raises(TypeError, match=r"^replace\(\) argument 'config' takes a MemoryConfig, not NoneType$"):
        m.replace(None)


def test_the_version_is_the_librarys():
    assert m.__version__ == "2.0.0"
