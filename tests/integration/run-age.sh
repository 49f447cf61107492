#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The aging end to end, with the shipped phases (issue 23's first "Done
# when"): `fsbench run --image … --fs ext4,btrfs --profile tiny --age` runs
# the aging, the aged reads and desktop phases (make2, cp, rm), the fresh
# copy and the fresh reads and desktop phases on each,
# exits 0 and leaves nothing behind; the result holds the layout of the
# aged and of the fresh tree (extents per file, from FIEMAP; ext4's free
# space from e2freefrag, btrfs's not reported), and `fsbench show` prints
# the aging factors and the extents per file of both filesystems.
# (One plain phase, tar, keeps it short: --age appends the group after it.)
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/integration/builtin-lib.sh"
need_root
need_prog mkfs.ext4 mkfs.btrfs e2freefrag blkid tar
export LC_ALL=C.UTF-8

res=$SCRATCH/r.fsbench
"$FSBENCH" run --image "$SCRATCH/t.img" --fs ext4,btrfs --phases tar --profile tiny --age -o "$res" \
	>"$SCRATCH/out" 2>&1 || { rc=$?; cat "$SCRATCH/out"; fail "fsbench run --age exited $rc"; }
assert_no_leftovers "fsbench run --age"
[ -z "$(find "${TMPDIR:-/var/tmp}" -maxdepth 1 -name 'fsbench-work.refresh-*' 2>/dev/null)" ] ||
	fail "refresh left its copy of the tree behind"

for fs in ext4 btrfs; do
	for ph in age aged-grep aged-stat aged-make2 aged-cp aged-rm refresh fresh-grep fresh-stat fresh-make2 fresh-cp fresh-rm; do
		r=$(run_records "$res" | grep "^$fs $ph ")
		case $r in "$fs $ph ok "*) ;; *) fail "$fs: $ph did not succeed: $r" ;; esac
	done
	a=$(run_records "$res" | grep "^$fs aged-stat ") f=$(run_records "$res" | grep "^$fs fresh-stat ")
	for r in "$a" "$f"; do
		check "$(field "$r" layout_files) >= 100" || fail "$fs: no layout of the tree's files: $r"
		check "$(field "$r" extents_per_file) >= 1" || fail "$fs: no extents per file: $r"
	done
	check "$(field "$(run_records "$res" | grep "^$fs age ")" fullness) > 0.3" ||
		fail "$fs: age did not fill the filesystem"
done
a=$(run_records "$res" | grep "^ext4 aged-stat ")
check "$(field "$a" free_extents) >= 1" || fail "ext4: e2freefrag's free extents not recorded: $a"
a=$(run_records "$res" | grep "^btrfs aged-stat ")
[ -z "$(field "$a" free_extents)" ] || fail "btrfs: a free-space figure no tool reports: $a"

out=$("$FSBENCH" show "$res") || fail "show failed"
aging=$(sed -n '/^Aging$/,/^How it was measured$/p' <<<"$out")
[ -n "$aging" ] || { printf '%s\n' "$out" >&2; fail "show has no Aging section"; }
for fs in ext4 btrfs; do
	grep -qE "^$fs +[0-9.]+ +[0-9.]+ +[0-9.]+" <<<"$aging" || { printf '%s\n' "$aging" >&2; fail "no aging factors for $fs"; }
	grep -qE "^$fs +[0-9]+ +[0-9.]+ +[0-9.]+ " <<<"$aging" || { printf '%s\n' "$aging" >&2; fail "no extents per file for $fs"; }
	grep -qE "^$fs: reading the tree( took [0-9.]+× as long after aging|: no measurable aging)" <<<"$aging" ||
		fail "no sentence for $fs"
	# the desktop phases on the aged and the fresh filesystem: a factor each, a clause each
	sed -n '/^Desktop phases, aged against fresh$/,/^$/p' <<<"$aging" |
		grep -qE "^$fs( +[0-9]\.[0-9]{2}[*?]?( +\[[-0-9.]+, [0-9.]+\])?){3}$" ||
		{ printf '%s\n' "$aging" >&2; fail "no desktop factors (make2, cp, rm) for $fs"; }
	for w in 'building from the ccache' 'copying the tree' 'deleting the copy'; do
		grep -qE "^$fs: .*; $w( took [0-9.]+× as long after aging|: no measurable aging)" <<<"$aging" ||
			fail "$fs: no clause '$w'"
	done
done
exit 0
