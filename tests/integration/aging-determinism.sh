#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The aging is deterministic from the run's seed: two runs with the same
# --seed on freshly made images leave the same files with the same sizes in
# age/tree — on every filesystem type, since nothing it draws depends on
# the disk — and a run with another seed leaves another tree.  The tiny
# profile, as `fsbench run --age --profile tiny` uses it, on 1 GiB images.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/integration/builtin-lib.sh"
. "$FSB_SRCDIR/tests/integration/aging-lib.sh"
need_root
need_prog mkfs.ext4 findmnt

aging_conf </dev/null
age_fss ext4 xfs btrfs
commits=$(awk '/^profile "tiny"/,/^}/' "$conf" | sed -n 's/^ *age_commits = //p')
[ -n "$commits" ] || fail "the tiny profile has no age_commits"

# run_age SEED TAG — age and list on every filesystem of $fss
run_age() {
	local res fs rec
	aging_run "seed $1 ($2)" "$2" "$fss" --size 1G --phases age,list --profile tiny --seed "$1" ||
		fail "seed $1 ($2): fsbench run exited $?"
	for fs in ${fss//,/ }; do
		age_ok "$fs" "seed $1"
		[ "$(field "$rec" capped)" = 0 ] || fail "seed $1: $fs: the aging was capped: $rec"
		[ "$(field "$rec" enospc)" = 0 ] || fail "seed $1: $fs: the aging met ENOSPC: $rec"
		[ "$(field "$rec" seed)" = "$1" ] || fail "seed $1: $fs: seed recorded as $(field "$rec" seed)"
		[ "$(field "$rec" ops)" = "$commits" ] ||
			fail "seed $1: $fs: $(field "$rec" ops) commits, not tiny's age_commits"
		[ -s "$SCRATCH/list.$fs" ] || fail "seed $1: $fs: the list phase listed nothing"
		mv "$SCRATCH/list.$fs" "$SCRATCH/$2.$fs.list"
	done
}

run_age 7 a
run_age 7 b
run_age 8 c
first=${fss%%,*}
n=$(wc -l <"$SCRATCH/a.$first.list")
[ "$n" -ge 300 ] || fail "the aged tree has only $n files"
for fs in ${fss//,/ }; do
	diff -u "$SCRATCH/a.$fs.list" "$SCRATCH/b.$fs.list" >"$SCRATCH/ab.diff" ||
		{ head -n 20 "$SCRATCH/ab.diff"; fail "$fs: the same seed left different trees"; }
	diff -q "$SCRATCH/a.$first.list" "$SCRATCH/a.$fs.list" >/dev/null ||
		fail "$first and $fs: the same seed left different trees"
	cmp -s "$SCRATCH/a.$fs.list" "$SCRATCH/c.$fs.list" && fail "$fs: another seed left the same tree"
done
grep -q '\.lock ' "$SCRATCH/a.$first.list" && fail "a temporary .lock file was left in the tree"
note "$n files, identical for seed 7 on $fss, different for seed 8"
exit 0
