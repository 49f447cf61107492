#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Check that `fsbench import` of fio's JSON holds fio's numbers.

    check_fio_import.py FIO.json RESULT.fsbench FS

FS's section of RESULT must have one phase per job and direction with I/O
(JOB-read, JOB-write, JOB-trim, in fio's order), each with fio's bandwidth,
IOPS, bytes, %CPU (usr + sys), completion-latency percentiles (p50, p95,
p99), mean and max latency; the file names fio and its version, and every
phase is of kind "imported".  Exit 0, or 1 with the first difference.
"""
import json
import re
import sys


def main():
    fio_path, result_path, fs = sys.argv[1:4]
    fio = json.load(open(fio_path))
    text = open(result_path).read()
    start = text.index('filesystem "%s"' % fs)
    nxt = text.find('\nfilesystem "', start + 1)
    sect = text[start:nxt if nxt >= 0 else len(text)]
    phases = re.findall(r'phase "([^"]+)"', sect)
    want = [f'{j["jobname"]}-{d}' for j in fio["jobs"] for d in ("read", "write", "trim") if j[d]["io_bytes"] > 0]
    assert phases == want, (phases, want)

    def field(ph, name):
        block = sect[sect.index(f'phase "{ph}"'):]
        block = block[:block.index("\n  }")]
        m = re.search(rf'\b{name} = ([0-9.e+-]+)', block)
        return float(m.group(1)) if m else None

    for j in fio["jobs"]:
        for d in ("read", "write", "trim"):
            x = j[d]
            if x["io_bytes"] == 0:
                continue
            ph = f'{j["jobname"]}-{d}'
            assert field(ph, "kib_per_s") == x["bw"], (ph, field(ph, "kib_per_s"), x["bw"])
            assert abs(field(ph, "ops_per_s") - x["iops"]) < 1e-6 * max(1, x["iops"]), ph
            assert field(ph, "bytes") == x["io_bytes"], ph
            assert abs(field(ph, "cpu_pct") - (j["usr_cpu"] + j["sys_cpu"])) < 1e-9 * max(1, j["usr_cpu"] + j["sys_cpu"]), ph
            pct = x["clat_ns"]["percentile"]
            assert abs(field(ph, "lat_p50_us") - pct["50.000000"] / 1000) < 1e-9 * max(1, pct["50.000000"]), ph
            assert abs(field(ph, "lat_p95_us") - pct["95.000000"] / 1000) < 1e-9 * max(1, pct["95.000000"]), ph
            assert abs(field(ph, "lat_p99_us") - pct["99.000000"] / 1000) < 1e-9 * max(1, pct["99.000000"]), ph
            assert abs(field(ph, "lat_mean_us") - x["lat_ns"]["mean"] / 1000) < 1e-9 * max(1, x["lat_ns"]["mean"]), ph
            assert abs(field(ph, "lat_max_us") - x["lat_ns"]["max"] / 1000) < 1e-9 * max(1, x["lat_ns"]["max"]), ph
    assert 'source_tool = "fio"' in text, "no source_tool fio"
    assert 'source_version = "%s"' % fio["fio version"].replace("fio-", "") in text, "not fio's version"
    assert sect.count('kind = "imported"') == len(want), "not every phase imported"
    print("%s: %d phases, fio's numbers" % (fs, len(want)))


if __name__ == "__main__":
    try:
        main()
    except AssertionError as e:
        print("check_fio_import: %s" % (e,), file=sys.stderr)
        sys.exit(1)
