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

# and the other way round: every curses user is in ui/
for f in "$FSB_SRCDIR"/ui/*.c; do
	grep -q 'SPDX-License-Identifier' "$f" || fail "$f has no SPDX line"
done

# the library make check built: its undefined symbols (a curses call that
# came in through a declaration of its own, no header)
lib=${FSB_BUILDDIR:?}/libfsbench.a
[ -s "$lib" ] || fail "no $lib: make check builds it first; cannot check its symbols"
command -v nm >/dev/null 2>&1 || skip "needs nm to read the symbols of libfsbench.a (apt-get install binutils)"
nm -u "$lib" >"$SCRATCH/undef" 2>"$SCRATCH/nm.err" || { cat "$SCRATCH/nm.err"; fail "nm -u $lib failed"; }
[ -s "$SCRATCH/undef" ] || fail "nm -u $lib lists no undefined symbol at all: not the library"
syms=$(awk '{ print $NF }' "$SCRATCH/undef" | sort -u |
	grep -E '^(initscr|newterm|endwin|w?refresh|wnoutrefresh|doupdate|w?getch|wgetch|mvw?addn?str|w?addch|w?attr(set|on|off)|start_color|init_pair|keypad|cbreak|raw|noecho|curs_set|w?erase|w?clear|resizeterm|mousemask|getmouse|set_escdelay|use_default_colors|has_colors|LINES|COLS|stdscr|curscr)$' || true)
[ -z "$syms" ] || fail "libfsbench.a calls curses: $(echo $syms)"
exit 0
