#!/bin/sh
# npu-memcfg, but its --explain says "1" is known only when the job runs,
# and reports a launch at line 9999 that no script has: what a strict job's
# judge (bash_judge.py, job.json "strict") must catch, both.
"$NPU_MEMCFG" "$@" | sed 's/^    "1" (/    "1", known only when the job runs (/
$a\
launch run.sh:9999:1: python3 z.py\
  GE_USE_STATIC_MEMORY:\
    not set'
