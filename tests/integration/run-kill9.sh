#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# SIGKILL at eight moments of a run — as the image is about to be made, once
# it is, with its loop device, during mkfs, mounted, in the middle of make,
# during the second filesystem's mkfs and make (each a marker: the state
# file's lines, a process of the run's session, the output; never a guess
# of time) — leaves mounts, loop devices, phase processes and the image
# behind: fsbench cannot clean up after itself.  The next start
# must: `fsbench cleanup` (and, every other round, `fsbench run` itself;
# once, the TUI)
# finds the dead run's state file, says what it found, removes the mount,
# the loop device, the image and the mount point — and touches nothing it
# did not create: a foreign loop device and a foreign mount (one of them on
# a copy of fsbench's own mount point name pattern) stay, and so does a live
# run's state file.
. "$FSB_TESTLIB"
need_root
need_prog mkfs.ext2 mkfs.ext4 ccache cc make tar setsid pgrep

# a state directory of our own: parallel tests' runs are not ours to clean
export FSBENCH_STATE_DIR=$SCRATCH/state

"$FSBENCH" prepare --profile tiny tree >/dev/null || fail "fsbench prepare tree failed"

# the foreign things: a loop device on an image in the scratch directory,
# mounted on a directory named like fsbench's mount points
fimg=$SCRATCH/foreign.img
fdev=$(new_loop 64M "$fimg")
mkfs.ext4 -q -F "$fdev" >/dev/null || fail "mkfs.ext4 $fdev"
fmnt=$SCRATCH/fsbench-mnt.foreign
mkdir "$fmnt"
mount "$fdev" "$fmnt" || fail "mount $fdev"
at_exit umount -l "$fmnt"
echo keep >"$fmnt/file"

foreign_intact() {
	losetup -j "$fimg" | grep -q "^$fdev:" || fail "$1: the foreign loop device $fdev is gone"
	findmnt -rn -S "$fdev" -T "$fmnt" >/dev/null || fail "$1: the foreign mount on $fmnt is gone"
	[ "$(cat "$fmnt/file")" = keep ] || fail "$1: the foreign filesystem changed"
}

# only what a dead run made: its image, a loop device on it, a mount below
# the scratch directory other than the foreign one, a phase process in it
dead_leftovers() {
	local img=$1 m
	losetup -j "$img" | grep -q . && { losetup -j "$img" >&2; return 0; }
	m=$(findmnt -rn -o TARGET | grep -F -- "$SCRATCH/" | grep -vxF -- "$fmnt")
	[ -n "$m" ] && { echo "mounted: $m" >&2; return 0; }
	[ -e "$img" ] && { echo "image: $img" >&2; return 0; }
	compgen -G "$SCRATCH/fsbench-mnt.??????" >/dev/null && { echo "mount point left" >&2; return 0; }
	return 1
}

# mkfs.ext2 and mkfs.ext4 as the run finds them on PATH: while
# $SCRATCH/hold.TYPE exists, each says "held" and waits, then does its work
mkdir -p "$SCRATCH/bin"
for t in ext2 ext4; do
	real=$(PATH=$PATH:/usr/sbin:/sbin command -v "mkfs.$t")
	cat >"$SCRATCH/bin/mkfs.$t" <<EOF
#!/bin/sh
if [ -e "$SCRATCH/hold.$t" ]; then
	: >"$SCRATCH/held.$t"
	while [ -e "$SCRATCH/hold.$t" ]; do sleep 0.05; done
fi
exec "$real" "\$@"
EOF
	chmod +x "$SCRATCH/bin/mkfs.$t"
done
export PATH=$SCRATCH/bin:$PATH

mounted() { findmnt -rn -o TARGET | grep -vxF -- "$fmnt" | grep -qF -- "$SCRATCH/fsbench-mnt."; }
state_says() { grep -q "^$2 " "$FSBENCH_STATE_DIR/$1.state" 2>/dev/null; }
in_session() { pgrep -s "$1" -x "$2" >/dev/null; }
said() { grep -qE "$2" "$SCRATCH/k$1.out"; }
alive() { kill -0 "$1" 2>/dev/null; }
exe=$(readlink -f "$FSBENCH")
moments=(image-new image loop mkfs mnt make mkfs-2 make-2)
# the marker of each moment: a shell condition on $pid and $i
declare -A marker=(
	[image-new]='state_says $pid image-new'
	[image]='state_says $pid image'
	[loop]='state_says $pid loop'
	[mkfs]='[ -e "$SCRATCH/held.ext2" ]'
	[mnt]='state_says $pid mnt && mounted'
	[make]='said $i "^\[1/2 ext2\] tar .* ok$" && in_session $pid cc1'
	[mkfs-2]='[ -e "$SCRATCH/held.ext4" ]'
	[make-2]='said $i "^\[2/2 ext4\] tar .* ok$" && in_session $pid cc1'
)
killed_mid=0 rounds=${#moments[@]}
for i in $(seq "$rounds"); do
	img=$SCRATCH/k$i.img res=$SCRATCH/k$i.fsbench
	moment=${moments[$((i - 1))]}
	rm -f "$SCRATCH"/hold.* "$SCRATCH"/held.*
	case $moment in mkfs) : >"$SCRATCH/hold.ext2" ;; mkfs-2) : >"$SCRATCH/hold.ext4" ;; esac
	setsid "$FSBENCH" run --image "$img" --size 1G --fs ext2,ext4 --phases tar,make,cp \
		--profile tiny -o "$res" >"$SCRATCH/k$i.out" 2>&1 &
	pid=$!
	wait_until "round $i: fsbench's exec" eval '[ "$(readlink "/proc/$pid/exe")" = "$exe" ] || ! alive $pid'
	wait_until "round $i: $moment" eval "{ ${marker[$moment]}; }"' || ! alive $pid'
	alive "$pid" || { cat "$SCRATCH/k$i.out"; fail "round $i: the run ended before the moment $moment"; }
	# the whole session: fsbench and what it runs, as a kill -9 of the
	# machine's OOM killer or a user's would leave it
	kill -KILL "$pid"
	wait "$pid" 2>/dev/null
	rc=$?
	rm -f "$SCRATCH"/hold.*
	[ "$rc" -eq 137 ] || { cat "$SCRATCH/k$i.out"; fail "round $i ($moment): exit status $rc, expected 137"; }
	if dead_leftovers "$img" 2>/dev/null; then
		killed_mid=$((killed_mid + 1))
		what="left things behind"
	else
		what="left nothing visible"
	fi
	if [ $((i % 2)) = 1 ]; then
		out=$("$FSBENCH" cleanup 2>&1)
		crc=$?
		[ "$crc" = 0 ] || { printf '%s\n' "$out" >&2; fail "round $i: fsbench cleanup: exit status $crc"; }
		grep -q "^fsbench: 1 killed fsbench run left things behind; removed:" <<<"$out" ||
			{ printf '%s\n' "$out" >&2; fail "round $i: fsbench cleanup does not say what it found"; }
		grep -q "dead run $pid: removed its state file" <<<"$out" ||
			{ printf '%s\n' "$out" >&2; fail "round $i: fsbench cleanup does not name run $pid"; }
		via=cleanup
	else
		# the next run's start cleans up; it is a dry run's neighbour: a
		# quick real run of one phase on a directory target
		mkdir -p "$SCRATCH/d$i"
		out=$("$FSBENCH" run --dir "$SCRATCH/d$i" --phases rm --profile tiny -o "$SCRATCH/d$i.fsbench" 2>&1)
		grep -q "dead run $pid: removed its state file" <<<"$out" ||
			{ printf '%s\n' "$out" >&2; fail "round $i: fsbench run does not clean up after run $pid"; }
		via="the next run"
	fi
	if dead_leftovers "$img"; then
		printf '%s\n' "$out" >&2
		fail "round $i: SIGKILL at $moment, $via: leftovers remain"
	fi
	foreign_intact "round $i"
	[ ! -e "$FSBENCH_STATE_DIR/$pid.state" ] || fail "round $i: the state file is still there"
	note "round $i: SIGKILL at $moment $what; $via: $(grep -c '^  dead run' <<<"$out") actions"
	grep '^  dead run' <<<"$out" | sed 's/^/#   /'
done
[ "$killed_mid" -gt 0 ] || fail "no round killed fsbench while it had something to leave behind"

# the TUI cleans up when it starts too, before it takes the terminal (here
# there is none, so it stops right after; the cleanup has happened)
img=$SCRATCH/tui.img
"$FSBENCH" run --image "$img" --size 1G --fs ext2,ext4 --phases tar,make,cp --profile tiny \
	-o "$SCRATCH/tui.fsbench" >"$SCRATCH/tui.out" 2>&1 &
pid=$!
wait_until "TUI round: the run's mount" eval 'mounted || ! alive $pid'
alive "$pid" || { cat "$SCRATCH/tui.out"; fail "TUI round: the run ended before it mounted"; }
kill -KILL "$pid"
wait "$pid" 2>/dev/null
dead_leftovers "$img" 2>/dev/null || fail "TUI round: the killed run left nothing to clean up"
out=$("$FSBENCH" </dev/null 2>&1)
grep -q "dead run $pid: removed its state file" <<<"$out" ||
	{ printf '%s\n' "$out" >&2; fail "the TUI's start does not clean up after run $pid"; }
dead_leftovers "$img" && fail "TUI round: leftovers remain"
foreign_intact "TUI round"
note "TUI start cleaned up after run $pid"

# a live run's state file is left alone, and a dead run's pid reused by a
# live process (same pid, other start time) does not keep it alive
sleep 600 &
live=$!
at_exit kill "$live"
mkdir -p "$FSBENCH_STATE_DIR"
printf 'fsbench-state 1\npid %d\nstart %s\nmnt %s\n' "$live" \
	"$(cut -d' ' -f22 "/proc/$live/stat")" "$fmnt" >"$FSBENCH_STATE_DIR/$live.state"
out=$("$FSBENCH" cleanup 2>&1)
grep -q "nothing left behind" <<<"$out" || { printf '%s\n' "$out" >&2; fail "a live run's state file was taken for dead"; }
[ -e "$FSBENCH_STATE_DIR/$live.state" ] || fail "a live run's state file was removed"
printf 'fsbench-state 1\npid %d\nstart 1\nmnt %s\nimage %s 1 2\n' "$live" "$fmnt" "$fimg" \
	>"$FSBENCH_STATE_DIR/$live.state"
out=$("$FSBENCH" cleanup 2>&1)
grep -q "dead run $live: left alone: $fmnt has $fdev mounted, which that run did not create" <<<"$out" ||
	{ printf '%s\n' "$out" >&2; fail "a reused pid kept a dead state file alive, or the foreign mount was not left alone"; }
grep -q "left alone: $fimg is no longer the image that run created" <<<"$out" ||
	{ printf '%s\n' "$out" >&2; fail "an image of another inode was not left alone"; }
foreign_intact "recorded as a dead run's"
exit 0
