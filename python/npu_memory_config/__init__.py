"""NPU memory settings for Python launchers, checked by the npu-memory-config C++ library.

``MemoryConfig`` takes the arguments of the upstream ``MemoryConfig`` that is passed to
``NPURunConfig`` and refuses a value the runtime would not run; ``validate`` checks a config
where it will run (product, SoC, CANN release, concurrent graphs, ``GE_USE_STATIC_MEMORY``);
``write``/``write_text`` give each runtime's form, ``read`` reads every form back, and ``check``
takes an object a launcher already holds. Every rule lives in the C++ library.
"""

from __future__ import annotations

import collections.abc
import enum
import inspect
import json
import operator
import os
from dataclasses import dataclass
from typing import Any, Dict, List, Literal, Mapping, NamedTuple, Optional, Tuple

from . import _native

__version__: str = _native.version
"""The library's version."""

FORMS: Tuple[str, ...] = tuple(_native.form_names())
"""The forms, named as ``npu-memcfg --from`` and ``--format`` name them."""

_DICT_FORMS: Tuple[str, ...] = tuple(_native.dict_form_names())

Form = Literal[FORMS]  # type: ignore[valid-type]
"""A form's name, as a type: ``Literal["json", "ge", ...]``."""

Severity = Literal["error", "warning"]
"""A diagnostic's severity, as a type."""


class _Setting(NamedTuple):
    """One row of the native field table: what the Python layer derives from."""

    name: str
    enum_name: str  # the IntEnum's name; "" for the optimization policy, a str
    optional: bool  # may be unset (None): the runtime decides
    default: int
    none_means_not_passed: bool  # upstream's MemoryConfig takes None: the adapter's default runs
    values: List[Tuple[str, int, str]]  # (name, code, runtime text)


_SETTINGS: Tuple[_Setting, ...] = tuple(_Setting(*row) for row in _native.field_table())


def _int_enum(setting: _Setting) -> Any:
    made = enum.IntEnum(setting.enum_name, [(name, code) for name, code, _ in setting.values], module=__name__)
    made.__doc__ = f"The values of {setting.name}."
    return made


_ENUMS: Dict[str, Any] = {setting.name: _int_enum(setting) for setting in _SETTINGS if setting.enum_name}
globals().update({made.__name__: made for made in _ENUMS.values()})

__all__ = sorted(
    [
        "ConfigValueError",
        "Diagnostic",
        "Edit",
        "FORMS",
        "Form",
        "Severity",
        "MemoryConfig",
        "Remedy",
        "check",
        "fix_text",
        "update_text",
        "read",
        "replace",
        "validate",
        "write",
        "write_text",
        *(made.__name__ for made in _ENUMS.values()),
    ]
)


@dataclass(frozen=True)
class Edit:
    """One change of a fix: ``action`` (``"set_value"``, ``"remove_setting"``,
    ``"set_variable"``, ``"unset_variable"``), the ``setting`` it changes (a setting's name, or
    ``"GE_USE_STATIC_MEMORY"``), the ``value`` the runtime then reads (None: unset, or none),
    and where: ``source``, ``line``, ``column`` (``source`` None: the environment the job runs in).
    """

    action: str
    setting: str
    value: Optional[str]
    source: Optional[str]
    line: Optional[int]
    column: Optional[int]


@dataclass(frozen=True)
class Remedy:
    """Edits that, applied together, clear a diagnostic; ``text`` says them."""

    edits: Tuple[Edit, ...]
    text: str


@dataclass(frozen=True)
class Diagnostic:
    """One problem, as ``npu-memcfg --diagnostics json`` writes it.

    ``code`` and ``severity`` (``"error"``, ``"warning"``) as there; ``field`` the setting it is
    about (``"static_memory_policy"``), or None for a problem of a key, a file or the context;
    ``message`` what is wrong and what is allowed; ``line`` and ``column`` None without a
    position. ``text`` and ``str()``: the line the tool prints. ``fix``: the remedies that clear
    it, each enough on its own, in the order the message advises them (empty: none).
    """

    code: str
    severity: str
    field: Optional[str]
    message: str
    source: str
    line: Optional[int]
    column: Optional[int]
    text: str
    fix: Tuple[Remedy, ...] = ()

    def __str__(self) -> str:
        return self.text


class ConfigValueError(ValueError):
    """A ``ValueError`` whose message holds every problem, one line each, and whose
    ``diagnostics`` attribute lists them. It pickles whole (errors cross process pools)."""

    def __init__(self, diagnostics: List[Diagnostic]) -> None:
        super().__init__("\n".join(str(d) for d in diagnostics))
        self.diagnostics = diagnostics

    def __reduce__(self) -> Tuple[Any, Tuple[List[Diagnostic]]]:
        return (type(self), (self.diagnostics,))


def _remedy(d: Dict[str, Any]) -> Remedy:
    return Remedy(edits=tuple(Edit(**e) for e in d["edits"]), text=d["text"])


def _diagnostics(dicts: List[Dict[str, Any]]) -> List[Diagnostic]:
    return [Diagnostic(**{**d, "fix": tuple(_remedy(r) for r in d.get("fix", []))}) for d in dicts]


def _type_name(value: Any) -> str:
    return type(value).__name__


def _takes(function: str, argument: str, what: str, value: Any) -> TypeError:
    return TypeError(f"{function}() argument {argument!r} takes {what}, not {_type_name(value)}")


def _check_form(form: Any, function: str) -> None:
    if not isinstance(form, str):
        raise _takes(function, "form", "a str, one of " + ", ".join(FORMS), form)
    if form not in FORMS:
        message = f"{form!r} is not a form; use {', '.join(FORMS)}"
        raise ConfigValueError([Diagnostic("usage_error", "error", None, message, function, None, None,
                                           f"error: {function}: {message}")])


def _raise_on_error(diagnostics: List[Diagnostic]) -> None:
    if any(d.severity == "error" for d in diagnostics):
        raise ConfigValueError(diagnostics)


def _what_it_takes(setting: _Setting) -> str:
    if not setting.enum_name:
        return "a str or None"
    article = "an" if setting.enum_name[0] in "AEIOU" else "a"
    kinds = ["an int", f"{article} {setting.enum_name}", "a str"] + (["None"] if setting.none_means_not_passed else [])
    return ", ".join(kinds[:-1]) + " or " + kinds[-1]


def _native_value(setting: _Setting, value: Any, function: str) -> Any:
    """``value`` as the native reader takes it: None, bool, float and str as they are (the
    reader refuses what it does not allow, with a ValueError), any integer by its value."""
    own = _ENUMS.get(setting.name)
    if isinstance(value, enum.Enum):
        if own is None or not isinstance(value, own):
            raise _takes(function, setting.name, _what_it_takes(setting), value)
        return int(value)
    if value is None or isinstance(value, (bool, float, str)):
        return value
    if hasattr(type(value), "__index__"):
        return int(operator.index(value))  # never str(): an IntEnum's is its name before 3.11
    raise _takes(function, setting.name, _what_it_takes(setting), value)


def _not_passed(setting: _Setting, value: Any) -> bool:
    return value is None and setting.none_means_not_passed and not setting.optional


def _new_config(values: Tuple[Any, ...], source: str, function: str) -> "MemoryConfig":
    native_values = [_native_value(setting, value, function) for setting, value in zip(_SETTINGS, values)]
    given = [not _not_passed(setting, value) for setting, value in zip(_SETTINGS, values)]
    native, found = _native.make_config(native_values, given, source=source)
    if native is None:
        raise ConfigValueError(_diagnostics(found))
    return MemoryConfig._of_native(native, values)


class MemoryConfig:
    """The upstream ``MemoryConfig(atomic_clean_policy=0, static_memory_policy=0,
    memory_optimization_policy=None, variable_use_1g_huge_page=0)``, checked and immutable.

    Values as upstream takes them (integers, ``IntEnum`` members of the setting's own
    enumeration; None, ``"BalanceMode"``, ``"MemoryPriority"``) or by this library's names
    (``"expand_static_shape"``). None for the static policy and the huge page means "not
    passed", as upstream's estimator reads it: it writes nothing, and the adapter's default
    runs. A value that is not allowed raises ``ConfigValueError`` (a ``ValueError``) naming the
    setting, the value and what is allowed; a value of a kind no setting takes, ``TypeError``.
    The underscore attributes are upstream's, so ``NPURunConfig(memory_config=...)`` takes the
    object unchanged; the properties without the underscore give what runs, as enumerations.
    ``==`` and ``hash`` compare what runs (the legacy 1 equals 2, None its default); ``repr``
    shows what was given. ``replace(config, **changes)`` makes a changed copy.
    """

    __slots__ = ("_native", "_given")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        try:
            bound = _SIGNATURE.bind(*args, **kwargs)
        except TypeError as error:
            raise TypeError(f"MemoryConfig() {error}") from None
        bound.apply_defaults()
        made = _new_config(tuple(bound.arguments[setting.name] for setting in _SETTINGS), "MemoryConfig",
                           "MemoryConfig")
        object.__setattr__(self, "_native", made._native)
        object.__setattr__(self, "_given", made._given)

    @classmethod
    def _of_native(cls, native: Any, given: Optional[Tuple[Any, ...]] = None) -> "MemoryConfig":
        """``native`` with upstream's attributes: the runtime's plain values as given (a name
        converted, the legacy 1 kept), None where None meant "not passed"."""
        config = cls.__new__(cls)
        values = []
        for index, setting in enumerate(_SETTINGS):
            if given is not None and _not_passed(setting, given[index]):
                values.append(None)
            else:
                values.append(native.given_codes[index] if setting.enum_name else native.codes[index])
        object.__setattr__(config, "_native", native)
        object.__setattr__(config, "_given", tuple(values))
        return config

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MemoryConfig):
            return NotImplemented
        return bool(self._native == other._native)

    def __hash__(self) -> int:
        return hash(self._native.codes)

    def __repr__(self) -> str:
        given = ", ".join(f"{setting.name}={value!r}" for setting, value in zip(_SETTINGS, self._given))
        return f"MemoryConfig({given})"

    def __reduce__(self) -> Tuple[Any, Tuple[Any, ...]]:
        return (MemoryConfig, self._given)

    def __copy__(self) -> "MemoryConfig":
        return self  # immutable: a copy would be the same

    def __deepcopy__(self, memo: Dict[int, Any]) -> "MemoryConfig":
        return self

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"MemoryConfig is immutable: {name} cannot be set; replace(config, **changes) makes a "
                             "changed copy")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"MemoryConfig is immutable: {name} cannot be deleted")


_SIGNATURE = inspect.Signature(
    [
        inspect.Parameter(setting.name, inspect.Parameter.POSITIONAL_OR_KEYWORD,
                          default=None if setting.optional else setting.default)
        for setting in _SETTINGS
    ]
)
MemoryConfig.__signature__ = _SIGNATURE  # type: ignore[attr-defined]
MemoryConfig.__init__.__signature__ = _SIGNATURE.replace(  # type: ignore[attr-defined]
    parameters=[inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD), *_SIGNATURE.parameters.values()]
)


def _upstream_attribute(index: int, setting: _Setting) -> property:
    kind = "int" if setting.enum_name else "str"
    return property(lambda self: self._given[index],
                    doc=f"Upstream's {setting.name}: the runtime's {kind} as given, or None (what upstream's "
                        "estimator reads).")


def _property(index: int, setting: _Setting) -> property:
    own = _ENUMS.get(setting.name)
    if own is None:
        return property(lambda self: self._native.codes[index],
                        doc=f"{setting.name}: " + " or ".join(f'"{text}"' for _, _, text in setting.values)
                        + ", or None: the runtime decides.")
    return property(lambda self: own(self._native.codes[index]),
                    doc=f"{setting.name} as it runs, a {setting.enum_name} (the legacy 1 reads as 2, None as the "
                        "default).")


for _index, _setting in enumerate(_SETTINGS):
    setattr(MemoryConfig, "_" + _setting.name, _upstream_attribute(_index, _setting))
    setattr(MemoryConfig, _setting.name, _property(_index, _setting))


def replace(config: MemoryConfig, /, **changes: Any) -> MemoryConfig:
    """A copy of ``config`` with ``changes`` (keywords of ``MemoryConfig``), checked as
    ``MemoryConfig`` checks its arguments, like ``dataclasses.replace``."""
    if not isinstance(config, MemoryConfig):
        raise _takes("replace", "config", "a MemoryConfig", config)
    names = [setting.name for setting in _SETTINGS]
    for name in changes:
        if name not in names:
            raise TypeError(f"replace() got an unexpected keyword argument {name!r}")
    values = dict(zip(names, config._given))
    values.update(changes)
    return _new_config(tuple(values[name] for name in names), "replace", "replace")


def _keyword(function: str, name: str, value: Any, kind: Any, what: str) -> Any:
    if value is not None and not isinstance(value, kind):
        raise _takes(function, name, what, value)
    return value


def validate(
    config: MemoryConfig,
    *,
    product: Optional[str] = None,
    soc_version: Optional[str] = None,
    cann: Optional[str] = None,
    concurrent_graphs: bool = False,
    target: Optional[str] = None,
    environ: Optional[Mapping[str, str]] = None,
) -> List[Diagnostic]:
    """Every problem of ``config`` where it will run, as the C++ ``validate``: ``product``
    (``"atlas-a2"``), ``soc_version`` (``"Ascend910B1"``), ``cann`` (``"8.0.RC3"``),
    ``concurrent_graphs``, ``target`` (a form's name) and ``environ`` (a mapping read for
    ``GE_USE_STATIC_MEMORY``; None: ``os.environ``). A name no table knows: ``ValueError``; an
    argument of the wrong type: ``TypeError``."""
    if not isinstance(config, MemoryConfig):
        raise _takes("validate", "config", "a MemoryConfig", config)
    context = _context("validate", product, soc_version, cann, concurrent_graphs, target, environ)
    return _diagnostics(_native.validate(config._native, *context))


def _context(
    function: str,
    product: Optional[str],
    soc_version: Optional[str],
    cann: Optional[str],
    concurrent_graphs: bool,
    target: Optional[str],
    environ: Optional[Mapping[str, str]],
) -> Tuple[Optional[str], Optional[str], Optional[str], bool, Optional[str], Optional[str]]:
    """validate()'s keywords checked, and GE_USE_STATIC_MEMORY read from ``environ``."""
    for name, value in (("product", product), ("soc_version", soc_version), ("cann", cann), ("target", target)):
        _keyword(function, name, value, str, "a str or None")
    if not isinstance(concurrent_graphs, bool):
        raise _takes(function, "concurrent_graphs", "a bool", concurrent_graphs)
    _keyword(function, "environ", environ, collections.abc.Mapping, "a mapping of str to str, or None")
    variable = (os.environ if environ is None else environ).get("GE_USE_STATIC_MEMORY")
    _keyword(function, "environ", variable, str, "a mapping of str to str, or None")
    return product, soc_version, cann, concurrent_graphs, target, variable


def fix_text(
    text: str,
    form: str = "json",
    *,
    source: Optional[str] = None,
    product: Optional[str] = None,
    soc_version: Optional[str] = None,
    cann: Optional[str] = None,
    concurrent_graphs: bool = False,
    target: Optional[str] = None,
    environ: Optional[Mapping[str, str]] = None,
) -> Tuple[str, List[Diagnostic]]:
    """``text``, a config of ``form``, with the first remedy of each error (in the context
    of ``validate``'s keywords; ``target`` defaults to ``form``) made where it stands, as
    ``npu-memcfg --fix`` makes it, every other character kept. Returns ``(text,
    diagnostics)``: the fixed text and what is left (an error whose remedy is no edit of
    the text, as the environment's, stays). Writes no file. A form whose text cannot be
    edited there: ``ConfigValueError`` saying why."""
    if not isinstance(text, str):
        raise _takes("fix_text", "text", "a str", text)
    _check_form(form, "fix_text")
    _keyword("fix_text", "source", source, str, "a str or None")
    context = _context("fix_text", product, soc_version, cann, concurrent_graphs, target or form, environ)
    fixed, found = _native.fix_text(text, form, source if source is not None else form, *context)
    if fixed is None:
        raise ConfigValueError(_diagnostics(found))
    return fixed, _diagnostics(found)


def update_text(text: str, config: MemoryConfig, form: str = "json", *, source: Optional[str] = None) -> str:
    """``text``, a config of ``form``, updated to hold ``config``: only the values that
    differ rewritten, a missing key added, every other character kept (``npu-memcfg
    --output FILE`` over an existing file). A form that cannot be updated in place, or a
    text its reader reads with an error: ``ConfigValueError`` saying why."""
    if not isinstance(text, str):
        raise _takes("update_text", "text", "a str", text)
    if not isinstance(config, MemoryConfig):
        raise _takes("update_text", "config", "a MemoryConfig", config)
    _check_form(form, "update_text")
    _keyword("update_text", "source", source, str, "a str or None")
    updated, found = _native.update_text(text, config._native, form, source if source is not None else form)
    if updated is None:
        raise ConfigValueError(_diagnostics(found))
    return str(updated)


def write_text(config: MemoryConfig, form: str) -> str:
    """The exact text ``npu-memcfg --format FORM`` prints for ``config``. A form that cannot
    carry the config (where the tool exits 1), or an unknown form: ``ValueError``."""
    return _write_text(config, form, "write_text")


def _write_text(config: MemoryConfig, form: str, function: str) -> str:
    if not isinstance(config, MemoryConfig):
        raise _takes(function, "config", "a MemoryConfig", config)
    _check_form(form, function)
    text, found = _native.write_text(config._native, form)
    _raise_on_error(_diagnostics(found))
    return str(text)


def write(config: MemoryConfig, form: str) -> Any:
    """``config`` in ``form`` as Python values: ``ge`` ``{"global": {...}, "session": {...}}``
    of str to str; ``tf1`` the parameter_map, key to int or str; ``tf2`` and ``mindspore``
    dicts; ``torchair`` the environment variables, a dict; ``mslite`` and ``json`` text."""
    text = _write_text(config, form, "write")
    if form == "tf1":
        return _native.tf1_parameter_map(config._native)
    if form == "torchair":
        return _native.torchair_environment(config._native)
    if form in ("mslite", "json"):
        return text
    return json.loads(text)


def read(data: Any, form: str, source: Optional[str] = None) -> Tuple[Optional[MemoryConfig], List[Diagnostic]]:
    """Reads ``data`` as ``npu-memcfg --from FORM`` reads it: a ``str`` of any form, or a
    ``dict`` of a map form (``json``, ``ge``, ``tf2``, ``mindspore``), its values named in
    messages as Python writes them. Returns ``(config, diagnostics)``; ``config`` is None
    when there is an error."""
    if not isinstance(data, (str, dict)):
        raise _takes("read", "data", "a str or a dict", data)
    _check_form(form, "read")
    _keyword("read", "source", source, str, "a str or None")
    named = source if source is not None else form
    if isinstance(data, dict):
        if form not in _DICT_FORMS:
            raise TypeError(
                f"read() reads a dict as {', '.join(_DICT_FORMS[:-1])} or {_DICT_FORMS[-1]}; "
                f"the {form} form is read from a str"
            )
        native, found = _native.read_mapping(data, form, named)
    else:
        native, found = _native.read_text(data, form, named, "")
    return (MemoryConfig._of_native(native) if native is not None else None), _diagnostics(found)


def check(obj: Any, **context: Any) -> List[Diagnostic]:
    """The diagnostics of an object a launcher already holds, in ``context`` (the keywords of
    ``validate``), without importing TensorFlow or MindSpore: a ``MemoryConfig`` of this
    module or of upstream (its four underscore attributes), an ``NPURunConfig`` (its
    ``_memory_config``; None: the defaults), a TF1 ``ConfigProto`` (its ``NpuOptimizer``
    parameter_map, read as the adapter reads it) or a ``dict`` of GE options. Anything else:
    ``TypeError``."""
    if isinstance(obj, MemoryConfig):
        return validate(obj, **context)
    if all(hasattr(obj, "_" + setting.name) for setting in _SETTINGS):
        values = tuple(getattr(obj, "_" + setting.name) for setting in _SETTINGS)
        try:
            config = _new_config(values, _type_name(obj), "check")
        except ConfigValueError as error:
            return error.diagnostics
        return validate(config, **context)  # the values' warnings first
    if hasattr(obj, "_memory_config"):
        inner = obj._memory_config
        return check(MemoryConfig() if inner is None else inner, **context)
    if _is_session_config(obj):
        return _checked(*read(str(obj), "tf1", source=type(obj).__name__), context)
    if isinstance(obj, dict):
        return _checked(*read(obj, "ge", source="GE options"), context)
    raise TypeError(
        f"check takes a MemoryConfig, an NPURunConfig, a TF1 ConfigProto or a dict of GE options, "
        f"not {type(obj).__name__}"
    )


def _is_session_config(obj: Any) -> bool:
    rewrite = getattr(getattr(obj, "graph_options", None), "rewrite_options", None)
    return hasattr(rewrite, "custom_optimizers") and hasattr(obj, "SerializeToString")


def _checked(config: Optional[MemoryConfig], diagnostics: List[Diagnostic], context: Dict[str, Any]) -> List[Diagnostic]:
    if config is None:
        return diagnostics
    return diagnostics + validate(config, **context)
