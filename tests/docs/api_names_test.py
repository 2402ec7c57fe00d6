#!/usr/bin/env python3
"""api_names.py finds what it is for: a public name the page leaves out, a
name the page lists that no public header declares, and more names than
the ceiling; detail's names, a member defined out of its class, a default
argument's braces and a macro's lines are not names."""
import pathlib
import subprocess
import sys
import tempfile

HEADER = r"""
#define NPU_MEMORY_CONFIG_SOMETHING(x) \
  do_not_list_me(x)
NPU_MEMORY_CONFIG_NAMESPACE_BEGIN
struct Listed { static int member(); };
inline int Listed::member() { return 0; }
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
        ceiling = [subprocess.run([sys.executable, str(checker), str(root / "include"), str(root / "api.md"), limit],
                                  capture_output=True, text=True) for limit in ("3", "2")]
    if [c.returncode for c in ceiling] != [1, 1] or "more than" in ceiling[0].stdout or \
            "the headers declare 3 public names (keys:: aside), more than 2\n" not in ceiling[1].stdout:
        print("the ceiling: 3 names (keys:: aside) must pass 3 and fail 2;\n" + ceiling[0].stdout + ceiling[1].stdout)
        return 1
    expected = ("docs/api.md does not list unlisted (npu/memory_config/names.hpp)\n"
                "docs/api.md lists gone, which no public header declares\n"
                "4 public names; 1 unlisted, 1 listed but not public\n")
    if run.returncode != 1 or run.stdout != expected:
        print(f"exit {run.returncode}, expected 1; stdout:\n{run.stdout}expected:\n{expected}{run.stderr}")
        return 1
    # With the umbrella a launcher includes, the ceiling counts what it reaches, in the headers it
    # includes, and names an opt-in header's apart; a nested namespace's names count one each.
    with tempfile.TemporaryDirectory() as scratch:
        root = pathlib.Path(scratch)
        (root / "include/npu/memory_config/jobs").mkdir(parents=True)
        (root / "include/npu/memory_config_json.hpp").write_text('#include "npu/memory_config/core.hpp"\n')
        (root / "include/npu/memory_config/core.hpp").write_text(
            '#include "npu/memory_config/more.hpp"\nNPU_MEMORY_CONFIG_NAMESPACE_BEGIN\nstruct Listed {};\n'
            "namespace keys { inline constexpr int k = 1; }\nNPU_MEMORY_CONFIG_NAMESPACE_END\n")
        (root / "include/npu/memory_config/more.hpp").write_text(
            "NPU_MEMORY_CONFIG_NAMESPACE_BEGIN\nnamespace text { inline int quote() { return 0; } }\n"
            "NPU_MEMORY_CONFIG_NAMESPACE_END\n")
        (root / "include/npu/memory_config/jobs/opt_in.hpp").write_text(
            "NPU_MEMORY_CONFIG_NAMESPACE_BEGIN\nnamespace jobs {\nstruct Launch {};\nint check();\n}\n"
            "NPU_MEMORY_CONFIG_NAMESPACE_END\n")
        (root / "api.md").write_text("- `Listed`, `text::quote()`, `jobs::Launch`, `jobs::check()`, `keys::`\n")
        umbrella = [subprocess.run([sys.executable, str(checker), str(root / "include"), str(root / "api.md"), limit],
                                   capture_output=True, text=True) for limit in ("2", "1")]
    last = "2 through <npu/memory_config_json.hpp> (keys:: aside); opt-in: jobs/opt_in.hpp 2\n"
    if [u.returncode for u in umbrella] != [0, 1] or not umbrella[0].stdout.endswith(last) or \
            "sees 2 public names (keys:: aside), more than 1\n" not in umbrella[1].stdout:
        print("the umbrella's ceiling: Listed and text::quote through it, jobs' 2 names opt-in;\n" +
              umbrella[0].stdout + umbrella[0].stderr + umbrella[1].stdout)
        return 1
    print("api_names.py: 1 unlisted, 1 not public, 3 names over a ceiling of 2, and an umbrella's 2 over 1 with 2 "
          "opt-in found, nothing else")
    return 0


if __name__ == "__main__":
    sys.exit(main())
