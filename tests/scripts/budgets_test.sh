#!/usr/bin/env bash
# Every stage of the full test command has its budget in CONTRIBUTING.md's
# table, and so has the total, which the stages' add up to no more than; the
# report says a stage over its budget loudly, and one at its budget without
# alarm.
#   budgets_test.sh ROOT
set -u
root=$1
. "$root/scripts/lib/budget.sh"
status=0
fail() { echo "FAILED: $*" >&2; status=1; }

stages=$(sed -n 's/^all_stages=(\(.*\))$/\1/p' "$root/scripts/test")
[ -n "$stages" ] || fail "scripts/test names no stages (all_stages=(...))"
sum=0
for stage in $stages total; do
  budget=$(budget_of "$root/CONTRIBUTING.md" "$stage")
  [ -n "$budget" ] || fail "CONTRIBUTING.md has no budget for $stage"
  [ "$stage" = total ] || sum=$((sum + ${budget:-0}))
done
# A suite whose stages each keep to their budgets keeps to its own.
total=$(budget_of "$root/CONTRIBUTING.md" total)
[ "$sum" -le "${total:-0}" ] || fail "the stages' budgets add up to $sum s, over the suite's ${total:-0} s"

table=$(mktemp)
trap 'rm -f "$table"' EXIT
printf '| stage | budget (s) | cold | warm |\n|---|---|---|---|\n| `tidy-extra` | 7 | | |\n| `tidy` | 300 | 544 | 40 |\n| total | 2700 | | |\n' >"$table"
[ "$(budget_of "$table" tidy)" = 300 ] || fail "budget_of tidy: '$(budget_of "$table" tidy)', expected 300"
[ "$(budget_of "$table" total)" = 2700 ] || fail "budget_of total: '$(budget_of "$table" total)', expected 2700"
[ -z "$(budget_of "$table" fuzz)" ] || fail "budget_of fuzz: a stage with no row has no budget"
[ "$(budget_line "$table" tidy 300)" = "  tidy                  300 s   budget 300 s" ] ||
  fail "at its budget: '$(budget_line "$table" tidy 300)'"
[ "$(budget_line "$table" tidy 301)" = "  tidy                  301 s   OVER ITS BUDGET OF 300 s" ] ||
  fail "over its budget: '$(budget_line "$table" tidy 301)'"
[ "$(budget_line "$table" fuzz 5)" = "  fuzz                    5 s   NO BUDGET in ${table##*/}" ] ||
  fail "no budget: '$(budget_line "$table" fuzz 5)'"
[ $status -ne 0 ] || echo "budgets: every stage has one, together within the suite's; the report says over, at and none"
exit $status
