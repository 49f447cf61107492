#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The browser on seed 000's published results, compared screen by screen
# with tests/expected/tui/ (80x24, UTF-8, UTC): the list, the open result
# (summary and chart as the seed's tables), and a comparison of two files.
# Then the same result in an ASCII locale (no byte above 127, bars of #),
# without colors (NO_COLOR: no color escapes, attributes only), the filter,
# and delete, which asks first and defaults to keeping the file.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/tui/tui-lib.sh"

# a data directory whose path always has the same length, masked
tui_short_data_home
expected=$FSB_SRCDIR/tests/expected/tui
mkdir -p "$results"
sample=$FSB_SRCDIR/data/samples/seed000-desktop-2.6.3.fsbench
cp "$sample" "$results/"
# a second file: the same numbers a day later
sed 's/^started = "2004-02-20T00:00:00Z"/started = "2004-02-21T00:00:00Z"/' "$sample" >"$results/seed000-again.fsbench"
export TUI_ENV="TZ=UTC"

# compare NAME — the screen against the expected file, the scratch path masked
compare() {
	tui_settled | sed -E 's|/tmp/fsbench-tui\.[A-Za-z0-9]{6}|/tmp/fsbench-tui.XXXXXX|g' >"$SCRATCH/$1.txt"
	if [ -n "${FSB_UPDATE_EXPECTED:-}" ]; then
		cp "$SCRATCH/$1.txt" "$expected/$1.txt"
		return
	fi
	diff -u "$expected/$1.txt" "$SCRATCH/$1.txt" || fail "screen $1 differs from tests/expected/tui/$1.txt (- expected, + got)"
}

tui_start 80 24
tui_wait 'Where should fsbench run'
tui_keys r
tui_wait 'Results in .*: 2 files'
compare browse-list
tui_keys Down Enter
tui_wait 'Desktop Filesystem Benchmarks in 2.6.3'
compare browse-seed000
# the chart follows the highlighted column: rm, where xfs is 10.27
tui_keys Left
tui_wait '^ rm, dead time'
tui_press_until j '^ xfs +[█▏▎▍▌▋▊▉]+ +10\.27$' 10
# the metric switches the tables: real time
tui_keys m
tui_wait 'real time normalized to ext2'
tui_keys q
tui_wait 'Results in '

# mark both, compare
tui_keys Home Space Space c
tui_wait 'Comparing 2 result files'
compare browse-compare
tui_keys q
tui_wait 'Results in '

# filter: nothing matches "zzz", Esc shows all again
tui_keys / z z z
tui_wait ', 0 shown'
tui_keys Escape
tui_wait_gone ', 0 shown'
tui_wait 'complete +full +no +device'

# delete: the default answer keeps the file, y deletes it
tui_keys Home
tui_wait '^▶. 2004-02-21'
tui_keys d
tui_wait 'Delete a result file\?'
tui_keys Enter
tui_wait_gone 'Delete a result file\?'
[ -e "$results/seed000-again.fsbench" ] || fail "the default answer deleted the file"
tui_keys d
tui_wait 'Delete a result file\?'
tui_keys y
tui_wait 'Results in .*: 1 file$'
[ ! -e "$results/seed000-again.fsbench" ] || fail "y did not delete the file"
[ -e "$results/seed000-desktop-2.6.3.fsbench" ] || fail "the other file was deleted"
tui_keys q q
tui_wait_exit
[ "$TUI_STATUS" = 0 ] || fail "fsbench exited with $TUI_STATUS"
tui_assert_restored
tmx kill-session -t t

# ASCII locale: the same view, nothing but ASCII, bars of '#'
TUI_LOCALE=C tui_start 80 24
tui_wait 'Where should fsbench run'
tui_keys r
tui_wait 'Results in '
tui_keys Enter
tui_wait 'Desktop Filesystem Benchmarks'
tui_settled >"$SCRATCH/ascii.txt"
if LC_ALL=C grep -q '[^ -~]' "$SCRATCH/ascii.txt"; then
	LC_ALL=C grep -n '[^ -~]' "$SCRATCH/ascii.txt" >&2
	fail "non-ASCII characters on the screen in the C locale"
fi
grep -qE '^ ext3 +#+ +1\.13$' "$SCRATCH/ascii.txt" || { cat "$SCRATCH/ascii.txt" >&2; fail "no ASCII bar"; }
tui_keys Q
tui_wait_exit
tmx kill-session -t t

# colors by default; NO_COLOR: attributes only
tui_start 80 24
tui_wait 'Where should fsbench run'
tmx capture-pane -e -p -t t | grep -qE $'\e\\[[0-9;]*(3[0-7]|9[0-7]|38;5;[0-9]+)m' ||
	fail "no colors on a color terminal"
tui_keys Q
tui_wait_exit
tmx kill-session -t t
TUI_ENV="TZ=UTC NO_COLOR=1" tui_start 80 24
tui_wait 'Where should fsbench run'
if tmx capture-pane -e -p -t t | grep -qE $'\e\\[([0-9;]*;)?(3[0-7]|4[0-7]|9[0-7]|10[0-7]|38;5;[0-9]+|48;5;[0-9]+)(;[0-9;]*)?m'; then
	tmx capture-pane -e -p -t t | cat -v | head -5 >&2
	fail "colors with NO_COLOR set"
fi
tmx capture-pane -e -p -t t | grep -qE $'\e\\[[0-9;]*7m' || fail "no reverse video for the cursor without colors"
tui_keys Q
tui_wait_exit
tui_assert_restored
exit 0
