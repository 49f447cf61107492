#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The deb phase: the debootstrap tarball is made once from the machine's APT
# mirror (the only download), then every deb phase unpacks it offline.  With
# no tarball and downloads forbidden, the phase is unavailable and says which
# command would make it.
. "$FSB_TESTLIB"
need_root
need_prog debootstrap wget mkfs.ext4 mkfs.xfs

# without the tarball and without downloading: unavailable, with the command
export XDG_CACHE_HOME=$SCRATCH/emptycache
"$FSBENCH" run --image "$SCRATCH/n.img" --size 1G --fs ext4 --phases deb,rm --profile tiny \
	--no-download -o "$SCRATCH/n.fsbench" >"$SCRATCH/n.out" 2>&1 ||
	{ cat "$SCRATCH/n.out"; fail "a run with deb unavailable exited $?"; }
grep -q "deb: unavailable: no debootstrap tarball yet; make it once with 'fsbench prepare --profile tiny deb' (runs: debootstrap --variant=minbase --make-tarball=" "$SCRATCH/n.out" ||
	{ cat "$SCRATCH/n.out"; fail "unavailable deb does not name the command that makes the tarball"; }
grep -A4 'phase "deb"' "$SCRATCH/n.fsbench" | grep -q 'status = "unavailable"' || fail "deb not recorded as unavailable"
assert_no_leftovers "deb unavailable"

# Is a Debian mirror of this machine's APT sources reachable?  Asked apart
# from fsbench (whose own error text says "no network?" on every failure,
# so it cannot tell a broken deb workload from a machine offline): wget,
# which debootstrap downloads with, fetches a suite's Release file.
mirror_reachable() {
	local suite uri
	suite=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
	[ -n "$suite" ] || suite=stable
	for uri in $( { sed -n 's/^deb \(\[[^]]*\] *\)\{0,1\}\([^ ]*\).*/\2/p' /etc/apt/sources.list /etc/apt/sources.list.d/*.list
		sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/*.sources; } 2>/dev/null) http://deb.debian.org/debian; do
		wget -q -T 20 -t 2 -O /dev/null "${uri%/}/dists/$suite/Release" 2>/dev/null && { note "mirror $uri answers"; return 0; }
	done
	return 1
}

# make the tarball (shared cache, so later runs of the suite reuse it)
export XDG_CACHE_HOME=${FSB_TEST_CACHE:-/var/tmp/fsbench-test-cache}
if ! "$FSBENCH" prepare --profile tiny deb >"$SCRATCH/p.out" 2>&1; then
	cat "$SCRATCH/p.out"
	mirror_reachable || skip "the debootstrap tarball cannot be made: no Debian mirror of the APT sources answers (wget)"
	fail "fsbench prepare deb failed, though the Debian mirror answers"
fi

"$FSBENCH" run --image "$SCRATCH/d.img" --size 2G --fs ext4,xfs --phases deb,cp,rm --profile tiny \
	--no-download -o "$SCRATCH/d.fsbench" >"$SCRATCH/d.out" 2>&1 ||
	{ cat "$SCRATCH/d.out"; fail "fsbench run with deb exited $?"; }
assert_no_leftovers "the deb run"
[ "$(grep -cE '^\[[12]/2 (ext4|xfs)\] (deb|cp|rm) .* ok$' "$SCRATCH/d.out")" -eq 6 ] ||
	{ cat "$SCRATCH/d.out"; fail "not every deb/cp/rm phase ran ok"; }
"$FSBENCH" show --ascii "$SCRATCH/d.fsbench" >"$SCRATCH/d.show"
grep -qxF debootstrap "$SCRATCH/d.show" || fail "no debootstrap table"
grep -qE '^ext4 +1\.00 +1\.00 +1\.00 +1\.00$' "$SCRATCH/d.show" || { cat "$SCRATCH/d.show"; fail "summary row of ext4 wrong"; }
exit 0
