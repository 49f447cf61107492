#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A filesystem too small for the aging: the age phase meets ENOSPC — its
# tree alone is about twice the 512 MiB image, and the fill aims at 0.94 —
# counts it, frees fill files and goes on: the phase succeeds with enospc
# > 0 recorded, the reads after it run on what it left, the result file
# is valid and shows, and nothing is left behind.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/integration/builtin-lib.sh"
. "$FSB_SRCDIR/tests/integration/aging-lib.sh"
need_root
need_prog mkfs.ext4 findmnt df

aging_conf <<'CONF'
profile "cramped" {
  description = "more aging than the image holds"
  image_size = "512M"
  age_tree_files = 30000
  age_commits = 100
  age_append_files = 8
  age_fill = 0.94
  age_seconds = 0
}
CONF
fss=$(age_fss ext4 xfs btrfs)
res=$SCRATCH/full.fsbench
t0=$SECONDS
"$FSBENCH" --config "$conf" run --image "$SCRATCH/full.img" --fs "$fss" --phases age,aged-stat,aged-grep,df \
	--profile cramped -o "$res" >"$SCRATCH/full.out" 2>&1 ||
	{ cat "$SCRATCH/full.out"; fail "fsbench run exited $? (a full filesystem must not fail the aging)"; }
assert_no_leftovers "the cramped run"
note "cramped aging on $fss: $((SECONDS - t0)) s"
grep -q '^status = "complete"' "$res" || fail "the run is not complete"
"$FSBENCH" show "$res" >"$SCRATCH/show.out" || fail "fsbench show of the result exited $?"
for fs in ${fss//,/ }; do
	rec=$(run_records "$res" | grep "^$fs age ")
	case $rec in "$fs age ok "*) ;; *) fail "$fs: age did not succeed: $rec" ;; esac
	e=$(field "$rec" enospc)
	[ -n "$e" ] && check "$e > 0" || fail "$fs: no ENOSPC recorded on a filesystem too small: $rec"
	[ "$(field "$rec" ops)" = 100 ] || fail "$fs: the commits did not all run: $rec"
	for ph in aged-stat aged-grep; do
		r=$(run_records "$res" | grep "^$fs $ph ")
		case $r in "$fs $ph ok "*) ;; *) fail "$fs: $ph after a full aging: $r" ;; esac
		check "$(field "$r" ops) > 1000" || fail "$fs: $ph found almost nothing: $r"
	done
	read -r _ _ used avail _ <"$SCRATCH/df.$fs" || fail "$fs: no df line"
	note "$fs: enospc = $e, fullness $(field "$rec" fullness), df $used used $avail available"
done
exit 0
