#!/bin/bash
cur_path=`pwd`
source ${cur_path}/env_npu.sh
export GE_USE_STATIC_MEMORY=1
for((i=0;i<8;i++)); do
    export DEVICE_ID=$i
    mkdir ./LOG$i && cd ./LOG$i || exit
    taskset -c 0-3 nohup python3 -u ../train.py --x=$i > log.txt 2>&1 &
    cd ..
done
