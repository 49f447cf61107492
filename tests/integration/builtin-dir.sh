#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The built-in phases on a directory target: they run on the filesystem the
# directory is on, in a work directory, and leave nothing behind — not
# their data file, not their file-test directory, not the work directory —
# while the user's files next to it stay as they were.  Needs no root: not
# root, the stat phases say that they could not start cold.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/integration/builtin-lib.sh"

dir=$SCRATCH/target
mkdir -p "$dir/sub"
echo keep >"$dir/user-file"
echo mine >"$dir/sub/fsb.data"    # a user's file that only has the name
dir_fstype "$dir"
fstype=$DIR_FSTYPE
[ -n "$fstype" ] || fail "cannot tell which filesystem $dir is on"
res=$SCRATCH/d.fsbench
"$FSBENCH" run --dir "$dir" --phases "$BUILTIN_PHASES" --profile tiny -o "$res" \
	>"$SCRATCH/d.out" 2>&1 || { rc=$?; cat "$SCRATCH/d.out"; fail "fsbench run --dir exited $rc"; }
n=$(grep -cE "^\[1/1 $fstype\] [a-z-]+ .* ok$" "$SCRATCH/d.out")
[ "$n" -eq 12 ] || { cat "$SCRATCH/d.out"; fail "$n built-in phases ran ok on $fstype, expected 12"; }

run_records "$res" >"$SCRATCH/records"
[ "$(grep -c "^$fstype [a-z-]* ok " "$SCRATCH/records")" -eq 12 ] ||
	{ cat "$SCRATCH/records"; fail "the result does not hold 12 good runs on $fstype"; }
for ph in ${BUILTIN_PHASES//,/ }; do
	r=$(grep "^$fstype $ph ok " "$SCRATCH/records")
	passes=$(field "$r" passes)
	case $ph in
	seeks) check "$(field "$r" ops) == 2000 * $passes" || fail "seeks: wrong count" ;;
	*-create | *-stat | *-delete) check "$(field "$r" ops) == 1024 * $passes" || fail "$ph: wrong count" ;;
	*) check "$(field "$r" bytes) == 64 * 1048576 * $passes" || fail "$ph: wrong amount" ;;
	esac
	case $ph in
	seq-stat | rand-stat)
		want=$([ "$(id -u)" = 0 ] && echo 1 || echo 0)
		[ "$(field "$r" caches_dropped)" = "$want" ] ||
			fail "$ph: caches_dropped = $(field "$r" caches_dropped), expected $want" ;;
	rewrite | char-read | block-read | seeks)
		# evicting one file needs no root
		[ "$(field "$r" caches_dropped)" = 1 ] || fail "$ph: the data file was not evicted" ;;
	esac
done
grep -q 'kind = "dir"' "$res" || fail "target kind not recorded"

# --no-drop-caches: the read phases keep the page cache too, and say so
"$FSBENCH" run --dir "$dir" --no-drop-caches --phases block-read,seq-stat --profile tiny \
	-o "$SCRATCH/k.fsbench" >"$SCRATCH/k.out" 2>&1 || { rc=$?; cat "$SCRATCH/k.out"; fail "--no-drop-caches exited $rc"; }
run_records "$SCRATCH/k.fsbench" >"$SCRATCH/k.records"
for ph in block-read seq-stat; do
	r=$(grep "^$fstype $ph ok " "$SCRATCH/k.records") || fail "--no-drop-caches: no $ph run"
	[ "$(field "$r" caches_dropped)" = 0 ] || fail "--no-drop-caches: $ph still started cold"
done

[ "$(ls -A "$dir" | tr '\n' ' ')" = "sub user-file " ] ||
	fail "the run left something in the target: $(ls -A "$dir")"
[ "$(cat "$dir/user-file")" = keep ] && [ "$(cat "$dir/sub/fsb.data")" = mine ] ||
	fail "a file of the user's changed"
assert_no_leftovers "a directory run of the built-in phases"
exit 0
