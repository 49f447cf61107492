#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The confirmation of an image file at 80x24 with long paths: a
# destructive action's last look never loses a line silently.  What does
# not fit goes on under a "more" mark (or the paths shorten, "…" in their
# middle); Down and PgDn bring the Result file line with its file name's
# end.  A path wraps at its '/'s: the result file's name is never broken
# ("…172840.f" over "sbench"), and a name longer than a line is cut with a
# mark at both ends of the cut.  Nothing is run: No goes back.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/tui/tui-lib.sh"

tui_short_data_home
export TUI_ENV="TZ=UTC"
# a deep directory and an 80-character name: the image's path alone takes
# six rows of the screen's 61 columns
name=$(printf 'image-with-a-long-name-%057d' 0)
[ ${#name} = 80 ] || fail "the name is ${#name} characters, not 80"
dir=$(mktemp -d /tmp/fsbench-confirm-long.XXXXXX) || fail "mktemp"
at_exit rm -rf "$dir"
deep=$dir/a-directory-with-a-long-name/another-directory-with-a-long-name/and-a-third-one/and-a-fourth-one-with-a-long-name/and-a-fifth-one-to-fill-a-row
mkdir -p "$deep" || fail "mkdir $deep"
img=$deep/$name.img

# phases with long names: every phase ticked takes more rows than the
# screen has, even with the paths shortened (as a busy machine's warning
# did when the review saw the line lost)
test_conf < <(for i in 1 2 3 4 5 6 7 8; do
	printf 'phase "a-phase-with-a-rather-long-name-%s" {\n  label = "nothing"\n  command = "true"\n}\n' "$i"
done)

# confirm_screen — the confirmation at 80x24: every field reachable, the
# Result file line with its name whole, at the end of a row (wrapped at a
# '/', or shortened in the middle, never in the name); screen=the last one
confirm_screen() {
	tui_keys Enter
	tui_wait 'Start the run on a new image file\?'
	screen=$(tui_settled)
	if ! grep -q 'Result file' <<<"$screen"; then
		grep -qE '▼ more' <<<"$screen" ||
			{ tui_dump; fail "the Result file line is not on the screen and no 'more' mark says there is more"; }
		tui_press_until NPage 'Result file' 10
		screen=$(tui_settled)
		grep -qE '▲ more' <<<"$screen" || { tui_dump; fail "scrolled down, no 'more' mark above"; }
	fi
	grep -qE "(^ +|/|…)fsbench-[0-9]{8}-[0-9]{6}\.fsbench *$" <<<"$screen" ||
		{ tui_dump; fail "the result file's name is broken or cut"; }
	grep -qF '[ Yes, start ]' <<<"$screen" && grep -qF '[ No ]' <<<"$screen" ||
		{ tui_dump; fail "the buttons are not on the screen"; }
}

# no_cut_name — every row of a path (a row with a '/') ends at the end of a
# name: the next row goes on with a '/', or the row ends in the file's
# name or in a "…" that marks a cut
no_cut_name() {
	awk '{ sub(/ *[▲▼] more$/, ""); sub(/ +$/, "") }
		prev != "" && $0 !~ /^ +[\/…]/ { bad = prev }
		{ prev = "" }
		/^ +(Image file +|Result file +)?[^ ]*\// && !/(\.img|\.fsbench|…)$/ { prev = $0 }
		END { if (bad != "") { print bad; exit 1 } }' <<<"$screen" >"$SCRATCH/cut.txt" ||
		{ tui_dump; fail "a path's row ends in the middle of a name without a mark: $(cat "$SCRATCH/cut.txt")"; }
}

tui_start 80 24 --config "$conf"
tui_plan_image "$img" 512M ext2 -- tar
confirm_screen
# the image: its end on the screen, any cut in a name marked
grep -qE "…0*\.img *$" <<<"$screen" || { tui_dump; fail "the image's name is not shown with its end"; }
no_cut_name
tui_keys n
tui_wait 'Target: new image file'

# every filesystem and phase: the fields are longer than the screen even
# with the paths shortened; they scroll under "more" marks
tui_keys a Tab a
tui_wait '─ Phases \([1-9][0-9]+, '
confirm_screen
no_cut_name
# back up: the image's path, whole (wrapped), and no mark above
tui_press_until PPage 'Image file +/tmp/fsbench-confirm-long' 10
screen=$(tui_settled)
grep -qE '▲ more' <<<"$screen" && { tui_dump; fail "a 'more' mark above the first row"; }
grep -qE "^ +/$name\.img *$|^ +/image-with-a-long-name-0+…$" <<<"$screen" ||
	{ tui_dump; fail "scrolling, the image's path is not whole"; }
no_cut_name

# at 200x50 everything fits: no mark, the full paths
tui_resize 200 50
tui_wait "Image file +$dir/"
tui_wait "^ +[^ ]*/$name\\.img *$"
tui_wait "Result file +$results/fsbench-[0-9]{8}-[0-9]{6}\.fsbench"
tui_screen | grep -qE '[▲▼] more' && { tui_dump; fail "a 'more' mark where everything fits"; }
tui_keys n
tui_wait 'Target: new image file'
[ -e "$img" ] && fail "the image was made, though nothing ran"
tui_keys Q
tui_wait_exit
[ "$TUI_STATUS" = 0 ] || fail "fsbench exited with $TUI_STATUS"
tui_assert_restored
exit 0
