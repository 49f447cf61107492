#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Fill-and-free fills to the profile's age_fill: the fullness age records
# is within a few percent of it, and df, run right after, agrees with what
# it recorded (used / (used + available), as df counts).  On ext4, xfs and
# btrfs where installed, with the shipped target of 0.8.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/integration/builtin-lib.sh"
. "$FSB_SRCDIR/tests/integration/aging-lib.sh"
need_root
need_prog mkfs.ext4 findmnt df

aging_conf <<'CONF'
profile "fill" {
  description = "the fill to 80% on a small image"
  image_size = "1G"
  age_tree_files = 300
  age_commits = 40
  age_append_files = 4
  age_fill = 0.8
  age_seconds = 0
}
CONF
age_fss ext4 xfs btrfs
aging_run "the fill run" fill "$fss" --phases age,df --profile fill || fail "fsbench run exited $?"
for fs in ${fss//,/ }; do
	age_ok "$fs"
	f=$(field "$rec" fullness)
	[ -n "$f" ] || fail "$fs: no fullness recorded: $rec"
	[ "$(field "$rec" enospc)" = 0 ] || fail "$fs: a fill to 0.8 met ENOSPC: $rec"
	check "$f >= 0.77 && $f <= 0.83" || fail "$fs: fullness $f is not within 3% of age_fill 0.8"
	read -r _ _ used avail _ <"$SCRATCH/df.$fs" || fail "$fs: no df line"
	d=$(awk -v u="$used" -v a="$avail" 'BEGIN { printf "%.4f", u / (u + a) }')
	check "($d - $f) < 0.01 && ($f - $d) < 0.01" || fail "$fs: df says $d full, age recorded $f"
	note "$fs: age recorded $f full, df $d"
done
exit 0
