#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The stall probe in a round of its own (issue 31, doc/disk.md): tar, cp
# and rm on ext4 and btrfs of an image, tiny profile, --repeat 2.
#  1. the default (--probe round): every cell has its 2 timed runs, none
#     with a probe's save, and each phase 1 stall run, with them; the stall
#     runs ran after every timed run (their seq), the run said so ("the
#     stall round: …", "[1/2 ext4 stall] tar"); the result records probe =
#     "round" and the command line nothing of it (the default), and its
#     mkfs, mount and unmount are no repetition's (two of each); show has
#     the stall table from the stall runs (one run each: no interval), the
#     words, and says how the probe ran; the JSON validates;
#  2. --no-probe: no save anywhere, no stall run, no stall round;
#  3. --probe beside: the saves in the timed runs, no stall run, recorded
#     as "beside" with --probe beside on its command line; `run --like` of
#     it runs beside again.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/integration/builtin-lib.sh"
need_root
need_prog mkfs.ext4 mkfs.btrfs tar
grep -qw btrfs /proc/filesystems || modprobe btrfs 2>/dev/null || true
grep -qw btrfs /proc/filesystems || skip "the kernel has no btrfs"
[ -x /usr/bin/python3 ] || skip "needs Debian's /usr/bin/python3 (apt-get install python3)"
/usr/bin/python3 -c 'import jsonschema' 2>/dev/null || skip "needs python3-jsonschema (apt-get install python3-jsonschema)"
export LC_ALL=C.UTF-8

test_conf "$FSB_CALM" "$FSB_CALM_CHECK" </dev/null
plan=(--image "$SCRATCH/t.img" --size 2G --fs ext4,btrfs --phases tar,cp,rm --profile tiny --repeat 2)

# 1. the default: the stall round after the timed rounds
res=$SCRATCH/round.fsbench
"$FSBENCH" --config "$conf" run "${plan[@]}" -o "$res" >"$SCRATCH/round.out" 2>&1 ||
	{ rc=$?; cat "$SCRATCH/round.out"; fail "fsbench run exited $rc"; }
assert_no_leftovers "fsbench run (the stall round)"
grep -q '^status = "complete"$' "$res" || fail "the result is not complete"
grep -q '^probe = "round"$' "$res" || fail "the result does not record probe = \"round\""
grep -q -- '--probe\|--no-probe' <(grep '^command = ' "$res") && fail "the default's command line names the probe"
for fs in ext4 btrfs; do
	for ph in tar cp rm; do
		n=$(run_records "$res" | grep -c "^$fs $ph ok ")
		[ "$n" = 2 ] || fail "$fs $ph: $n timed runs, expected 2"
		run_records "$res" | grep "^$fs $ph " | grep -q 'stall_' && fail "$fs $ph: a timed run has the probe's saves"
		r=$(run_records "$res" stall_run | grep "^$fs $ph ") || fail "$fs $ph: no stall run"
		[ "$(wc -l <<<"$r")" = 1 ] || fail "$fs $ph: $(wc -l <<<"$r") stall runs, expected 1"
		grep -q '^[a-z0-9]* [a-z]* ok ' <<<"$r" || fail "$fs $ph: the stall run did not succeed: $r"
		check "$(field "$r" stall_saves) >= 1" || fail "$fs $ph: the stall run has no save of the probe"
		check "$(field "$r" stall_written_kib) == 4 * $(field "$r" stall_saves)" || fail "$fs $ph: stall_written_kib"
		[ -n "$(field "$r" stall_max_us)" ] && [ -n "$(field "$r" real)" ] || fail "$fs $ph: the stall run lacks its fields"
	done
done
# its mkfs and mount are no repetition's: two figures each, the rounds'
for fs in ext4 btrfs; do
	for key in mkfs_seconds mount_seconds umount_seconds; do
		v=$(awk -v key=$key -v f="filesystem \"$fs\" {" '$0 == f { in_fs = 1; next } /^filesystem "/ { in_fs = 0 }
			in_fs && $1 == key { sub(/^[^=]*= */, ""); print; exit }' "$res")
		[[ $v =~ ^\{[0-9.]+,\ [0-9.]+\}$ ]] || fail "$fs: $key is '$v', not the two repetitions' figures"
	done
done
# the stall round comes after every timed run
last_timed=$(run_records "$res" | sed -n 's/.* seq=\([0-9]*\).*/\1/p' | sort -n | tail -1)
first_stall=$(run_records "$res" stall_run | sed -n 's/.* seq=\([0-9]*\).*/\1/p' | sort -n | head -1)
[ "$last_timed" = 12 ] && [ "$first_stall" = 13 ] || fail "seq: the last timed run $last_timed, the first stall run $first_stall"
grep -q '^  the stall round: the probe beside each phase, untimed$' "$SCRATCH/round.out" ||
	{ cat "$SCRATCH/round.out"; fail "the run does not say the stall round runs"; }
[ "$(grep -cE '^\[[12]/2 (ext4|btrfs) stall\] (tar|cp|rm) ' "$SCRATCH/round.out")" = 6 ] ||
	{ cat "$SCRATCH/round.out"; fail "not 6 lines of the stall round"; }
grep -qE '^fsbench: estimate: .*a round|repetitions of .* and the stall round|^fsbench: estimate: unknown' "$SCRATCH/round.out" ||
	{ head -3 "$SCRATCH/round.out"; fail "no estimate at the start"; }

"$FSBENCH" show "$res" >"$SCRATCH/round.txt" || fail "show exited $?"
grep -qxF 'Stalls: what a save waited during each phase' "$SCRATCH/round.txt" || fail "show has no stall table"
grep -q '(in the stall round after the timed rounds (untimed), the stall probe wrote 4 KiB' "$SCRATCH/round.txt" ||
	fail "the stall table does not say its runs are the stall round's"
grep -q 'mean±95% CI over the runs)' <(grep 'stall probe wrote' "$SCRATCH/round.txt") &&
	fail "the stall table has intervals: it read the timed runs"
grep -qE '^tar +ext4 +[0-9]+ ' "$SCRATCH/round.txt" || fail "show: no stall row of tar on ext4"
grep -qE '^During [a-z]+ on (ext4|btrfs), a save waited up to ' "$SCRATCH/round.txt" || fail "show: no worst stall"
grep -q 'The stall probe ran in a round of its own after the timed rounds: it never ran beside a timed phase\.' \
	"$SCRATCH/round.txt" || fail "the disk section does not say how the probe ran"
grep -qE '^Stall probe: +in a round of its own after the timed rounds' "$SCRATCH/round.txt" ||
	fail "How it was measured does not say how the probe ran"
grep -q "kept; the stall probe ran in a round of its own, not beside them)" "$SCRATCH/round.txt" ||
	fail "the write amplification's caption counts the probe's saves"
"$FSBENCH" show --json "$res" >"$SCRATCH/round.json" || fail "show --json exited $?"
/usr/bin/python3 "$FSB_SRCDIR/tests/helpers/check_json.py" "$FSB_SRCDIR/doc/fsbench.schema.json" \
	"$SCRATCH/round.json" || fail "show --json does not validate"
/usr/bin/python3 - "$SCRATCH/round.json" <<'PY' || fail "the JSON's stalls"
import json, sys
d = json.load(open(sys.argv[1]))["documents"][0]["blocks"]
st = next(b for b in d if b["role"] == "stalls")
assert len(st["rows"]) == 1 + 3 * 2, len(st["rows"])
assert "in the stall round" in st["caption"], st["caption"]
det = next(b for b in d if b["role"] == "details")
probe = [e for e in det["entries"] if e["key"] == "Stall probe"]
assert probe and probe[0]["values"][0].startswith("in a round of its own"), probe
PY

# 2. --no-probe: no stall round at all
res2=$SCRATCH/off.fsbench
"$FSBENCH" --config "$conf" run "${plan[@]}" --repeat 1 --no-probe -o "$res2" >"$SCRATCH/off.out" 2>&1 ||
	{ rc=$?; cat "$SCRATCH/off.out"; fail "fsbench run --no-probe exited $rc"; }
assert_no_leftovers "fsbench run --no-probe"
grep -q 'stall_' "$res2" && fail "--no-probe: the result has the probe's saves or stall runs"
grep -q '^probe = "off"$' "$res2" || fail "--no-probe: not recorded as probe = \"off\""
grep -q 'stall round' "$SCRATCH/off.out" && fail "--no-probe: a stall round ran"
grep -q 'stall\]' "$SCRATCH/off.out" && fail "--no-probe: a phase ran in a stall round"
"$FSBENCH" show "$res2" >"$SCRATCH/off.txt" || fail "show --no-probe's result exited $?"
grep -q '^Stalls: ' "$SCRATCH/off.txt" && fail "--no-probe: show has a stall table"
grep -q 'The stall probe did not run\.' "$SCRATCH/off.txt" || fail "--no-probe: show does not say the probe did not run"

# 3. --probe beside: the saves in the timed runs, as before; --like repeats it
res3=$SCRATCH/beside.fsbench
"$FSBENCH" --config "$conf" run "${plan[@]}" --repeat 1 --probe beside -o "$res3" >"$SCRATCH/beside.out" 2>&1 ||
	{ rc=$?; cat "$SCRATCH/beside.out"; fail "fsbench run --probe beside exited $rc"; }
assert_no_leftovers "fsbench run --probe beside"
grep -q '^      stall_run {' "$res3" && fail "--probe beside: a stall run"
grep -q '^probe = "beside"$' "$res3" || fail "--probe beside: not recorded"
grep '^command = ' "$res3" | grep -q -- '--probe beside' || fail "--probe beside: not on the recorded command line"
for fs in ext4 btrfs; do
	for ph in tar cp rm; do
		r=$(run_records "$res3" | grep "^$fs $ph ok ") || fail "beside: $fs $ph did not run"
		check "$(field "$r" stall_saves) >= 1" || fail "beside: $fs $ph: no save of the probe in the timed run"
	done
done
"$FSBENCH" show "$res3" >"$SCRATCH/beside.txt" || fail "show --probe beside's result exited $?"
grep -qxF 'Stalls: what a save waited during each phase' "$SCRATCH/beside.txt" || fail "beside: no stall table"
grep -q 'The stall probe ran beside the timed phases' "$SCRATCH/beside.txt" || fail "beside: show does not say so"
res4=$SCRATCH/like.fsbench
"$FSBENCH" --config "$conf" run --like "$res3" --image "$SCRATCH/t.img" -o "$res4" >"$SCRATCH/like.out" 2>&1 ||
	{ rc=$?; cat "$SCRATCH/like.out"; fail "fsbench run --like exited $rc"; }
assert_no_leftovers "fsbench run --like"
grep -q '^probe = "beside"$' "$res4" || fail "run --like of a beside result did not run beside"
grep -q '^      stall_run {' "$res4" && fail "run --like of a beside result ran a stall round"
exit 0
