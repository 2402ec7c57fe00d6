# Sourced by the scripts: Microsoft's SARIF multitool, which the test suite
# validates npu-memcfg's SARIF logs with, as GitHub code scanning would
# (--rule-kind Gh). It comes from the npm registry (MIT), a self-contained
# program, and is kept in build/.
#   sarif_multitool ROOT   prints its path, or nothing when it cannot be had
sarif_multitool() {
  local version=5.7.0
  local cache="$1/build/sarif-multitool"
  local tool="$cache/package/Sarif.Multitool"
  command -v npm >/dev/null || ensure_packages npm >/dev/null || return 0
  if [ ! -x "$tool" ]; then
    mkdir -p "$cache" &&
      (cd "$cache" && npm pack --silent "@microsoft/sarif-multitool-linux@$version" >/dev/null 2>&1 &&
        tar xzf "microsoft-sarif-multitool-linux-$version.tgz" && chmod u+x package/Sarif.Multitool) || return 0
  fi
  [ -x "$tool" ] && echo "$tool"
}
