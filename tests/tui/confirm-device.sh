#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The destructive confirmation for a usable device: it lists what will be
# destroyed (path, size, signature, label, UUID), and only the device's own
# name goes on, with nothing after it.  A wrong name, another device's name,
# the name with more words or an empty Enter do not proceed; Esc goes back
# to the plan; nothing is written to the device and no run starts.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/tui/tui-lib.sh"
need_root
need_prog mkfs.ext4 losetup blkid

dev=$(new_loop 128M)
other=$(new_loop 64M)
mkfs.ext4 -q -L keepme "$dev" || fail "mkfs.ext4 $dev"
uuid=$(blkid -o value -s UUID "$dev")
sum=$(edge_sum "$dev")
results=$XDG_DATA_HOME/fsbench/results

tui_start 80 24
tui_pick_device "$dev"
tui_keys Enter
tui_wait "ALL DATA ON $dev WILL BE DESTROYED"
screen=$(tui_screen)
grep -qE "Device +$dev \(7:[0-9]+\), loop, 128 MiB" <<<"$screen" || { tui_dump; fail "no device line"; }
grep -qE "Contains +ext4, label keepme, UUID $uuid" <<<"$screen" || { tui_dump; fail "the label and UUID are not shown"; }
grep -q 'Signatures .*TYPE=ext4' <<<"$screen" || { tui_dump; fail "the signatures are not listed"; }

# a wrong name: nothing happens
tui_keys "loop999" Enter
tui_wait '"loop999" does not name '"$dev"': nothing was done'
tui_screen | grep -q "ALL DATA ON $dev" || fail "a wrong name left the confirmation"
# another real device: no
tui_keys "$other" Enter
tui_wait "\"$other\" does not name $dev"
# the name and more words: no (a name cut at its first blank once let
# "loop3 whatever" through), nothing is formatted
tui_keys "${dev#/dev/} whatever" Enter
tui_wait "\"${dev#/dev/} whatever\" does not name $dev: nothing was done"
tui_screen | grep -q "ALL DATA ON $dev" || fail "trailing words left the confirmation"
tui_keys "$dev x" Enter
tui_wait "\"$dev x\" does not name $dev"
# letters typed here are a name, not commands: q does not leave
tui_keys "q"
tui_wait 'Device name: +q'
tui_screen | grep -q "ALL DATA ON $dev" || fail "q left the confirmation"
# Esc goes back to the plan, untouched
tui_keys Escape
tui_wait "Target: $dev: formatted"
# an empty Enter is No as well
tui_keys Enter
tui_wait "ALL DATA ON $dev WILL BE DESTROYED"
tui_keys Enter
tui_wait "Target: $dev: formatted"

tui_quit 'Where should fsbench run'
[ "$(edge_sum "$dev")" = "$sum" ] || fail "$dev was written to"
[ "$(blkid -o value -s UUID "$dev")" = "$uuid" ] || fail "$dev has another filesystem now"
if compgen -G "$results/*.fsbench" >/dev/null; then
	fail "a run started: $(ls "$results")"
fi
exit 0
