#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# What the disk did in the TUI (doc/disk.md): a real tiny run whose cp
# cloned where it could (tests/fixtures/disk/reflink-auto.fsbench: ext2,
# ext4, xfs, btrfs; a 64 MiB file, then cp -a with coreutils 9's default
# --reflink=auto, the clone phase, rm — made with a config whose cp lacks
# --reflink=never) opened in the browser shows what `show` shows: cp's
# times marked "^" on xfs and btrfs, which did less work (cloned), and the
# note saying so, not on ext2 or ext4; the section with the write
# amplification, the stalls and the clone answers.  Then the plan screen
# lists the clone phase among the desktop phases, ticked by default.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/tui/tui-lib.sh"
need_root

tui_short_data_home
export LC_ALL=C.UTF-8 TUI_ENV="TZ=UTC"
mkdir -p "$results"
fixture=$FSB_SRCDIR/tests/fixtures/disk/reflink-auto.fsbench
cp "$fixture" "$results/"

"$FSBENCH" show "$fixture" >"$SCRATCH/show.txt" || fail "show exited $?"
grep -q '^  note: ^ xfs cp: did less work: cloned' "$SCRATCH/show.txt" || fail "show does not flag xfs's cp"

tui_start 200 50
tui_wait 'Where should fsbench run'
tui_keys r
tui_wait 'Results in .*: 1 file'
tui_open_result
tui_wait 'Summary'
# the summary: cp's column marked on xfs and btrfs only
tui_press_until j '^ +xfs +[0-9.]+ +[0-9.]+ +[0-9.]+\^' 20
tui_screen | grep -E '^ +(ext2|ext4) ' | grep -q '\^' && { tui_dump; fail "ext2's or ext4's cp is marked"; }
tui_press_until j '\^ btrfs cp: did less work: cloned' 40
tui_press_until NPage '^ *What the disk did$' 40
tui_press_until j '^ *What the disk did, all phases' 20
tui_press_until j '^ *Write amplification' 40
tui_press_until j '^ *Stalls: what a save waited during each phase' 40
tui_press_until j '^ *cp +ext2 +[0-9]+ +[0-9.]+ +[0-9.]+ +[0-9.]+' 20
tui_press_until j '^ *Clones \(cp -a --reflink=always of what cp copied\)' 60
tui_press_until j '^ *ext4 +no reflink' 10
tui_press_until j '^ *xfs +clone ' 10
tui_press_until j 'During [a-z]+ on [a-z0-9]+, a save waited up to' 20
tui_keys q
tui_wait 'Results in '
tui_keys q
tui_wait 'Where should fsbench run'
# the plan screen: clone right after cp in the desktop group, ticked by default
tui_keys End Up
tui_wait '^▶ Image file'
tui_keys Enter
tui_wait '│ File '
tui_keys C-u "$SCRATCH/t.img" Tab C-u 2G Enter
tui_wait 'Target: new image file'
tui_wait '\[x\] clone +clone what cp copies'
tui_screen | grep -A1 -E '\[x\] cp ' | grep -qE '\[x\] clone +clone what cp copies' ||
	{ tui_dump; fail "the plan screen does not list clone, ticked, right after cp"; }
tui_quit 'Where should fsbench run'
exit 0
