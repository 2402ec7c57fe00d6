#!/usr/bin/env bash
# The CI recipes of README.md and docs/ci.md work as printed: each npu-memcfg line of
# their YAML runs from a checkout's root (here a folder that holds the
# repository's examples/) over the sample job files and succeeds, and every
# SARIF log it writes passes Microsoft's SARIF multitool with and without
# GitHub's ingestion rules (when the multitool is given).
#   ci_recipes.sh SOURCE_DIR TOOL_DIR WORK [MULTITOOL]
set -uo pipefail
root=$1 tool_dir=$2 work=$3 multitool=${4:-}
rm -rf "$work" && mkdir -p "$work" && ln -s "$root/examples" "$work/examples" || exit 1
commands=$(awk '/^```yaml/ { yaml = 1; next } /^```/ { yaml = 0 } yaml' "$root/README.md" "$root/docs/ci.md" |
  sed -E 's/^[[:space:]]*(- )?(run: )?//' | grep '^npu-memcfg ')
[ "$(grep -c . <<<"$commands")" -ge 4 ] || { echo "found too few npu-memcfg lines in the recipes"; exit 1; }
status=0
while IFS= read -r command; do
  if (cd "$work" && PATH="$tool_dir:$PATH" bash -c "$command"); then
    echo "ran: $command"
  else
    echo "failed: $command"
    status=1
  fi
done <<<"$commands"
export DOTNET_SYSTEM_GLOBALIZATION_INVARIANT=1 DOTNET_CLI_TELEMETRY_OPTOUT=1
for log in "$work"/*.sarif; do
  grep -q '"results"' "$log" || { echo "$log: no results array"; status=1; }
  [ -n "$multitool" ] || continue
  for rules in default Gh; do
    arguments=()
    [ "$rules" = Gh ] && arguments=(--rule-kind Gh)
    if "$multitool" validate "$log" "${arguments[@]}" 2>&1 | grep ": error "; then
      status=1
    else
      echo "$(basename "$log"), $rules rules: no errors"
    fi
  done
done
for lines in "$work"/*.jsonl; do
  if grep -v '^{.*}$' "$lines"; then
    echo "$lines: a line that is no JSON object"
    status=1
  fi
done
exit $status
