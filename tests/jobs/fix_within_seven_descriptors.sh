#!/usr/bin/env bash
# --fix reads a launcher again and again (to check it, to edit it, to read
# each edit back, to check it again), each time through a pipe from python3
# (and, reading an edit back, a pipe to it), and closes every end each
# time: seven descriptors are enough, the standard three and two pipes' two.
# A leak of one end a read would exhaust them within a few reads.
#   fix_within_seven_descriptors.sh NPU_MEMCFG
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
  ulimit -n 7
  PATH=/usr/bin:/bin exec "$tool" --fix --werror train.py
)
expected=$(printf 'import os\nimport mindspore as ms\n%s' "$config")
[ "$(cat train.py)" = "$expected" ] || { echo "train.py after --fix:"; cat train.py; exit 1; }
# With five, python3 cannot be given the text it reads before and after an
# edit (that second pipe is refused): no edit is made, the launcher is left
# as it was, and why is said.
printf 'import os\nimport mindspore as ms\nos.environ["GE_USE_STATIC_MEMORY"] = "1"\n%s\n' "$config" >train.py
before=$(cat train.py)
status=0
out=$(
  exec 3>&- 4>&- 5>&- 6>&- 7>&- 8>&- 9>&-
  ulimit -n 5
  PATH=/usr/bin:/bin exec "$tool" --fix --werror train.py 2>&1
) || status=$?
[ "$status" -eq 1 ] || { echo "exit status $status with five descriptors:"; echo "$out"; exit 1; }
[ "$(cat train.py)" = "$before" ] || { echo "train.py edited with five descriptors:"; cat train.py; exit 1; }
grep -qx 'error: train.py:3:12: GE_USE_STATIC_MEMORY: not fixed: python3 -I could not read the Python launchers (exit status 126)' <<<"$out" ||
  { echo "no not-fixed error:"; echo "$out"; exit 1; }
# Without standard input, the first pipe's read end is descriptor 0: the
# edit read back through the second pipe still reaches python3's input.
printf 'import os\nimport mindspore as ms\nos.environ["GE_USE_STATIC_MEMORY"] = "1"\n%s\n' "$config" >train.py
PATH=/usr/bin:/bin "$tool" --fix --werror train.py <&- >/dev/null
[ "$(cat train.py)" = "$expected" ] || { echo "train.py after --fix without standard input:"; cat train.py; exit 1; }
