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
[ $? = 3 ] && grep -qx -- "fsbench: devices: --yes-destroy=$SCRATCH/nonexistent does not name $dev (7:[0-9]*); nothing was done" <<<"$out" ||
	{ printf '%s\n' "$out" >&2; fail "--yes-destroy naming nothing must be refused, saying so"; }
out=$("$FSBENCH" devices --check "$dev" --yes-destroy="$dev" 2>&1) ||
	fail "--yes-destroy naming the device was refused: $out"
grep -q "^confirmed: " <<<"$out" || fail "no confirmation line: $out"
out=$("$FSBENCH" devices --check "$dev" --yes-destroy="$dev" --dry-run 2>&1) ||
	fail "--dry-run with --yes-destroy failed: $out"
grep -q "fsbench would now format $dev (7:[0-9]*, 64 MiB)" <<<"$out" && grep -q "Nothing was written" <<<"$out" ||
	fail "--dry-run does not say what it would format: $out"
[ "$(fingerprint "$dev")" = "$before" ] || fail "--dry-run changed $dev"

# run: the same rules once the engine exists, on a device run would take
# (1 GiB, above its 512 MiB minimum, sparse): only the confirmation refuses
big=$(new_loop 1G)
bother=$(new_loop 1G)
bbefore=$(fingerprint "$big")
for via in $(fsb_commands); do
	[ "$via" = run ] || continue
	out=$("$FSBENCH" run --target "$big" $FSB_RUN_ARGS -o "$SCRATCH/r.fsbench" 2>&1)
	rc=$?
	[ $rc = 3 ] && grep -q "confirm with --yes-destroy=$big" <<<"$out" ||
		{ printf '%s\n' "$out" >&2; fail "run --target without --yes-destroy: exit $rc, expected 3 and 'confirm with --yes-destroy=$big'"; }
	grep -qiE 'too small|smaller than' <<<"$out" && { printf '%s\n' "$out" >&2; fail "run refused $big as too small"; }
	out=$("$FSBENCH" run --target "$big" --yes-destroy="$bother" $FSB_RUN_ARGS -o "$SCRATCH/r.fsbench" 2>&1)
	rc=$?
	[ $rc = 3 ] && grep -q -- "--yes-destroy=$bother does not name $big" <<<"$out" ||
		{ printf '%s\n' "$out" >&2; fail "run --yes-destroy naming another device: exit $rc, expected 3 and 'does not name $big'"; }
	[ "$(fingerprint "$big")" = "$bbefore" ] || fail "a refused run changed $big"
	[ ! -e "$SCRATCH/r.fsbench" ] || fail "a refused run wrote a result file"
done
