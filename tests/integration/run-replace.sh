#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A disturbed run is run again when the machine is quiet, also with one
# repetition: a phase that starts CPU burners (in a session of their own:
# other programs, not the phase's) the first time it runs, sleeps 2 s and
# kills them as it ends — the burners last exactly that run, no guess of
# time.  ext2's run of it is disturbed; at the end of the round the
# burners are gone, the machine is quiet, and ext2 runs once more from a
# fresh mkfs: that run records which one it replaces, and show lists it
# next to the runs set aside.
#
# The limit: as run-aa-burner.sh, the machine's own background first
# (2 s of /proc/stat), the limit 0.6 CPU above it, so that the burners
# (every CPU) are far past it and the quiet check after them is not.
. "$FSB_TESTLIB"
need_root
need_prog mkfs.ext2 mkfs.ext4 setsid
device_lock exclusive
ncpu=$(nproc)
background_limit
note "background: $bg CPUs; disturbed above $limit"

cp /bin/sh "$SCRATCH/burner"
cat >"$SCRATCH/burst.sh" <<EOF2
if mkdir "$SCRATCH/burned" 2>/dev/null; then
	for i in \$(seq $ncpu); do
		# forked away (-f): not the phase's child, so neither its
		# CPU time nor its process group
		setsid -f "$SCRATCH/burner" -c 'echo \$\$ >>"$SCRATCH/burners"; while :; do :; done' </dev/null >/dev/null 2>&1
	done
	while [ "\$(wc -l <"$SCRATCH/burners" 2>/dev/null)" != $ncpu ]; do sleep 0.01; done
fi
sleep 2
if [ -s "$SCRATCH/burners" ]; then
	kill \$(cat "$SCRATCH/burners")
	rm -f "$SCRATCH/burners"
fi
EOF2
at_exit pkill -KILL -f "^$SCRATCH/burner"
test_conf "s/^( *disturbed_cpu) = .*/\1 = $limit/; s/^( *disturbed_psi_cpu) = .*/\1 = 2/" "^ *disturbed_cpu = $limit\$" <<CONF
phase "burst" {
  label = "CPU burners the first time, then 2 s asleep"
  command = '/bin/sh $SCRATCH/burst.sh'
  sync = false
}
CONF

# The machine may turn busy after the check above (it is shared): then
# fsbench rightly runs nothing again and says why.  Once more, then skip.
res=$SCRATCH/r.fsbench
for attempt in 1 2; do
	rm -rf "$SCRATCH/burned" "$res"
	"$FSBENCH" --config "$conf" run --image "$SCRATCH/t.img" --size 2G --fs ext2,ext4 --phases burst \
		--profile tiny --repeat 1 -o "$res" >"$SCRATCH/run.out" 2>&1 ||
		{ cat "$SCRATCH/run.out"; fail "fsbench run exited $?"; }
	assert_no_leftovers "fsbench run with a replaced run"
	busy_line=$(grep -m1 '^  the disturbed runs are not run again: the machine is busy' "$SCRATCH/run.out") || break
	note "attempt $attempt: $busy_line"
	[ "$attempt" = 2 ] && skip "the machine stayed busy after the burners (other programs): $busy_line"
	machine_background
	note "background before the second attempt: $bg CPUs"
done
grep -q '^status = "complete"$' "$res" || fail "the result is not complete"
# ext2's first run (seq 1) was disturbed, and a later run of ext2 replaces it
cell=$(awk '$0 == "filesystem \"ext2\" {" { f = 1 } f && /^}/ { exit } f' "$res")
grep -q '^ *disturbed = ".*burner' <<<"$cell" ||
	{ cat "$SCRATCH/run.out"; fail "ext2's run with the burners on was not disturbed"; }
grep -qE '(^| )replaces = 1( |$)' <<<"$cell" ||
	{ cat "$SCRATCH/run.out"; echo "$cell"; fail "no run of ext2 replaces its disturbed run (seq 1)"; }
[ "$(grep -c '^      run {' <<<"$cell")" -eq 2 ] || fail "ext2 should have its disturbed run and its replacement"
grep -qE '^  ext2: run again, its burst run was disturbed \(other programs took [0-9.]+ s of CPU time' "$SCRATCH/run.out" ||
	fail "the log does not say ext2 runs again"
"$FSBENCH" show --ascii "$res" >"$SCRATCH/show.txt" || fail "show exited $?"
grep -qE 'runs? (was run|were run) again when the machine was quiet, in place of a disturbed one: .*ext2/burst rep 2 in place of rep 1 \(other programs took [0-9.]+ s of CPU time beyond the idle CPUs .*mostly burner' "$SCRATCH/show.txt" ||
	{ cat "$SCRATCH/show.txt"; fail "show does not list the replaced run and why"; }
exit 0
