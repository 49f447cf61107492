#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Faults during a run are recorded and the run goes on (what run-failures.sh
# and builtin-enospc.sh do not cover already):
#   1. a filesystem whose mkfs is `false`, and one whose mkfs tool does not
#      exist, between working ones;
#   2. a mount that fails (an unknown mount option);
#   3. a phase command that does not exist;
#   4. the host filesystem of the image fills up during a phase;
#   5. the host filesystem is already full when the image is made, or has
#      no room for the image file at all;
#   6. the results directory becomes read-only, and 7. full, mid-run: the
#      run stops cleanly, keeps the finished phases where it can, says so,
#      exit status 2 (the output failed, not the benchmark).
# Each: a clear message, the right exit status, the other filesystems still
# run, nothing left mounted or attached.
. "$FSB_TESTLIB"
need_root
need_prog mkfs.ext2 mkfs.ext4 mount

test_conf <<'CONF'
filesystem "mkfsfalse" {
  type = "ext4"
  mkfs = 'false ${dev}'
}
filesystem "notool" {
  type = "ext4"
  mkfs = 'mkfs.no-such-tool -q ${dev}'
}
filesystem "badmount" {
  type = "ext4"
  mkfs = 'mkfs.ext4 -F -q -U ${uuid} ${dev}'
  mount_options = "no_such_mount_option"
}
phase "touch" {
  label = "a phase that works"
  command = 'touch ${mnt}/x'
}
phase "nocmd" {
  label = "a command that does not exist"
  command = 'no-such-command-fsbench --flag'
}
phase "fill" {
  label = "writes 200 MiB"
  command = 'dd if=/dev/zero of=${mnt}/big bs=1M count=200 conv=fsync status=none'
}
phase "slow" {
  label = "takes a second"
  command = 'sleep 1; touch ${mnt}/y'
}
CONF

# run NAME ARGS… — fsbench run with our config; output in $SCRATCH/NAME.out,
# exit status in $rc
run() {
	local name=$1
	shift
	"$FSBENCH" --config "$conf" run "$@" >"$SCRATCH/$name.out" 2>&1
	rc=$?
	return $rc
}
# fs_block RESULT FS — the block of one filesystem in a result file
fs_block() {
	awk -v fs="filesystem \"$2\"" 'index($0, fs) { on = 1 } on && /^  }/ { exit } on' "$1"
}
want_rc() {
	[ "$rc" -eq "$1" ] || { cat "$SCRATCH/$2.out"; fail "$2: exit status $rc, expected $1"; }
}
want_out() {
	grep -qE -- "$2" "$SCRATCH/$1.out" || { cat "$SCRATCH/$1.out"; fail "$1: the output does not say /$2/"; }
}

# 1. mkfs `false` and a missing mkfs tool: failed, named, the others run
run mkfs --image "$SCRATCH/m.img" --size 1G --fs ext2,mkfsfalse,notool,ext4 --phases touch \
	--profile tiny -o "$SCRATCH/m.fsbench"
want_rc 1 mkfs
assert_no_leftovers "mkfs false / missing"
want_out mkfs '^\[1/4 ext2\] touch .* ok$'
want_out mkfs '^\[4/4 ext4\] touch .* ok$'
want_out mkfs "mkfsfalse: mkfs mkfsfalse on /dev/loop[0-9]+: 'false /dev/loop[0-9]+' exited with status 1"
want_out mkfs "notool: mkfs notool on /dev/loop[0-9]+: .* exited with status 127: .*mkfs.no-such-tool: not found"
# a failing mkfs is not taken for a device busy for a moment
grep -q 'busy for a moment' "$SCRATCH/mkfs.out" && fail "mkfs false was retried as if the device were busy"
fs_block "$SCRATCH/m.fsbench" mkfsfalse | grep -q 'status = "failed"' || fail "mkfs false: not recorded as failed"
fs_block "$SCRATCH/m.fsbench" notool | grep -q 'status = "\(failed\|unavailable\)"' ||
	fail "missing mkfs tool: not recorded"
fs_block "$SCRATCH/m.fsbench" notool | grep -q 'mkfs.no-such-tool' || fail "missing mkfs tool: not named in the result"
[ ! -e "$SCRATCH/m.img" ] || fail "mkfs: the image was left behind"
note "mkfs false / missing tool: $(grep -E 'mkfsfalse:|notool:' "$SCRATCH/mkfs.out" | head -2 | tr '\n' '|')"

# 2. a mount that fails
run mount --image "$SCRATCH/n.img" --size 1G --fs badmount,ext2 --phases touch --profile tiny \
	-o "$SCRATCH/n.fsbench"
want_rc 1 mount
assert_no_leftovers "a failed mount"
want_out mount 'badmount: .*mount'
want_out mount '^\[2/2 ext2\] touch .* ok$'
fs_block "$SCRATCH/n.fsbench" badmount | grep -q 'status = "failed"' || fail "failed mount: not recorded"
note "failed mount: $(grep -m1 'badmount: ' "$SCRATCH/mount.out")"

# 3. a phase command that does not exist
run nocmd --image "$SCRATCH/c.img" --size 1G --fs ext2,ext4 --phases nocmd,touch --profile tiny \
	-o "$SCRATCH/c.fsbench"
want_rc 1 nocmd
assert_no_leftovers "a missing phase command"
want_out nocmd 'nocmd .*failed: .*(not found|No such file)'
want_out nocmd '^\[2/2 ext4\] touch .* ok$'
grep -q 'exit_status = 127' "$SCRATCH/c.fsbench" || fail "missing command: exit status 127 not recorded"
note "missing command: $(grep -m1 'nocmd .*failed' "$SCRATCH/nocmd.out")"

# 4. the image's host filesystem fills up during a phase: a 160 MiB tmpfs
# holds a 1 GiB sparse image; 200 MiB written inside it cannot fit
# (outside the scratch directory: assert_no_leftovers counts every mount there)
host=$(mktemp -d /var/tmp/fsbench-faults-host.XXXXXX) || fail "mktemp"
at_exit rmdir "$host"
mount -t tmpfs -o size=160M fsbench-host "$host" || fail "mount tmpfs"
at_exit umount -l "$host"
run hostfull --image "$host/h.img" --size 1G --fs ext2,ext4 --phases fill,touch --profile tiny \
	-o "$SCRATCH/h.fsbench"
[ "$rc" -eq 1 ] || { cat "$SCRATCH/hostfull.out"; fail "host full: exit status $rc, expected 1"; }
assert_no_leftovers "a full host filesystem"
want_out hostfull "the filesystem holding the image \\($host\\) is full"
# every filesystem got its turn: each one is in the result, ok or failed
for fs in ext2 ext4; do
	fs_block "$SCRATCH/h.fsbench" $fs | grep -q 'status = ' || fail "host full: $fs not recorded"
done
[ ! -e "$host/h.img" ] || fail "host full: the image was left behind"
note "host full: $(grep -m1 'is full' "$SCRATCH/hostfull.out")"

# 5. the host filesystem is already full when the image is made
dd if=/dev/zero of="$host/filler" bs=1M status=none 2>/dev/null
run hostfull0 --image "$host/h0.img" --size 1G --fs ext2,ext4 --phases touch --profile tiny \
	-o "$SCRATCH/h0.fsbench"
[ "$rc" -eq 1 ] || { cat "$SCRATCH/hostfull0.out"; fail "host full from the start: exit status $rc, expected 1"; }
assert_no_leftovers "a host filesystem full from the start"
want_out hostfull0 "the filesystem holding the image \\($host\\) is full"
[ ! -e "$host/h0.img" ] || fail "host full from the start: the image was left behind"
rm -f "$host/filler"
note "host full from the start: $(grep -m1 'is full' "$SCRATCH/hostfull0.out")"

# 5b. no room even for the image file itself (no inode left)
ino=$(mktemp -d /var/tmp/fsbench-faults-ino.XXXXXX) || fail "mktemp"
at_exit rmdir "$ino"
mount -t tmpfs -o size=8M,nr_inodes=2 fsbench-ino "$ino" || fail "mount tmpfs"
at_exit umount -l "$ino"
touch "$ino/only" 2>/dev/null
run noinode --image "$ino/i.img" --size 1G --fs ext2 --phases touch --profile tiny -o "$SCRATCH/i.fsbench"
want_rc 1 noinode
want_out noinode "cannot create image $ino/i.img: No space left on device"
assert_no_leftovers "no room for the image"
[ ! -e "$ino/i.img" ] && [ ! -e "$SCRATCH/i.fsbench" ] || fail "no room for the image: something was left"
note "no room for the image: $(grep -m1 'cannot create image' "$SCRATCH/noinode.out")"

# 6. the results directory becomes read-only mid-run, 7. or full
res=$(mktemp -d /var/tmp/fsbench-faults-res.XXXXXX) || fail "mktemp"
at_exit rmdir "$res"
mount -t tmpfs -o size=4M fsbench-res "$res" || fail "mount tmpfs"
at_exit umount -l "$res"
for how in ro full; do
	rm -rf "${res:?}"/*
	run "res$how" --image "$SCRATCH/r$how.img" --size 1G --fs ext2,ext4 --phases touch,slow \
		--profile tiny -o "$res/r.fsbench" &
	# wait for the first phase's result, then break the directory
	for _ in $(seq 300); do
		grep -qs 'run {' "$res/r.fsbench" && break
		sleep 0.05
	done
	grep -qs 'run {' "$res/r.fsbench" || { wait; cat "$SCRATCH/res$how.out"; fail "$how: no phase finished"; }
	if [ $how = ro ]; then
		# a read-only bind over the directory: the log stays open on the
		# writable mount below, so a remount,ro would be refused as busy
		mount --bind -o ro "$res" "$res" || fail "bind $res read-only"
		at_exit umount -l "$res"
	else
		dd if=/dev/zero of="$res/filler" bs=64k status=none 2>/dev/null
	fi
	wait %1
	rc=$?
	# the result file that cannot be written is an output failure: 2, as
	# for every command (it was 1, the status of a failed phase)
	want_rc 2 "res$how"
	assert_no_leftovers "results directory $how"
	want_out "res$how" "cannot write the result file $res/r.fsbench"
	want_out "res$how" "stopped"
	# the finished phases are kept: in the result file as last written, or
	# in the place the message names
	kept=$(grep -oE 'finished phases are in [^ ;]+' "$SCRATCH/res$how.out" | tail -1 | sed 's/.* in //')
	[ -n "$kept" ] || { cat "$SCRATCH/res$how.out"; fail "$how: does not say where the finished phases are"; }
	[ -s "$kept" ] || fail "$how: $kept does not exist"
	"$FSBENCH" show "$kept" >/dev/null || fail "$how: $kept does not show"
	n=$(grep -c 'run {' "$kept")
	[ "$n" -ge 1 ] || fail "$how: $kept keeps no phase"
	# it stopped: ext4 never ran
	grep -q '^\[2/2 ext4\]' "$SCRATCH/res$how.out" && fail "$how: the run went on after the results were lost"
	note "results $how: $(grep -m1 'cannot write the result file' "$SCRATCH/res$how.out"); $n phases kept in $kept"
	rm -f "$kept"
	[ $how = ro ] && umount "$res"
done
exit 0
