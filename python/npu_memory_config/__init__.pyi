import enum
from typing import Any, Dict, List, Mapping, Optional, Tuple

FORMS: Tuple[str, ...]

class AtomicCleanPolicy(enum.IntEnum):
    centralized = 0
    separate = 1

class StaticMemoryPolicy(enum.IntEnum):
    dynamic = 0
    expand_static_shape = 2
    expand_dynamic_shape = 3
    expand_static_and_dynamic_shape = 4

class HugePagePolicy(enum.IntEnum):
    system_default = 0
    require_1g = 1
    prefer_1g = 2

class Diagnostic:
    code: str
    severity: str
    field: Optional[str]
    message: str
    source: str
    line: Optional[int]
    column: Optional[int]
    text: str
    def __init__(
        self,
        code: str,
        severity: str,
        field: Optional[str],
        message: str,
        source: str,
        line: Optional[int],
        column: Optional[int],
        text: str,
    ) -> None: ...

class ConfigValueError(ValueError):
    diagnostics: List[Diagnostic]
    def __init__(self, diagnostics: List[Diagnostic]) -> None: ...

class MemoryConfig:
    _atomic_clean_policy: int
    _static_memory_policy: int
    _memory_optimization_policy: Optional[str]
    _variable_use_1g_huge_page: int
    def __init__(
        self,
        atomic_clean_policy: Any = 0,
        static_memory_policy: Any = 0,
        memory_optimization_policy: Any = None,
        variable_use_1g_huge_page: Any = 0,
    ) -> None: ...
    @property
    def atomic_clean_policy(self) -> AtomicCleanPolicy: ...
    @property
    def static_memory_policy(self) -> StaticMemoryPolicy: ...
    @property
    def memory_optimization_policy(self) -> Optional[str]: ...
    @property
    def variable_use_1g_huge_page(self) -> HugePagePolicy: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

def validate(
    config: MemoryConfig,
    *,
    product: Optional[str] = ...,
    soc_version: Optional[str] = ...,
    cann: Optional[str] = ...,
    concurrent_graphs: bool = ...,
    target: Optional[str] = ...,
    environ: Optional[Mapping[str, str]] = ...,
) -> List[Diagnostic]: ...
def write_text(config: MemoryConfig, form: str) -> str: ...
def write(config: MemoryConfig, form: str) -> Any: ...
def read(
    data: Any, form: str, source: Optional[str] = ...
) -> Tuple[Optional[MemoryConfig], List[Diagnostic]]: ...
def check(
    obj: Any,
    *,
    product: Optional[str] = ...,
    soc_version: Optional[str] = ...,
    cann: Optional[str] = ...,
    concurrent_graphs: bool = ...,
    target: Optional[str] = ...,
    environ: Optional[Mapping[str, str]] = ...,
) -> List[Diagnostic]: ...
