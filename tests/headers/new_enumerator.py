#!/usr/bin/env python3
"""An enumerator added to an enumeration of the API without its table's row
fails to compile, with a message naming the table: in a scratch copy of
include/, each case adds one enumerator to enums.hpp (or cann_release.hpp)
and compiles the core header; then, for some, the enumerator is also named in
the table's switch, and the table's own static_assert must say what is
missing.

    new_enumerator.py CXX INCLUDE_DIR
"""
import concurrent.futures
import pathlib
import shutil
import subprocess
import sys
import tempfile

# (what is added; the header, its text without and with the enumerator; the
# table's header, its switch's last case and the new one, and the table's
# assertion once the switch names it (None: not tried))
CASES = [
    ("a setting", "enums.hpp", "  variable_use_1g_huge_page,\n", "  variable_use_1g_huge_page,\n  workspace_reuse_policy,\n",
     "field_table.hpp", "    case Field::variable_use_1g_huge_page:\n", "    case Field::workspace_reuse_policy:\n",
     "field_table.hpp: fields has one row per Field, in Field's order"),
    ("a setting's value", "enums.hpp", "  expand_static_and_dynamic_shape = 4,\n",
     "  expand_static_and_dynamic_shape = 4,\n  expand_everything = 5,\n",
     "field_table.hpp", "    case StaticMemoryPolicy::expand_static_and_dynamic_shape:\n",
     "    case StaticMemoryPolicy::expand_everything:\n",
     "field_table.hpp: each setting's row has one value per enumerator of its enumeration, and no other"),
    ("a product", "enums.hpp", "  atlas_inference,\n", "  atlas_inference,\n  atlas_next,\n",
     "product_table.hpp", "    case Product::atlas_inference:\n", "    case Product::atlas_next:\n",
     "product_table.hpp: products has one row per Product, in its order"),
    ("a form", "enums.hpp", "{ json, ge, tf1, tf2, mindspore, torchair, mslite }",
     "{ json, ge, tf1, tf2, mindspore, torchair, mslite, onnx }",
     "form_table.hpp", "    case Form::mslite:\n", "    case Form::onnx:\n",
     "form_table.hpp: forms has one row per Form, in its order"),
    ("a runtime", "settings/detail/enum_traits.hpp", "tf1, ge, tf2, mindspore, torchair, mslite }", "tf1, ge, tf2, mindspore, torchair, mslite, onnx }",
     "target_table.hpp", None, None, None),
    ("a severity", "enums.hpp", "{ warning, error }", "{ warning, error, note }",
     "diagnostic_codes.hpp", None, None, None),
    ("a diagnostic code", "enums.hpp", "  usage_error,\n", "  usage_error,\n  new_code,\n",
     "diagnostic_codes.hpp", "    case DiagnosticCode::usage_error:\n", "    case DiagnosticCode::new_code:\n",
     "diagnostic_codes.hpp: diagnostic_codes has one row per DiagnosticCode, in its order"),
    ("a release rule", "cann_release.hpp", "    atlas_350,                      // the product atlas-350 listed\n",
     "    atlas_350,\n    new_rule,\n", "release_rules.hpp", None, None, None),
]


def compile_core(cxx, include_dir):
    source = include_dir.parent / "core.cpp"
    source.write_text("#include <npu/memory_config.hpp>\nint main() { return 0; }\n")
    return subprocess.run([cxx, "-std=c++17", "-fsyntax-only", "-I", str(include_dir), str(source)],
                          capture_output=True, text=True)


def edit(path, old, new):
    text = path.read_text(encoding="utf-8")
    if text.count(old) != 1:
        raise SystemExit(f"{path.name}: {old!r} is not there once: keep new_enumerator.py's CASES current")
    path.write_text(text.replace(old, new), encoding="utf-8")


def run_case(cxx, include_dir, case):
    what, header, before, after, table, last_case, new_case, assertion = case
    problems = []
    with tempfile.TemporaryDirectory() as scratch:
        copy = pathlib.Path(scratch) / "include"
        shutil.copytree(include_dir, copy)
        config = copy / "npu" / "memory_config"
        edit(config / header, before, after)
        result = compile_core(cxx, copy)
        switch_errors = [line for line in result.stderr.splitlines() if "not handled in switch" in line]
        if result.returncode == 0 or not any(f"settings/detail/{table}:" in line for line in switch_errors):
            problems.append(f"{what}: the compiler does not name settings/detail/{table}'s switch:\n{result.stderr[:2000]}")
        if assertion is not None:
            edit(config / "settings" / "detail" / table, last_case, last_case + new_case)
            result = compile_core(cxx, copy)
            if result.returncode == 0 or assertion not in result.stderr:
                problems.append(f"{what}, named in the switch: no static_assert says \"{assertion}\":\n"
                                f"{result.stderr[:2000]}")
    return problems


def main():
    cxx, include_dir = sys.argv[1], pathlib.Path(sys.argv[2]).resolve()
    with concurrent.futures.ThreadPoolExecutor() as pool:
        results = list(pool.map(lambda case: run_case(cxx, include_dir, case), CASES))
    problems = [problem for found in results for problem in found]
    for problem in problems:
        print(problem)
    print(f"{len(CASES)} enumerations given an enumerator without its row; {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
