"""Misuses that mypy --strict flags against the stubs: each line that ends with a misuse comment
must get an error, and no other line any."""

import npu_memory_config as m

config = m.MemoryConfig(1, 2, "MemoryPriority", None)
m.MemoryConfig(atomic_clean_policy=None)  # misuse: the atomic policy takes no None
m.MemoryConfig(static_memory_policy=[2])  # misuse: a list
m.MemoryConfig(memory_optimization_policy=2)  # misuse: the policy is a str
m.MemoryConfig(static_memory_polcy=2)  # misuse: no such argument
m.write_text(config, "tf3")  # misuse: no such form
m.validate(config, target="tf3")  # misuse: no such form
m.validate(config, product=3)  # misuse: a str
m.validate(config, concurrent_graphs="yes")  # misuse: a bool
m.read({"a": 1}, "toml")  # misuse: no such form
m.replace(config, static=2)  # misuse: no such setting
config.static_memory_policy = m.StaticMemoryPolicy.dynamic  # misuse: read-only
config._static_memory_policy = 3  # misuse: read-only
diagnostic = m.validate(config)[0]
diagnostic.severity = "error"  # misuse: frozen
level: int = config.memory_optimization_policy  # misuse: Optional[str]
fine: m.Severity = diagnostic.severity
form: m.Form = "ge"
text: str = m.write_text(m.replace(config, atomic_clean_policy=m.AtomicCleanPolicy.separate), form)
