#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The browser at the smallest size it draws (80x24), where text meets the
# edge: a table's note is prose and wraps, as `fsbench show` prints all of
# it (seed 003's "too fast for bonnie++" note has its end on the screen).
# The key bar promises no key that does nothing: Open, Mark, Rerun and
# Delete only while a file is highlighted.  Numbers in a table wider than
# the screen are whole or not there, each the one `fsbench show` prints;
# text cut at an edge ends in "…"; a number under a "more" mark goes whole.
# A long results directory gives way to the counts and the filter.  The
# list scrolled sideways, then the window enlarged until it all fits, is
# not scrolled any more.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/tui/tui-lib.sh"

tui_short_data_home
mkdir -p "$results"
sample=$FSB_SRCDIR/data/samples/seed003-bonnie-1.03.fsbench
cp "$sample" "$results/"
export TUI_ENV="TZ=UTC"

# the note as show prints it, on one line, and its last word
"$FSBENCH" show "$sample" >"$SCRATCH/show.txt" || fail "show exited $?"
grep -q 'note: not measured: too fast for bonnie++ (it prints +++++ for a test shorter than it can time)' \
	"$SCRATCH/show.txt" || fail "show no longer prints the bonnie++ note this test looks for"

tui_start 80 24
tui_wait 'Where should fsbench run'
tui_keys r
tui_wait 'Results in .*: 1 file$'
tui_open_result
tui_press_until NPage '^ note: not measured: too fast for bonnie\+\+' 10
# the note's end, on the line under it: nothing of it cut off at column 80
tui_screen | grep -A1 '^ note: not measured: too fast' | grep -q 'than it can time)$' ||
	{ tui_dump; fail "the table's note is cut at the edge: its end 'than it can time)' is not on the screen"; }

# the key bar offers what acts on a file only while one is highlighted:
# not when a filter shows none, nor in an empty directory
bar_acts_on_file() {
	tui_screen | tail -1 | grep -qE 'Enter Open|Space Mark|L Rerun|d Delete'
}
tui_keys q
tui_wait 'Results in .*: 1 file$'
bar_acts_on_file || { tui_dump; fail "the key bar does not offer Open, Mark, Rerun, Delete on a listed file"; }
tui_keys / z z z
tui_wait ', 0 shown'
bar_acts_on_file && { tui_dump; fail "the key bar offers keys for a file while the filter shows none"; }
tui_keys Escape
tui_wait_gone ', 0 shown'
tui_keys d
tui_wait 'Delete a result file\?'
tui_keys y
tui_wait 'Results in .*: 0 files'
tui_wait 'No result files yet'
bar_acts_on_file && { tui_dump; fail "the key bar offers keys for a file in an empty directory"; }

tui_keys Q
tui_wait_exit
[ "$TUI_STATUS" = 0 ] || fail "fsbench exited with $TUI_STATUS"
tui_assert_restored
tmx kill-session -t t

# A filesystem named at length widens the frozen first column until the
# summary's numbers meet the right edge: each one shown is whole and the
# one `fsbench show` prints in its place, never "1.0" cut from "1.00".
long=reiser4-with-a-very-long-configuration-name-nodiscard-compress-zstd
sed "s/^filesystem \"reiser4\" {/filesystem \"$long\" {/" "$FSB_SRCDIR/data/samples/seed000-desktop-2.6.3.fsbench" \
	>"$results/long.fsbench"
"$FSBENCH" show "$results/long.fsbench" | awk '/^Summary$/ { s = 1; next } s && /^$/ { exit } s' |
	grep -E '^(ext2|ext3|jfs|reiser|reiser4-with[^ ]*|xfs) ' >"$SCRATCH/show-summary.txt" ||
	fail "show of the long name's result has no summary rows"
grep -q "^$long " "$SCRATCH/show-summary.txt" || fail "show does not print the long name"
tui_start 80 24
tui_wait 'Where should fsbench run'
tui_keys r
tui_wait 'Results in .*: 1 file$'
# text cut at the edge ends in "…": the list's target, the preview's workload
tui_screen | grep -qE '^▶ .* device 3GB partition starting fr…$' ||
	{ tui_dump; fail "the target cut at the screen's edge has no '…'"; }
tui_screen | grep -qE '^│ workload: Debian unstable .*… │$' ||
	{ tui_dump; fail "the workload cut at the preview's edge has no '…'"; }
tui_open_result
tui_wait "^ $long "
# each screen row's numbers: the first ones of show's row, each whole
tui_summary | grep -E '^ (ext2|ext3|jfs|reiser|reiser4-with[^ ]*|xfs) ' >"$SCRATCH/tui-summary.txt"
[ "$(wc -l <"$SCRATCH/tui-summary.txt")" = 6 ] || { tui_dump; fail "not six summary rows on the screen"; }
while read -r fs nums; do
	want=$(awk -v fs="$fs" '$1 == fs { $1 = ""; sub(/^ /, ""); print }' "$SCRATCH/show-summary.txt")
	nums=$(tr -s ' ' <<<"$nums")
	[ -n "$nums" ] || continue
	case "$want " in
	"$nums "*) ;;
	*) tui_dump; fail "$fs: the screen shows '$nums', show prints '$want': a number cut at the edge" ;;
	esac
done <"$SCRATCH/tui-summary.txt"

# nor under a "more" mark: the number left of one, on every page, is whole,
# one that show prints in the same filesystem's row ("39" was 391.21)
"$FSBENCH" show "$results/long.fsbench" >"$SCRATCH/show-long.txt" || fail "show exited $?"
marked_numbers_whole() {
	local first rest last
	while read -r first rest; do
		last=${rest##* }
		[[ $first =~ ^(ext2|ext3|jfs|reiser|$long|xfs)$ && $last =~ ^[0-9.×%]+$ ]] || continue
		awk -v f="$first" -v t="$last" '$1 == f { for (i = 2; i <= NF; i++) if ($i == t) ok = 1 } END { exit !ok }' \
			"$SCRATCH/show-long.txt" ||
			{ tui_dump; fail "'$last' left of a more mark in $first's row is no number show prints there: cut by the mark"; }
	done < <(tui_screen | grep -E '[▲▼] more$' | sed -E 's/ *[▲▼] more$//')
}
tui_each_page 80 marked_numbers_whole
tui_keys Q
tui_wait_exit
[ "$TUI_STATUS" = 0 ] || fail "fsbench exited with $TUI_STATUS"
tui_assert_restored
tmx kill-session -t t

# A results directory with a long path (a long user name, a deep home):
# the heading gives the path's end, and keeps the counts and the filter
# being typed on the screen.
XDG_DATA_HOME=$(mktemp -d "$SCRATCH/a-data-directory-whose-path-is-long-enough-to-fill-a-line.XXXXXX") || fail "mktemp"
export XDG_DATA_HOME
mkdir -p "$XDG_DATA_HOME/fsbench/results"
cp "$sample" "$XDG_DATA_HOME/fsbench/results/"
tui_start 80 24
tui_wait 'Where should fsbench run'
tui_keys r
tui_wait '^ Results in .*….*/fsbench/results: 1 file$'
tui_keys / z z
tui_wait '^ Results in .*: 1 file, 0 shown +filter zz'
tui_keys Escape
tui_wait_gone ', 0 shown'
tui_keys Q
tui_wait_exit
[ "$TUI_STATUS" = 0 ] || fail "fsbench exited with $TUI_STATUS"
tui_assert_restored
tmx kill-session -t t

# The list scrolled sideways at 80 columns, then the window enlarged: the
# columns that now fit are not kept scrolled out (no "‹": Date, Status,
# Profile… from the left; seed 003's phases alone are wider than 250
# columns, which once kept the list at its old scroll, Status cut to
# "atus"), and back at 80 columns the list starts at its left edge.
tui_short_data_home
mkdir -p "$results"
cp "$FSB_SRCDIR/data/samples/seed000-desktop-2.6.3.fsbench" "$FSB_SRCDIR/data/samples/repeat3-tiny.fsbench" \
	"$sample" "$results/"
tui_start 80 24
tui_wait 'Where should fsbench run'
tui_keys r
tui_wait 'Results in .*: 3 files$'
tui_wait '^   Date +Status '
tui_press_until Right '^   Date +‹' 4
for i in 1 2; do
	before=$(tui_screen)
	tui_keys Right
	tui_changed "$before" || { tui_dump; fail "Right did not scroll the list"; }
done
tui_screen | grep -q '^   Date .*Status' && { tui_dump; fail "three Rights did not scroll Status out"; }
tui_resize 250 50
tui_wait '^   Date +[^ ]'
tui_wait_gone '^   Date +‹'
tui_wait '^   Date +Status +Profile +Aged +Target +Filesystems +Phases'
tui_screen | grep -q '^   Date +‹' && { tui_dump; fail "the enlarged list keeps columns scrolled out that fit"; }
tui_resize 80 24
tui_wait '^   Date +Status +Profile '
tui_keys Q
tui_wait_exit
[ "$TUI_STATUS" = 0 ] || fail "fsbench exited with $TUI_STATUS"
tui_assert_restored
exit 0
