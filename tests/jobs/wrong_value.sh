#!/bin/sh
# npu-memcfg, but its --explain says "3" where it says "1": the value bash
# disagrees with, for bash_judge.py to catch.
"$NPU_MEMCFG" "$@" | sed 's/^    "1" (/    "3" (/'
