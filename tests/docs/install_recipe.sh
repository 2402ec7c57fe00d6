#!/usr/bin/env bash
# The README's install recipe builds what it installs and nothing else: its
# configure line, run as printed (into a scratch folder), defines the tool
# and no test, example or docs program.
#   install_recipe.sh SOURCE_DIR SCRATCH_DIR
set -euo pipefail
source_dir=$1 scratch=$2
configure=$(grep -m1 '^cmake -S \. -B build ' "$source_dir/README.md") ||
  { echo "README.md has no 'cmake -S . -B build' line" >&2; exit 1; }
rm -rf "$scratch"
(cd "$source_dir" && eval "${configure/-B build/-B \"$scratch\"}") >/dev/null
targets=$(ninja -C "$scratch" -t targets all | sed 's/:.*//')
grep -qx 'tools/npu-memcfg/npu-memcfg' <<<"$targets" || { echo "the recipe does not build npu-memcfg" >&2; exit 1; }
if extra=$(grep -E '_tests($|\.)|snippet_|runtime_adapter|training_launcher|fuzz_' <<<"$targets"); then
  echo "the README's install recipe builds what it does not install:" >&2
  echo "$extra" >&2
  exit 1
fi
echo "the install recipe builds npu-memcfg and no test, example or docs program"
