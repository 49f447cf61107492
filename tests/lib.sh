# SPDX-License-Identifier: GPL-2.0-or-later
# tests/lib.sh — shared by the integration and TUI tests.  Source it first:
#   . "$FSB_TESTLIB"
# It gives: skip/fail helpers, need_root/need_prog, a scratch directory, and
# loop devices and mounts registered for cleanup, which an EXIT trap always
# runs — also when the test fails or is interrupted.

set -u

FSBENCH=${FSBENCH:?FSBENCH is not set: run the tests through make check}
FSB_SRCDIR=${FSB_SRCDIR:?FSB_SRCDIR is not set}
TEST_NAME=$(basename "$0" .sh)

# The commands to run at exit live in a file, not in a shell array: helpers
# that print their result are called as dev=$(new_loop …), in a subshell,
# and whatever such a subshell added to an array was lost with it, leaving
# the loop device or mount behind.
_cleanup_file=$(mktemp "${TMPDIR:-/tmp}/fsbench-cleanup.XXXXXX") || exit 99

# Run "$@" at exit, most recently registered first.  Works from subshells.
at_exit() {
	printf '%s\n' "$(printf '%q ' "$@")" >>"$_cleanup_file"
}

_run_cleanup() {
	local rc=$? i cmds=()
	trap - EXIT INT TERM HUP
	mapfile -t cmds <"$_cleanup_file"
	for ((i = ${#cmds[@]} - 1; i >= 0; i--)); do
		eval "${cmds[$i]}" >/dev/null 2>&1 || true
	done
	rm -f "$_cleanup_file"
	exit $rc
}
trap _run_cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

skip() {
	echo "SKIP: $TEST_NAME: $*"
	exit 77
}

fail() {
	echo "FAIL: $TEST_NAME: $*" >&2
	exit 1
}

note() {
	echo "# $*"
}

# A scan of every block device (`fsbench devices`, the TUI's target screen)
# used to open each one O_EXCL for a moment, and a test's mkfs, losetup -d
# or device claim that landed in that moment failed as "busy"; tests that
# scanned took this lock exclusively, device work took it shared.  The scan
# is passive now (tests/tui/scan-undisturbing.sh shows mkfs, mount and
# losetup -d never failing next to it), so no scan takes it exclusively any
# more.  It stays for what still disturbs device work: a test that makes a
# mount namespace (devices-busy.sh) copies every mount of the moment and
# keeps other tests' filesystems busy after they unmount, so it takes the
# lock exclusively; and other trees' tests whose fsbench still scans with
# O_EXCL may share the machine.
_devlock=
device_lock() { _lock _devlock /var/tmp/fsbench-test-devices.lock "the device lock" "${1:-shared}"; }

# _lock VAR FILE WHAT MODE — take the lock on FILE (shared or exclusive),
# held on a descriptor opened once, kept in VAR, for the rest of the test.
# The locks are taken in one order, _lock_order's: a test never waits for
# a lock while it holds one later in that order, so two tests cannot wait
# for each other.  Every root test holds the page cache lock shared from
# the start; without the order, root-disk.sh (holding it, waiting for the
# device lock exclusively) and plaus-cpu.sh (holding the device lock shared,
# waiting for the page cache lock exclusively) hung make -j2 check.  So a
# lock later in the order is let go while an earlier one is waited for,
# and taken again, as it was, once that one is held.
_lock_order=(_devlock _cachelock)
declare -A _lock_mode=()
_lock() {
	local -n _fd=$1
	local v later=() after=false
	if [ -z "$_fd" ]; then
		[ -e "$2" ] || : >>"$2" 2>/dev/null
		# read-only: anyone may take it, whoever made the file
		exec {_fd}<"$2" || fail "cannot open $2"
	fi
	for v in "${_lock_order[@]}"; do
		if $after && [ -n "${_lock_mode[$v]:-}" ]; then
			flock -u "${!v}"
			later+=("$v")
		fi
		[ "$v" = "$1" ] && after=true
	done
	flock "--$4" "$_fd" || fail "cannot take $3"
	_lock_mode[$1]=$4
	for v in "${later[@]}"; do
		flock "--${_lock_mode[$v]}" "${!v}" || fail "cannot take again the lock in $v"
	done
}

# The page cache is the machine's: a test's run drops it (the global drop
# before each phase, /proc/sys/vm/drop_caches, and before each pass of the
# stat phases) under whatever a test beside it (make -j2 check) keeps
# there.  A test that needs what it wrote to stay cached (plaus-cache.sh:
# a --no-drop-caches read served from the cache) takes this lock
# exclusively; every test run as root, whose fsbench may drop the caches,
# holds it shared from the start.  Without it CI saw every pass of the
# "kept" read come from the device, the cache emptied under it.
_cachelock=
page_cache_lock() { _lock _cachelock /var/tmp/fsbench-test-page-cache.lock "the page cache lock" "${1:-shared}"; }
[ "$(id -u)" = 0 ] && page_cache_lock shared

need_root() {
	[ "$(id -u)" = 0 ] || skip "needs root (loop devices, mkfs, mount)"
	device_lock shared
}

need_prog() {
	local p
	for p in "$@"; do
		command -v "$p" >/dev/null 2>&1 || PATH=$PATH:/usr/sbin:/sbin command -v "$p" >/dev/null 2>&1 ||
			skip "needs $p (install it: see data/debian-packages)"
	done
}

# A scratch directory removed at exit.
SCRATCH=$(mktemp -d "${TMPDIR:-/var/tmp}/fsbench-test.$TEST_NAME.XXXXXX")
at_exit rm -rf --one-file-system "$SCRATCH"
# Whatever a failed run leaked below the scratch directory goes before it:
# mounts (deepest first), then loop devices backed by files in it.
_scrub_scratch() {
	local m d
	for m in $(findmnt -rn -o TARGET | grep -F -- "$SCRATCH" | sort -r); do
		umount -l "$m"
	done
	for d in $(losetup -a 2>/dev/null | grep -F -- "$SCRATCH" | cut -d: -f1); do
		losetup -d "$d"
	done
}
at_exit _scrub_scratch
export TMPDIR=$SCRATCH
# Keep fsbench's own files (results, cache, config) inside the scratch dir,
# except the workload cache, which tests share to save time.
export XDG_DATA_HOME=$SCRATCH/data XDG_CONFIG_HOME=$SCRATCH/config
export XDG_CACHE_HOME=${FSB_TEST_CACHE:-/var/tmp/fsbench-test-cache}
# Beside other tests (make -j2 check) any run may be disturbed by its
# neighbours, set aside and run again, which changes what a test counts: the
# user configuration every test's fsbench reads (layered over the shipped
# one) lifts the disturbed_* limits, as FSB_CALM does.  A test about the
# classifier gives its own --config (test_conf), which is read alone.
mkdir -p "$XDG_CONFIG_HOME/fsbench"
cat >"$XDG_CONFIG_HOME/fsbench/fsbench.conf" <<'CALM'
defaults {
  disturbed_cpu = 1e9
  disturbed_psi_cpu = 1e9
  disturbed_steal = 1e9
  disturbed_swap = 1e9
  disturbed_io = 1e9
}
CALM

# new_loop SIZE [FILE] — create a sparse image, attach it, print the device.
new_loop() {
	local size=$1 img=${2:-$(mktemp "$SCRATCH/img.XXXXXX")} dev
	truncate -s "$size" "$img" || fail "truncate $img"
	dev=$(losetup --show -f "$img") || fail "losetup $img"
	at_exit losetup -d "$dev"
	echo "$dev"
}

# new_imgdir — a new directory for the test's own images, printed: outside
# the scratch directory, so that assert_no_leftovers still means "nothing
# of fsbench's" (a loop device on them is the test's own); removed at exit.
new_imgdir() {
	local dir
	dir=$(mktemp -d /var/tmp/fsbench-devimg.XXXXXX) || fail "cannot make an image directory in /var/tmp"
	at_exit rm -rf "$dir"
	echo "$dir"
}

# mount_tmp DEV [OPTIONS] — mount DEV on a new directory, print it.
mount_tmp() {
	local dev=$1 opts=${2:-} dir
	dir=$(mktemp -d "$SCRATCH/mnt.XXXXXX")
	mount ${opts:+-o "$opts"} "$dev" "$dir" || fail "mount $dev"
	at_exit umount -l "$dir"
	echo "$dir"
}

# test_conf [SED [CHECK]] <SECTIONS — conf=$SCRATCH/fsbench.conf: the
# shipped configuration, edited by the sed -E script SED (CHECK: a line
# pattern that must be in it afterwards), with the sections on standard
# input (a here-document) appended.  Run fsbench with --config "$conf".
test_conf() {
	conf=$SCRATCH/fsbench.conf
	cp "$FSB_SRCDIR/data/fsbench.conf" "$conf" || fail "cannot copy the shipped fsbench.conf to $conf"
	if [ -n "${1:-}" ]; then
		sed -i -E "$1" "$conf" || fail "sed -E '$1' failed on $conf"
		[ -z "${2:-}" ] || grep -qE -- "$2" "$conf" || fail "$conf: no line '$2' after sed -E '$1'"
	fi
	cat >>"$conf"
}
# For test_conf: a test that runs beside other tests (make -j2 check) and is
# not about the disturbed-run classifier — its runs would be disturbed by
# its neighbours (doc/measurement.md) and set aside, so every disturbed_*
# limit is out of reach.  A test about the classifier uses the shipped
# limits and gets the machine to itself (run-aa-burner.sh).
FSB_CALM='s/^( *disturbed_[a-z_]+) = .*/\1 = 1e9/'

# machine_background — bg: how many CPUs the machine's programs used over
# the last 2 s (/proc/stat), for tests that must tell a burner from it.
machine_background() {
	local b0 b1
	busy() { awk '/^cpu / { print $2 + $3 + $4 + $7 + $8 }' /proc/stat; }
	b0=$(busy); sleep 2; b1=$(busy)
	bg=$(awk -v a="$b0" -v b="$b1" -v hz="$(getconf CLK_TCK)" 'BEGIN { printf "%.2f", (b - a) / hz / 2 }')
}

# background_limit — for a test that must tell burners from the machine's
# own programs: bg (machine_background), then skip unless those programs
# leave the phase at least half a CPU, and limit = a disturbed_cpu limit
# 0.6 CPU above the background (in the limit's units: others' CPU beyond
# the idle CPU over the dead time), which burners on every CPU cross and
# the background alone does not.
background_limit() {
	machine_background
	awk -v bg="$bg" -v n="$(nproc)" 'BEGIN { exit !(bg < n - 0.5) }' ||
		skip "the machine is too busy for this test: other programs use $bg of its $(nproc) CPUs"
	limit=$(awk -v bg="$bg" 'BEGIN { printf "%.2f", bg + 0.6 }')
}

FSB_CALM_CHECK='^ *disturbed_cpu = 1e9$'

# No loop device backed by a file in our scratch directory, no mount below it
# and no process working in it may survive a run of fsbench: call this after
# each run that should have cleaned up.  fsbench makes its mount points in
# $TMPDIR, which is the scratch directory, so tests running in parallel do
# not see each other's.
assert_no_leftovers() {
	local what=${1:-fsbench} p
	if losetup -a | grep -F -- "$SCRATCH" >/dev/null; then
		losetup -a >&2
		fail "$what left a loop device attached"
	fi
	if findmnt -rn -o TARGET | grep -F -- "$SCRATCH" >/dev/null; then
		findmnt -rn -o TARGET,SOURCE | grep -F -- "$SCRATCH" >&2
		fail "$what left a mount behind"
	fi
	for p in /proc/[0-9]*; do
		case $(readlink "$p/cwd" 2>/dev/null) in
		"$SCRATCH"/fsbench-mnt.*)
			ps -o pid,args -p "${p#/proc/}" >&2
			fail "$what left a phase process running" ;;
		esac
	done
	if compgen -G "$SCRATCH/fsbench-mnt.*" >/dev/null; then
		fail "$what left a mount point directory behind"
	fi
}

# assert_has FILE WHAT GREP-ARGS… — FILE has a line that grep GREP-ARGS
# (a pattern, with its options: -xF LINE, -E REGEX) finds, or the test
# fails with WHAT and the file's text.
assert_has() {
	local file=$1 what=$2
	shift 2
	grep -q "$@" "$file" || fail "$what: $(cat "$file")"
}

# wait_until WHAT CMD… — run CMD every 20 ms until it succeeds: a test waits
# on a marker (a file, a line of output, a process), never on a guess of how
# long something takes.  The bound, FSB_WAIT_S seconds (600), only keeps a
# broken run from hanging the suite; it fails naming WHAT.
wait_until() {
	local what=$1 end
	shift
	end=$((SECONDS + ${FSB_WAIT_S:-600}))
	until "$@"; do
		[ $SECONDS -lt $end ] || fail "waited ${FSB_WAIT_S:-600} s for $what"
		sleep 0.02
	done
}

# assert_session_gone SID WHAT — no process of session SID is left, not
# even a defunct one: a run started with setsid (its pid is the session
# id) that has exited must have reaped everything it started.
assert_session_gone() {
	local sid=$1 what=$2 left
	left=$(ps -e -o sid=,pid=,ppid=,stat=,args= | awk -v s="$sid" '$1 == s')
	[ -z "$left" ] || { printf '%s\n' "$left" >&2; fail "$what: processes of its session are left: $(awk '{ printf "%s(%s) ", $5, $4 }' <<<"$left")"; }
}

# runs_of FILE FS PHASE — how many run records the result file has for
# phase PHASE of filesystem FS
runs_of() {
	awk -v f="filesystem \"$2\" {" -v p="  phase \"$3\" {" \
		'$0 == f { inf = 1 } inf && $0 == p { inp = 1; next } inp && /^  }/ { inp = 0 }
		 inf && /^}/ { inf = 0 } inp && /^      run \{/ { n++ } END { print n + 0 }' "$1"
}

# sha of the first and last MiB of a device, to prove nothing was written.
edge_sum() {
	local dev=$1 size
	size=$(blockdev --getsize64 "$dev")
	{ dd if="$dev" bs=1M count=1 status=none
	  dd if="$dev" bs=1M skip=$((size / 1048576 - 1)) count=1 status=none; } | sha256sum | cut -d' ' -f1
}

# dir_fstype DIR — the filesystem DIR is on, found apart from fsbench, into
# DIR_FSTYPE, and how into DIR_FSTYPE_FROM (the words the result file uses):
# the mount table's entry above DIR; where none covers it (a chroot whose
# root is not a mount point) an entry for DIR's device in this or init's
# mount table; else statfs's magic (stat -f), ext2/3/4 being one magic.
dir_fstype() {
	local dir=$1 dev t
	DIR_FSTYPE=$(findmnt -n -o FSTYPE --target "$dir" 2>/dev/null)
	DIR_FSTYPE_FROM="mount table"
	[ -n "$DIR_FSTYPE" ] && return 0
	dev=$(stat -c '%Hd:%Ld' "$dir") || fail "stat $dir"
	DIR_FSTYPE=$({ findmnt -rn -o MAJ:MIN,FSTYPE; findmnt -N 1 -rn -o MAJ:MIN,FSTYPE; } 2>/dev/null |
		awk -v d="$dev" '$1 == d && $2 != "" { print $2; exit }')
	DIR_FSTYPE_FROM="statfs, device in mount table"
	[ -n "$DIR_FSTYPE" ] && return 0
	t=$(stat -f -c %T "$dir") || fail "stat -f $dir"
	case $t in
	ext2/ext3) DIR_FSTYPE=ext2/3/4 ;;
	overlayfs) DIR_FSTYPE=overlay ;;
	*) DIR_FSTYPE=$t ;;
	esac
	DIR_FSTYPE_FROM=statfs
}

# fsbench_for_user USER — a copy of the fsbench binary and of its shipped
# configuration in the scratch directory, for a test that runs fsbench as
# the unprivileged USER: the build tree may be somewhere USER cannot enter
# (a clone under /root, mode 700), and the build tree's binary reads the
# source tree's data/fsbench.conf.  Sets USER_FSBENCH to the copy and
# USER_FSBENCH_ARGS to the options that point it at the configuration.
fsbench_for_user() {
	local user=$1 bin=$SCRATCH/user-bin
	mkdir -p "$bin" || fail "mkdir $bin"
	cp "$FSBENCH" "$bin/fsbench" && cp "$FSB_SRCDIR/data/fsbench.conf" "$bin/fsbench.conf" ||
		fail "cannot copy fsbench to $bin"
	chmod 755 "$SCRATCH" "$bin" "$bin/fsbench" && chmod 644 "$bin/fsbench.conf" || fail "chmod $bin"
	USER_FSBENCH=$bin/fsbench
	USER_FSBENCH_ARGS=(--config "$bin/fsbench.conf")
	setpriv --reuid="$(id -u "$user")" --regid="$(id -g "$user")" --clear-groups \
		sh -c 'cd / && "$1" --version && test -r "$2"' sh "$USER_FSBENCH" "$bin/fsbench.conf" >/dev/null 2>&1 ||
		skip "$user cannot run a copy of fsbench in $bin (is ${TMPDIR:-/var/tmp} private?)"
}
