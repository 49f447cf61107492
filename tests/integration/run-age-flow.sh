#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Aged against fresh, the flow (engine/refresh.c, run --age): with command
# stand-ins for the aging phases around the real refresh phase, `fsbench run
# --image … --fs ext4,xfs --profile tiny --age` appends the aging group,
# runs refresh on each filesystem and exits 0; the refreshed filesystem is a
# new one (a new UUID, what age left outside the tree gone) holding the same
# tree (names, types, modes, sizes, mtimes, link targets, contents); nothing
# is left behind (no temporary copy, loop device or mount).  A refresh whose
# $TMPDIR lacks the room fails with one line and exit status 1, runs none
# of the phases after it, and leaves nothing either; nor does a SIGINT
# while refresh copies the tree out (exit 130, the result interrupted).
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/integration/builtin-lib.sh"
need_root
need_prog mkfs.ext4 mkfs.xfs blkid cp sha256sum tar
export LC_ALL=C.UTF-8

. "$FSB_SRCDIR/tests/integration/age-lib.sh"
age_conf "$SCRATCH/snap"

res=$SCRATCH/r.fsbench
"$FSBENCH" --config "$conf" run --image "$SCRATCH/t.img" --fs ext4,xfs --phases tar,rm --profile tiny --age \
	-o "$res" >"$SCRATCH/out" 2>&1 || { rc=$?; cat "$SCRATCH/out"; fail "fsbench run --age exited $rc"; }
assert_no_leftovers "fsbench run --age"
no_copy "$SCRATCH" "fsbench run --age"
grep -q -- " --age" "$res" || fail "the result does not record --age"
for fs in ext4 xfs; do
	for ph in tar rm age aged-grep aged-stat refresh fresh-grep fresh-stat; do
		[ "$(runs_of "$res" $fs $ph)" = 1 ] || fail "$fs: $ph did not run once: $(run_records "$res" | grep "^$fs ")"
	done
	r=$(run_records "$res" | grep "^$fs refresh ")
	case $r in "$fs refresh ok "*) ;; *) fail "$fs: refresh did not succeed: $r $(grep -A3 'refresh' "$SCRATCH/out")" ;; esac
	check "$(field "$r" real) > 0" || fail "$fs: refresh has no real time: $r"
	check "$(field "$r" bytes) >= 300000 && $(field "$r" ops) >= 8" || fail "$fs: refresh did not count the tree: $r"
	a=$SCRATCH/snap/$fs-aged f=$SCRATCH/snap/$fs-fresh
	[ -s "$a.list" ] && [ -s "$f.list" ] || fail "$fs: the stand-ins wrote no listing"
	diff "$a.list" "$f.list" >&2 || fail "$fs: the refreshed tree differs from the aged one (names, modes, sizes, times)"
	diff "$a.sums" "$f.sums" >&2 || fail "$fs: the refreshed tree's contents differ from the aged one's"
	grep -qF "'./c/link' -> '../a/one'" "$f.list" || fail "$fs: the symlink did not survive: $(cat "$f.list")"
	grep -qE '^\./c/hard\|regular file\|640\|[0-9]+\|[0-9]+\|2\|' "$f.list" ||
		fail "$fs: the hard link did not survive: $(grep hard "$f.list")"
	[ -s "$a.uuid" ] && [ "$(cat "$a.uuid")" != "$(cat "$f.uuid")" ] ||
		fail "$fs: the refreshed filesystem has the aged one's UUID ($(cat "$a.uuid") / $(cat "$f.uuid")): no mkfs"
	grep -qx marker "$a.top" && grep -qx fill "$a.top" || fail "$fs: the stand-in age left no marker: $(cat "$a.top")"
	! grep -qxE 'marker|fill' "$f.top" || fail "$fs: what age left outside the tree survived refresh: $(tr '\n' ' ' <"$f.top")"
	note "$fs: refresh $(field "$r" real) s, $(field "$r" ops) entries; uuid $(cat "$a.uuid") → $(cat "$f.uuid")"
done
# the filesystem's own mkfs and mount figures are its one repetition's,
# not refresh's too
for key in mkfs_seconds mount_seconds; do
	v=$(awk -v key=$key '/^filesystem "ext4"/ { f = 1; next } /^filesystem "/ { f = 0 }
		f && $1 == key { sub(/^[^=]*= */, ""); print; exit }' "$res")
	[[ $v =~ ^\{[0-9]+\.[0-9]+\}$ ]] || fail "ext4: $key is not one figure: '$v' (refresh's counted as the filesystem's?)"
done

# Too little room in $TMPDIR: a 2 MiB tmpfs outside the scratch directory
# (the leftovers check looks for mounts under it); fsbench makes its mount
# point there too
small=$(mktemp -d /var/tmp/fsbench-test-agesmall.XXXXXX) || fail "mktemp"
at_exit rmdir "$small"
mount -t tmpfs -o size=2m fsbench-test "$small" || fail "mount tmpfs on $small"
at_exit umount -l "$small"
res2=$SCRATCH/small.fsbench
rc=0
TMPDIR=$small "$FSBENCH" --config "$conf" run --image "$SCRATCH/t2.img" --fs ext4 --phases tar --profile tiny --age \
	-o "$res2" >"$SCRATCH/out2" 2>&1 || rc=$?
[ "$rc" = 1 ] || { cat "$SCRATCH/out2"; fail "a refresh without room: exit status $rc, not 1 (a failed phase)"; }
assert_no_leftovers "fsbench run --age with a small TMPDIR"
no_copy "$small" "a refresh without room"
[ -z "$(ls -A "$small")" ] || fail "$small is not empty after the run: $(ls -A "$small")"
[ "$(findmnt -rn -o TARGET | grep -cF -- "$small")" = 1 ] || fail "a mount was left under $small"
# (the timed run's line: the stall round after it fails the same way)
line=$(grep -v ' stall\] ' "$SCRATCH/out2" |
	grep -E 'refresh .*failed: refresh: .* has .* free, the aged tree needs .* there: set TMPDIR') ||
	fail "the refresh line does not say what is missing: $(grep refresh "$SCRATCH/out2")"
[ "$(wc -l <<<"$line")" = 1 ] || fail "more than one refresh line: $line"
grep -q 'the phases after it do not run' <<<"$line" || fail "the line does not say the phases after it do not run: $line"
for ph in fresh-grep fresh-stat; do
	[ "$(runs_of "$res2" ext4 $ph)" = 0 ] || fail "$ph ran after refresh failed (it would read the aged tree)"
done
note "no room: $line"

# SIGINT while refresh copies the tree out (a cp that waits first, found
# first on PATH): the run stops as interrupted, the copy is removed, nothing
# is left
mkdir "$SCRATCH/slow" || fail "mkdir"
printf '#!/bin/sh\nsleep 60\nexec %s "$@"\n' "$(command -v cp)" >"$SCRATCH/slow/cp"
chmod 755 "$SCRATCH/slow/cp"
PATH=$SCRATCH/slow:$PATH "$FSBENCH" --config "$conf" run --image "$SCRATCH/t3.img" --fs ext4 --phases tar \
	--profile tiny --age -o "$SCRATCH/int.fsbench" >"$SCRATCH/out3" 2>&1 &
pid=$!
at_exit kill -KILL $pid
for ((i = 0; i < 600; i++)); do
	compgen -G "$SCRATCH/fsbench-work.refresh-*" >/dev/null && break
	kill -0 $pid 2>/dev/null || { cat "$SCRATCH/out3"; fail "the run ended before refresh began"; }
	sleep 0.1
done
compgen -G "$SCRATCH/fsbench-work.refresh-*" >/dev/null || fail "refresh made no temporary copy within a minute"
kill -INT $pid
rc=0
wait $pid || rc=$?
[ "$rc" = 130 ] || { cat "$SCRATCH/out3"; fail "SIGINT during refresh: exit status $rc, not 130"; }
assert_no_leftovers "SIGINT during refresh"
no_copy "$SCRATCH" "SIGINT during refresh"
grep -q '^status = "interrupted"' "$SCRATCH/int.fsbench" || fail "the result is not marked interrupted"
note "SIGINT during refresh: exit 130, the copy removed"
