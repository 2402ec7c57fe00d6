#!/usr/bin/env python3
"""api_names.py finds what it is for: a public name the page leaves out, and
a name the page lists that no public header declares; detail's names, a
default argument's braces and a macro's lines are not names."""
import pathlib
import subprocess
import sys
import tempfile

HEADER = r"""
#define NPU_MEMORY_CONFIG_SOMETHING(x) \
  do_not_list_me(x)
NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
struct Listed { int member(); };
[[nodiscard]] inline int unlisted(const Listed& a = {}, int b = 0) { return b; }
template <class E>
[[nodiscard]] constexpr std::optional<E> cast_to(std::string_view name) noexcept;
namespace keys { inline constexpr std::string_view key = "k"; }
namespace detail { inline int hidden() { return 0; } }
NPU_MEMORY_CONFIG_NAMESPACE_END
"""

PAGE = """# API
- `Listed`, `cast_to<E>(name)`, `gone(x)`: the names; `member()` is a member.
- `keys::...`: the keys.
"""


def main():
    checker = pathlib.Path(__file__).with_name("api_names.py")
    with tempfile.TemporaryDirectory() as scratch:
        root = pathlib.Path(scratch)
        (root / "include/npu/memory_config/detail").mkdir(parents=True)
        (root / "include/npu/memory_config/names.hpp").write_text(HEADER)
        (root / "include/npu/memory_config/detail/more.hpp").write_text("NPU_MEMORY_CONFIG_NAMESPACE_BEGIN\nint x();\n")
        (root / "api.md").write_text(PAGE)
        run = subprocess.run([sys.executable, str(checker), str(root / "include"), str(root / "api.md")],
                             capture_output=True, text=True)
    expected = ("docs/api.md does not list unlisted (npu/memory_config/names.hpp)\n"
                "docs/api.md lists gone, which no public header declares\n"
                "4 public names; 1 unlisted, 1 listed but not public\n")
    if run.returncode != 1 or run.stdout != expected:
        print(f"exit {run.returncode}, expected 1; stdout:\n{run.stdout}expected:\n{expected}{run.stderr}")
        return 1
    print("api_names.py: 1 unlisted and 1 not public found, nothing else")
    return 0


if __name__ == "__main__":
    sys.exit(main())
