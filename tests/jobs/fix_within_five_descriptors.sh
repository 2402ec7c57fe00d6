#!/usr/bin/env bash
# --fix reads a launcher three times (to check it, to edit it, to check it
# again), each time through a pipe from python3, and closes both ends each
# time: five descriptors are enough, the standard three and the pipe's two.
#   fix_within_five_descriptors.sh NPU_MEMCFG
set -euo pipefail
tool=$1
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cd "$scratch"
config='ms.set_context(ascend_config={"ge_options": {"global": {"ge.exec.staticMemoryPolicy": "2"}}})'
printf 'import os\nimport mindspore as ms\nos.environ["GE_USE_STATIC_MEMORY"] = "1"\n%s\n' "$config" >train.py
# Debian's python3 itself: pyenv's shim would need descriptors of its own.
(
  exec 3>&- 4>&- 5>&- 6>&- 7>&- 8>&- 9>&-
  ulimit -n 5
  PATH=/usr/bin:/bin exec "$tool" --fix --werror train.py
)
expected=$(printf 'import os\nimport mindspore as ms\n%s' "$config")
[ "$(cat train.py)" = "$expected" ] || { echo "train.py after --fix:"; cat train.py; exit 1; }
