#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# `fsbench run --target` needs --yes-destroy naming exactly the device:
# missing or naming another one exits 3, says what to do, writes nothing and
# leaves no result file.  --dry-run runs every check and prints what it
# would format and how (device, size, signatures, each mkfs as it would run,
# the phases), exits 0, and writes nothing either.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/integration/devices-lib.sh"
need_prog mkfs.ext4 mkfs.xfs

imgdir=$(new_imgdir)
dev=$(new_loop 1G "$imgdir/target.img")
other=$(new_loop 1G "$imgdir/other.img")
# something on it, for the dry run to list
mkfs_ext4 -L precious "$dev" || fail "mkfs.ext4"
label_uuid=$(blkid -p -o value -s UUID "$dev")
sync
before=$(edge_sum "$dev")
res=$SCRATCH/r.fsbench
args=(--fs ext4,xfs --phases tar,rm --profile tiny -o "$res")

# run_refused WANT ARGS… — exit 3, WANT in the message, nothing written
run_refused() {
	local want=$1 out rc
	shift
	out=$("$FSBENCH" run --target "$dev" "$@" "${args[@]}" 2>&1)
	rc=$?
	[ "$rc" = 3 ] || { printf '%s\n' "$out" >&2; fail "run $*: exit status $rc, expected 3"; }
	grep -qF -- "$want" <<<"$out" || { printf '%s\n' "$out" >&2; fail "run $*: no '$want' in the message"; }
	[ "$(edge_sum "$dev")" = "$before" ] || fail "run $*: $dev changed"
	[ ! -e "$res" ] && [ ! -e "${res%.fsbench}.log" ] || fail "run $*: a result file or log was written"
	[ ! -e "$XDG_DATA_HOME/fsbench" ] || fail "run $*: the results directory was made"
	assert_no_leftovers "run $*"
	note "refused: $*"
}

run_refused "confirm with --yes-destroy=$dev"
run_refused "--yes-destroy=$other does not name $dev"  --yes-destroy="$other"
run_refused "--yes-destroy=$SCRATCH/none does not name $dev" --yes-destroy="$SCRATCH/none"
run_refused "confirm with --yes-destroy=$dev" --dry-run
# a list naming only other devices is no confirmation either
run_refused "does not name $dev" --yes-destroy="$other,$SCRATCH/none"

# the dry run: every check, the plan, exit 0, nothing written
out=$("$FSBENCH" run --target "$dev" --yes-destroy="$dev" --dry-run "${args[@]}" 2>&1) ||
	{ printf '%s\n' "$out" >&2; fail "--dry-run exited $?"; }
want=(
	"dry run on $dev"
	"device $dev (7:"
	"loop, 1 GiB, backing file $imgdir/target.img"
	"UUID=$label_uuid"
	"LABEL=precious"
	"+ not mounted"
	"fsbench would format $dev, destroying everything on it"
	"1. ext4: "
	"\$ mkfs.ext4 -F -q -E lazy_itable_init=0,lazy_journal_init=0 -U "
	"2. xfs: "
	"\$ mkfs.xfs -f -q -m uuid="
	"the phases tar (extract the source tree), rm (delete everything)"
	"afterwards $dev would hold xfs, unmounted"
	"nothing was written"
)
for w in "${want[@]}"; do
	grep -qF -- "$w" <<<"$out" || { printf '%s\n' "$out" >&2; fail "--dry-run does not say '$w'"; }
done
grep -qE "^  +\\\$ mkfs\\.ext4 -F -q -E lazy_itable_init=0,lazy_journal_init=0 -U [0-9a-f-]{36} $dev\$" <<<"$out" ||
	{ printf '%s\n' "$out" >&2; fail "--dry-run does not show mkfs.ext4 as it would run"; }
[ "$(edge_sum "$dev")" = "$before" ] || fail "--dry-run changed $dev"
[ ! -e "$res" ] && [ ! -e "${res%.fsbench}.log" ] || fail "--dry-run wrote a result file or log"
[ "$(blkid -p -o value -s LABEL "$dev")" = precious ] || fail "--dry-run changed the filesystem"
assert_no_leftovers "--dry-run"
# the device is free again: the claim was released
"$HELPERS/hold_excl" "$dev" "$SCRATCH/held" &
pid=$!
at_exit stop_pid "$pid"
wait_for "$SCRATCH/held"

# and a dry run refuses what a run refuses, with exit status 3
run_refused "busy: the kernel refused an exclusive open" --yes-destroy="$dev" --dry-run
stop_pid "$pid"

# --dry-run, --yes-destroy … only go with a device target
out=$("$FSBENCH" run --image "$SCRATCH/i.img" --dry-run "${args[@]}" 2>&1)
[ $? = 2 ] && grep -q "go with --target DEVICE" <<<"$out" || fail "--dry-run with --image: $out"
[ ! -e "$SCRATCH/i.img" ] || fail "--dry-run with --image made the image"
exit 0
