#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The twelve built-in phases through the engine on real filesystems (tiny
# profile): every run ok, its amounts and rates consistent with the
# profile (64 MiB data file, 2000 seeks, 1×1024 files), at least
# min_duration measured, caches dropped before every read pass, and the
# phases' files gone once the built-in phases are over — for the command
# phase that follows them and in the image that is kept.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/integration/builtin-lib.sh"
need_root
need_prog mkfs.ext4 mkfs.xfs mkfs.btrfs

# A command phase fails unless the filesystem holds nothing of fsbench's.
test_conf "$FSB_CALM" "$FSB_CALM_CHECK" <<'CONF'
phase "look" {
  label = "nothing left after the data phases"
  command = 'ls -A; [ -z "$(ls -A | grep -vx lost+found)" ]'
}
phase "look2" {
  label = "nothing left after the file phases"
  command = 'ls -A; [ -z "$(ls -A | grep -vx lost+found)" ]'
}
CONF

res=$SCRATCH/all.fsbench
phases=char-write,block-write,rewrite,char-read,block-read,seeks,look,seq-create,seq-stat,seq-delete,rand-create,rand-stat,rand-delete,look2
"$FSBENCH" --config "$conf" run --image "$SCRATCH/t.img" --fs ext4,xfs,btrfs --phases $phases \
	--profile tiny -o "$res" >"$SCRATCH/run.out" 2>&1 || { rc=$?; cat "$SCRATCH/run.out"; fail "fsbench run exited $rc"; }
assert_no_leftovers "fsbench run"
[ ! -e "$SCRATCH/t.img" ] || fail "the image file was not removed after the run"
n=$(grep -cE '^\[[0-9]/3 [a-z0-9]+\] .* ok$' "$SCRATCH/run.out")
[ "$n" -eq 42 ] || { cat "$SCRATCH/run.out"; fail "$n phases reported ok, expected 42"; }

run_records "$res" >"$SCRATCH/records"
[ "$(wc -l <"$SCRATCH/records")" -eq 42 ] || fail "$(wc -l <"$SCRATCH/records") run records, expected 42"
grep -v ' ok ' "$SCRATCH/records" && fail "a run did not succeed"

mib64=$((64 * 1048576))
for fs in ext4 xfs btrfs; do
	for ph in ${BUILTIN_PHASES//,/ }; do
		r=$(grep "^$fs $ph ok " "$SCRATCH/records") || fail "$fs $ph: no run"
		passes=$(field "$r" passes) real=$(field "$r" real)
		check "$passes >= 1 && $passes == int($passes)" || fail "$fs $ph: passes = $passes"
		check "$real >= 0.25" || fail "$fs $ph: measured $real s, less than min_duration 0.25"
		[ "$(field "$r" chunk)" = 8192 ] || fail "$fs $ph: chunk $(field "$r" chunk)"
		[ "$(field "$r" seed)" = 1 ] || fail "$fs $ph: seed $(field "$r" seed)"
		cpu=$(field "$r" cpu_pct) p99=$(field "$r" lat_p99_us) max=$(field "$r" lat_max_us)
		check "$cpu > 0 && $p99 > 0 && $p99 <= $max" || fail "$fs $ph: cpu $cpu p99 $p99 max $max"
		case $ph in
		char-* | block-* | rewrite)
			bytes=$(field "$r" bytes) rate=$(field "$r" kib_per_s)
			check "$bytes == $mib64 * $passes" || fail "$fs $ph: $bytes bytes in $passes passes"
			check "($rate * 1024 * $real - $bytes) ^ 2 < ($bytes * 1e-6) ^ 2" ||
				fail "$fs $ph: rate $rate K/s is not $bytes B / $real s"
			[ -z "$(field "$r" ops)" ] || fail "$fs $ph: has ops" ;;
		seeks)
			ops=$(field "$r" ops) rate=$(field "$r" ops_per_s)
			check "$ops == 2000 * $passes" || fail "$fs seeks: $ops seeks in $passes passes"
			[ "$(field "$r" seekers)" = 3 ] || fail "$fs seeks: seekers $(field "$r" seekers)"
			check "($rate * $real - $ops) ^ 2 < ($ops * 1e-6) ^ 2" || fail "$fs seeks: rate $rate" ;;
		*)
			ops=$(field "$r" ops) rate=$(field "$r" ops_per_s)
			check "$ops == 1024 * $passes" || fail "$fs $ph: $ops files in $passes passes"
			[ "$(field "$r" dirs)" = 1 ] || fail "$fs $ph: dirs $(field "$r" dirs)"
			check "($rate * $real - $ops) ^ 2 < ($ops * 1e-6) ^ 2" || fail "$fs $ph: rate $rate" ;;
		esac
		case $ph in
		rewrite | char-read | block-read | seeks | seq-stat | rand-stat)
			[ "$(field "$r" caches_dropped)" = 1 ] || fail "$fs $ph: caches were not dropped before every pass" ;;
		*)
			[ -z "$(field "$r" caches_dropped)" ] || fail "$fs $ph: caches_dropped on a phase that starts warm" ;;
		esac
	done
done

# fsbench show: the bonnie++ table has a rate and a %CP in all 24 columns (a rate
# the plausibility check doubts carries a ^, model/plaus.h)
"$FSBENCH" show --ascii "$res" >"$SCRATCH/show.out" || fail "fsbench show exited $?"
awk '/^Built-in I\/O phases \(bonnie\+\+ layout\)/ { s = 1; next } s && /^$/ { exit } s' \
	"$SCRATCH/show.out" >"$SCRATCH/bonnie"
for fs in ext4 xfs btrfs; do
	grep -qE "^$fs( +[0-9]+(\.[0-9])?\^?){24}$" "$SCRATCH/bonnie" ||
		{ cat "$SCRATCH/bonnie"; fail "$fs: the bonnie++ table lacks a number"; }
done

# Built-in phases last, image kept: the filesystem holds nothing of theirs.
"$FSBENCH" run --image "$SCRATCH/k.img" --keep-image --fs ext4 --phases block-write,seq-create \
	--profile tiny -o "$SCRATCH/k.fsbench" >"$SCRATCH/k.out" 2>&1 ||
	{ rc=$?; cat "$SCRATCH/k.out"; fail "fsbench run --keep-image exited $rc"; }
assert_no_leftovers "fsbench run --keep-image"
at_exit rm -f "$SCRATCH/k.img"
dev=$(losetup --show -f "$SCRATCH/k.img") || fail "losetup $SCRATCH/k.img"
at_exit losetup -d "$dev"
mnt=$(mount_tmp "$dev" ro)
left=$(ls -A "$mnt" | grep -vx lost+found)
[ -z "$left" ] || fail "the built-in phases left files behind: $left"
exit 0
