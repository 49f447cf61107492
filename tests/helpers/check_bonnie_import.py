#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Check that `fsbench import` of a bonnie++ CSV 1.98 line holds its numbers.

    check_bonnie_import.py BONNIE.csv RESULT.fsbench FS

The line is read by bonnie++'s own layout (bon_csv2txt's: format, version,
machine, concurrency, seed, size, chunk, seeks, seekers, six I/O tests as
rate and %CP, files:max:min:dirs and file chunk, six file tests as rate and
%CP, twelve latencies), independently of fsbench's reader.  FS's phase of
each test must hold the rate (K/s or files/s) and %CP that bonnie++ printed,
and its latency as lat_max_us; a test bonnie++ printed as +++++ (too fast to
time) must have no rate and say "not measured"; a test it skipped (empty)
must be absent.  Exit 0 and one line of what was compared, or 1 with the
first difference.
"""
import re
import sys

IO = ["char-write", "block-write", "rewrite", "char-read", "block-read", "seeks"]
FILES = ["seq-create", "seq-stat", "seq-delete", "rand-create", "rand-stat", "rand-delete"]


def latency_us(s):
    m = re.fullmatch(r"([0-9.]+)(us|ms|s)", s)
    assert m, "latency %r" % s
    return float(m.group(1)) * {"us": 1, "ms": 1e3, "s": 1e6}[m.group(2)]


def main():
    csv_path, result_path, fs = sys.argv[1:4]
    f = open(csv_path).read().strip().split("\n")[-1].split(",")
    assert f[0] == "1.98" and len(f) == 50, "not a CSV 1.98 line of 50 fields: %d" % len(f)
    tests = {}
    for k, name in enumerate(IO):
        tests[name] = (f[9 + 2 * k], f[10 + 2 * k], f[38 + k])
    for k, name in enumerate(FILES):
        tests[name] = (f[26 + 2 * k], f[27 + 2 * k], f[44 + k])
    text = open(result_path).read()
    start = text.index('filesystem "%s"' % fs)
    nxt = text.find('\nfilesystem "', start + 1)
    sect = text[start:nxt if nxt >= 0 else len(text)]
    assert 'source_tool = "bonnie++"' in text and 'source_version = "%s"' % f[1] in text, "source not bonnie++ " + f[1]
    measured = plus = 0
    for name, (rate, cpu, lat) in tests.items():
        if not rate:
            assert 'phase "%s"' % name not in sect, name + ": skipped by bonnie++, yet imported"
            continue
        assert 'phase "%s"' % name in sect, name + ": missing"
        block = sect[sect.index('phase "%s"' % name):]
        block = block[:block.index("\n  }")]

        def field(key):
            m = re.search(r"\b%s = ([0-9.e+-]+)" % key, block)
            return float(m.group(1)) if m else None
        key = "ops_per_s" if name in FILES or name == "seeks" else "kib_per_s"
        if set(rate) == {"+"}:
            plus += 1
            assert field("kib_per_s") is None and field("ops_per_s") is None, name + ": +++++ became a number"
            assert "not_measured" in block, name + ": +++++ without not_measured"
        else:
            measured += 1
            assert field(key) == float(rate), "%s: %s %s, bonnie++ %s" % (name, key, field(key), rate)
            if cpu and set(cpu) != {"+"}:
                assert field("cpu_pct") == float(cpu), "%s: cpu %s, bonnie++ %s" % (name, field("cpu_pct"), cpu)
        if lat:
            assert abs(field("lat_max_us") - latency_us(lat)) < 1e-6, "%s: latency %s, bonnie++ %s" % (name, field("lat_max_us"), lat)
    assert measured > 0, "bonnie++ measured nothing: nothing was compared"
    print("%s: %d tests with bonnie++'s numbers, %d +++++ not measured" % (fs, measured, plus))


if __name__ == "__main__":
    try:
        main()
    except (AssertionError, ValueError) as e:
        print("check_bonnie_import: %s" % (e,), file=sys.stderr)
        sys.exit(1)
