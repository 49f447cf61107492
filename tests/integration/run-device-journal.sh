#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# External journals on a device target: --journal-device DEV goes through
# the same checks and claim as the target, and one --yes-destroy lists both.
# Without it the extj/extlog profiles are unavailable, with the reason; a
# journal device overlapping the target is refused; a journal left by an
# earlier run is refused like anyone's, with the command that clears it.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/integration/devices-lib.sh"
need_prog mkfs.ext4 mkfs.xfs mke2fs blkid wipefs

imgdir=$(new_imgdir)
dev=$(new_loop 1G "$imgdir/target.img")
jdev=$(new_loop 256M "$imgdir/journal.img")
small=$(new_loop 64M "$imgdir/small.img")
res=$SCRATCH/j.fsbench
sync
before=$(edge_sum "$dev") jbefore=$(fingerprint "$jdev")

unchanged() {
	[ "$(edge_sum "$dev")" = "$before" ] || fail "$1: $dev changed"
	[ "$(fingerprint "$jdev")" = "$jbefore" ] || fail "$1: $jdev changed"
	[ ! -e "$res" ] || fail "$1: a result file was written"
	assert_no_leftovers "$1"
}
expect_3() {
	local what=$1 want=$2 out rc
	shift 2
	out=$("$FSBENCH" run --target "$dev" "$@" --phases rm --profile tiny -o "$res" 2>&1)
	rc=$?
	[ "$rc" = 3 ] && grep -qF -- "$want" <<<"$out" || { printf '%s\n' "$out" >&2; fail "$what: exit $rc, or no '$want'"; }
	note "$what: $(grep -m1 '^fsbench: run: ' <<<"$out")"
}

# the journal device must be confirmed too, in the same --yes-destroy
expect_3 "journal not confirmed" "confirm both with --yes-destroy=$dev,$jdev" \
	--yes-destroy="$dev" --journal-device "$jdev" --fs ext4-extj
unchanged "journal not confirmed"
expect_3 "journal is the target" "--journal-device $dev is the target device itself" \
	--yes-destroy="$dev" --journal-device "$dev" --fs ext4-extj
unchanged "journal is the target"
expect_3 "journal too small" "too small: 64 MiB, at least 128 MiB needed for an external journal of 128 MiB" \
	--yes-destroy="$dev,$small" --journal-device "$small" --fs ext4-extj
unchanged "journal too small"

# the extj profiles with a journal device: each formats it again, twice
"$FSBENCH" run --target "$dev" --yes-destroy="$dev,$jdev" --journal-device "$jdev" \
	--fs ext4,ext4-extj,xfs-extlog,ext3-extj --repeat 2 --phases tar,rm --profile tiny \
	-o "$res" >"$SCRATCH/j.out" 2>&1 || { cat "$SCRATCH/j.out"; fail "run with a journal device exited $?"; }
assert_no_leftovers "a run with a journal device"
# (the timed runs' lines: the stall round's are marked "stall")
[ "$(grep -v ' stall\] ' "$SCRATCH/j.out" | grep -cE '\] (tar|rm) .* ok$')" -eq 16 ] || { cat "$SCRATCH/j.out"; fail "not every phase ran"; }
grep -A6 'filesystem "ext4-extj"' "$res" | grep -q "mkfs = \"mkfs.ext4 .*-J device=$jdev $dev\"" ||
	fail "ext4-extj was not made with its journal on $jdev"
grep -A8 'filesystem "xfs-extlog"' "$res" | grep -q "mount_options = \"logdev=$jdev\"" ||
	fail "xfs-extlog was not mounted with its log on $jdev"
grep -q "\"external journal device $jdev (7:[0-9]*, loop, 256 MiB" "$res" || fail "the journal device is not in the result"
# the runs go in rounds, shuffled: the device holds the type of the last run (highest seq)
# and the journal device what the last run that used it left: ext3's or
# ext4's journal, or xfs's external log
read -r last lastj < <(awk '/^filesystem "/ { fs = $2 } /^  type = / { type[fs] = $3 }
	/seq = / { for (i = 1; i < NF; i++) if ($i == "seq") { s = $(i + 2) + 0
		if (s > max) { max = s; last = fs }
		if (fs ~ /ext[jl]/ && s > maxj) { maxj = s; lastj = fs } } }
	END { print type[last], lastj }' "$res" | tr -d '"')
[ -n "$last" ] && [ -n "$lastj" ] || fail "no run with a sequence number in $res"
[ "$(blkid -p -o value -s TYPE "$dev")" = "$last" ] || fail "$dev does not hold the last filesystem run ($last)"
case $lastj in
xfs-extlog) want=xfs_external_log ;;
*) want=jbd ;;
esac
[ "$(blkid -p -o value -s TYPE "$jdev")" = "$want" ] || fail "$jdev does not hold $lastj's journal ($want)"
note "last run: $last; last on the journal device: $lastj ($want)"

# a journal left there is anyone's journal to the next run: refused, with the way out
before=$(edge_sum "$dev") jbefore=$(fingerprint "$jdev")
rm -f "$res"
expect_3 "journal left by the last run" "clear it with 'wipefs -a $jdev'" \
	--yes-destroy="$dev,$jdev" --journal-device "$jdev" --fs ext4-extj
unchanged "journal left by the last run"

# without a journal device those profiles are unavailable, the rest runs
wipefs -a -q "$jdev"
"$FSBENCH" run --target "$dev" --yes-destroy="$dev" --fs ext4,ext4-extj,xfs-extlog --phases rm \
	--profile tiny -o "$res" >"$SCRATCH/n.out" 2>&1 || { cat "$SCRATCH/n.out"; fail "run without a journal device exited $?"; }
for f in ext4-extj xfs-extlog; do
	grep -A8 "filesystem \"$f\"" "$res" | grep -q 'status = "unavailable"' || fail "$f not unavailable"
	grep -A8 "filesystem \"$f\"" "$res" | grep -q 'error = "needs a second device for its external journal (--journal-device)"' ||
		fail "$f: no reason"
done
[ -z "$(blkid -p -o value -s TYPE "$jdev")" ] || fail "$jdev was touched without being named"
assert_no_leftovers "a run without a journal device"
exit 0
