#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The recommendation in the TUI: the plan screen asks what the disk is for
# (f: the next use, shown with what it weighs); a result opened in the
# browser shows the recommendation for that use, as `fsbench show --for`
# words it — the use's weights and the table of what else counts under it
# — and u changes the use while viewing (the heading and the pick
# follow).  Seed 000's sample: a system disk gets ext3, not ext2; scratch
# space gets ext2.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/tui/tui-lib.sh"
need_root
need_prog mkfs.ext2

results=$XDG_DATA_HOME/fsbench/results
mkdir -p "$results"
sample=$FSB_SRCDIR/data/samples/seed000-desktop-2.6.3.fsbench
cp "$sample" "$results/"
"$FSBENCH" show --for scratch --ascii "$sample" >"$SCRATCH/scratch.txt" || fail "show --for scratch exited $?"
first=$(sed -n '/^Recommendation for scratch space:/{n;p;q}' "$SCRATCH/scratch.txt" | cut -c3-40)
[ -n "$first" ] || fail "show --for scratch has no recommendation"

tui_start 120 50
tui_plan_image "$SCRATCH/t.img" 2G ext2 --
tui_wait 'Disk is for +‹ system ›'
tui_keys f
tui_wait 'Disk is for +‹ home ›'
tui_keys F F
tui_wait 'Disk is for +‹ removable ›'
tui_keys f
tui_wait 'Disk is for +‹ system ›'
tui_keys r
tui_wait 'Results in .*: 1 file'
tui_open_result
tui_wait 'Desktop Filesystem Benchmarks in 2.6.3'
tui_press_until j 'Recommendation for a system disk' 80
tui_press_until j 'Probably ext3, by one run of each' 20
tui_press_until j 'ext2 was [0-9]+% faster at these phases' 20
# the use's weights, and the table of what else counts under it: the same
# document block as show's, drawn by the view with no code of its own
tui_wait 'Weighed for a system disk: deb ×3, tar, rm ×1; not measured here'
tui_press_until j 'What else counts for a system disk' 20
tui_press_until j 'shrinks +yes +offline +no +no +offline +offline +documen' 20
tui_wait 'power-loss safety +yes +journal +journal +journal +no journal +journal +documen'
# the use while viewing: system → home → build → scratch
tui_keys u
tui_wait 'recommendation for /home'
tui_keys u u
tui_wait 'recommendation for scratch space'
tui_keys g
tui_press_until j 'Recommendation for scratch space' 80
tui_wait "$(sed 's/[][().*+?^$|\\]/\\&/g' <<<"$first")"
tui_screen | grep -q 'Recommendation for a system disk' && { tui_dump; fail "the old use's heading stayed"; }
tui_keys U
tui_wait 'recommendation for build space'
tui_keys q q
exit 0
