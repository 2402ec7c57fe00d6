#!/usr/bin/env bash
# A plain `pip install ./python`, isolated build and all, where the build
# requirements can be had: here from a wheelhouse made of Debian's packages
# (wheelhouse.py), as from an index. No flag but the wheelhouse's place, which
# pip takes from its environment as a user's pip.conf would give it. Then the
# module runs, and its metadata is pyproject.toml's.
#   pip_install_wheelhouse.sh SOURCE_DIR SCRATCH_DIR
set -euo pipefail
source_dir=$1 scratch=$2
rm -rf "$scratch"
mkdir -p "$scratch"
cp -r "$source_dir/include" "$source_dir/python" "$source_dir/LICENSE" "$scratch/"
rm -rf "$scratch/python/build" "$scratch/python/"*.egg-info
cd "$scratch"
/usr/bin/python3 "$source_dir/python/tests/wheelhouse.py" "$scratch/wheelhouse"
/usr/bin/python3 -m venv .venv  # no system site packages: the build finds nothing but the wheelhouse
export PIP_NO_INDEX=1 PIP_FIND_LINKS="$scratch/wheelhouse" PIP_DISABLE_PIP_VERSION_CHECK=1
.venv/bin/pip install ./python >install.log 2>&1 || { cat install.log >&2; echo "failed: pip install ./python" >&2; exit 1; }
.venv/bin/python - <<'PY'
import importlib.metadata

import npu_memory_config as m

assert m.write_text(m.MemoryConfig(1, 2), "tf2") == (
    '{\n  "atomic_clean_policy": "1",\n  "static_memory_policy": "2",\n  "variable_use_1g_huge_page": "0"\n}\n')
metadata = importlib.metadata.metadata("npu_memory_config")
assert metadata["Version"] == m.__version__ == "2.0.0", metadata["Version"]
assert metadata["Requires-Python"] == "<3.12,>=3.11", metadata["Requires-Python"]
assert metadata["License"].startswith("MIT License"), metadata["License"]
assert "Typing :: Typed" in metadata.get_all("Classifier")
assert metadata["Description-Content-Type"] == "text/markdown"
PY
echo "pip install ./python: built in isolation from the wheelhouse, installed, and it runs"
