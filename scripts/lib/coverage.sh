# Sourced by scripts/coverage and by scripts/test's clang-c++20 stage, which
# measures coverage on its own build: clang source-based coverage, the build
# instrumented with coverage_flags and its tests run with LLVM_PROFILE_FILE
# set to coverage_profiles BUILD, then coverage_report BUILD.

# tree, minimum line %, minimum branch %
coverage_minimums=("include 98 95" "tools 95 0")
# The mapping's paths are relative to the build (ccache's base folder makes
# them so) and so is its compilation folder: an object that ccache stored
# for a clone in another folder maps this build's sources. The report maps
# them back.
coverage_flags="-fprofile-instr-generate -fcoverage-mapping -fcoverage-compilation-dir=."

# coverage_profiles BUILD: where the instrumented tests of BUILD write their profiles.
coverage_profiles() { echo "$1/profiles/%p-%m.profraw"; }

# coverage_report BUILD: llvm-cov's report of each tree; returns 1 when one
# is below its minimums.
coverage_report() {
  local build=$1 binaries arguments binary entry tree line_minimum branch_minimum report lines branches status=0
  # A run under a file-size limit (tool.output_atomicity) cannot write its
  # whole profile: merge what is readable.
  llvm-profdata-14 merge -sparse --failure-mode=all "$build"/profiles/*.profraw -o "$build/merged.profdata" || return 1
  # Every executable the suite runs (not the benchmark, which ctest never
  # runs: as the first object, its unexecuted copies of the headers'
  # functions would hide the counts of the others), in a stable order.
  mapfile -t binaries < <(
    find "$build/tests" "$build/tools" "$build/examples" -type f -perm -u+x ! -path '*/package/*' ! -name '*.so' \
      ! -path '*/benchmark/*' | sort | while IFS= read -r binary; do file "$binary" | grep -q ELF && echo "$binary"; done)
  arguments=("${binaries[0]}")
  for binary in "${binaries[@]:1}"; do arguments+=(-object "$binary"); done
  for entry in "${coverage_minimums[@]}"; do
    read -r tree line_minimum branch_minimum <<<"$entry"
    # (The mapping names ../../include/x.hpp for $root/include/x.hpp.)
    report=$(llvm-cov-14 report -instr-profile="$build/merged.profdata" \
      -path-equivalence="$(realpath --relative-to="$build" "$root"),$root" "${arguments[@]}" "$root/$tree") || return 1
    echo "$report"
    # TOTAL columns: regions, missed, cover, functions, missed, executed, lines, missed, cover, branches, missed, cover
    read -r lines branches < <(echo "$report" | awk '/^TOTAL/ { print $(NF-3), $NF }' | tr -d '%')
    echo "coverage of $tree/: lines ${lines}% (minimum ${line_minimum}%), branches ${branches}% (minimum ${branch_minimum}%)"
    awk -v l="$lines" -v b="$branches" -v lm="$line_minimum" -v bm="$branch_minimum" \
      'BEGIN { exit !(l >= lm && b >= bm) }' || status=1
  done
  return $status
}
