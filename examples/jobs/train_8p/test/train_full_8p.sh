#!/bin/bash
# An 8-device training job in the shape of the public model zoos' scripts:
# run from test/, it sources env_npu.sh and starts train.py once per device.
cur_path=`pwd`
test_path_dir=${cur_path}
source ${test_path_dir}/env_npu.sh

cd ${cur_path}/..
export RANK_SIZE=8
for((RANK_ID=0;RANK_ID<RANK_SIZE;RANK_ID++));
do
    export RANK_ID=$RANK_ID
    export ASCEND_DEVICE_ID=$RANK_ID
    nohup python3 train.py --device_id=$RANK_ID > ${test_path_dir}/train_$RANK_ID.log 2>&1 &
done
wait
