#!/usr/bin/env bash
# bash_judge.py with JUDGE_CACHE: the second run takes bash's launches from
# the cache and judges them as the first did, catching the same wrong value.
#   bash_judge_cache.sh NPU_MEMCFG JUDGE WRONG_VALUE_TOOL CASE_DIR
set -euo pipefail
export NPU_MEMCFG=$1
judge=$2 wrong=$3 case=$4
export JUDGE_CACHE
JUDGE_CACHE=$(mktemp -d)
trap 'rm -rf "$JUDGE_CACHE"' EXIT
first=$(/usr/bin/python3 "$judge" "$wrong" "$case") && exit 1
[ "$(find "$JUDGE_CACHE" -name '*.json' | wc -l)" -eq 1 ] || { echo "no launches kept in the cache"; exit 1; }
second=$(/usr/bin/python3 "$judge" "$wrong" "$case") && exit 1
[ "$first" = "$second" ] || { printf 'fresh:\n%s\ncached:\n%s\n' "$first" "$second"; exit 1; }
echo "$second" | head -n 1
/usr/bin/python3 "$judge" "$NPU_MEMCFG" "$case" # the tool itself agrees with the cached launches
