#!/usr/bin/env bash
# scripts/mutate runs a header's mutants against its own test file first
# (own_test_file): every test file that table names exists, and a header of
# each layer finds its own. A stale name would send mutants straight to the
# suites, slower and unnoticed.
#   own_test_files_test.sh ROOT
set -u
root=$1
status=0
fail() { echo "FAILED: $*" >&2; status=1; }
# shellcheck disable=SC1090
source <(sed -n '/^own_test_file()/,/^}/p' "$root/scripts/mutate")
named=$(sed -n '/^own_test_file()/,/^}/p' "$root/scripts/mutate" | grep -o 'echo [a-z_]*_test ' | cut -d' ' -f2 | sort -u)
[ -n "$named" ] || fail "no test file named in own_test_file"
for test_file in $named; do
  [ -f "$root/tests/unit/$test_file.cpp" ] || fail "own_test_file names tests/unit/$test_file.cpp, which does not exist"
done
while read -r header expected; do
  got=$(own_test_file "include/npu/memory_config/$header")
  [ "$got" = "$expected" ] || fail "own_test_file $header: '$got', expected '$expected'"
done <<'TABLE'
shell/detail/shell_walk.hpp shell_test
jobs/launch.hpp shell_test
forms/detail/tf1_update.hpp json_fix_text_test
settings/detail/field_table.hpp fields_test
validation/detail/value_checks.hpp validate_test
json/convert.hpp json_convert_test
json/detail/pointer.hpp json_pointer_test
texts/detail/json_update.hpp json_update_test
settings/config.hpp config_test
cann_release.hpp cann_release_test
TABLE
[ $status -ne 0 ] || echo "own_test_file: $(wc -w <<<"$named") test files named, each there; each layer's header finds its own"
exit $status
