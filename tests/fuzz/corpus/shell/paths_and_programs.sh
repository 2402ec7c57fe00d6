#!/bin/bash
# Paths known before the run, and every way a launch is started.
here=$(cd "$(dirname "$0")" || exit; pwd)
also=$(cd "$here"/.. && pwd)
real=$(realpath -f ./x)
link=`readlink -f ../y`
base=${here##*/} first=${here#*/} stem=${here%/*} root=${here%%/*} exact=${here#/fuzz} tail=${here%run.sh} odd=${here#*[}
cd $PWD/sub; cd ..; cd /; cd; cd -; cd ~; cd "$also"; cd ./LOG$i/x; cd ../..; cd $unknown/a
pushd /tmp; popd
export -n GE_USE_STATIC_MEMORY; declare -x A=1 B; typeset -x C=2; readonly D=3; local E=4; unset -v GE_USE_STATIC_MEMORY F
set -o allexport; G=1; set +a; set -e -u
GE_USE_STATIC_MEMORY+=1; arr+=(a b)
time python -u -W ignore -X dev ./a.py; command python3.8.10 b.py; exec python3 c.py
mpiexec -n 8 python d.py; horovodrun -np 8 python e.py; msrun --worker_num=8 f.py; mpirun --allow-run-as-root g.py
python -m torch.distributed.run --nproc_per_node 8 h.py; python -m mod.sub; python -m; python3 -c 'import x'
env -u X -i GE_USE_STATIC_MEMORY=2 A=1 numactl -N 0 --membind=0 -C 0-3 timeout -s KILL -k 5 10 python i.py
nohup taskset -p 0x3 python j.py; ${launcher} python k.py; $(which python3) l.py; python "$here/m.py" "${here}/n.py"
bash -x ./run.sh a; sh run.sh; ./run.sh; bash; source; . ./run.sh; source "$here/run.sh"; source $nowhere/x.sh
