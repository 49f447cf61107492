#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# SIGINT, SIGTERM or SIGHUP at any moment — while the image is made, during
# mkfs, in the middle of a phase — must leave no mount, no loop device, no
# child process and no image file, exit with 128 + the signal, and leave a
# result file that says "interrupted" and keeps every finished phase.
. "$FSB_TESTLIB"
need_root
need_prog mkfs.ext2 mkfs.ext4 ccache cc make tar

# make sure the workload is cached so the delays below land in the run
"$FSBENCH" prepare --profile tiny tree >/dev/null || fail "fsbench prepare tree failed"

declare -A signum=([INT]=2 [TERM]=15 [HUP]=1)
i=0
for sig in INT TERM HUP; do
	for delay in 0.3 1.5 4; do
		i=$((i + 1))
		img=$SCRATCH/int$i.img res=$SCRATCH/int$i.fsbench
		"$FSBENCH" run --image "$img" --size 1G --fs ext2,ext4 --phases tar,make,cp \
			--profile tiny -o "$res" >"$SCRATCH/int$i.out" 2>&1 &
		pid=$!
		sleep "$delay"
		kill -s "$sig" "$pid"
		wait "$pid"
		rc=$?
		want=$((128 + ${signum[$sig]}))
		if [ "$rc" -ne "$want" ] && [ "$rc" -ne 0 ]; then
			cat "$SCRATCH/int$i.out"
			fail "SIG$sig after ${delay}s: exit status $rc, expected $want"
		fi
		assert_no_leftovers "SIG$sig after ${delay}s"
		[ ! -e "$img" ] || fail "SIG$sig after ${delay}s: image file left behind"
		if [ "$rc" -eq 0 ]; then
			note "SIG$sig after ${delay}s: the run had already finished"
			continue
		fi
		if [ -e "$res" ]; then
			grep -q '^status = "interrupted"' "$res" || fail "SIG$sig after ${delay}s: result not marked interrupted"
			# every phase reported finished on stdout is in the file
			finished=$(grep -cE '^\[[0-9]/2 .*  ok$' "$SCRATCH/int$i.out")
			recorded=$(grep -c '^      run {' "$res")
			[ "$recorded" -eq "$finished" ] ||
				fail "SIG$sig after ${delay}s: $finished phases finished, $recorded in the result"
			"$FSBENCH" show "$res" >/dev/null || fail "SIG$sig after ${delay}s: result does not show"
			note "SIG$sig after ${delay}s: $recorded finished phases kept"
		else
			# stopped before the target was ready: nothing to keep, nothing written
			grep -qE '^\[' "$SCRATCH/int$i.out" && fail "SIG$sig after ${delay}s: phases ran but no result file"
			note "SIG$sig after ${delay}s: stopped before the first phase"
		fi
	done
done
exit 0
