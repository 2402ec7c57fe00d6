#!/bin/bash
# A launch, then what reaches none: the environment where bash stops.
export GE_USE_STATIC_MEMORY=1
python3 train.py
export GE_USE_STATIC_MEMORY=2
MS_GE_ATOMIC_CLEAN_POLICY=1
if [ "npu" = "gpu" ]; then
  export GE_USE_STATIC_MEMORY=4
fi
if then
  export GE_USE_STATIC_MEMORY=0
fi
