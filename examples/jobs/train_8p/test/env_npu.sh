#!/bin/bash
# The environment of an 8-device training job, sourced by train_full_8p.sh.
export HCCL_CONNECT_TIMEOUT=600
export GE_USE_STATIC_MEMORY=1
