# Sourced by the scripts: the SARIF 2.1.0 JSON Schema the test suite checks
# npu-memcfg's logs against, and Python's jsonschema to check with. The schema
# comes from an npm package (MIT) that ships it; it is kept in build/.
#   sarif_schema ROOT   prints the schema's path, or nothing when it cannot be had
sarif_schema() {
  local cache="$1/build/sarif-schema"
  local schema="$cache/package/lib/schemas/sarif-2.1.0-rtm.5.json"
  ensure_packages python3-jsonschema >/dev/null || return 0
  command -v npm >/dev/null || ensure_packages npm >/dev/null || return 0
  if [ ! -f "$schema" ]; then
    mkdir -p "$cache" &&
      (cd "$cache" && npm pack --silent @microsoft/jest-sarif@1.0.0-beta.0 >/dev/null 2>&1 &&
        tar xzf microsoft-jest-sarif-1.0.0-beta.0.tgz) || return 0
  fi
  [ -f "$schema" ] && echo "$schema"
}
