#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A clean, unmounted loop device is usable; the list says so too.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/integration/devices-lib.sh"

dev=$(new_loop 64M)
expect_usable "$dev"

raw=$("$FSBENCH" devices 2>&1) || fail "fsbench devices failed: $raw"
out=$(flatten <<<"$raw")
grep -qE "^$dev +7:[0-9]+ .* usable\$" <<<"$out" || { printf '%s\n' "$out" >&2; fail "the list does not show $dev as usable"; }
# and it explains why, for the result file
"$FSBENCH" devices --check "$dev" | grep -q '^  + not mounted$' || fail "--check does not list the checks that passed"
