#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A full filesystem is part of the aging, never its failure: ENOSPC is
# counted (run field enospc), fill files are freed, the aging goes on, the
# phase succeeds, the reads after it run on what it left, the result file
# is valid and shows, and nothing is left behind.  Two ways to get there:
#  - "crowded", on tmpfs (whose ENOSPC is exact and instant): the fill aims
#    at 0.94 and 64 logs grow 300 KiB a commit, so the commits run out of
#    space again and again between the refills and go on by freeing fill
#    files: every commit runs;
#  - "cramped", on ext4, xfs and btrfs: the tree alone is about twice the
#    512 MiB image, so the filesystem is full before any fill file exists;
#    the tree stays as big as it fits and the commits run on the full
#    filesystem.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/integration/builtin-lib.sh"
. "$FSB_SRCDIR/tests/integration/aging-lib.sh"
need_root
need_prog mkfs.ext4 findmnt df
age_fss ext4 xfs btrfs

aging_conf <<'CONF'
profile "crowded" {
  description = "more appends than the space the fill leaves"
  image_size = "512M"
  age_tree_files = 2000
  age_commits = 800
  age_append_files = 64
  age_fill = 0.94
  age_seconds = 0
}
profile "cramped" {
  description = "a tree twice the image"
  image_size = "512M"
  age_tree_files = 30000
  age_commits = 20
  age_append_files = 8
  age_fill = 0.94
  age_seconds = 0
}
CONF

# age_full PROFILE FSS COMMITS — run it, check every filesystem's records
age_full() {
	local res fs rec e r ph
	aging_run "the $1 run" "$1" "$2" --phases age,aged-stat,aged-grep,df --profile "$1" ||
		fail "$1: fsbench run exited $? (a full filesystem must not fail the aging)"
	grep -q '^status = "complete"' "$res" || fail "$1: the run is not complete"
	"$FSBENCH" show "$res" >"$SCRATCH/$1.show" || fail "$1: fsbench show of the result exited $?"
	for fs in ${2//,/ }; do
		age_ok "$fs" "$1"
		e=$(field "$rec" enospc)
		[ -n "$e" ] && check "$e > 0" || fail "$1: $fs: no ENOSPC recorded on a filesystem too small: $rec"
		[ "$(field "$rec" ops)" = "$3" ] || fail "$1: $fs: not every commit ran: $rec"
		for ph in aged-stat aged-grep; do
			r=$(run_records "$res" | grep "^$fs $ph ")
			case $r in "$fs $ph ok "*) ;; *) fail "$1: $fs: $ph after a full aging: $r" ;; esac
			check "$(field "$r" ops) > 1000" || fail "$1: $fs: $ph found almost nothing: $r"
		done
		read -r _ _ used avail _ <"$SCRATCH/df.$fs" || fail "$1: $fs: no df line"
		note "$1: $fs: enospc = $e, fullness $(field "$rec" fullness), df $used used, $avail available"
	done
}

age_full crowded tmpfs 800
age_full cramped "$fss" 20
exit 0
