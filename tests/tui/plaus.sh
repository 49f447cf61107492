#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Plausibility in the TUI: a result whose ext4 block-read was served from
# the page cache (tests/fixtures/plaus/cached.fsbench, on a KVM guest)
# opened in the browser says so where `show` does — in the verdict, once
# that the host caches, and next to the number: "^" after ext4's rate and
# the note under the table.  ext2's rate, read from the device, has no
# mark, and a result without such a run (bonnie-tiny) says nothing of the
# page cache on any screen from its top to its end.  Then out, with exit
# status 0 and the terminal given back.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/tui/tui-lib.sh"

tui_short_data_home
export LC_ALL=C.UTF-8 TUI_ENV="TZ=UTC"
mkdir -p "$results"
fixture=$FSB_SRCDIR/tests/fixtures/plaus/cached.fsbench
cp "$fixture" "$XDG_DATA_HOME/fsbench/results/"

# show says it: the TUI must say the same
"$FSBENCH" show "$fixture" >"$SCRATCH/show.txt" || fail "show exited $?"
grep -q "Not the device's figure: ext4 block-read was served from the page cache" "$SCRATCH/show.txt" ||
	fail "show does not flag ext4's block-read"
[ "$(grep -c "virtual machine (kvm)" "$SCRATCH/show.txt")" = 1 ] || fail "show does not say once that the host caches"

tui_start 200 50
tui_wait 'Where should fsbench run'
tui_keys r
tui_wait 'Results in .*: 1 file'
tui_open_result
tui_wait 'Verdict'
tui_press_until j "Not the device's figure: ext4 block-read was served from the page cache: it read 320 MiB" 60
tui_press_until j 'virtual machine \(kvm\): the figures include the host' 60
[ "$(tui_screen | grep -c 'virtual machine (kvm)')" = 1 ] || { tui_dump; fail "the host's caching is said more than once"; }
tui_press_until j 'Built-in I/O phases' 80
tui_press_until j '^ +ext4 .*[0-9]\^' 40
tui_screen | grep -E '^ +ext2 +[0-9]+' | grep -q '\^' && { tui_dump; fail "ext2's rate is marked"; }
tui_press_until j '\^ ext4 block-read: served from the page cache: it read 320 MiB, the device delivered 96 KiB' 60
tui_keys q
tui_wait 'Results in '

# a result read from the device: no word of the page cache
rm "$XDG_DATA_HOME/fsbench/results/cached.fsbench"
cp "$FSB_SRCDIR/tests/fixtures/bonnie-tiny.fsbench" "$XDG_DATA_HOME/fsbench/results/"
tui_keys R
# the list read again: bonnie-tiny's row (ext2,xfs); "1 file" is what the
# list before the rescan says too
tui_wait 'Results in .*: 1 file'
tui_wait '^▶ .* ext2,xfs +'
tui_open_result
tui_wait 'Verdict|Built-in I/O phases'
tui_never_paging 'page cache' 30 "bonnie-tiny speaks of the page cache"
# out, screen by screen: exit status 0, the terminal given back
tui_quit 'Results in ' 'Where should fsbench run'
exit 0
