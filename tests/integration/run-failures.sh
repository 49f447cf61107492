#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A failed phase, a failed mkfs and an unavailable filesystem are recorded
# in their cells with the reason, the rest of the run goes on, and the exit
# status says so (1 for failures, 0 when things were only unavailable).
# An existing image file is refused (3) and left untouched; bad usage is 2.
. "$FSB_TESTLIB"
need_root
need_prog mkfs.ext2 mkfs.ext4

test_conf "$FSB_CALM" "$FSB_CALM_CHECK" <<'CONF'
phase "boom" {
  label = "a phase that fails"
  command = 'echo "about to fail" && echo "disk on fire" >&2 && exit 3'
}
phase "touch" {
  label = "a phase that works"
  command = 'touch ${mnt}/x'
}
filesystem "broken" {
  type = "ext4"
  mkfs = 'mkfs.ext4 -q -O no_such_feature ${dev}'
}
CONF

# 1. a failing phase between two working ones
"$FSBENCH" --config "$conf" run --image "$SCRATCH/a.img" --size 1G --fs ext2,ext4 \
	--phases touch,boom,touch2 --profile tiny -o "$SCRATCH/a.fsbench" >"$SCRATCH/a.out" 2>&1
rc=$?
[ "$rc" -eq 2 ] || { cat "$SCRATCH/a.out"; fail "unknown phase touch2: exit $rc, expected 2"; }
grep -q "unknown phase 'touch2'" "$SCRATCH/a.out" || fail "unknown phase not named"
[ ! -e "$SCRATCH/a.img" ] || fail "a refused plan created the image"

"$FSBENCH" --config "$conf" run --image "$SCRATCH/a.img" --size 1G --fs ext2,ext4 \
	--phases boom,touch --profile tiny -o "$SCRATCH/a.fsbench" >"$SCRATCH/a.out" 2>&1
rc=$?
[ "$rc" -eq 1 ] || { cat "$SCRATCH/a.out"; fail "failing phase: exit $rc, expected 1"; }
assert_no_leftovers "a failing phase"
# (the timed runs' lines; the stall round runs the plan again after them)
grep -v ' stall\] ' "$SCRATCH/a.out" >"$SCRATCH/a.timed"
[ "$(grep -c '^\[.*\] boom .*failed: exited with status 3: disk on fire$' "$SCRATCH/a.timed")" -eq 2 ] ||
	{ cat "$SCRATCH/a.out"; fail "the failure is not reported with its status and last line"; }
[ "$(grep -c '^\[.*\] touch .* ok$' "$SCRATCH/a.timed")" -eq 2 ] || fail "the phase after the failure did not run"
grep -q 'exit_status = 3' "$SCRATCH/a.fsbench" || fail "exit status not recorded"
grep -q 'error = "exited with status 3: disk on fire"' "$SCRATCH/a.fsbench" || fail "error not recorded"
grep -q '^status = "complete"' "$SCRATCH/a.fsbench" || fail "run not complete"
"$FSBENCH" show --ascii "$SCRATCH/a.fsbench" >"$SCRATCH/a.show"
grep -qE '^ext4 +fail +[0-9.]+[*?]? +' "$SCRATCH/a.show" || { cat "$SCRATCH/a.show"; fail "failed cell not shown as fail"; }
grep -q 'note: ext4 boom: exited with status 3: disk on fire' "$SCRATCH/a.show" || fail "failure note missing"

# 2. a mkfs that fails, and a filesystem the kernel lacks, between working ones
unavailable=
for t in jfs reiserfs f2fs; do
	grep -qw "$t" /proc/filesystems || { unavailable=$t; break; }
done
"$FSBENCH" --config "$conf" run --image "$SCRATCH/b.img" --size 1G \
	--fs ext2,broken${unavailable:+,$unavailable},ext4 --phases touch --profile tiny \
	-o "$SCRATCH/b.fsbench" >"$SCRATCH/b.out" 2>&1
rc=$?
[ "$rc" -eq 1 ] || { cat "$SCRATCH/b.out"; fail "failing mkfs: exit $rc, expected 1"; }
assert_no_leftovers "a failing mkfs"
grep -q '^\[4/4 ext4\] touch\|^\[3/3 ext4\] touch' "$SCRATCH/b.out" || fail "the filesystem after the failed one did not run"
grep -A8 'filesystem "broken"' "$SCRATCH/b.fsbench" | grep -q 'status = "failed"' || fail "mkfs failure not recorded"
grep -A8 'filesystem "broken"' "$SCRATCH/b.fsbench" | grep -q 'error = "mkfs broken on /dev/loop' ||
	fail "mkfs error does not name the profile and device"
if [ -n "$unavailable" ]; then
	grep -A8 "filesystem \"$unavailable\"" "$SCRATCH/b.fsbench" | grep -q 'status = "unavailable"' ||
		fail "$unavailable not recorded as unavailable"
	grep -q "$unavailable: unavailable: " "$SCRATCH/b.out" || fail "$unavailable unavailability not reported"
	"$FSBENCH" show --ascii "$SCRATCH/b.fsbench" | grep -q "note: $unavailable: not run: " ||
		fail "show does not explain why $unavailable did not run"
	# only unavailable, nothing failed: exit 0
	"$FSBENCH" run --image "$SCRATCH/c.img" --size 1G --fs ext2,$unavailable --phases rm \
		--profile tiny -o "$SCRATCH/c.fsbench" >"$SCRATCH/c.out" 2>&1 ||
		{ cat "$SCRATCH/c.out"; fail "a run with an unavailable filesystem exited $?"; }
	assert_no_leftovers "an unavailable filesystem"
else
	note "every filesystem is available here: the unavailable case is not exercised"
fi

# 3. an existing image file is never reformatted
echo "precious" >"$SCRATCH/mine.img"
sum=$(sha256sum <"$SCRATCH/mine.img")
"$FSBENCH" run --image "$SCRATCH/mine.img" --fs ext2 --phases rm --profile tiny \
	-o "$SCRATCH/d.fsbench" >"$SCRATCH/d.out" 2>&1
rc=$?
[ "$rc" -eq 3 ] || { cat "$SCRATCH/d.out"; fail "existing image: exit $rc, expected 3"; }
grep -q 'already exists' "$SCRATCH/d.out" || fail "existing image: reason not given"
[ "$(sha256sum <"$SCRATCH/mine.img")" = "$sum" ] || fail "existing image was modified"
[ ! -e "$SCRATCH/d.fsbench" ] || fail "a refused run wrote a result file"
assert_no_leftovers "a refused image"

# 4. bad usage: one line, exit 2, nothing created
check_usage() {
	local want=$1
	shift
	"$FSBENCH" "$@" >"$SCRATCH/u.out" 2>&1
	rc=$?
	[ "$rc" -eq 2 ] || { cat "$SCRATCH/u.out"; fail "'$*': exit $rc, expected 2"; }
	grep -q "$want" "$SCRATCH/u.out" || { cat "$SCRATCH/u.out"; fail "'$*': message lacks '$want'"; }
	[ "$(wc -l <"$SCRATCH/u.out")" -le 2 ] || { cat "$SCRATCH/u.out"; fail "'$*': more than a short message"; }
}
check_usage "unknown filesystem 'zfs'" run --image "$SCRATCH/e.img" --fs ext2,zfs --phases rm --profile tiny
check_usage "unknown profile 'huge'" run --image "$SCRATCH/e.img" --fs ext2 --phases rm --profile huge
check_usage "expected a size" run --image "$SCRATCH/e.img" --size lots --fs ext2 --phases rm
check_usage "too small" run --image "$SCRATCH/e.img" --size 10M --fs ext2 --phases rm
check_usage "repeat" run --image "$SCRATCH/e.img" --repeat 0 --fs ext2 --phases rm
check_usage "baseline 'xfs' is not among" run --image "$SCRATCH/e.img" --fs ext2 --baseline xfs --phases rm
check_usage "give one target" run --image "$SCRATCH/e.img" --dir /tmp --fs ext2 --phases rm
# a filesystem listed twice is an A/A run (ext2#2, run-aa-burner.sh); a phase twice is refused
check_usage "listed twice" run --image "$SCRATCH/e.img" --fs ext2 --phases rm,rm
check_usage "cannot read" --config "$SCRATCH/none.conf" run --image "$SCRATCH/e.img"
printf 'phase "x" {\n  bogus = 1\n}\n' >"$SCRATCH/bad.conf"
check_usage "bad.conf:2: no such option 'bogus'" --config "$SCRATCH/bad.conf" list
check_usage "unknown command" frobnicate
[ ! -e "$SCRATCH/e.img" ] || fail "bad usage created the image"
assert_no_leftovers "bad usage"
exit 0
