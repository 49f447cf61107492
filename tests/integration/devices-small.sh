#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Too small for the profile (--min-size), and empty (a detached loop device,
# size 0).
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/integration/devices-lib.sh"

dev=$(new_loop 4M)
# devices --check with --min-size 64M; run with its own minimum (512 MiB)
expect_refused "$dev" "too small: 4 MiB, at least (64 MiB needed|512 MiB needed for the filesystems fsbench formats)" --min-size 64M
expect_usable "$dev" --min-size 4M

# a free loop device has size 0; another test may grab it meanwhile, so
# only a check that still finds it detached counts
for try in 1 2 3 4 5; do
	free=$(losetup -f) || skip "no free loop device"
	out=$(fsb_via devices "$free")
	rc=$?
	# `losetup DEV` fails for a detached device
	! losetup "$free" >/dev/null 2>&1 || continue
	[ $rc = 3 ] && grep -q "empty (size 0)" <<<"$out" || { printf '%s\n' "$out" >&2; fail "a detached $free is not refused as empty"; }
	note "devices --check refuses $free: empty (size 0)"
	exit 0
done
fail "could not find a loop device that stayed detached"
