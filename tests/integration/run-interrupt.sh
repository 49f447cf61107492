#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# SIGINT, SIGTERM or SIGHUP at any moment — at once, as the image is made,
# during mkfs, in the middle of make with its compilers — must leave no
# mount, no loop device, no image file and no process of the run's session,
# not even a defunct one, exit with 128 + the signal, and leave a result
# file that says "interrupted" and keeps every finished phase.
#
# Each moment is a marker, never a guess of time: the stop signals
# blocked (/proc/PID/status), the run's state file
# naming the image it is about to make; a mkfs held on PATH (it starts a
# child that ignores SIGTERM, as a compiler's helper may, and waits); the
# first phase reported finished and a cc1 of make's in the run's session.
# The run is started with setsid: its pid is the session id, and after it
# exits nothing of that session may be left (make, cc1 and as once stayed
# defunct, orphaned to an init that did not reap them).
. "$FSB_TESTLIB"
need_root
need_prog mkfs.ext2 mkfs.ext4 ccache cc make tar setsid pgrep

# make sure the workload is cached, so that the run reaches make quickly
"$FSBENCH" prepare --profile tiny tree >/dev/null || fail "fsbench prepare tree failed"
export FSBENCH_STATE_DIR=$SCRATCH/state

# mkfs.ext2 as the run finds it on PATH: held while $SCRATCH/hold exists —
# a child that ignores SIGTERM, then "held", then waiting — else the real one
real=$(PATH=$PATH:/usr/sbin:/sbin command -v mkfs.ext2)
mkdir -p "$SCRATCH/bin"
cat >"$SCRATCH/bin/mkfs.ext2" <<EOF
#!/bin/sh
if [ -e "$SCRATCH/hold" ]; then
	(trap '' TERM; exec sleep 1000) &
	echo \$! >"$SCRATCH/held"
	wait
	exit 1
fi
exec "$real" "\$@"
EOF
chmod +x "$SCRATCH/bin/mkfs.ext2"
export PATH=$SCRATCH/bin:$PATH

state_says() { grep -q "^$2 " "$FSBENCH_STATE_DIR/$1.state" 2>/dev/null; }
in_session() { pgrep -s "$1" -x "$2" >/dev/null; }
first_phase_done() { grep -qE '^\[1/2 ext2\] tar .* ok$' "$1"; }
alive() { kill -0 "$1" 2>/dev/null; }
exe=$(readlink -f "$FSBENCH")
blocks() {	# blocks PID SIGNUM: the signal is in the process's blocked mask
	local m
	m=$(sed -n 's/^SigBlk:[[:space:]]*//p' "/proc/$1/status" 2>/dev/null)
	[ -n "$m" ] && (((0x$m >> ($2 - 1)) & 1))
}

declare -A signum=([INT]=2 [TERM]=15 [HUP]=1)
i=0
for sig in INT TERM HUP; do
	for moment in at-once image mkfs make; do
		i=$((i + 1)) recorded=0
		img=$SCRATCH/int$i.img res=$SCRATCH/int$i.fsbench out=$SCRATCH/int$i.out
		rm -f "$SCRATCH/hold" "$SCRATCH/held"
		[ "$moment" = mkfs ] && : >"$SCRATCH/hold"
		setsid "$FSBENCH" run --image "$img" --size 1G --fs ext2,ext4 --phases tar,make,cp \
			--profile tiny -o "$res" >"$out" 2>&1 &
		pid=$!
		what="SIG$sig $moment"
		# fsbench itself, not the shell's child before its exec (that one
		# would run this script's traps)
		wait_until "$what: fsbench's exec" eval '[ "$(readlink "/proc/$pid/exe")" = "$exe" ] || ! alive $pid'
		case $moment in
		at-once)
			# as soon as it blocks the stop signals: before that an
			# inherited "ignore" (this script's & gives SIGINT one) drops them
			wait_until "$what: the blocked signal" eval 'blocks $pid ${signum[$sig]} || ! alive $pid'
			what="SIG$sig at once" ;;
		image)
			wait_until "$what: the state file's image-new" eval 'state_says $pid image-new || ! alive $pid'
			what="SIG$sig as the image is made" ;;
		mkfs)
			wait_until "$what: the held mkfs" eval '[ -s "$SCRATCH/held" ] || ! alive $pid'
			[ -s "$SCRATCH/held" ] || { cat "$out"; fail "$what: the run ended before its mkfs"; }
			what="SIG$sig during mkfs" ;;
		make)
			wait_until "$what: make's cc1" eval '{ first_phase_done "$out" && in_session $pid cc1; } || ! alive $pid'
			# cc1 lives a fraction of a second on the tiny tree: it may be gone
			# by now, between two files; make lives as long as the phase
			alive "$pid" || { cat "$out"; fail "$what: the run ended before make compiled"; }
			in_session "$pid" make || { cat "$out"; fail "$what: make ended before the signal"; }
			what="SIG$sig during make (cc1 running)" ;;
		esac
		kill -s "$sig" "$pid"
		wait "$pid"
		rc=$?
		assert_session_gone "$pid" "$what"
		want=$((128 + ${signum[$sig]}))
		if [ "$rc" -ne "$want" ]; then
			cat "$out"
			[ "$rc" -ne 0 ] || fail "$what: exit status 0: the run went on to its end, SIG$sig was ignored"
			fail "$what: exit status $rc, expected $want"
		fi
		assert_no_leftovers "$what"
		[ ! -e "$img" ] || fail "$what: image file left behind"
		[ ! -e "$FSBENCH_STATE_DIR/$pid.state" ] || fail "$what: its state file is left"
		if [ -e "$res" ]; then
			grep -q '^status = "interrupted"' "$res" || fail "$what: result not marked interrupted"
			# every phase reported finished on stdout is in the file
			finished=$(grep -cE '^\[[0-9]/2 .*  ok$' "$out")
			recorded=$(grep -c '^      run {' "$res")
			[ "$recorded" -eq "$finished" ] ||
				fail "$what: $finished phases finished, $recorded in the result"
			"$FSBENCH" show "$res" >/dev/null || fail "$what: result does not show"
			note "$what: $recorded finished phases kept"
		else
			# stopped before the target was ready: nothing to keep, nothing written
			grep -qE '^\[' "$out" && fail "$what: phases ran but no result file"
			note "$what: stopped before the first phase"
		fi
		# in make, tar has finished: it must be kept
		if [ "$moment" = make ] && { [ ! -e "$res" ] || [ "$recorded" -eq 0 ]; }; then
			fail "$what: the finished tar is not kept in an interrupted result"
		fi
	done
done
exit 0
