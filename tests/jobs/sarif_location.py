#!/usr/bin/env python3
"""A job's SARIF result located in the script that sets the value: npu-memcfg
run from the corpus on a job named by a relative path, whose launch script
sources the file that exports GE_USE_STATIC_MEMORY.

    sarif_location.py NPU_MEMCFG JOB SOURCED LINE COLUMN
"""
import json
import subprocess
import sys

tool, job, sourced, line, column = sys.argv[1:]
run = subprocess.run([tool, "--check", job, "--concurrent-graphs", "--diagnostics", "sarif"],
                     capture_output=True, text=True, check=False)
results = json.loads(run.stderr)["runs"][0]["results"]
expected = {"artifactLocation": {"uri": sourced}, "region": {"startLine": int(line), "startColumn": int(column)}}
located = [result["locations"][0]["physicalLocation"] for result in results]
if not located or any(location != expected for location in located):
    sys.exit(f"expected every result at {expected}, got {located}")
print(f"{len(located)} results at {sourced}:{line}:{column}")
