#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# What the disk did over time, end to end: a tiny run whose built-in
# block-write phase lasts a few seconds (min_duration 3 s) on ext2 and ext4
# in an image keeps, per run, a series of about one sample a second of
# every kind (write throughput the largest, utilisation a percentage);
# `show --raw` prints their min / median / max per run (and plain `show`
# does not); the HTML export draws the phase as one SVG chart with one
# polyline per filesystem.
. "$FSB_TESTLIB"
need_root
need_prog mkfs.ext2 mkfs.ext4
[ -x /usr/bin/python3 ] || skip "needs Debian's /usr/bin/python3 (apt-get install python3)"

conf=$SCRATCH/fsbench.conf
# the tiny profile with a longer minimum duration: a few samples per phase
sed '/^profile "tiny"/,/^}/s/min_duration = .*/min_duration = 3/' "$FSB_SRCDIR/data/fsbench.conf" >"$conf"
grep -q 'min_duration = 3' "$conf" || fail "could not lengthen the tiny profile's phases"
res=$SCRATCH/series.fsbench
"$FSBENCH" --config "$conf" run --image "$SCRATCH/t.img" --fs ext2,ext4 --phases block-write \
	--profile tiny -o "$res" >"$SCRATCH/run.out" 2>&1 || { rc=$?; cat "$SCRATCH/run.out"; fail "fsbench run exited $rc"; }
assert_no_leftovers "fsbench run"

# the file: per run series_step and four series of the same length >= 3
/usr/bin/python3 - "$res" <<'PY' || fail "the result's series are not what they should be"
import re, sys
text = open(sys.argv[1]).read()
runs = re.findall(r'phase "block-write" \{.*?\n  \}', text, re.S)
assert len(runs) == 2, f"{len(runs)} block-write phases"
for ph in runs:
    assert re.search(r'series_step = 1\n', ph), "no series_step = 1"
    s = {k: [float(x) for x in v.split(",")]
         for k, v in re.findall(r'series_(\w+) = "([^"]*)"', ph)}
    assert set(s) == {"read_kib_s", "write_kib_s", "iops", "util_pct"}, sorted(s)
    n = {len(v) for v in s.values()}
    assert len(n) == 1 and min(n) >= 3, f"lengths {n}"
    real = float(re.search(r'real = ([0-9.]+)', ph).group(1))
    assert min(n) <= real + 1.5, f"{min(n)} samples in {real} s: more than one a second"
    assert max(s["write_kib_s"]) > 1024, f"write peak {max(s['write_kib_s'])} KiB/s"
    assert all(0 <= u <= 100 for u in s["util_pct"]), s["util_pct"]
    assert max(s["iops"]) > 0
PY

# show --raw: the min / median / max table, one row per filesystem's run
"$FSBENCH" show --raw "$res" >"$SCRATCH/raw.txt" || fail "show --raw exited $?"
grep -q '^block-write: the device over time$' "$SCRATCH/raw.txt" || { cat "$SCRATCH/raw.txt"; fail "show --raw has no series table"; }
for fs in ext2 ext4; do
	row=$(sed -n '/^block-write: the device over time$/,/^$/p' "$SCRATCH/raw.txt" | grep -E "^$fs +1 ") ||
		fail "show --raw: no series row for $fs"
	# 3 + 12 numbers: run, seconds, then min <= median <= max for each kind
	read -r -a w <<<"$row"
	[ ${#w[@]} -eq 15 ] || fail "show --raw: $fs row has ${#w[@]} words: $row"
	for k in 3 6 9 12; do
		/usr/bin/python3 -c "import sys; a,b,c=map(float,sys.argv[1:]); sys.exit(not a<=b<=c)" \
			"${w[$k]}" "${w[$((k + 1))]}" "${w[$((k + 2))]}" || fail "show --raw: $fs: not min <= median <= max: $row"
	done
done
grep -qE '^  ext2 +.+ peak [0-9.]+ (MiB|KiB)/s at [0-9]+ s of [0-9]+ s$' "$SCRATCH/raw.txt" ||
	fail "show --raw: no sparkline of ext2"
"$FSBENCH" show "$res" >"$SCRATCH/show.txt" || fail "show exited $?"
grep -q 'the device over time$' "$SCRATCH/show.txt" && fail "plain show prints the series table (only --raw should)"

# HTML: the phase's time-series chart, one polyline per filesystem
"$FSBENCH" export -f html -o "$SCRATCH/r.html" "$res" || fail "export html exited $?"
/usr/bin/python3 - "$SCRATCH/r.html" <<'PY' || fail "the HTML's time-series SVG is wrong"
import re, sys
html = open(sys.argv[1]).read()
figs = re.findall(r'<figure class="series">(.*?)</figure>', html, re.S)
assert len(figs) == 1, f"{len(figs)} series figures"
svg = figs[0]
assert "block-write: write throughput over time" in svg
lines = re.findall(r'<polyline class="series" data-fs="([^"]+)"[^>]*points="([^"]+)"', svg)
assert [fs for fs, _ in lines] == ["ext2", "ext4"], lines
for fs, pts in lines:
    xy = [tuple(map(float, p.split(","))) for p in pts.split()]
    assert len(xy) >= 3, f"{fs}: {len(xy)} points"
    assert all(a[0] < b[0] for a, b in zip(xy, xy[1:])), f"{fs}: x not increasing"
    assert all(0 <= y <= 170 for _, y in xy), f"{fs}: y outside the chart"
PY
exit 0
