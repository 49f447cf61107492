# SPDX-License-Identifier: GPL-2.0-or-later
# tests/integration/devices-lib.sh — shared by the devices-*.sh tests, sourced
# after "$FSB_TESTLIB".  Each test builds one situation on loop devices and
# asserts, through every command that must refuse it, that:
#   - the exit status is 3,
#   - the output names the reason,
#   - the first and last MiB of the device are unchanged (edge_sum),
#   - `fsbench run` wrote no result file and no log.
#
# The commands are `fsbench devices --check DEV` and `fsbench run --target
# DEV --yes-destroy=DEV` (see fsb_commands below).

need_root
need_prog losetup blockdev sha256sum dd

HELPERS=${FSB_BUILDDIR:?FSB_BUILDDIR is not set}/tests/helpers

# Extra arguments for `fsbench run`: one filesystem, one phase, the tiny
# profile.  A refusal comes before any of it is prepared, so it stays quick.
FSB_RUN_ARGS=${FSB_RUN_ARGS:---fs ext4 --phases rm --profile tiny}

# The commands every situation goes through.
fsb_commands() {
	echo devices
	echo run
}

# flatten — undo the 80-column wrapping of fsbench's output, so that a
# reason or signature is one line again for grep: a line indented deeper
# than the indented entry it follows continues that entry (headers ending
# in ':' excepted).
flatten() {
	awk '
	function flush() { if (have) print buf; have = 0 }
	{
		ind = match($0, /[^ ]/) - 1
		if (have && bufind >= 2 && ind > bufind && buf !~ /:$/) {
			line = $0
			sub(/^ +/, "", line)
			buf = buf " " line
			next
		}
		flush()
		buf = $0; bufind = ind; have = 1
	}
	END { flush() }'
}

# fsb_via VIA DEV [OPTIONS…] — run one command on DEV; output (flattened) on
# stdout, the exit status as its own.
fsb_via() {
	local via=$1 dev=$2 rc
	shift 2
	case $via in
	devices) "$FSBENCH" devices --check "$dev" "$@" >"$SCRATCH/out" 2>&1 ;;
	run)
		# run takes its minimum size from what it formats (512 MiB):
		# --min-size belongs to devices --check only
		local a args=() skip=
		for a in "$@"; do
			if [ -n "$skip" ]; then skip=; continue; fi
			case $a in
			--min-size) skip=1 ;;
			--min-size=*) ;;
			*) args+=("$a") ;;
			esac
		done
		rm -f "$SCRATCH/run.fsbench" "$SCRATCH/run.log"
		"$FSBENCH" run --target "$dev" --yes-destroy="$dev" $FSB_RUN_ARGS ${args[@]+"${args[@]}"} \
			-o "$SCRATCH/run.fsbench" >"$SCRATCH/out" 2>&1 ;;
	esac
	rc=$?
	flatten <"$SCRATCH/out"
	return $rc
}

# A fingerprint of what is on the device (or file) now, to prove nothing
# was written: edge_sum's first and last MiB, or the whole thing when small.
fingerprint() {
	local p=$1 size
	if [ -b "$p" ]; then
		size=$(blockdev --getsize64 "$p" 2>/dev/null) || { echo unreadable; return; }
		if [ "$size" -ge $((2 * 1048576)) ]; then
			edge_sum "$p" 2>/dev/null || echo unreadable
		else
			{ dd if="$p" bs=64k status=none 2>/dev/null || echo unreadable; } | sha256sum | cut -d' ' -f1
		fi
	elif [ -f "$p" ]; then
		sha256sum <"$p" | cut -d' ' -f1
	else
		echo "not a file: $(stat -c %F "$p" 2>&1)"
	fi
}

# mkfs.ext4 for filesystems the tests mount: nothing left for the kernel to
# initialize behind our back and change the fingerprint — no lazy
# inode-table or journal init, and no block groups marked uninitialized
# (^metadata_csum,^uninit_bg): ext4 fills in the bitmaps of such groups
# when it first loads them, at mount or during an allocation, seconds
# later, in the first MiB; sync does not wait for that.  It made
# devices-swap and devices-loop-backing fail now and then once the run
# variant made each situation take longer.
mkfs_ext4() {
	mkfs.ext4 -q -F -O ^metadata_csum,^uninit_bg -E lazy_itable_init=0,lazy_journal_init=0 "$@" >/dev/null
}

# expect_refused DEV REGEX [OPTIONS…] — every command refuses DEV with exit
# status 3 and gives a reason matching REGEX (grep -E); DEV is unchanged.
expect_refused() {
	local dev=$1 want=$2 via out rc before after
	shift 2
	sync	# what the tests themselves wrote must not land during the check
	before=$(fingerprint "$dev")
	for via in $(fsb_commands); do
		out=$(fsb_via "$via" "$dev" "$@")
		rc=$?
		if [ "$rc" != 3 ]; then
			printf '%s\n' "$out" >&2
			fail "$via: $dev $*: exit status $rc, expected 3 (refused)"
		fi
		# only reasons count: "  - …" lines, or the one-line "fsbench: …"
		# error, never the facts or the checks that passed
		if ! grep -E -- '^  - |^fsbench: ' <<<"$out" | grep -qE -- "$want"; then
			printf '%s\n' "$out" >&2
			fail "$via: $dev $*: refused, but no reason says /$want/"
		fi
		after=$(fingerprint "$dev")
		[ "$before" = "$after" ] || fail "$via: $dev $*: the device changed ($before -> $after)"
		if [ "$via" = run ] && [ -e "$SCRATCH/run.fsbench" -o -e "$SCRATCH/run.log" ]; then
			fail "run: $dev $*: refused, but a result file or log was written"
		fi
		note "$via refuses $dev${*:+ $*}: $(grep -E -- '^  - |^fsbench: ' <<<"$out" | grep -m1 -E -- "$want" | sed 's/^ *- //')"
	done
}

# expect_usable DEV [OPTIONS…] — `devices --check` calls DEV usable (exit 0)
# and nothing is written.
expect_usable() {
	local dev=$1 out rc before after
	shift
	sync
	before=$(fingerprint "$dev")
	out=$(fsb_via devices "$dev" "$@")
	rc=$?
	if [ "$rc" != 0 ] || ! grep -q ': usable$' <<<"$out"; then
		printf '%s\n' "$out" >&2
		fail "devices --check $dev $*: exit status $rc, expected 0 (usable)"
	fi
	after=$(fingerprint "$dev")
	[ "$before" = "$after" ] || fail "devices --check $dev $*: the device changed"
	note "devices --check calls $dev${*:+ $*} usable"
}

# new_pdisk SIZE [LABEL] — a loop device with a partition table (default gpt)
# and two partitions, p1 of 16 MiB and p2 with the rest; prints the disk.
new_pdisk() {
	local size=$1 label=${2:-gpt} img dev
	img=$(mktemp "$SCRATCH/pdisk.XXXXXX")
	truncate -s "$size" "$img" || fail "truncate $img"
	dev=$(losetup --show -fP "$img") || fail "losetup -P $img"
	at_exit losetup -d "$dev"
	printf 'label: %s\n,16M\n,\n' "$label" | sfdisk -q "$dev" >/dev/null 2>&1 ||
		fail "sfdisk $dev"
	ensure_parts "$dev"
	echo "$dev"
}

# ensure_parts DISK — make the kernel show DISK's two partitions.  Call it
# after anything that re-reads the table (sfdisk): a kernel built without
# that partition-table parser drops them, and partx adds them back.
ensure_parts() {
	local dev=$1 i
	for i in 1 2 3 4 5 6 7 8 9 10; do
		[ -b "${dev}p1" ] && [ -b "${dev}p2" ] && return 0
		partx -a "$dev" >/dev/null 2>&1 || partx -u "$dev" >/dev/null 2>&1
		sleep 0.1
	done
	fail "the partitions of $dev did not appear"
}

# stop_pid PID — end a background helper and wait until it is gone, so the
# device it held is free before the loop device is detached.
stop_pid() {
	local pid=$1 i
	kill "$pid" 2>/dev/null || return 0
	for i in $(seq 50); do
		kill -0 "$pid" 2>/dev/null || return 0
		sleep 0.1
	done
	kill -9 "$pid" 2>/dev/null
}

# wait_for FILE — until a background helper says it is ready.
wait_for() {
	local i
	for i in $(seq 100); do
		[ -e "$1" ] && return 0
		sleep 0.1
	done
	fail "timed out waiting for $1"
}
