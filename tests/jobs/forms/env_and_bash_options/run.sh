#!/bin/bash
# env's options and bash's, as the launches after them get the variable
# (bash -c's operand is a command, not the script of that name).
export GE_USE_STATIC_MEMORY=1
env -i PATH="$PATH" python3 a.py
env - PATH="$PATH" GE_USE_STATIC_MEMORY=2 python3 b.py
env -u GE_USE_STATIC_MEMORY python3 c.py
env -C . python3 d.py
env --unset=GE_USE_STATIC_MEMORY python3 e.py
env -uGE_USE_STATIC_MEMORY python3 f.py
bash - child.sh
bash -o pipefail other.sh
bash +O extglob plus_o.sh
bash -O extglob minus_o.sh
bash +o posix plus_o_posix.sh
bash --rcfile /dev/null rcfile.sh
bash -c child.sh
env --ignore-environment PATH="$PATH" python3 h.py
env --chdir . python3 i.py
env -v python3 j.py
env --unset GE_USE_STATIC_MEMORY python3 k.py
bash -- dashes.sh
bash -- -x.sh
bash --init-file /dev/null init_file.sh
declare -r HCCL_CONNECT_TIMEOUT=600
python3 g.py
