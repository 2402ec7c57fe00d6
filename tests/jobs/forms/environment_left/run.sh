#!/bin/bash
# What a file sourced by hand leaves (an env_npu.sh): no launch here, so
# the environment left is all there is to check.
export GE_USE_STATIC_MEMORY=1
MS_GE_ATOMIC_CLEAN_POLICY=0
export MS_GE_ATOMIC_CLEAN_POLICY
set_up() {
  export GE_USE_STATIC_MEMORY=3
  local -x GE_USE_STATIC_MEMRY=2
}
set_up
(
  export GE_USE_STATIC_MEMORY=9
  exit 0
)
export GE_USE_STATIC_MEMORY_X=5 | true
leave() {
  source ./env.sh
  exit 0
}
if [ "npu" = "npu" ]; then
  leave
fi
export GE_USE_STATIC_MEMORY=7
