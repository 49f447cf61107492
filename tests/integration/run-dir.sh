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
fstype=$(findmnt -n -o FSTYPE --target "$dir")
"$FSBENCH" run --dir "$dir" --phases tar,cp,rm --profile tiny -o "$SCRATCH/d.fsbench" \
	>"$SCRATCH/d.out" 2>&1 || { cat "$SCRATCH/d.out"; fail "fsbench run --dir exited $?"; }
[ "$(grep -cE "^\[1/1 $fstype\] (tar|cp|rm) .* ok$" "$SCRATCH/d.out")" -eq 3 ] ||
	{ cat "$SCRATCH/d.out"; fail "the phases did not run on $fstype"; }
[ "$(ls -A "$dir")" = user-file ] || fail "the work directory was left behind: $(ls -A "$dir")"
[ "$(cat "$dir/user-file")" = keep ] || fail "a file of the user's changed"
grep -q 'kind = "dir"' "$SCRATCH/d.fsbench" || fail "target kind not recorded"
grep -q "fstype = \"$fstype\"" "$SCRATCH/d.fsbench" || fail "filesystem type not recorded"
if [ "$(id -u)" != 0 ]; then
	grep -q 'page cache will not be dropped' "$SCRATCH/d.out" || fail "not root: no note about the page cache"
fi
assert_no_leftovers "a directory run"
exit 0
