"""Runs npu-memcfg --check with --diagnostics sarif on config files, validates
the log against the SARIF 2.1.0 JSON Schema, and checks that each result's
line and column are where the text puts the key of the field it names.

usage: check_sarif.py SCHEMA NPU_MEMCFG EXPECTED_LINES CONFIG...
  EXPECTED_LINES: the lines the errors must name, comma-separated ("2,4")
"""
import json
import subprocess
import sys

import jsonschema


def key_position(path, field):
    """Line and column (bytes, from 1) of the first "field" key in the file."""
    with open(path, "rb") as text:
        for number, line in enumerate(text, start=1):
            column = line.find(('"%s"' % field).encode())
            if column >= 0:
                return number, column + 1
    raise AssertionError("%s has no key %s" % (path, field))


def main():
    schema_path, tool, expected_lines, configs = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
    run = subprocess.run([tool, "--check", "--diagnostics", "sarif", *configs], capture_output=True, check=False)
    assert run.stdout == b"", "nothing on stdout with --check"
    log = json.loads(run.stderr)
    with open(schema_path, encoding="utf-8") as schema_file:
        schema = json.load(schema_file)
    jsonschema.Draft4Validator(schema).validate(log)

    results = log["runs"][0]["results"]
    rules = log["runs"][0]["tool"]["driver"]["rules"]
    error_lines = []
    for result in results:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
        location = result["locations"][0]["physicalLocation"]
        region = location["region"]
        field = result["message"]["text"].split(":")[0]
        path = location["artifactLocation"]["uri"]
        assert (region["startLine"], region["startColumn"]) == key_position(path, field), result
        if result["level"] == "error":
            error_lines.append(region["startLine"])
    assert error_lines == [int(line) for line in expected_lines.split(",")], error_lines
    assert run.returncode == 1, run.returncode
    print("SARIF log valid: %d results, errors on lines %s" % (len(results), expected_lines))


if __name__ == "__main__":
    main()
