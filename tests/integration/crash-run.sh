#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The crash phase on real loop devices and FUSE (doc/crash.md): `fsbench run
# --image IMG --phases crash --fs ext2,ext4,xfs,btrfs --profile tiny` gives
# the table, a row a filesystem; ext4, xfs and btrfs lose no fsync'd data
# and break no rename in any state tried, ext2 (no journal) needs repair
# after some; the run's log has a line per state; the loop device's flushes
# reach the write log; the phase is in no total or verdict and runs once (no
# rounds: nothing to settle); a filesystem whose check is not installed
# says so instead of passing; nothing is left.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/integration/crash-lib.sh"
need_prog mkfs.ext2 mkfs.xfs mkfs.btrfs e2fsck xfs_repair btrfs

img=$SCRATCH/c.img res=$SCRATCH/c.fsbench out=$SCRATCH/c.out
"$FSBENCH" run --image "$img" --phases crash --fs ext2,ext4,xfs,btrfs --profile tiny --seed 35 \
	-o "$res" >"$out" 2>&1 || { cat "$out"; fail "fsbench run exited $?"; }
assert_no_crash_leftovers "the crash phase"
[ ! -e "$img" ] || fail "the image file stayed"
grep -q '^status = "complete"' "$res" || fail "the result is not complete"
grep -q '^Crash consistency$' "$out" || { cat "$out"; fail "no Crash consistency section at the end of the run"; }

crash_table "$res" >"$SCRATCH/table"
cat "$SCRATCH/table"
[ "$(wc -l <"$SCRATCH/table")" -eq 4 ] || fail "the crash table has not a row per filesystem"
while read -r fs states clean repair fsck lost rename p50 max; do
	[ "$states" -ge 6 ] 2>/dev/null || fail "$fs: $states crash states (tiny tries up to 12)"
	[ $((clean + repair)) -eq "$states" ] || fail "$fs: clean $clean + needed repair $repair is not $states"
	holds "$p50 > 0 && $max >= $p50" || fail "$fs: recovery p50 $p50, max $max"
	case $fs in
	ext4|xfs|btrfs)
		[ "$lost" = 0 ] || fail "$fs lost fsync'd data in $lost crash states"
		[ "$rename" = 0 ] || fail "$fs broke a rename in $rename crash states"
		[ "$repair" = 0 ] || note "$fs needed repair after $repair crash states" ;;
	ext2)
		[ "$repair" -gt 0 ] || fail "ext2 came back clean after every crash: no journal, it should need repair"
		[ "$fsck" = "$repair" ] || fail "ext2: $fsck fsck errors, $repair repairs" ;;
	*) fail "a row of an unknown filesystem: $fs" ;;
	esac
	# one run, one line per state in the run's log
	[ "$(runs_of "$res" "$fs" crash)" -eq 1 ] || fail "$fs: the crash phase ran $(runs_of "$res" "$fs" crash) times"
	[ "$(grep -c "^crash $fs: state [0-9]* of $states " "${res%.fsbench}.log")" -eq "$states" ] ||
		fail "$fs: not a log line per crash state"
done <"$SCRATCH/table"
grep -q "^ext2: needed repair after [0-9]* of [0-9]* crash states" "$out" || fail "no sentence for ext2"
grep -q '^  crash_states' "$res" && fail "crash fields outside a run"
grep -q 'kind = "crash"' "$res" || fail "the phase is not of kind crash in the file"
grep -q 'seed = 35 ' "$res" || fail "the crash runs do not record the run's seed"
# no table of times holds it, no verdict ranks it
grep -q '^Summary' "$out" && fail "a summary of times for crash states"
"$FSBENCH" show --json "$res" | grep -q '"role": "phase"' && fail "a phase table of times for the crash phase"
# the recommendation quotes what was measured (nothing else to recommend by here)
grep -q "^  Measured power loss: ext2 needed repair after [0-9]* of [0-9]* crashes" "$out" ||
	fail "the recommendation does not say what the crash states measured"
# the loop device's flushes reached the write log
"$FSBENCH" export --format csv "$res" | /usr/bin/python3 -c '
import csv, sys
rows = [r for r in csv.DictReader(sys.stdin) if r["phase"] == "crash"]
assert len(rows) == 4, len(rows)
for r in rows:
    assert float(r["crash_flushes"]) > 0 and float(r["crash_writes"]) > 0, r["filesystem"]
' || fail "a filesystem's script made no flush or no write the write log saw"

# a filesystem whose check is not installed says so, never "clean"
cat >>"$XDG_CONFIG_HOME/fsbench/fsbench.conf" <<'CONF'
filesystem "ext4-nocheck" {
  type = "ext4"
  mkfs = 'mkfs.ext4 -F -q -U ${uuid} ${dev}'
  tool = "mkfs.ext4"
  fsck = 'fsbench-no-such-fsck -n ${dev}'
  crash = "journal"
}
CONF
res=$SCRATCH/n.fsbench out=$SCRATCH/n.out
"$FSBENCH" run --image "$SCRATCH/n.img" --phases crash --fs ext4-nocheck --profile tiny -o "$res" >"$out" 2>&1 ||
	{ cat "$out"; fail "fsbench run of ext4-nocheck exited $?"; }
read -r fs states clean repair fsck lost rename p50 max < <(crash_table "$res")
[ "$fs" = ext4-nocheck ] && [ "$clean" = 0 ] && [ "$fsck" = not_checked ] ||
	{ cat "$out"; fail "without its check: clean $clean, fsck errors '$fsck'"; }
grep -q "ext4-nocheck: not checked: its read-only check fsbench-no-such-fsck is not installed" "$out" ||
	fail "the table does not say why it was not checked"
grep -q "ext4-nocheck: mounted after all $states crash states ($states not checked)" "$out" ||
	fail "the sentence does not say the states were not checked"
assert_no_crash_leftovers "the unchecked crash phase"
exit 0
