import enum
import inspect
from dataclasses import dataclass
from typing import Any, ClassVar, Dict, List, Literal, Mapping, Optional, SupportsIndex, Tuple, Union

__version__: str

Form = Literal["json", "ge", "tf1", "tf2", "mindspore", "torchair", "mslite"]
Severity = Literal["error", "warning"]

FORMS: Tuple[Form, ...]

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

@dataclass(frozen=True)
class Edit:
    action: str
    setting: str
    value: Optional[str]
    source: Optional[str]
    line: Optional[int]
    column: Optional[int]

@dataclass(frozen=True)
class Remedy:
    edits: Tuple[Edit, ...]
    text: str

@dataclass(frozen=True)
class Diagnostic:
    code: str
    severity: Severity
    field: Optional[str]
    message: str
    source: str
    line: Optional[int]
    column: Optional[int]
    text: str
    fix: Tuple[Remedy, ...] = ()

class ConfigValueError(ValueError):
    diagnostics: List[Diagnostic]
    def __init__(self, diagnostics: List[Diagnostic]) -> None: ...

class MemoryConfig:
    @property
    def _atomic_clean_policy(self) -> int: ...
    @property
    def _static_memory_policy(self) -> Optional[int]: ...
    @property
    def _memory_optimization_policy(self) -> Optional[str]: ...
    @property
    def _variable_use_1g_huge_page(self) -> Optional[int]: ...
    def __init__(
        self,
        atomic_clean_policy: Union[SupportsIndex, AtomicCleanPolicy, str] = 0,
        static_memory_policy: Union[SupportsIndex, StaticMemoryPolicy, str, None] = 0,
        memory_optimization_policy: Optional[str] = None,
        variable_use_1g_huge_page: Union[SupportsIndex, HugePagePolicy, str, None] = 0,
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
    def __copy__(self) -> MemoryConfig: ...
    def __deepcopy__(self, memo: Dict[int, Any]) -> MemoryConfig: ...
    __signature__: ClassVar[inspect.Signature]

def replace(
    config: MemoryConfig,
    /,
    *,
    atomic_clean_policy: Union[SupportsIndex, AtomicCleanPolicy, str] = ...,
    static_memory_policy: Union[SupportsIndex, StaticMemoryPolicy, str, None] = ...,
    memory_optimization_policy: Optional[str] = ...,
    variable_use_1g_huge_page: Union[SupportsIndex, HugePagePolicy, str, None] = ...,
) -> MemoryConfig: ...
def validate(
    config: MemoryConfig,
    *,
    product: Optional[str] = ...,
    soc_version: Optional[str] = ...,
    cann: Optional[str] = ...,
    concurrent_graphs: bool = ...,
    target: Optional[Form] = ...,
    environ: Optional[Mapping[str, str]] = ...,
) -> List[Diagnostic]: ...
def fix_text(
    text: str,
    form: Form = ...,
    *,
    source: Optional[str] = ...,
    product: Optional[str] = ...,
    soc_version: Optional[str] = ...,
    cann: Optional[str] = ...,
    concurrent_graphs: bool = ...,
    target: Optional[Form] = ...,
    environ: Optional[Mapping[str, str]] = ...,
) -> Tuple[str, List[Diagnostic]]: ...
def update_text(text: str, config: MemoryConfig, form: Form = ..., *, source: Optional[str] = ...) -> str: ...
def write_text(config: MemoryConfig, form: Form) -> str: ...
def write(config: MemoryConfig, form: Form) -> Any: ...
def read(
    data: Union[str, Dict[str, Any]], form: Form, source: Optional[str] = ...
) -> Tuple[Optional[MemoryConfig], List[Diagnostic]]: ...
def check(
    obj: Any,
    *,
    product: Optional[str] = ...,
    soc_version: Optional[str] = ...,
    cann: Optional[str] = ...,
    concurrent_graphs: bool = ...,
    target: Optional[Form] = ...,
    environ: Optional[Mapping[str, str]] = ...,
) -> List[Diagnostic]: ...
