#!/usr/bin/env bash
# The SARIF logs of npu-memcfg, validated by Microsoft's SARIF multitool with
# its own rules and with GitHub's ingestion rules (--rule-kind Gh): no
# errors. Run from the repository's root, with relative paths, as the CI
# recipes run it.
#   sarif_multitool.sh MULTITOOL NPU_MEMCFG WORK
set -uo pipefail
multitool=$1 tool=$2 work=$3
mkdir -p "$work"
export DOTNET_SYSTEM_GLOBALIZATION_INVARIANT=1 DOTNET_CLI_TELEMETRY_OPTOUT=1
# A valid file, an invalid one, a missing one and a flag; then a usage error.
"$tool" --check examples/configs/recommender.json tests/tool/inputs/two_mistakes.json tests/tool/inputs/missing.json \
  --atomic-clean-policy 1 --diagnostics sarif 2>"$work/check.sarif"
[ $? -eq 2 ] || { echo "expected exit 2 from the check"; exit 1; }
"$tool" --check --pointer /memory_config examples/jobs/recommender_job.json examples/jobs/bad_job.json \
  --diagnostics sarif 2>"$work/jobs.sarif" || { echo "expected exit 0 from the jobs"; exit 1; }
"$tool" --cann banana --diagnostics sarif 2>"$work/usage.sarif"
[ $? -eq 2 ] || { echo "expected exit 2 from the usage error"; exit 1; }
status=0
for log in check jobs usage; do
  for rules in default Gh; do
    arguments=()
    [ "$rules" = Gh ] && arguments=(--rule-kind Gh)
    output=$("$multitool" validate "$work/$log.sarif" "${arguments[@]}" 2>&1)
    if echo "$output" | grep -q ": error "; then
      echo "$log.sarif, $rules rules:"
      echo "$output" | grep ": error "
      status=1
    else
      echo "$log.sarif, $rules rules: no errors"
    fi
  done
done
exit $status
