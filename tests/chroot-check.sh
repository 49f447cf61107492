#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/chroot-check.sh — the test suite where a newcomer first tries it
# (issue 15): a fresh Debian 12 made by debootstrap with git and sudo added,
# the packages the README's first command installs, the repository (this
# tree's committed HEAD) cloned as root into /root/fsbench (mode 700), and
# the README's second command run there unchanged.  It must end "0 failed".
# Then `fsbench run --dir` in the chroot must record the filesystem the
# directory is really on, as seen from outside the chroot.
#
#   tests/chroot-check.sh [--keep]
#
# Needs root, debootstrap and Debian's mirror (the first time: the base
# system and the .debs are cached in /var/tmp/fsbench-chroot-cache).  The
# chroot gets /proc, /sys, /dev, /dev/pts, /dev/shm and a /run with
# /run/lock, so loop devices, mounts and tmux work in it.  Whatever it
# mounted, attached or started is undone at exit, also on failure or ^C;
# --keep leaves the unmounted chroot's files for a look.  Minutes long:
# neither CI nor tests/run runs it.
set -u
export LC_ALL=C.UTF-8

MIRROR=${FSB_MIRROR:-http://deb.debian.org/debian}
SUITE=bookworm
CACHE=/var/tmp/fsbench-chroot-cache
keep=
[ "${1:-}" = --keep ] && keep=1

die() { echo "chroot-check: $*" >&2; exit 1; }
say() { echo "== $*"; }

[ "$(id -u)" = 0 ] || die "needs root (debootstrap, chroot, mount)"
command -v debootstrap >/dev/null || PATH=$PATH:/usr/sbin:/sbin command -v debootstrap >/dev/null ||
	die "needs debootstrap (apt-get install debootstrap)"
export PATH=$PATH:/usr/sbin:/sbin
repo=$(cd "$(dirname "$0")/.." && pwd) || exit 2
git -C "$repo" rev-parse --verify -q HEAD >/dev/null || die "$repo is not a git repository"
arch=$(dpkg --print-architecture) || die "dpkg --print-architecture failed"

mkdir -p "$CACHE/debs" || die "cannot create $CACHE"
work=$(mktemp -d /var/tmp/fsbench-chroot.XXXXXX) || die "mktemp"
root=$work/root

# --- cleanup: always, whatever happened ---------------------------------
mounts_below() {
	findmnt -rn -o TARGET | awk -v r="$root/" 'index($0 "/", r) == 1' | sort -r
}
cleanup() {
	local rc=$? p m d n
	trap - EXIT INT TERM HUP
	# processes still in the chroot (a test's tmux server, a stray sleep):
	# started by this script, and they hold mounts busy
	for n in 1 2 3; do
		for p in /proc/[0-9]*; do
			[ "$(readlink "$p/root" 2>/dev/null)" = "$root" ] && kill -9 "${p#/proc/}" 2>/dev/null
		done
		sleep 0.2
	done
	# mounts below the chroot, deepest first: ours and any a test left
	for n in 1 2 3; do
		for m in $(mounts_below); do
			umount "$m" 2>/dev/null || umount -l "$m" 2>/dev/null
		done
		[ -z "$(mounts_below)" ] && break
	done
	# loop devices backed by files in the chroot
	losetup -ln -O NAME,BACK-FILE 2>/dev/null | while read -r d p; do
		case $p in "$root"/*) losetup -d "$d" ;; esac
	done
	exec {lockfd}<&- 2>/dev/null
	if [ -n "$(mounts_below)" ]; then
		echo "chroot-check: still mounted, $work left in place:" >&2
		mounts_below >&2
		rc=1
	elif [ -n "$keep" ]; then
		echo "chroot-check: kept $root"
	else
		rm -rf --one-file-system "$work"
	fi
	exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

# --- a fresh Debian 12 with git and sudo --------------------------------
tarball=$CACHE/$SUITE-$arch.tgz
incl=--include=git,sudo,ca-certificates
if [ ! -s "$tarball" ]; then
	say "debootstrap: fetching $SUITE from $MIRROR into $tarball"
	debootstrap "$incl" --make-tarball="$tarball.part" "$SUITE" "$work/mk" "$MIRROR" >"$work/mk.log" 2>&1 ||
		{ tail -20 "$work/mk.log"; die "debootstrap --make-tarball failed"; }
	mv "$tarball.part" "$tarball" && rm -rf "$work/mk"
fi
say "debootstrap: $SUITE into $root"
debootstrap "$incl" --unpack-tarball="$tarball" "$SUITE" "$root" "$MIRROR" >"$work/debootstrap.log" 2>&1 ||
	{ tail -20 "$work/debootstrap.log"; die "debootstrap failed"; }
cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null

# --- what a chroot needs from the kernel ---------------------------------
mount -t proc proc "$root/proc" || die "mount proc"
mount --bind /sys "$root/sys" || die "bind /sys"
mount --bind /dev "$root/dev" || die "bind /dev"
mount --bind /dev/pts "$root/dev/pts" || die "bind /dev/pts"
[ -d /dev/shm ] && { mount --bind /dev/shm "$root/dev/shm" || die "bind /dev/shm"; }
mount -t tmpfs -o mode=755,nosuid,nodev tmpfs "$root/run" || die "mount /run"
mkdir -m 1777 "$root/run/lock" || die "mkdir /run/lock"
# The tests serialize device scans against device work with a lock file in
# /var/tmp (tests/lib.sh); tests on this machine outside the chroot must
# see the chroot's lock holders.  A link to this script's open descriptor
# of the host's lock file is that same file, without bind-mounting a file
# of the host's root filesystem into the chroot (which would put that
# filesystem into the chroot's mount table and hide what is checked here).
hostlock=/var/tmp/fsbench-test-devices.lock
[ -e "$hostlock" ] || : >>"$hostlock"
exec {lockfd}<"$hostlock" || die "cannot open $hostlock"
ln -s "/proc/$$/fd/$lockfd" "$root$hostlock" || die "cannot link the device lock"

# in the chroot, as a root login shell would have it
in_chroot() {
	chroot "$root" /usr/bin/env -i HOME=/root USER=root LOGNAME=root SHELL=/bin/bash \
		TERM=xterm-256color LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive \
		PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
		/bin/bash -c "$1"
}

# --- the repository, cloned as root into /root/fsbench -------------------
say "clone: $(git -C "$repo" log --oneline -1 HEAD) into /root/fsbench"
git -C "$repo" bundle create "$root/tmp/fsbench.bundle" HEAD >/dev/null 2>&1 || die "git bundle failed"
in_chroot 'git -c advice.detachedHead=false clone -q /tmp/fsbench.bundle /root/fsbench && rm /tmp/fsbench.bundle' ||
	die "git clone in the chroot failed"
[ "$(stat -c %a "$root/root")" = 700 ] || die "/root in the chroot is not mode 700 (it is $(stat -c %a "$root/root"))"

# --- the README's packages (its first command's apt-get) -----------------
say "apt-get: the packages of data/debian-packages"
cp -n "$CACHE"/debs/*.deb "$root/var/cache/apt/archives/" 2>/dev/null
in_chroot 'cd /root/fsbench && apt-get -q update && xargs -a data/debian-packages apt-get install -q -y --no-install-recommends' \
	>"$work/apt.log" 2>&1 || { tail -30 "$work/apt.log"; die "apt-get install failed"; }
cp -n "$root"/var/cache/apt/archives/*.deb "$CACHE/debs/" 2>/dev/null

# --- the README's second command, unchanged ------------------------------
cmd=$(awk '/^## Quick start/ { q = 1 } q && /^```sh/ { n++; b = 1; next } b && /^```/ { b = 0; if (n == 2) exit; next }
	b && n == 2' "$repo/README.md")
[ -n "$cmd" ] || die "no second command in README.md's Quick start"
say "in the chroot, in /root/fsbench: $cmd"
log=/var/tmp/fsbench-chroot-check.log
in_chroot "cd /root/fsbench && $cmd" 2>&1 | tee "$log"
last=$(tail -n 1 "$log")
ok=1
case $last in
*" passed, 0 failed, "*" skipped") ;;
*) ok=; echo "chroot-check: the suite did not pass: $last" >&2 ;;
esac
if [ -z "$ok" ]; then
	# the logs of what failed, for the report
	for f in $(grep -l '^FAIL\|^ERROR' "$root"/root/fsbench/tests/*/*.log 2>/dev/null); do
		echo "----- ${f#"$root"} -----"
		tail -40 "$f"
	done >>"$log"
fi

# --- fsbench run --dir names the directory's real filesystem -------------
say "fsbench run --dir in the chroot"
mkdir -p "$root/var/tmp/fsbench-dircheck" || die "mkdir"
want=$(findmnt -n -o FSTYPE --target "$root/var/tmp/fsbench-dircheck")
in_chroot 'cd /root/fsbench && ./fsbench run --dir /var/tmp/fsbench-dircheck --phases tar,rm --profile tiny -o /tmp/dircheck.fsbench' \
	>"$work/dircheck.out" 2>&1 || { cat "$work/dircheck.out"; echo "chroot-check: fsbench run --dir failed" >&2; ok=; }
got=$(sed -n 's/^ *fstype = "\(.*\)"$/\1/p' "$root/tmp/dircheck.fsbench" 2>/dev/null)
from=$(sed -n 's/^ *fstype_from = "\(.*\)"$/\1/p' "$root/tmp/dircheck.fsbench" 2>/dev/null)
echo "directory /var/tmp/fsbench-dircheck: outside the chroot findmnt says '$want'; fsbench recorded '$got' (from: $from)"
if [ -z "$want" ] || [ "$got" != "$want" ] || [ -z "$from" ]; then
	echo "chroot-check: fsbench run --dir did not record the real filesystem type" >&2
	ok=
fi

[ -n "$ok" ] || exit 1
echo "chroot-check: ok — $last; run --dir recorded $got"
