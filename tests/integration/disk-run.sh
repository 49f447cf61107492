#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# What the disk did, end to end (doc/disk.md): tar, cp, clone and rm on
# ext4, xfs and btrfs of an image with the tiny profile.  The clone phase
# answers "clone" on xfs and btrfs and "no reflink" on ext4 — a successful
# run there, so the run exits 0 — and removes its clone before the next
# phase (a phase after it finds cp's z, no zc); cp's processes saved the
# same on every filesystem (--reflink=never: no clone), and no cell is
# marked as doing less work; the section is in show, and in JSON (which
# validates); clone is in no summary column and no total; the stall probe
# recorded its saves in every command phase of the stall round (its runs
# apart: the timed runs ran without it, doc/disk.md).  Then the same plan with
# --no-probe records no saves, and `run --like` of that result repeats it
# without the probe too.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/integration/builtin-lib.sh"
need_root
need_prog mkfs.ext4 mkfs.xfs mkfs.btrfs tar
grep -qw btrfs /proc/filesystems || modprobe btrfs 2>/dev/null || true
grep -qw btrfs /proc/filesystems || skip "the kernel has no btrfs"
[ -x /usr/bin/python3 ] || skip "needs Debian's /usr/bin/python3 (apt-get install python3)"
/usr/bin/python3 -c 'import jsonschema' 2>/dev/null || skip "needs python3-jsonschema (apt-get install python3-jsonschema)"
export LC_ALL=C.UTF-8

test_conf "$FSB_CALM" "$FSB_CALM_CHECK" <<'CONF'
phase "after-clone" {
  label = "what clone left"
  command = 'test -d z && test ! -e zc'
  requires = { "clone" }
}
CONF
res=$SCRATCH/disk.fsbench
"$FSBENCH" --config "$conf" run --image "$SCRATCH/t.img" --size 2G --fs ext4,xfs,btrfs \
	--phases tar,cp,clone,after-clone,rm --profile tiny -o "$res" >"$SCRATCH/run.out" 2>&1 ||
	{ rc=$?; cat "$SCRATCH/run.out"; fail "fsbench run exited $rc"; }
assert_no_leftovers "fsbench run"
grep -q 'status = "failed"' "$res" && { run_records "$res" | grep failed; fail "a run failed"; }
for fs in ext4 xfs btrfs; do
	r=$(run_records "$res" | grep "^$fs clone ok ") || fail "$fs: no ok clone run"
	want=1
	[ $fs = ext4 ] && want=0
	[ "$(field "$r" reflink)" = $want ] || fail "$fs: clone recorded reflink = '$(field "$r" reflink)', expected $want"
	run_records "$res" | grep -q "^$fs after-clone ok " || fail "$fs: the clone was not removed (or cp's z is gone)"
	for ph in tar cp rm; do
		r=$(run_records "$res" stall_run | grep "^$fs $ph ok ")
		check "$(field "$r" stall_saves) >= 1" || fail "$fs $ph: no save of the stall probe recorded"
		[ -z "$(field "$(run_records "$res" | grep "^$fs $ph ok ")" stall_saves)" ] ||
			fail "$fs $ph: the timed run had the stall probe beside it"
	done
done
# the same work: what cp's processes saved is about the same everywhere —
# within 25%: the tiny tree is 2.6 MiB, so a few hundred KiB of metadata
# a filesystem keeps in the page cache (btrfs's tree blocks) and the copy
# dirties, more or less of it again, count (CI once saw 2648, 2648 and
# 3032 KiB for ext4, xfs and btrfs: +15%); a clone saves next to nothing
who=$(run_records "$res" | awk '$2 == "cp" { for (i = 4; i <= NF; i++) if ($i ~ /^saved_kib=/) print $1, substr($i, 11) }')
saved=$(cut -d' ' -f2 <<<"$who")
who=$(tr '\n' ' ' <<<"$who")
[ "$(wc -l <<<"$saved")" -eq 3 ] || fail "cp: saved_kib of $(wc -l <<<"$saved") runs, expected 3"
sort -g <<<"$saved" | awk 'NR == 1 { lo = $1 } { hi = $1 } END { exit !(lo > 0 && hi <= 1.25 * lo) }' ||
	fail "cp saved different amounts (KiB): $who"
note "cp saved (KiB): $who"

"$FSBENCH" show "$res" >"$SCRATCH/show.txt" || fail "show exited $?"
for t in 'What the disk did' 'What the disk did, all phases' 'Device writes' 'Write amplification' \
	'Stalls: what a save waited during each phase' 'Clones (cp -a --reflink=always of what cp copied)'; do
	grep -qxF "$t" "$SCRATCH/show.txt" || fail "show has no '$t'"
done
grep -qE '^ext4 +no reflink ' "$SCRATCH/show.txt" || fail "show: ext4 is not 'no reflink'"
grep -qE '^xfs +clone ' "$SCRATCH/show.txt" || fail "show: xfs does not clone"
grep -qE '^Clones: xfs and btrfs clone a copy' "$SCRATCH/show.txt" || fail "show: no clone sentence"
grep -qE '^During [a-z-]+ on [a-z0-9]+, a save waited up to ' "$SCRATCH/show.txt" || fail "show: no worst stall"
awk '/^Summary/ { s = 1; next } s && /^$/ { exit } s' "$SCRATCH/show.txt" | grep -qE '(^| )clone( |$)' &&
	fail "clone is a column of the summary"
grep -q 'did less work' "$SCRATCH/show.txt" && fail "a cell is marked as doing less work"

"$FSBENCH" show --json "$res" >"$SCRATCH/show.json" || fail "show --json exited $?"
/usr/bin/python3 "$FSB_SRCDIR/tests/helpers/check_json.py" "$FSB_SRCDIR/doc/fsbench.schema.json" \
	"$SCRATCH/show.json" || fail "show --json does not validate"
/usr/bin/python3 - "$SCRATCH/show.json" <<'PY' || fail "the JSON's disk section"
import json, sys
d = json.load(open(sys.argv[1]))["documents"][0]["blocks"]
roles = [b["role"] for b in d]
for r in ("disk-total", "disk-chart", "disk-writes", "disk-amp", "stalls", "clone", "disk-words"):
    assert r in roles, r
clone = next(b for b in d if b["role"] == "clone")
rows = {r[0]["text"]: r[1]["text"] for r in clone["rows"][1:]}
assert rows == {"ext4": "no reflink", "xfs": "clone", "btrfs": "clone"}, rows
for b in d:
    if b["type"] == "table":
        for row in b["rows"]:
            for c in row:
                assert c["less_work"] is False, (b["role"], c)
st = next(b for b in d if b["role"] == "stalls")
assert len(st["rows"]) == 1 + 4 * 3, len(st["rows"])   # tar, cp, after-clone, rm: the probe saves once at least
PY

# --no-probe, and run --like of it
res2=$SCRATCH/noprobe.fsbench
"$FSBENCH" --config "$conf" run --image "$SCRATCH/t.img" --size 2G --fs ext4,xfs --phases tar,cp \
	--profile tiny --no-probe -o "$res2" >"$SCRATCH/run2.out" 2>&1 ||
	{ rc=$?; cat "$SCRATCH/run2.out"; fail "fsbench run --no-probe exited $rc"; }
grep -q 'stall_saves' "$res2" && fail "--no-probe: the result records the probe's saves"
res3=$SCRATCH/like.fsbench
"$FSBENCH" --config "$conf" run --like "$res2" --image "$SCRATCH/t.img" -o "$res3" >"$SCRATCH/run3.out" 2>&1 ||
	{ rc=$?; cat "$SCRATCH/run3.out"; fail "fsbench run --like exited $rc"; }
assert_no_leftovers "fsbench run --like"
grep -q 'stall_saves' "$res3" && fail "run --like of a --no-probe result ran the probe"
grep -q 'disk_written_kib' "$res3" || fail "run --like: no device writes recorded"
exit 0
