#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A dialog whose text is taller than the screen: the Rerun notice for a
# result with thirty phases this machine does not define, at 80x24.  The
# box says there is more ("▼ more below") and scrolls (Down, PgDn, End,
# PgUp, Home), so every line can be read: each missing phase and the
# closing "Nothing was made." show on some page; the button stays.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/tui/tui-lib.sh"

tui_short_data_home
mkdir -p "$results"
# repeat3-tiny with thirty more phases in its plan, none defined here
extra=
for i in $(seq -w 1 30); do
	extra="$extra,\\n    \"a-phase-this-machine-does-not-define-$i\""
done
sed "0,/^    \"nap\"\$/s//    \"nap\"$extra/" "$FSB_SRCDIR/data/samples/repeat3-tiny.fsbench" >"$results/many.fsbench" ||
	fail "sed"
grep -q '"a-phase-this-machine-does-not-define-30"' "$results/many.fsbench" || fail "no phases added to the sample"
"$FSBENCH" show "$results/many.fsbench" >/dev/null || fail "show of the edited sample exited $?"
export TUI_ENV="TZ=UTC"

tui_start 80 24
tui_wait 'Where should fsbench run'
tui_keys r
tui_wait 'Results in .*: 1 file'
tui_wait "L Rerun"
tui_keys Home L
tui_wait 'This plan cannot be repeated here'
tui_wait '▼ more below'
tui_wait '\[ Close \]'
# every page, to the end: the lines seen
seen=$SCRATCH/seen.txt
tui_screen >"$seen"
tui_keys Down
tui_wait '▲ more above'
tui_press_until NPage 'Nothing was made\.' 20
tui_screen >>"$seen"
tui_screen | grep -q '▼ more below' && { tui_dump; fail "at the end of the text, a mark says there is more below"; }
# back to the top, a page at a time, keeping what shows
while ! tui_screen | grep -q '/many\.fsbench:'; do
	before=$(tui_screen)
	tui_keys PPage
	tui_changed "$before" || { tui_dump; fail "PgUp changed nothing before the top of the text"; }
	printf '%s\n' "$TUI_NOW" >>"$seen"
done
tui_screen | grep -q '▲ more above' && { tui_dump; fail "at the top of the text, a mark says there is more above"; }
for i in $(seq -w 1 30); do
	grep -q "phase a-phase-this-machine-does-not-define-$i: not defined here" "$seen" ||
		{ tui_dump; fail "the notice's line for phase $i was never on the screen"; }
done
tui_keys End
tui_wait 'Nothing was made\.'
tui_keys Home
tui_wait '/many\.fsbench:'
tui_keys Enter
tui_wait_gone 'This plan cannot be repeated here'
tui_wait 'Results in '
tui_quit 'Where should fsbench run'
exit 0
