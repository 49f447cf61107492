#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# `fsbench run --like data/samples/repeat3-tiny.fsbench` on a loop image
# runs the sample's plan again — ext2, ext4, xfs with their mkfs and mount
# options, tar, cp, rm, nap, profile tiny, 3 repetitions — and ends with the
# comparison of the two machines, the same blocks `show SAMPLE NEW` draws.
# The sample is given the rounds a --repeat 3 run records now (rounds = 3,
# no budget): it is repeated 3 times, not run in settle mode.
# The sample edited to name a filesystem this kernel cannot mount is
# refused with exit 2 before anything is made: no mkfs ran (a mkfs on PATH
# that notes every call), no image file, no loop device.
. "$FSB_TESTLIB"
need_root
need_prog mkfs.ext2 mkfs.ext4 mkfs.xfs tar
export LC_ALL=C.UTF-8

rep=$FSB_SRCDIR/data/samples/repeat3-tiny.fsbench
# the sample's nap phase, as its config defined it, its cp: coreutils 9's
# plain cp -a, from before cp copied with --reflink=never, and its mkfs.ext4,
# from before ext4's inode tables were zeroed at mkfs (doc/disk.md)
test_conf "$FSB_CALM; s/ cp -a --reflink=never / cp -a /; s/ -E lazy_itable_init=0,lazy_journal_init=0 / /" "$FSB_CALM_CHECK" <<'CONF'
phase "nap" {
  label = "sleep: 0.3 s on XFS, 0.1 s elsewhere"
  command = 'case $(stat -f -c %T .) in xfs) sleep 0.3;; *) sleep 0.1;; esac'
}
CONF

# every mkfs notes that it ran, then does its work
mkdir -p "$SCRATCH/bin"
for t in ext2 ext4 xfs; do
	real=$(command -v "mkfs.$t") || continue
	printf '#!/bin/sh\necho "$0 $*" >>%s/mkfs.log\nexec %s "$@"\n' "$SCRATCH" "$real" >"$SCRATCH/bin/mkfs.$t"
	chmod +x "$SCRATCH/bin/mkfs.$t"
done
export PATH=$SCRATCH/bin:$PATH

# --- a filesystem this kernel cannot mount: refused, nothing made ----------
# a type no kernel has (not in /proc/filesystems, no module), so the refusal
# is seen on every kernel, also one that has jfs, f2fs and reiserfs
cat >>"$conf" <<'GONE'
filesystem "gonefs" {
  type = "fsbgonefs"
  description = "a filesystem no kernel has"
  mkfs = 'mkfs.xfs -f -q -m uuid=${uuid} ${dev}'
  tool = "mkfs.xfs"
}
GONE
grep -qw fsbgonefs /proc/filesystems && fail "this kernel has a filesystem fsbgonefs"
sed -e 's/^filesystem "xfs" {/filesystem "gonefs" {/' \
	-e '/^filesystem "gonefs"/,/^  type/s/type = "xfs"/type = "fsbgonefs"/' "$rep" >"$SCRATCH/gone.fsbench"
grep -q 'type = "fsbgonefs"' "$SCRATCH/gone.fsbench" || fail "the sample could not be edited to name gonefs"
"$FSBENCH" --config "$conf" run --like "$SCRATCH/gone.fsbench" --image "$SCRATCH/gone.img" \
	-o "$SCRATCH/gone-result.fsbench" >"$SCRATCH/gone.out" 2>&1
rc=$?
[ $rc -eq 2 ] || { cat "$SCRATCH/gone.out"; fail "an unrepeatable plan: exit $rc, expected 2"; }
grep -qE "^fsbench: run: --like $SCRATCH/gone.fsbench: cannot be repeated here: gonefs: the running kernel \(.*\) has no fsbgonefs support" \
	"$SCRATCH/gone.out" || { cat "$SCRATCH/gone.out"; fail "the missing fsbgonefs is not said"; }
[ ! -e "$SCRATCH/mkfs.log" ] || fail "a mkfs ran for a refused plan: $(cat "$SCRATCH/mkfs.log")"
[ ! -e "$SCRATCH/gone.img" ] || fail "the image file of a refused plan was made"
[ ! -e "$SCRATCH/gone-result.fsbench" ] || fail "a refused plan wrote a result file"
assert_no_leftovers "a refused --like"
note "refused, nothing made: $(grep -c 'cannot be repeated here' "$SCRATCH/gone.out") lines, the first: $(head -1 "$SCRATCH/gone.out")"

# --- the sample's plan, run here -------------------------------------------
# as this fsbench records a --repeat 3 run in rounds: the rounds that ran,
# no budget — a fixed plan, repeated 3 times, not settle mode
sed 's/^repeat = 3$/repeat = 3\norder = "rounds"\nrounds = 3/' "$rep" >"$SCRATCH/rounds.fsbench"
grep -q '^rounds = 3$' "$SCRATCH/rounds.fsbench" || fail "the sample could not be given its rounds"
res=$SCRATCH/like.fsbench
"$FSBENCH" --config "$conf" run --like "$SCRATCH/rounds.fsbench" --image "$SCRATCH/t.img" -o "$res" >"$SCRATCH/run.out" 2>&1 ||
	{ cat "$SCRATCH/run.out"; fail "fsbench run --like exited $?"; }
assert_no_leftovers "fsbench run --like"
[ ! -e "$SCRATCH/t.img" ] || fail "the image file was kept"
# (mkfs.xfs -V is the version asked for the result, not a format)
[ "$(grep -vc -- ' -V$' "$SCRATCH/mkfs.log")" -eq 9 ] ||
	fail "expected 9 mkfs (3 filesystems × 3 repetitions): $(cat "$SCRATCH/mkfs.log")"

# the same plan: profile, workload, filesystems and their mkfs, phases, 3 runs each
grep -q '^profile = "tiny"$' "$res" || fail "profile not tiny"
grep -q '^baseline = "ext2"$' "$res" || fail "baseline not ext2"
grep -q '^repeat = 3$' "$res" || fail "repeat is not 3: $(grep -E '^(repeat|rounds|budget|ended) = ' "$res" | tr '\n' ' ')"
grep -qE '^(budget|ended) = ' "$res" && fail "run in settle mode: $(grep -E '^(budget|ended) = ' "$res" | tr '\n' ' ')"
grep -qF "$(grep '^workload = ' "$rep")" "$res" || fail "another workload than the sample's"
grep -qE '^command = ".*--fs ext2,ext4,xfs --phases tar,cp,rm,nap --profile tiny --repeat 3' "$res" ||
	fail "the recorded command line is not the plan: $(grep '^command' "$res")"
for fs in ext2 ext4 xfs; do
	grep -q "^filesystem \"$fs\" {" "$res" || fail "no filesystem $fs"
	for ph in tar cp rm nap; do
		n=$(runs_of "$res" "$fs" "$ph")
		[ "$n" -eq 3 ] || fail "$fs/$ph has $n runs, expected 3"
	done
done
grep -q 'status = "failed"' "$res" && fail "a run failed"
grep -q 'mkfs = "mkfs.xfs -f -q -m uuid=' "$res" || fail "xfs was not made as the sample made it"

# the end of the run: the two machines, as show draws them
grep -q '^Comparing machines$' "$SCRATCH/run.out" || { cat "$SCRATCH/run.out"; fail "no comparison of machines"; }
grep -q '^Each machine against its own baseline' "$SCRATCH/run.out" || fail "no table of own ratios"
grep -qE '^On both machines xfs is behind ext2 at nap \([0-9.]+\* and [0-9.]+\*\)\.$' "$SCRATCH/run.out" ||
	{ sed -n '/^Comparing machines$/,$p' "$SCRATCH/run.out"; fail "the machines do not agree that xfs naps longer"; }
"$FSBENCH" show "$SCRATCH/rounds.fsbench" "$res" >"$SCRATCH/show.txt" || fail "show SAMPLE NEW exited $?"
sed -n '/^Comparing machines$/,$p' "$SCRATCH/run.out" >"$SCRATCH/m.run"
sed -n '/^Comparing machines$/,$p' "$SCRATCH/show.txt" >"$SCRATCH/m.show"
diff "$SCRATCH/m.run" "$SCRATCH/m.show" || fail "the run's comparison of machines is not show's"
note "$(grep -c . "$SCRATCH/m.run") lines of machine comparison"
exit 0
