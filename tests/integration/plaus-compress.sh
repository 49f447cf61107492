#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Plausibility, compression (model/plaus.h): the built-in phases write
# random data by default, so btrfs with compress=zstd stores what
# block-write wrote at near 1:1 — not flagged, and the verdict states the
# ratio; a profile with synth_data = "compressible" writes bonnie++'s
# zeros, which btrfs-zstd stores at a fraction: flagged compressed with its
# ratio in the file, `show` and JSON, while ext4 (no compression) is not.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/integration/builtin-lib.sh"
need_root
need_prog mkfs.ext4 mkfs.btrfs
[ -x /usr/bin/python3 ] || skip "needs Debian's /usr/bin/python3 (apt-get install python3)"
grep -qw btrfs /proc/filesystems || modprobe btrfs 2>/dev/null || true
grep -qw btrfs /proc/filesystems || skip "the kernel has no btrfs"
export LC_ALL=C.UTF-8

test_conf "$FSB_CALM" "$FSB_CALM_CHECK" <<'CONF'
profile "tiny-zeros" {
  description = "tiny, writing compressible data"
  source = "generated"
  tree_files = 300
  image_size = "2G"
  synth_size = "64M"
  synth_files = 1
  synth_seeks = 2000
  min_duration = 0.25
  synth_data = "compressible"
}
CONF

# ratio FS — asked / device written of FS's block-write run in $res
ratio() {
	local r
	r=$(run_records "$res" | grep "^$1 block-write ok ") || fail "$1: no ok block-write run"
	awk -v a="$(field "$r" bytes)" -v w="$(field "$r" disk_written_kib)" 'BEGIN { printf "%.3f", a / (w * 1024) }'
}

# in_json FILE FS WANT — FS's block-write runs in the JSON's latency table have compressed = WANT
in_json() {
	/usr/bin/python3 - "$@" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
fs, want = sys.argv[2], sys.argv[3] == "1"
lat = next(b for b in d["documents"][0]["blocks"] if b["type"] == "table" and b["role"] == "latency")
rows = [r for r in lat["rows"] if r[0]["text"] == fs and r[1]["text"] == "block-write"]
assert rows, "no %s block-write row" % fs
for r in rows:
    assert r[5]["compressed"] is want, (fs, r[5])
PY
}

for profile in tiny tiny-zeros; do
	res=$SCRATCH/$profile.fsbench
	"$FSBENCH" --config "$conf" run --image "$SCRATCH/t.img" --fs ext4,btrfs-zstd --phases block-write \
		--profile $profile -o "$res" >"$SCRATCH/$profile.out" 2>&1 ||
		{ rc=$?; cat "$SCRATCH/$profile.out"; fail "$profile: fsbench run exited $rc"; }
	assert_no_leftovers "fsbench run ($profile)"
	"$FSBENCH" show "$res" >"$SCRATCH/$profile.txt" || fail "$profile: show exited $?"
	"$FSBENCH" show --json "$res" >"$SCRATCH/$profile.json" || fail "$profile: show --json exited $?"
	rb=$(ratio btrfs-zstd) re=$(ratio ext4)
	note "$profile: block-write asked / device wrote: btrfs-zstd $rb, ext4 $re"
	check "$re < 1.25" || fail "$profile: ext4 stored $re× less than asked"
	in_json "$SCRATCH/$profile.json" ext4 0 || fail "$profile: ext4's JSON cell says compressed"
	grep -q 'ext4 block-write was compressed' "$SCRATCH/$profile.txt" && fail "$profile: ext4 flagged compressed"
	if [ $profile = tiny ]; then
		# random data: incompressible, btrfs stores all of it
		check "$rb > 0.8 && $rb < 1.25" || fail "tiny: btrfs-zstd stored random data at $rb:1"
		run_records "$res" | grep -q ' compressible=0' || fail "tiny: the runs do not record compressible = 0"
		grep -q 'implausible = "[a-z,-]*compressed' "$res" && fail "tiny: a run is recorded as compressed"
		grep -Eq "btrfs-zstd compresses \(compress=zstd\): at block-write it wrote .*, (0\.[89][0-9]|1\.[0-2][0-9]):1 \(random data: incompressible\)" \
			"$SCRATCH/tiny.txt" || { grep -i compress "$SCRATCH/tiny.txt"; fail "tiny: show does not state btrfs-zstd's near 1:1 ratio"; }
		in_json "$SCRATCH/tiny.json" btrfs-zstd 0 || fail "tiny: btrfs-zstd's JSON cell says compressed"
	else
		check "$rb >= 1.5" || fail "tiny-zeros: btrfs-zstd stored zeros at only $rb:1"
		run_records "$res" | grep "^btrfs-zstd block-write ok " | grep -q ' compressible=1' ||
			fail "tiny-zeros: the run does not record compressible = 1"
		grep -q 'implausible = "[a-z,-]*compressed' "$res" || fail "tiny-zeros: no run recorded as compressed"
		grep -Eq "btrfs-zstd block-write was compressed or deduplicated: it wrote .*, the device .*, [0-9.]+:1 \(the data was compressible on purpose" \
			"$SCRATCH/tiny-zeros.txt" || { grep -i compress "$SCRATCH/tiny-zeros.txt"; fail "tiny-zeros: show does not flag btrfs-zstd"; }
		in_json "$SCRATCH/tiny-zeros.json" btrfs-zstd 1 || fail "tiny-zeros: btrfs-zstd's JSON cell does not say compressed"
	fi
done
exit 0
