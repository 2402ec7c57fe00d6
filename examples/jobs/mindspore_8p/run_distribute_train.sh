#!/bin/bash
# Data-parallel training on the 8 devices of one server, one process each.
export RANK_SIZE=8
export GE_USE_STATIC_MEMORY=1
for ((i = 0; i < RANK_SIZE; i++)); do
    export DEVICE_ID=$i
    export RANK_ID=$i
    python3 train.py --device_id=$i > train_$i.log 2>&1 &
done
wait
