#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# SIGINT, SIGTERM or SIGHUP at any moment — while the image is made, during
# mkfs, in the middle of a phase — must leave no mount, no loop device, no
# child process and no image file, exit with 128 + the signal, and leave a
# result file that says "interrupted" and keeps every finished phase.
# Each signal comes at 0.3 s and at 1.5 s, and once more half a second
# after the first phase has finished (the run has results to keep then, and
# five phases to go): every case must really be interrupted — a run that
# went on to the end ignored the signal.
. "$FSB_TESTLIB"
need_root
need_prog mkfs.ext2 mkfs.ext4 ccache cc make tar

# make sure the workload is cached so the delays below land in the run
"$FSBENCH" prepare --profile tiny tree >/dev/null || fail "fsbench prepare tree failed"

declare -A signum=([INT]=2 [TERM]=15 [HUP]=1)
i=0
for sig in INT TERM HUP; do
	kept=0
	for delay in 0.3 1.5 after-first-phase; do
		i=$((i + 1))
		img=$SCRATCH/int$i.img res=$SCRATCH/int$i.fsbench out=$SCRATCH/int$i.out
		"$FSBENCH" run --image "$img" --size 1G --fs ext2,ext4 --phases tar,make,cp \
			--profile tiny -o "$res" >"$out" 2>&1 &
		pid=$!
		if [ "$delay" = after-first-phase ]; then
			for _ in $(seq 1200); do
				grep -qE '^\[1/2 ext2\] tar .* ok$' "$out" && break
				kill -0 "$pid" 2>/dev/null || break
				sleep 0.1
			done
			grep -qE '^\[1/2 ext2\] tar .* ok$' "$out" || { cat "$out"; fail "SIG$sig: the first phase never finished"; }
			sleep 0.5
		else
			sleep "$delay"
		fi
		case $delay in
		after-first-phase) what="SIG$sig after the first phase" ;;
		*) what="SIG$sig after ${delay}s" ;;
		esac
		kill -s "$sig" "$pid"
		wait "$pid"
		rc=$?
		want=$((128 + ${signum[$sig]}))
		if [ "$rc" -ne "$want" ]; then
			cat "$out"
			[ "$rc" -ne 0 ] || fail "$what: exit status 0: the run went on to its end, SIG$sig was ignored"
			fail "$what: exit status $rc, expected $want"
		fi
		assert_no_leftovers "$what"
		[ ! -e "$img" ] || fail "$what: image file left behind"
		if [ -e "$res" ]; then
			grep -q '^status = "interrupted"' "$res" || fail "$what: result not marked interrupted"
			# every phase reported finished on stdout is in the file
			finished=$(grep -cE '^\[[0-9]/2 .*  ok$' "$out")
			recorded=$(grep -c '^      run {' "$res")
			[ "$recorded" -eq "$finished" ] ||
				fail "$what: $finished phases finished, $recorded in the result"
			"$FSBENCH" show "$res" >/dev/null || fail "$what: result does not show"
			[ "$recorded" -gt 0 ] && kept=$((kept + 1))
			note "$what: $recorded finished phases kept"
		else
			# stopped before the target was ready: nothing to keep, nothing written
			grep -qE '^\[' "$out" && fail "$what: phases ran but no result file"
			note "$what: stopped before the first phase"
		fi
	done
	[ "$kept" -gt 0 ] || fail "SIG$sig: no case kept a finished phase in an interrupted result"
done
exit 0
