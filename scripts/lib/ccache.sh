# Sourced by the scripts that compile: Debian's ccache in front of every
# compiler, for every build the scripts make (and the builds their tests make,
# through CMAKE_CXX_COMPILER_LAUNCHER in the environment). Its cache is kept
# across runs on the machine, in ccache's own default folder (CCACHE_DIR moves
# it), so that a second run, or CI after a session on the same machine,
# compiles only what changed.
#
#   use_ccache BASE   paths under BASE are hashed relative to the build, so
#                     that a clean clone in another folder, or another
#                     mutation worker's copy, hits what this one stored
use_ccache() {
  ensure_packages ccache || return 1
  export CMAKE_CXX_COMPILER_LAUNCHER=ccache
  export CCACHE_BASEDIR=$1
  # The compiling folder is not hashed for -g builds: debug information
  # naming another clone's folder does not change what a test sees.
  export CCACHE_NOHASHDIR=1
  # The precompiled headers of the mutation workers' one-file test programs.
  export CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime
  # Four compilers and standards, sanitizers, fuzzing, coverage, Release and
  # the mutation builds: about 0.5 GiB after a full run and its mutants
  # (measured 2026-12-06), so the ceiling leaves room for several commits.
  export CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-8G}
}

# ccache_log FILE: this run's compilations are counted in FILE (emptied),
# for ccache_summary; the scripts a run starts count in it too.
ccache_log() {
  mkdir -p "$(dirname "$1")" && : >"$1"
  export CCACHE_STATSLOG=$1
}

# ccache_summary: "N / M": of this run's cacheable compilations, how many
# ccache answered.
ccache_summary() {
  ccache --show-log-stats 2>/dev/null | sed -n 's|^  Hits: *\([0-9]* / [0-9]*\).*|\1|p'
}
