#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The TUI's result view is the same document as `fsbench show`: opened in
# the browser and scrolled through page by page (the pages stitched into
# one column of lines), it has the same sections in the same order with
# the same numbers as `show` (tests/helpers/doc_sections.py), and with
# every repetition shown (p) the same as `show --raw` — for seed 000's
# sample, the 3-repetition sample, the built-in phases fixture and the
# aging fixture (its Aging section) and the crash fixture (its Crash
# consistency section); the recommendation's table of what else counts
# too.  A line under a "more" mark (the last of a page under "▼", the
# first under "▲") is a prefix of the full one on the next or last page.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/tui/tui-lib.sh"
[ -x /usr/bin/python3 ] || skip "needs Debian's /usr/bin/python3 (apt-get install python3)"

export LC_ALL=C.UTF-8 TUI_ENV="TZ=UTC"
sk=$FSB_SRCDIR/tests/helpers/doc_sections.py
COLS=220 ROWS=50

# stitch PAGE… — the view's lines: each page without the top bar and the two
# key bars, the "more" marks cut off, overlapping lines counted once
stitch() {
	/usr/bin/python3 - "$@" <<'PY'
import re, sys
out = []
cut = False     # out's last line lost its end under the "▼ more" mark
def same(a, b, first, last):
    # a line under a mark is a prefix of the full one on the other page:
    # the last one of a page under "▼ more", the first one under "▲ more"
    return a == b or (last and cut and b.startswith(a)) or (first and top and a.startswith(b))
for path in sys.argv[1:]:
    page = open(path, encoding="utf-8").read().split("\n")[1:-3]
    marked = bool(page) and re.search(r"[▲▼] more\s*$", page[-1]) is not None
    top = bool(page) and re.search(r"▲ more\s*$", page[0]) is not None
    page = [re.sub(r"\s*[▲▼] more\s*$", "", l).rstrip() for l in page]
    page = [l[1:] if l.startswith(" ") else l for l in page]   # the view's left margin
    k = min(len(out), len(page))
    while k and not all(same(x, y, i == 0, i == k - 1) for i, (x, y) in enumerate(zip(out[-k:], page[:k]))):
        k -= 1
    if k:
        out[-1] = page[k - 1]
    out += page[k:]
    cut = marked
print("\n".join(out))
PY
}

# scroll NAME — from the top to the end, one page at a time, into $SCRATCH/NAME.tui
scroll() {
	local name=$1 i=0 pages=() before
	tui_keys Home
	# the top drawn (after p the view may still be at the end) before it is read
	tui_wait_gone '▲ more'
	tui_settled >"$SCRATCH/$name.0"
	pages+=("$SCRATCH/$name.0")
	while grep -q '▼ more' "$SCRATCH/$name.$i"; do
		[ $i -lt 60 ] || fail "$name: still more after 60 pages"
		before=$(tui_screen)
		tui_keys NPage
		tui_changed "$before" || { tui_dump; fail "$name: PgDn did not scroll"; }
		i=$((i + 1))
		printf '%s\n' "$TUI_NOW" >"$SCRATCH/$name.$i"
		cmp -s "$SCRATCH/$name.$((i - 1))" "$SCRATCH/$name.$i" && fail "$name: PgDn did not scroll"
		pages+=("$SCRATCH/$name.$i")
	done
	[ $i -ge 1 ] || fail "$name: the view fits on one page: nothing was scrolled"
	stitch "${pages[@]}" >"$SCRATCH/$name.tui"
}

for f in data/samples/seed000-desktop-2.6.3.fsbench data/samples/repeat3-tiny.fsbench \
	tests/fixtures/bonnie-tiny.fsbench tests/fixtures/aging-3fs.fsbench tests/fixtures/crash-4fs.fsbench; do
	src=$FSB_SRCDIR/$f
	b=$(basename "$f" .fsbench)
	tui_short_data_home
	mkdir -p "$results"
	cp "$src" "$XDG_DATA_HOME/fsbench/results/"
	"$FSBENCH" show "$src" >"$SCRATCH/$b.txt" || fail "show $f exited $?"
	"$FSBENCH" show --raw "$src" >"$SCRATCH/$b.raw.txt" || fail "show --raw $f exited $?"
	/usr/bin/python3 "$sk" text "$src" "$SCRATCH/$b.txt" >"$SCRATCH/$b.sk"
	/usr/bin/python3 "$sk" text "$src" "$SCRATCH/$b.raw.txt" >"$SCRATCH/$b.raw.sk"

	tui_start $COLS $ROWS
	tui_wait 'Where should fsbench run'
	tui_keys r
	tui_wait 'Results in .*: 1 file'
	tui_keys Enter
	tui_wait 'Summary|Built-in I/O phases|Crash consistency'
	scroll "$b"
	/usr/bin/python3 "$sk" tui "$src" "$SCRATCH/$b.tui" >"$SCRATCH/$b.tui.sk"
	diff -u "$SCRATCH/$b.sk" "$SCRATCH/$b.tui.sk" || fail "$f: the TUI's view differs from show (- show, + TUI)"
	tui_keys p
	tui_wait 'per-repetition tables shown'
	scroll "$b.raw"
	/usr/bin/python3 "$sk" tui "$src" "$SCRATCH/$b.raw.tui" >"$SCRATCH/$b.raw.tui.sk"
	diff -u "$SCRATCH/$b.raw.sk" "$SCRATCH/$b.raw.tui.sk" ||
		fail "$f: the TUI's view with every repetition differs from show --raw (- show, + TUI)"
	# a crash-only result has its table, its runs and their order
	min=5 && [ "$b" = crash-4fs ] && min=3
	[ "$(grep -c '^T ' "$SCRATCH/$b.raw.tui.sk")" -ge $min ] || fail "$f: fewer than $min tables in the TUI"
	tui_keys q q Q
	tui_wait_exit
	tmx kill-session -t t
done
grep -q '^T total — .*statistics$' "$SCRATCH/repeat3-tiny.raw.tui.sk" || fail "no statistics of the total in the TUI"
grep -q '^T What every rate is made of$' "$SCRATCH/bonnie-tiny.tui.sk" || fail "no latency table in the TUI"
grep -q '^T What else counts for a system disk$' "$SCRATCH/seed000-desktop-2.6.3.tui.sk" ||
	fail "no table of what else counts under the recommendation in the TUI"
grep -q '^P mkfs.xfs version 6.1.0$' "$SCRATCH/bonnie-tiny.tui.sk" || fail "no program versions in the TUI"
grep -q '^H Aging$' "$SCRATCH/aging-3fs.tui.sk" || fail "no Aging section in the TUI"
grep -q '^C grep -r of the tree aged' "$SCRATCH/aging-3fs.tui.sk" || fail "no aging chart in the TUI"
grep -q '^T aging phases — every repetition$' "$SCRATCH/aging-3fs.raw.tui.sk" || fail "no aging runs in the TUI's p"
grep -q '^H Crash consistency$' "$SCRATCH/crash-4fs.tui.sk" || fail "no Crash consistency section in the TUI"
grep -q '^T What survives a power loss$' "$SCRATCH/crash-4fs.tui.sk" || fail "no crash table in the TUI"
grep -q '^T crash phase — every repetition$' "$SCRATCH/crash-4fs.raw.tui.sk" || fail "no crash runs in the TUI's p"
exit 0
