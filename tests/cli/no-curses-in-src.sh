#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The engine (src/) never touches the terminal: no file in src/ includes a
# curses header, and the library the TUI, the batch command and the tests
# link (libfsbench.a) calls no curses function.  Only ui/ draws.
. "$FSB_TESTLIB"

hits=$(grep -rnE '^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"]((n?cursesw?/)?(n?curses|term|panel|menu|form|cursesapp|cursesf|cursesm|cursesp|cursesw)\.h|ncursesw?/[^>"]*)[>"]' \
	"$FSB_SRCDIR/src" --include='*.c' --include='*.h' || true)
if [ -n "$hits" ]; then
	printf '%s\n' "$hits" >&2
	fail "curses is included in src/: drawing belongs in ui/"
fi

lib=${FSB_BUILDDIR:?}/libfsbench.a
if [ -e "$lib" ] && command -v nm >/dev/null 2>&1; then
	syms=$(nm -u "$lib" 2>/dev/null | awk '{ print $NF }' | sort -u |
		grep -E '^(initscr|newterm|endwin|w?refresh|wnoutrefresh|doupdate|w?getch|wgetch|mvw?addn?str|w?addch|w?attr(set|on|off)|start_color|init_pair|keypad|cbreak|raw|noecho|curs_set|w?erase|w?clear|resizeterm|mousemask|getmouse|set_escdelay|use_default_colors|has_colors|LINES|COLS|stdscr|curscr)$' || true)
	[ -z "$syms" ] || fail "libfsbench.a calls curses: $(echo $syms)"
fi
# and the other way round: every curses user is in ui/
for f in "$FSB_SRCDIR"/ui/*.c; do
	grep -q 'SPDX-License-Identifier' "$f" || fail "$f has no SPDX line"
done
exit 0
