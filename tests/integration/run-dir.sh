#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A directory target: no reformat, the one filesystem is the one the
# directory is on, the phases run in a work directory that is removed
# afterwards, and the user's files next to it are not touched.
. "$FSB_TESTLIB"
need_prog ccache cc make tar

dir=$SCRATCH/target
mkdir -p "$dir"
echo keep >"$dir/user-file"
dir_fstype "$dir"
fstype=$DIR_FSTYPE
[ -n "$fstype" ] || fail "cannot tell which filesystem $dir is on"
"$FSBENCH" run --dir "$dir" --phases tar,cp,rm --profile tiny -o "$SCRATCH/d.fsbench" \
	>"$SCRATCH/d.out" 2>&1 || { cat "$SCRATCH/d.out"; fail "fsbench run --dir exited $?"; }
[ "$(grep -cE "^\[1/1 $fstype\] (tar|cp|rm) .* ok$" "$SCRATCH/d.out")" -eq 3 ] ||
	{ cat "$SCRATCH/d.out"; fail "the phases did not run on $fstype"; }
[ "$(ls -A "$dir")" = user-file ] || fail "the work directory was left behind: $(ls -A "$dir")"
[ "$(cat "$dir/user-file")" = keep ] || fail "a file of the user's changed"
grep -q 'kind = "dir"' "$SCRATCH/d.fsbench" || fail "target kind not recorded"
grep -q "fstype = \"$fstype\"" "$SCRATCH/d.fsbench" || fail "filesystem type not recorded"
grep -q "fstype_from = \"$DIR_FSTYPE_FROM\"" "$SCRATCH/d.fsbench" ||
	fail "not recorded that the type came from: $DIR_FSTYPE_FROM"
if [ "$(id -u)" != 0 ]; then
	grep -q 'page cache will not be dropped' "$SCRATCH/d.out" || fail "not root: no note about the page cache"
fi
assert_no_leftovers "a directory run"
exit 0
