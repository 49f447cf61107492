#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The whole interactive flow on a real terminal: pick a new image file, tick
# ext2 and ext4 and three phases (tar, cp, rm: the quick ones) with the tiny
# profile, confirm, watch the run, and find the summary with ext2 at 1.00
# and a bar chart on the screen.  The result file must exist, open in the
# browser with the same numbers, and agree with `fsbench show` (one
# rendering model).
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/tui/tui-lib.sh"
need_root
need_prog mkfs.ext2 mkfs.ext4 tar cp

img=$SCRATCH/t.img
results=$XDG_DATA_HOME/fsbench/results
# beside other tests (make -j2 check) a run may be disturbed by them: this
# test is not about that, so no run is set aside (FSB_CALM), and no cell may
# be marked "?" (every run of a side set aside)
test_conf "$FSB_CALM" "$FSB_CALM_CHECK" </dev/null

tui_start 80 24 --config "$conf"
tui_wait 'Where should fsbench run'

# Target: "Image file…" is the next to last entry
tui_keys End Up
tui_wait '^▶ Image file'
tui_keys Enter
tui_wait '│ File '
tui_keys C-u "$img" Tab C-u 2G Enter
tui_wait "Target: new image file $img, 2 GiB"

# Plan: only ext2 and ext4 …
tui_plan_none fs
tui_plan_tick fs ext2 ext4
tui_wait 'Filesystems \(2\)'
tui_screen | grep -q '\[x\] ext2 ' || fail "ext2 is not ticked"
tui_screen | grep -q '\[x\] ext4 ' || fail "ext4 is not ticked"
# … tar, cp and rm …
tui_keys Tab
tui_plan_none phases
tui_plan_tick phases tar cp rm
tui_wait 'Phases \(3, '
# … with the tiny profile
tui_press_until p 'Size profile +‹ tiny ›' 6
tui_wait 'Baseline +‹ ext2 ›'

# Confirm: a plain question for an image file, default No
tui_keys Enter
tui_wait 'Start the run on a new image file'
tui_screen | grep -q "Image file  *$img" || fail "the confirmation does not name the image file"
tui_keys y
tui_wait '─ Running ─'

# the summary fills in while it runs; wait for the end
tui_wait 'Run finished' 240
tui_wait 'Complete after'

summary=$(tui_summary)
grep -qE '^ ext2 +1\.00 +1\.00 +1\.00 +1\.00$' <<<"$summary" || { tui_dump; fail "the ext2 row is not all 1.00"; }
grep -qE '^ ext4( +[0-9]+\.[0-9]{2}\*?){4}$' <<<"$summary" || { tui_dump; fail "the ext4 row is not filled (or marked ?)"; }
# a bar chart: a bar per filesystem and the axis marking 1.00
tui_screen | grep -qE '^ ext2 █+' || { tui_dump; fail "no bar for ext2"; }
tui_screen | grep -qE '^ ext4 [█▏▎▍▌▋▊▉]+' || { tui_dump; fail "no bar for ext4"; }
tui_screen | grep -qE '^ +0 +1\.00' || { tui_dump; fail "no chart axis with 1.00"; }

# the result file exists, is complete, and says the same as the screen
res=$(ls "$results"/*.fsbench 2>/dev/null)
[ "$(wc -w <<<"$res")" = 1 ] || fail "expected one result file in $results, found: $res"
grep -q '^status = "complete"' "$res" || fail "the result file is not complete"
grep -q '^ *disturbed = ' "$res" && { grep '^ *disturbed = ' "$res"; fail "a run was set aside as disturbed with every limit out of reach"; }
tui_screen | grep -qF "$(basename "$res")" || fail "the run screen does not name $res"
"$FSBENCH" show --ascii "$res" >"$SCRATCH/show.out" || fail "fsbench show failed"
awk '/^Summary/ { s = 1; next } s && /^\(/ { next } s && /^$/ { exit } s' "$SCRATCH/show.out" | sed 's/^/ /' >"$SCRATCH/show.summary"
diff -u "$SCRATCH/show.summary" <(printf '%s\n' "$summary" | grep -v '^ (') ||
	fail "the run screen's summary differs from fsbench show's"

# open it in the browser: the same numbers, and the per-phase tables
tui_keys Enter
tui_wait "— complete"
# (the path may wrap: compare without line breaks and indentation)
tui_screen | tr -d ' \n' | grep -qF "$(basename "$res")" || fail "the browser did not open $res"
tui_press_until j "^ ext4 +[0-9]" 20
browsed=$(tui_summary)
[ "$browsed" = "$summary" ] || { printf 'run:\n%s\nbrowse:\n%s\n' "$summary" "$browsed" >&2; fail "the browser shows other numbers"; }
tui_press_until NPage "^ tar xf$" 10
tui_keys q
tui_wait "complete +tiny +no +image ${img:0:20}"

# back out screen by screen: browse → run → plan → target → exit
tui_quit 'Run finished' 'Target: new image file' 'Where should fsbench run'
assert_no_leftovers "the TUI run"
[ ! -e "$img" ] || fail "the image file was not removed"
exit 0
