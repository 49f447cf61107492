#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Validate fsbench's JSON output against doc/fsbench.schema.json.

check_json.py SCHEMA FILE...  — each FILE ("-" for standard input) is read
with a strict JSON parser (NaN, Infinity and duplicate keys refused) and
validated with python3-jsonschema (Draft 2020-12); the first error is
printed with its path and the exit status is 1.
"""
import json
import sys

import jsonschema


def strict_load(text):
    def no_constant(name):
        raise ValueError("not JSON: %s" % name)

    def no_duplicates(pairs):
        keys = [k for k, _ in pairs]
        dup = {k for k in keys if keys.count(k) > 1}
        if dup:
            raise ValueError("duplicate keys: %s" % sorted(dup))
        return dict(pairs)

    return json.loads(text, parse_constant=no_constant, object_pairs_hook=no_duplicates)


def main():
    schema = json.load(open(sys.argv[1]))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    rc = 0
    for path in sys.argv[2:]:
        text = sys.stdin.read() if path == "-" else open(path, encoding="utf-8").read()
        try:
            doc = strict_load(text)
        except ValueError as e:
            print("%s: %s" % (path, e), file=sys.stderr)
            rc = 1
            continue
        errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.absolute_path))
        for e in errors[:3]:
            print("%s: at /%s: %s" % (path, "/".join(str(p) for p in e.absolute_path), e.message[:300]),
                  file=sys.stderr)
        if errors:
            rc = 1
    return rc


if __name__ == "__main__":
    sys.exit(main())
