#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# doc/DESIGN.md is the map of the code: every .c file of src/ and ui/, and
# every header without a .c of its own name (a contract such as ui/ui.h or
# an internal header such as engine/synth_int.h), is named in it; and every
# file name it gives under "src/" or "ui/" exists.  A file added or split
# goes into the map (doc/DESIGN.md says so).
. "$FSB_TESTLIB"
cd "$FSB_SRCDIR" || fail "no source tree"
# missing MAP: what MAP lacks or names wrongly, one line each
missing() {
	local f b
	for f in $(find src ui -name '*.[ch]' | sort); do
		b=$(basename "$f")
		case $f in
		*.h) [ -e "${f%.h}.c" ] && continue ;;
		esac
		# the whole name: browse_table.c does not stand for table.c
		grep -qE -- "(^|[^A-Za-z0-9_])${b//./\\.}\>" "$1" || echo "$f is not in the map"
	done
	# the other way: the .c and .h names the map gives exist in src/ or ui/
	# (or tests/, bench/: the map names a few), or are a library's headers
	for b in $(grep -oE '[A-Za-z0-9_-]+\.[ch]\>' "$1" | sort -u); do
		[ -n "$(find src ui tests bench -name "$b" -print -quit 2>/dev/null)" ] && continue
		case $b in stdio.h | stdatomic.h | curses.h | ncurses.h | blkid.h | libmount.h | confuse.h | sqlite3.h | cmocka.h) continue ;; esac
		echo "the map names $b, which does not exist"
	done
}

bad=$(missing doc/DESIGN.md)
[ -z "$bad" ] || fail "doc/DESIGN.md does not match the files:
$bad"

# the check can fail: a map without synth_files.c and with a file that is not
# nor table.c, though it names browse_table.c
grep -v 'synth_files\.c' doc/DESIGN.md | sed -E 's/(^|[^A-Za-z0-9_])table\.c/\1/g' >"$SCRATCH/map"
grep -q 'browse_table\.c' "$SCRATCH/map" || fail "the sample map lost browse_table.c"
echo "  nosuch_file.c  a file that does not exist" >>"$SCRATCH/map"
bad=$(missing "$SCRATCH/map")
grep -q "src/engine/synth_files.c is not in the map" <<<"$bad" &&
	grep -q "src/doc/table.c is not in the map" <<<"$bad" &&
	grep -q "names nosuch_file.c" <<<"$bad" || fail "the check does not find what a sample map lacks: $bad"
exit 0
