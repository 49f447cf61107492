#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The folders are the architecture, and its arrows point one way: each room
# of src/ includes only its own headers and those of the rooms below it
# (doc/DESIGN.md, "Layout").  The front ends (src/cli, ui) sit side by side
# and never include each other; main() lives only in src/cli.
. "$FSB_TESTLIB"

# room: the rooms its files may include
allowed() {
	case $1 in
	sys)     echo "sys" ;;
	model)   echo "model sys" ;;
	devices) echo "devices model sys" ;;
	engine)  echo "engine devices model sys" ;;
	doc)     echo "doc devices model sys" ;;
	cli)     echo "cli doc engine devices model sys" ;;
	ui)      echo "doc engine devices model sys" ;;
	esac
}

bad=
check() { # file room
	local inc room ok r
	while IFS= read -r inc; do
		room=${inc%%/*}
		ok=
		# the program's dispatcher starts the TUI through its one entry point
		[ "$1" = "$FSB_SRCDIR/src/cli/main.c" ] && [ "$inc" = ui/tui.h ] && ok=1
		for r in $(allowed "$2"); do [ "$r" = "$room" ] && ok=1; done
		[ -n "$ok" ] || bad="$bad
$1 includes $inc (a $2 file may include: $(allowed "$2"))"
	done < <(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([a-z]*\/[^"]*\)".*/\1/p' "$1")
}

for d in "$FSB_SRCDIR"/src/*/; do
	room=$(basename "$d")
	[ -n "$(allowed "$room")" ] || fail "src/$room is not a known room: add it to doc/DESIGN.md and to this test"
	for f in "$d"*.[ch]; do check "$f" "$room"; done
done
for f in "$FSB_SRCDIR"/ui/*.[ch]; do check "$f" ui; done
ls "$FSB_SRCDIR"/src/*.[ch] >/dev/null 2>&1 && fail "files directly in src/: every file belongs to a room"

[ -z "$bad" ] || fail "an arrow points the wrong way:$bad"

mains=$(grep -lE '^int[[:space:]]+main[[:space:]]*\(' -r --include='*.[ch]' "$FSB_SRCDIR/src" "$FSB_SRCDIR/ui" | grep -v '/src/cli/' || true)
[ -z "$mains" ] || fail "main() outside src/cli: $mains"
exit 0
