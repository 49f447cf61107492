#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# What the disk did (doc/disk.md), against a write whose size is known: a
# phase that writes a file of 64 MiB of random data and fsyncs it, on each
# default filesystem (ext2 ext3 ext4 xfs btrfs) of an image.  The device's
# writes read after the phase (the loop device's counters, not the host
# disk's) and what the phase's processes saved (their /proc/PID/io,
# reaped children included: dd runs under the shell) must each be within
# 10% of 64 MiB; the stall probe is off (--no-probe) so that nothing else
# writes, and the result records none of its saves.  Then a second phase
# runs the same with the probe on (the default: in the stall round, after
# the timed run, which has none): the stall run records its saves, they
# are not in what the phase saved, and its CPU is not in the phase's
# usr+sys.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/integration/builtin-lib.sh"
need_root
need_prog mkfs.ext2 mkfs.ext3 mkfs.ext4 mkfs.xfs mkfs.btrfs dd
grep -qw btrfs /proc/filesystems || modprobe btrfs 2>/dev/null || true
grep -qw btrfs /proc/filesystems || skip "the kernel has no btrfs"

test_conf "$FSB_CALM" "$FSB_CALM_CHECK" <<'CONF'
phase "known" {
  label = "64 MiB written and fsynced"
  command = 'dd if=/dev/urandom of=f bs=1M count=64 iflag=fullblock conv=fsync status=none'
}
phase "known-w" {
  label = "64 MiB written and fsynced, a second time"
  command = 'sleep 1; dd if=/dev/urandom of=g bs=1M count=64 iflag=fullblock conv=fsync status=none; sleep 1'
}
CONF
res=$SCRATCH/known.fsbench
"$FSBENCH" --config "$conf" run --image "$SCRATCH/t.img" --size 2G --fs ext2,ext3,ext4,xfs,btrfs \
	--phases known --profile tiny --no-probe -o "$res" >"$SCRATCH/run.out" 2>&1 ||
	{ rc=$?; cat "$SCRATCH/run.out"; fail "fsbench run exited $rc"; }
assert_no_leftovers "fsbench run"
n=$((64 * 1024))
for fs in ext2 ext3 ext4 xfs btrfs; do
	r=$(run_records "$res" | grep "^$fs known ok ") || fail "$fs: no ok run of the known write"
	w=$(field "$r" disk_written_kib) s=$(field "$r" saved_kib)
	note "$fs: the device wrote $w KiB, the phase saved $s KiB, of $n KiB"
	[ -n "$w" ] && [ -n "$s" ] || fail "$fs: no disk_written_kib or saved_kib in the run"
	check "$w >= 0.9 * $n && $w <= 1.1 * $n" || fail "$fs: the device wrote $w KiB for a known write of $n KiB"
	check "$s >= 0.9 * $n && $s <= 1.1 * $n" || fail "$fs: the phase saved $s KiB for a known write of $n KiB"
	[ -z "$(field "$r" stall_saves)" ] || fail "$fs: --no-probe, yet the run records the probe's saves"
	[ -n "$(field "$r" disk_flushes)" ] || fail "$fs: no flush count (diskstats fields 19-20)"
done
grep -q 'no-probe' "$res" || fail "the result's command line does not record --no-probe"

# with the probe: ~20 saves in 2 s, known bytes, in what was saved
res=$SCRATCH/probe.fsbench
"$FSBENCH" --config "$conf" run --image "$SCRATCH/t.img" --size 2G --fs ext4 --phases known-w \
	--profile tiny -o "$res" >"$SCRATCH/run2.out" 2>&1 ||
	{ rc=$?; cat "$SCRATCH/run2.out"; fail "fsbench run (probe) exited $rc"; }
assert_no_leftovers "fsbench run (probe)"
[ -z "$(field "$(run_records "$res" | grep "^ext4 known-w ok ")" stall_saves)" ] ||
	fail "probe: the timed run had the probe beside it"
r=$(run_records "$res" stall_run | grep "^ext4 known-w ok ") || fail "probe: no ok run of the stall round"
saves=$(field "$r" stall_saves) kib=$(field "$r" stall_written_kib) s=$(field "$r" saved_kib)
note "probe: $saves saves, $kib KiB; saved $s KiB; p50 $(field "$r" stall_p50_us) us, max $(field "$r" stall_max_us) us"
check "$saves >= 5" || fail "probe: only $saves saves in a phase of 2 s and more"
check "$kib == $saves * 4" || fail "probe: $kib KiB written for $saves saves of 4 KiB"
for f in stall_p50_us stall_p99_us stall_max_us; do
	v=$(field "$r" $f)
	[ -n "$v" ] && check "$v > 0" || fail "probe: $f is '$v'"
done
check "$(field "$r" stall_p50_us) <= $(field "$r" stall_p99_us) && $(field "$r" stall_p99_us) <= $(field "$r" stall_max_us)" ||
	fail "probe: p50 <= p99 <= max does not hold"
# saved is the processes' own: the probe's writes are added only in the
# write amplification, never to saved_kib
check "$s >= 0.9 * $n && $s <= 1.1 * $n" || fail "probe: the phase saved $s KiB of $n"
# the probe's CPU is fsbench's: dd of 64 MiB from urandom is all the phase's
# sys; the phase's user+sys stay under its real time minus the two sleeps
check "$(field "$r" user) + $(field "$r" sys) < $(field "$r" real) - 1.5" ||
	fail "probe: usr+sys $(field "$r" user)+$(field "$r" sys) of a real $(field "$r" real) with 2 s asleep"
"$FSBENCH" show "$res" >"$SCRATCH/show.txt" || fail "show exited $?"
grep -q '^Stalls: what a save waited during each phase' "$SCRATCH/show.txt" || fail "show has no stall table"
grep -q '^known-w  *ext4  *[0-9]' "$SCRATCH/show.txt" || { grep -A4 '^Stalls' "$SCRATCH/show.txt"; fail "no stall row of known-w"; }
exit 0
