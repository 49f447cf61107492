#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Confirmation: batch mode needs --yes-destroy naming exactly the device;
# anything else exits 3.  --dry-run runs every check, claim included, says
# what it would format and writes nothing.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/integration/devices-lib.sh"

dev=$(new_loop 64M)
other=$(new_loop 64M)
before=$(fingerprint "$dev")

out=$("$FSBENCH" devices --check "$dev" --dry-run 2>&1)
[ $? = 3 ] && grep -q "confirm with --yes-destroy=$dev" <<<"$out" ||
	{ printf '%s\n' "$out" >&2; fail "--dry-run without --yes-destroy must be refused"; }
out=$("$FSBENCH" devices --check "$dev" --yes-destroy="$other" 2>&1)
[ $? = 3 ] && grep -q -- "--yes-destroy=$other does not name $dev" <<<"$out" ||
	{ printf '%s\n' "$out" >&2; fail "--yes-destroy naming another device must be refused"; }
out=$("$FSBENCH" devices --check "$dev" --yes-destroy="$SCRATCH/nonexistent" 2>&1)
[ $? = 3 ] || fail "--yes-destroy naming nothing must be refused: $out"
out=$("$FSBENCH" devices --check "$dev" --yes-destroy="$dev" 2>&1) ||
	fail "--yes-destroy naming the device was refused: $out"
grep -q "^confirmed: " <<<"$out" || fail "no confirmation line: $out"
out=$("$FSBENCH" devices --check "$dev" --yes-destroy="$dev" --dry-run 2>&1) ||
	fail "--dry-run with --yes-destroy failed: $out"
grep -q "fsbench would now format $dev (7:[0-9]*, 64 MiB)" <<<"$out" && grep -q "Nothing was written" <<<"$out" ||
	fail "--dry-run does not say what it would format: $out"
[ "$(fingerprint "$dev")" = "$before" ] || fail "--dry-run changed $dev"

# run: the same rules once the engine exists
for via in $(fsb_commands); do
	[ "$via" = run ] || continue
	out=$("$FSBENCH" run --target "$dev" $FSB_RUN_ARGS 2>&1)
	[ $? = 3 ] || fail "run --target without --yes-destroy must exit 3: $out"
	out=$("$FSBENCH" run --target "$dev" --yes-destroy="$other" $FSB_RUN_ARGS 2>&1)
	[ $? = 3 ] || fail "run --yes-destroy naming another device must exit 3: $out"
	[ "$(fingerprint "$dev")" = "$before" ] || fail "a refused run changed $dev"
done
