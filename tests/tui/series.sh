#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The device over time in the TUI: a result with series (a real tiny run,
# tests/fixtures/series-tiny.fsbench) opened in the browser shows one
# sparkline per filesystem under its phase, write throughput with the peak
# labelled as `fsbench show` prints it; t switches to IOPS, then to
# utilisation, then back; the key bar names the key.  A file without series
# (seed 000's) shows no such line.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/tui/tui-lib.sh"

tui_short_data_home
export LC_ALL=C.UTF-8 TUI_ENV="TZ=UTC"
mkdir -p "$results"
fixture=$FSB_SRCDIR/tests/fixtures/series-tiny.fsbench
cp "$fixture" "$XDG_DATA_HOME/fsbench/results/"

# what show prints: the sparklines the view must draw the same
"$FSBENCH" show "$fixture" >"$SCRATCH/show.txt" || fail "show exited $?"
spark_ext2=$(grep -E '^  ext2 +[▁▂▃▄▅▆▇█]+ +peak ' "$SCRATCH/show.txt") || fail "show prints no sparkline for ext2"
peak_ext2=$(sed -E 's/.*(peak .*)$/\1/' <<<"$spark_ext2")

tui_start 120 50
tui_wait 'Where should fsbench run'
tui_keys r
tui_wait 'Results in .*: 1 file'
tui_open_result
# the verdict's lines come first (what the target was, phases too short to
# rank): the built-in phases' heading may be below the first screen
tui_wait 'Verdict'
tui_press_until j 'Built-in I/O phases' 80
tui_press_until j '^ +ext4 +[▁▂▃▄▅▆▇█]+ +peak ' 80
tui_wait 'block-write: write throughput over time'
tui_wait '^ +ext2 +[▁▂▃▄▅▆▇█]+ +peak [0-9.]+ MiB/s at [0-9]+ s of [0-9]+ s'
tui_wait '^ +ext4 +[▁▂▃▄▅▆▇█]+ +peak [0-9.]+ MiB/s at [0-9]+ s of [0-9]+ s'
tui_screen | grep -qF -- "$peak_ext2" || { tui_dump; fail "the view's ext2 peak is not show's: $peak_ext2"; }
tui_screen | grep -qE 't +Series' || { tui_dump; fail "the key bar does not name t"; }
tui_keys t
tui_wait 'block-write: read \+ write I/Os per second over time'
tui_wait '^ +ext2 +[▁▂▃▄▅▆▇█]+ +peak [0-9]+ IOPS at'
tui_keys t
tui_wait 'block-write: time the device was busy \(io_ticks\) over time'
tui_wait '^ +ext4 +[▁▂▃▄▅▆▇█]+ +peak [0-9]+% at'
tui_keys t
tui_wait 'block-write: write throughput over time'
tui_keys q
tui_wait 'Results in '

# an older file: no series, no sparkline
cp "$FSB_SRCDIR/data/samples/seed000-desktop-2.6.3.fsbench" "$XDG_DATA_HOME/fsbench/results/"
tui_keys R
tui_wait 'Results in .*: 2 files'
tui_keys End Enter
tui_wait 'Desktop Filesystem Benchmarks in 2.6.3'
tui_never_paging 'over time' 40 "a file without series shows a series line"
tui_quit 'Results in ' 'Where should fsbench run'
exit 0
