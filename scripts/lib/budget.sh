# Sourced by scripts/test: each stage's time beside its budget. The budgets
# are the table of CONTRIBUTING.md (the one place they are written), whose
# rows begin "| `STAGE` | SECONDS |", the suite's own "| total | SECONDS |".

# budget_of TABLE_FILE STAGE: the stage's budget in seconds, or nothing.
budget_of() {
  sed -n "s/^| \`\{0,1\}$2\`\{0,1\} | \([0-9][0-9]*\) |.*/\1/p" "$1" | head -n 1
}

# budget_line TABLE_FILE STAGE SECONDS: one line of the report. A stage over
# its budget is said loudly and is no failure: time is noisy.
budget_line() {
  local budget
  budget=$(budget_of "$1" "$2")
  if [ -z "$budget" ]; then
    printf '  %-18s %6s s   NO BUDGET in %s\n' "$2" "$3" "${1##*/}"
  elif [ "$3" -gt "$budget" ]; then
    printf '  %-18s %6s s   OVER ITS BUDGET OF %s s\n' "$2" "$3" "$budget"
  else
    printf '  %-18s %6s s   budget %s s\n' "$2" "$3" "$budget"
  fi
}
