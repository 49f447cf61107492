#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The device over time in the run view of a new run: a tiny run of the
# built-in block-write phase on ext2 in an image file, lengthened to a few
# seconds (min_duration 3 s), shows under "Device over time" a sparkline
# of write throughput with its peak for the phase, as the result file's
# series say; t switches the run view to IOPS.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/tui/tui-lib.sh"
need_root
need_prog mkfs.ext2

conf=$SCRATCH/fsbench.conf
sed '/^profile "tiny"/,/^}/s/min_duration = .*/min_duration = 3/' "$FSB_SRCDIR/data/fsbench.conf" >"$conf"
grep -q 'min_duration = 3' "$conf" || fail "could not lengthen the tiny profile's phases"
img=$SCRATCH/t.img
results=$XDG_DATA_HOME/fsbench/results

tui_start 120 50 --config "$conf"
tui_plan_image "$img" 2G ext2 -- block-write
tui_keys Enter
tui_wait 'Start the run on a new image file'
tui_keys y
tui_wait '─ Running ─'
tui_wait 'Run finished' 240
tui_press_until j '^ +ext2 +[▁▂▃▄▅▆▇█]+ +peak [0-9.]+ (MiB|KiB)/s at [0-9]+ s of [0-9]+ s' 40
tui_wait 'Device over time'
tui_wait 'block-write: write throughput over time'
res=$(ls "$results"/*.fsbench 2>/dev/null)
[ "$(wc -w <<<"$res")" = 1 ] || fail "expected one result file in $results, found: $res"
n=$(sed -n 's/^ *series_write_kib_s = "\(.*\)"$/\1/p' "$res" | tr ',' '\n' | wc -l)
[ "$n" -ge 3 ] || fail "the result has $n write samples, expected 3 or more"
"$FSBENCH" show "$res" >"$SCRATCH/show.txt" || fail "fsbench show exited $?"
peak=$(grep -E '^  ext2 ' "$SCRATCH/show.txt" | sed -nE 's/.*(peak [0-9.]+ (MiB|KiB)\/s at [0-9]+ s of [0-9]+ s)$/\1/p')
[ "$(grep -c . <<<"$peak")" = 1 ] || { cat "$SCRATCH/show.txt"; fail "show has no single ext2 line with a peak (found: '$peak')"; }
tui_screen | grep -qF -- "$peak" || { tui_dump; fail "the run view's peak is not show's: $peak"; }
tui_keys t
tui_wait 'block-write: read \+ write I/Os per second over time'
tui_wait '^ +ext2 +[▁▂▃▄▅▆▇█]+ +peak [0-9]+ IOPS at'
tui_keys q
tui_wait 'Where should fsbench run|What should run|Plan' 10
exit 0
