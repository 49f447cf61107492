#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The suite's locks (tests/lib.sh) cannot make two tests wait for each
# other: every root test holds the page cache lock shared, then the device
# lock shared; one that then wants the device lock exclusively (root-disk.sh)
# and one that wants the page cache lock exclusively (plaus-cpu.sh) used to
# hang make -j2 check, each holding what the other waited for.  Here the
# same crossing, on lock files of this test's own, must end within seconds.
. "$FSB_TESTLIB"

# cross WANT MODE: a test holding both locks shared, then asking for WANT
cross() {
	FSB_LOCKDIR=$SCRATCH WANT=$1 timeout -s KILL 20 bash -c '
		. "$FSB_TESTLIB"
		_devlock= _cachelock= _lock_mode=()
		_lock _cachelock "$FSB_LOCKDIR/page" "the page cache lock" shared
		_lock _devlock "$FSB_LOCKDIR/dev" "the device lock" shared
		: >"$FSB_LOCKDIR/ready.$WANT"
		# both hold both shared before either asks for more
		for i in $(seq 100); do
			[ -e "$FSB_LOCKDIR/ready._devlock" ] && [ -e "$FSB_LOCKDIR/ready._cachelock" ] && break
			sleep 0.05
		done
		case $WANT in
		_devlock) _lock _devlock "$FSB_LOCKDIR/dev" "the device lock" exclusive ;;
		_cachelock) _lock _cachelock "$FSB_LOCKDIR/page" "the page cache lock" exclusive ;;
		esac
		sleep 0.2'
}

start=$(date +%s)
cross _devlock &
a=$!
cross _cachelock &
b=$!
wait $a || fail "the test asking for the device lock exclusively did not end (status $?): the locks wait for each other"
wait $b || fail "the test asking for the page cache lock exclusively did not end (status $?): the locks wait for each other"
[ $(($(date +%s) - start)) -lt 15 ] || fail "the crossing took $(($(date +%s) - start)) s"
echo "ok: the device and page cache locks, crossed, were taken by both in $(($(date +%s) - start)) s"
