#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The browser's "run this plan here" (L) on data/samples/repeat3-tiny: with
# the shipped config its nap phase is missing, and a notice says so (nothing
# made; its one button, Close); with a config that defines nap, L leads to
# the target screen and an image target straight to the confirmation, the
# sample's plan loaded (ext2, ext4, xfs × tar, cp, rm, nap, tiny, 3
# repetitions) and the question still asked (No, the default, makes nothing).
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/tui/tui-lib.sh"
need_root
need_prog mkfs.ext2 mkfs.ext4 mkfs.xfs tar

tui_short_data_home
mkdir -p "$results"
cp "$FSB_SRCDIR/data/samples/repeat3-tiny.fsbench" "$results/"

# the shipped config: refused, in a dialog
tui_start 100 30
tui_wait 'Where should fsbench run'
tui_keys r
tui_wait 'Results in .*: 1 file'
tui_wait "L Rerun"
tui_keys Home L
tui_wait 'This plan cannot be repeated here'
tui_wait 'phase nap: not defined here'
# a notice: one button, no second one that does the same
tui_wait '\[ Close \]'
tui_screen | grep -qF '[ OK ]' && { tui_dump; fail "the notice has an OK button beside Close, both only closing it"; }
tui_keys Enter
tui_wait_gone 'This plan cannot be repeated here'
tui_wait 'Results in '
tui_quit 'Where should fsbench run'
tmx kill-session -t t

# with nap, cp and mkfs.ext4 as the sample ran them (its cp is coreutils
# 9's plain cp -a, from before cp copied with --reflink=never; its mkfs.ext4
# left the inode tables to be zeroed after the mount: doc/disk.md)
test_conf "$FSB_CALM; s/ cp -a --reflink=never / cp -a /; s/ -E lazy_itable_init=0,lazy_journal_init=0 / /" "$FSB_CALM_CHECK" <<'CONF'
phase "nap" {
  label = "sleep: 0.3 s on XFS, 0.1 s elsewhere"
  command = 'case $(stat -f -c %T .) in xfs) sleep 0.3;; *) sleep 0.1;; esac'
}
CONF
tui_start 100 30 --config "$conf"
tui_wait 'Where should fsbench run'
tui_keys r
tui_wait 'Results in .*: 1 file'
tui_keys Home L
tui_wait 'Where should fsbench run'
tui_wait 'the plan of .*repeat3-tiny.fsbench: 3 filesystems × 4 phases, profile tiny'
tui_keys End Up
tui_wait '^▶ Image file'
tui_keys Enter
tui_wait '│ File '
tui_keys C-u "$SCRATCH/like.img" Tab C-u 2G Enter
# no plan screen: the confirmation, with the sample's plan
tui_wait 'Start the run on a new image file\?'
tui_wait 'ext2, ext4, xfs +\(baseline ext2\)'
tui_wait 'tar, cp, rm, nap'
tui_wait 'tiny, 3 repetitions'
[ ! -e "$SCRATCH/like.img" ] || fail "the image exists before the question was answered"
# No is the default: Enter goes back, nothing made
tui_keys Enter
tui_wait_gone 'Start the run on a new image file\?'
[ ! -e "$SCRATCH/like.img" ] || fail "No made the image"
tui_keys Q
tui_wait_exit
exit 0
