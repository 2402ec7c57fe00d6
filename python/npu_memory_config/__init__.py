"""NPU memory settings for Python launchers, checked by the npu-memory-config C++ library.

``MemoryConfig`` takes the arguments of the upstream ``MemoryConfig`` that is passed to
``NPURunConfig`` and refuses a value the runtime would not run; ``validate`` checks a config
where it will run (product, SoC, CANN release, concurrent graphs, ``GE_USE_STATIC_MEMORY``);
``write``/``write_text`` give each runtime's form, ``read`` reads every form back, and ``check``
takes an object a launcher already holds. Every rule lives in the C++ library.
"""

from __future__ import annotations

import enum
import json
import os
from dataclasses import dataclass
from typing import Any, Dict, List, Mapping, Optional, Tuple

from . import _native

__all__ = [
    "AtomicCleanPolicy",
    "ConfigValueError",
    "Diagnostic",
    "FORMS",
    "HugePagePolicy",
    "MemoryConfig",
    "StaticMemoryPolicy",
    "check",
    "read",
    "validate",
    "write",
    "write_text",
]

FORMS: Tuple[str, ...] = tuple(_native.form_names())
"""The forms, named as ``npu-memcfg --from`` and ``--format`` name them."""

_FIELDS = _native.field_table()  # (name, optional, [(value name, code, runtime text)])


def _int_enum(class_name: str, field: str, doc: str) -> Any:
    values = next(values for name, _, values in _FIELDS if name == field)
    made = enum.IntEnum(class_name, [(name, code) for name, code, _ in values], module=__name__)
    made.__doc__ = doc
    return made


AtomicCleanPolicy = _int_enum("AtomicCleanPolicy", "atomic_clean_policy", "The values of atomic_clean_policy.")
StaticMemoryPolicy = _int_enum("StaticMemoryPolicy", "static_memory_policy", "The values of static_memory_policy.")
HugePagePolicy = _int_enum(
    "HugePagePolicy", "variable_use_1g_huge_page", "The values of variable_use_1g_huge_page."
)


@dataclass(frozen=True)
class Diagnostic:
    """One problem, as ``npu-memcfg --diagnostics json`` writes it.

    ``code`` and ``severity`` (``"error"``, ``"warning"``) as there; ``field`` the setting it is
    about (``"static_memory_policy"``), or None for a problem of a key, a file or the context;
    ``message`` what is wrong and what is allowed; ``line`` and ``column`` None without a
    position. ``text`` and ``str()``: the line the tool prints.
    """

    code: str
    severity: str
    field: Optional[str]
    message: str
    source: str
    line: Optional[int]
    column: Optional[int]
    text: str

    def __str__(self) -> str:
        return self.text


class ConfigValueError(ValueError):
    """A ``ValueError`` whose message holds every problem, one line each, and whose
    ``diagnostics`` attribute lists them."""

    def __init__(self, diagnostics: List[Diagnostic]) -> None:
        super().__init__("\n".join(str(d) for d in diagnostics))
        self.diagnostics = diagnostics


def _diagnostics(dicts: List[Dict[str, Any]]) -> List[Diagnostic]:
    return [Diagnostic(**d) for d in dicts]


def _check_form(form: Any, source: str) -> None:
    if form not in FORMS:
        message = f"{form!r} is not a form; use {', '.join(FORMS)}"
        raise ConfigValueError([Diagnostic("usage_error", "error", None, message, source, None, None,
                                           f"error: {source}: {message}")])


def _raise_on_error(diagnostics: List[Diagnostic]) -> None:
    if any(d.severity == "error" for d in diagnostics):
        raise ConfigValueError(diagnostics)


class MemoryConfig:
    """The upstream ``MemoryConfig(atomic_clean_policy=0, static_memory_policy=0,
    memory_optimization_policy=None, variable_use_1g_huge_page=0)``, checked.

    Values as upstream takes them (integers; None, ``"BalanceMode"``, ``"MemoryPriority"``) or
    by this library's names (``"expand_static_shape"``). A value that is not allowed raises
    ``ConfigValueError`` (a ``ValueError``) naming the field, the value and what is allowed.
    The underscore attributes are upstream's, so ``NPURunConfig(memory_config=...)`` takes the
    object unchanged; the properties without the underscore give the enumerations.
    """

    def __init__(
        self,
        atomic_clean_policy: Any = 0,
        static_memory_policy: Any = 0,
        memory_optimization_policy: Any = None,
        variable_use_1g_huge_page: Any = 0,
    ) -> None:
        native, found = _native.make_config(
            atomic_clean_policy,
            static_memory_policy,
            memory_optimization_policy,
            variable_use_1g_huge_page,
            source="MemoryConfig",
        )
        diagnostics = _diagnostics(found)
        if native is None:
            raise ConfigValueError(diagnostics)
        self._set_native(native)

    @classmethod
    def _of_native(cls, native: Any) -> "MemoryConfig":
        config = cls.__new__(cls)
        config._set_native(native)
        return config

    def _set_native(self, native: Any) -> None:
        self._native = native
        atomic, static, optimization, huge_page = native.codes
        self.__dict__["_atomic_clean_policy"] = atomic
        self.__dict__["_static_memory_policy"] = 1 if native.legacy_static_memory_policy else static
        self.__dict__["_memory_optimization_policy"] = optimization
        self.__dict__["_variable_use_1g_huge_page"] = huge_page

    @property
    def atomic_clean_policy(self) -> "AtomicCleanPolicy":
        """The atomic clean policy, as an ``AtomicCleanPolicy``."""
        return AtomicCleanPolicy(self._native.codes[0])

    @property
    def static_memory_policy(self) -> "StaticMemoryPolicy":
        """The static memory policy, as a ``StaticMemoryPolicy`` (the legacy 1 reads as 2)."""
        return StaticMemoryPolicy(self._native.codes[1])

    @property
    def memory_optimization_policy(self) -> Optional[str]:
        """``"BalanceMode"``, ``"MemoryPriority"``, or None: the runtime decides."""
        return self._native.codes[2]

    @property
    def variable_use_1g_huge_page(self) -> "HugePagePolicy":
        """The huge page policy of variables, as a ``HugePagePolicy``."""
        return HugePagePolicy(self._native.codes[3])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MemoryConfig):
            return NotImplemented
        return bool(self._native == other._native)

    def __hash__(self) -> int:
        return hash(self._native.codes)

    def __repr__(self) -> str:
        return (
            f"MemoryConfig(atomic_clean_policy={self._atomic_clean_policy}, "
            f"static_memory_policy={self._static_memory_policy}, "
            f"memory_optimization_policy={self._memory_optimization_policy!r}, "
            f"variable_use_1g_huge_page={self._variable_use_1g_huge_page})"
        )

    def __setattr__(self, name: str, value: Any) -> None:
        if name != "_native":
            raise AttributeError(f"MemoryConfig is immutable: make a new one to change {name}")
        object.__setattr__(self, name, value)


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
    ``concurrent_graphs``, ``target`` (a form's name) and ``environ`` (read for
    ``GE_USE_STATIC_MEMORY``; None: ``os.environ``). A name no table knows: ``ValueError``."""
    if not isinstance(config, MemoryConfig):
        raise TypeError(f"validate takes a MemoryConfig, not {type(config).__name__}")
    environment = os.environ if environ is None else environ
    return _diagnostics(
        _native.validate(
            config._native,
            product,
            soc_version,
            cann,
            concurrent_graphs,
            target,
            environment.get("GE_USE_STATIC_MEMORY"),
        )
    )


def write_text(config: MemoryConfig, form: str) -> str:
    """The exact text ``npu-memcfg --format FORM`` prints for ``config``. A form that cannot
    carry the config (where the tool exits 1), or an unknown form: ``ValueError``."""
    _check_form(form, "write_text")
    text, found = _native.write_text(config._native, form)
    _raise_on_error(_diagnostics(found))
    return text


def write(config: MemoryConfig, form: str) -> Any:
    """``config`` in ``form`` as Python values: ``ge`` ``{"global": {...}, "session": {...}}``
    of str to str; ``tf1`` the parameter_map, key to int or str; ``tf2`` and ``mindspore``
    dicts; ``torchair`` the environment variables, a dict; ``mslite`` and ``json`` text."""
    text = write_text(config, form)
    if form == "tf1":
        return _native.tf1_parameter_map(config._native)
    if form == "torchair":
        return _native.torchair_environment(config._native)
    if form in ("mslite", "json"):
        return text
    return json.loads(text)


def read(data: Any, form: str, source: Optional[str] = None) -> Tuple[Optional[MemoryConfig], List[Diagnostic]]:
    """Reads ``data`` as ``npu-memcfg --from FORM`` reads it: a ``str`` of any form, or a
    ``dict`` of a map form (``json``, ``ge``, ``tf2``, ``mindspore``). Returns
    ``(config, diagnostics)``; ``config`` is None when there is an error."""
    positions = True
    if isinstance(data, dict):
        data = json.dumps(data)
        positions = False  # the text was made here: its lines and columns are nobody's
    elif not isinstance(data, str):
        raise TypeError(f"read takes a str or a dict, not {type(data).__name__}")
    _check_form(form, "read")
    native, found = _native.read_text(data, form, source if source is not None else form, "")
    diagnostics = _diagnostics(found)
    if not positions:
        diagnostics = [_without_position(d) for d in diagnostics]
    return (MemoryConfig._of_native(native) if native is not None else None), diagnostics


def _without_position(diagnostic: Diagnostic) -> Diagnostic:
    prefix = f"{diagnostic.source}:{diagnostic.line}:{diagnostic.column}"
    return Diagnostic(
        code=diagnostic.code,
        severity=diagnostic.severity,
        field=diagnostic.field,
        message=diagnostic.message,
        source=diagnostic.source,
        line=None,
        column=None,
        text=diagnostic.text.replace(prefix, diagnostic.source, 1),
    )


_UPSTREAM_ATTRIBUTES = (
    "_atomic_clean_policy",
    "_static_memory_policy",
    "_memory_optimization_policy",
    "_variable_use_1g_huge_page",
)


def check(obj: Any, **context: Any) -> List[Diagnostic]:
    """The diagnostics of an object a launcher already holds, in ``context`` (the keywords of
    ``validate``), without importing TensorFlow or MindSpore: a ``MemoryConfig`` of this
    module or of upstream (its four underscore attributes), an ``NPURunConfig`` (its
    ``_memory_config``; None: the defaults), a TF1 ``ConfigProto`` (its ``NpuOptimizer``
    parameter_map, read as the adapter reads it) or a ``dict`` of GE options. Anything else:
    ``TypeError``."""
    if isinstance(obj, MemoryConfig):
        return validate(obj, **context)
    if all(hasattr(obj, name) for name in _UPSTREAM_ATTRIBUTES):
        native, found = _native.make_config(
            *(getattr(obj, name) for name in _UPSTREAM_ATTRIBUTES), source=type(obj).__name__
        )
        if native is None:
            return _diagnostics(found)
        return validate(MemoryConfig._of_native(native), **context)  # the values' warnings first
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
