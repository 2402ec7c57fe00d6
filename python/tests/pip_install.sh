#!/usr/bin/env bash
# The README's two Python lines install the module into a new virtual
# environment, offline, with Debian's packages only: run as printed, in a
# scratch copy of the package and the headers (pip builds in the tree it is
# given), then the module refuses a value not allowed with a ValueError
# that names the field, the value and the allowed values.
#   pip_install.sh SOURCE_DIR SCRATCH_DIR
set -euo pipefail
source_dir=$1 scratch=$2
mapfile -t lines < <(awk '/^## Python/{p=1} p&&/^```sh/{getline; while ($0 !~ /^```/) {print; getline}; exit}' \
  "$source_dir/README.md")
[ ${#lines[@]} -eq 2 ] || { echo "README.md's Python section has not two lines: ${lines[*]}" >&2; exit 1; }
rm -rf "$scratch"
mkdir -p "$scratch"
cp -r "$source_dir/include" "$source_dir/python" "$source_dir/LICENSE" "$scratch/"
rm -rf "$scratch/python/build" "$scratch/python/"*.egg-info
cd "$scratch"
for line in "${lines[@]}"; do
  PIP_NO_INDEX=1 PIP_DISABLE_PIP_VERSION_CHECK=1 bash -c "$line" >"$scratch/install.log" 2>&1 ||
    { cat "$scratch/install.log" >&2; echo "failed: $line" >&2; exit 1; }
done
if .venv/bin/python -c "import npu_memory_config as m; m.MemoryConfig(static_memory_policy=7)" 2>"$scratch/err.txt"; then
  echo "MemoryConfig(static_memory_policy=7) raised nothing" >&2
  exit 1
fi
expected="ValueError: error: MemoryConfig: static_memory_policy: 7 is not allowed; use 0 (dynamic), 2 (expand_static_shape), 3 (expand_dynamic_shape) or 4 (expand_static_and_dynamic_shape)"
grep -qF "$expected" "$scratch/err.txt" || { cat "$scratch/err.txt" >&2; echo "expected: $expected" >&2; exit 1; }
.venv/bin/python -c "import npu_memory_config, os; assert os.path.exists(os.path.join(os.path.dirname(npu_memory_config.__file__), 'py.typed'))"
echo "installed with pip, offline; MemoryConfig(static_memory_policy=7) raises the ValueError"
