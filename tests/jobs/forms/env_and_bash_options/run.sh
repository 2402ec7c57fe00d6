#!/bin/bash
# env's options and bash's, as the launches after them get the variable.
export GE_USE_STATIC_MEMORY=1
env -i PATH="$PATH" python3 a.py
env - PATH="$PATH" GE_USE_STATIC_MEMORY=2 python3 b.py
env -u GE_USE_STATIC_MEMORY python3 c.py
env -C . python3 d.py
env --unset=GE_USE_STATIC_MEMORY python3 e.py
env -uGE_USE_STATIC_MEMORY python3 f.py
bash - child.sh
bash -o pipefail other.sh
declare -r HCCL_CONNECT_TIMEOUT=600
python3 g.py
