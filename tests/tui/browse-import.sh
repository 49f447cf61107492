#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The browser reads results made by `fsbench import` like any other: seed
# 003's bonnie++ 1.03 lines (data/samples/) and a fio import are listed,
# open on their tables (normalized to the first filesystem, "not measured"
# for bonnie++'s +++++, never a number), and compare with each other: the
# comparison's header names each file with what it knows, and leaves out
# what an import does not (no start, profile or target): no "?", no empty
# item after a comma, on the screen as in `fsbench show A B`.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/tui/tui-lib.sh"

tui_short_data_home
mkdir -p "$results"
cp "$FSB_SRCDIR/data/samples/seed003-bonnie-1.03.fsbench" "$results/"
"$FSBENCH" import -l ext4 -o "$results/fio.fsbench" "$FSB_SRCDIR/tests/cli/import/fio-two-jobs.json" >/dev/null ||
	fail "fio import exited $?"
export TUI_ENV="TZ=UTC"

tui_start 160 48
tui_wait 'Where should fsbench run'
tui_keys r
tui_wait 'Results in .*: 2 files'
# the rows: seed 003's six filesystems and twelve phases, fio's jobs
tui_wait '^.* ext2,ext3,ext4,reiserfs,jfs,xfs +char-write,block-write,'
tui_wait '^.* ext4 +seqwrite-write,randrw-read,randrw-write'
tui_list_to '   Date ' '^▶.* ext2,ext3,ext4,reiserfs,jfs,xfs ' 2
tui_wait 'Seed 003: bonnie\+\+ 1\.03'
tui_keys Enter
tui_wait '^ *Seed 003: bonnie\+\+ 1\.03'
tui_wait 'Built-in I/O phases \(bonnie\+\+ layout\)'
tui_wait '^ *ext2 +20973 +51 +55322 +18'
tui_wait 'not measured'
tui_screen | grep -E '^ *(ext|reiserfs|jfs|xfs)' | grep -q '+++' && fail "a +++++ is on the screen"
tui_keys q
tui_wait 'Results in '
tui_list_to '   Date ' '^▶.* ext4 +seqwrite-write' 2
tui_wait 'fio 3\.33 results, imported'
tui_keys Enter
tui_wait '^ *fio 3\.33 results, imported'
tui_wait '^ *Throughput'
tui_wait 'seqwrite-write +randrw-read +randrw-write'
tui_keys q
tui_wait 'Results in '

# an imported file in a comparison's header: its name, nothing unknown
"$FSBENCH" show "$results/seed003-bonnie-1.03.fsbench" "$results/seed003-bonnie-1.03.fsbench" >"$SCRATCH/cmp.txt" ||
	fail "show of two imports exited $?"
grep -qx "$results/seed003-bonnie-1.03.fsbench" "$SCRATCH/cmp.txt" ||
	{ cat "$SCRATCH/cmp.txt" >&2; fail "show's comparison header does not name the imported file alone"; }
grep -qE '\?|, *$' <(sed -n '2,3p' "$SCRATCH/cmp.txt") &&
	{ cat "$SCRATCH/cmp.txt" >&2; fail "show's comparison header has a '?' or an empty item for what an import does not know"; }
tui_keys Home Space Space c
tui_wait 'Comparing 2 result files'
tui_wait '^ +seed003-bonnie-1\.03\.fsbench *$'
tui_wait '^ +fio\.fsbench: [0-9]{4}-'
tui_screen | sed -n '/Comparing 2 result files/,/^ *$/p' | grep -qE '\?|, *$' &&
	{ tui_dump; fail "the comparison's header has a '?' or an empty item for what an import does not know"; }
tui_keys q
tui_wait 'Results in '
exit 0
