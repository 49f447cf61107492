# SPDX-License-Identifier: GPL-2.0-or-later
# tests/tui/tui-lib.sh — drive the real fsbench binary in a terminal: tmux on
# a private socket (-L, so tests running in parallel never meet), keys with
# send-keys, the screen with capture-pane.  Sourced after "$FSB_TESTLIB".
#
#   tui_start [COLS ROWS [ARGS…]]  start fsbench (as root) in a new session
#   tui_keys KEY…                  send keys (tmux key names: Enter, Down, C-u…)
#   tui_screen                     print the screen as text
#   tui_wait REGEX [SECONDS]       poll the screen until an extended regex matches
#   tui_wait_gone REGEX [SECONDS]  … until it no longer matches
#   tui_press_until KEY REGEX [N]  press KEY until REGEX shows, at most N times
#   tui_open_result                Enter on the results list, until the result is open
#   tui_never_paging RE PAGES WHY  page a document to its end, RE on no screen
#   tui_resize COLS ROWS           resize the terminal
#   tui_wait_exit [SECONDS]        wait until fsbench has exited; sets TUI_STATUS
#                                  (the terminal stays open, for tui_assert_restored)
#   tui_assert_restored            the terminal is back to normal after exit
#   tui_pid                        the fsbench process
#   tui_plan_image, tui_pick_device  from the target screen to the plan
#   tui_plan_none, tui_plan_home, tui_plan_tick  on the plan screen, each
#                                  key seen drawn before the next
#   tui_list_to HEAD RE MAX        Home in a list, then Down until RE shows
#   tui_dump, tui_diag             the screen; where the keys and threads are
#
# A key with a visible effect is waited for before tui_press_until looks at
# the screen: it counts a press as done when the screen changes, and a key
# still on its way would be counted in its place.
#
# Screens are polled until what is waited for shows, never slept on; the
# timeout (TUI_WAIT_S seconds, 60 unless a wait names its own) only keeps a
# broken run from hanging the suite, it is no guess of how long drawing
# takes on a loaded machine.  Every session and the tmux server are killed
# at exit (at_exit), also when the test fails.

need_prog tmux

# Every session starts on the target screen, whose device scan is passive:
# it disturbs no device work, so TUI tests run next to it (device_lock in
# tests/lib.sh, which need_root takes shared).

TUI_SOCK="fsbench-$TEST_NAME-$$"
TUI_CONF=$SCRATCH/tmux.conf
TUI_STATUS=
at_exit tmux -L "$TUI_SOCK" kill-server

tmx() {
	tmux -L "$TUI_SOCK" -f "$TUI_CONF" "$@"
}

# tui_short_data_home — XDG_DATA_HOME in a directory whose path always has
# the same length (the screens wrap it the same way everywhere; masks hide
# its random part), removed at exit; results=its results directory.
tui_short_data_home() {
	XDG_DATA_HOME=$(mktemp -d /tmp/fsbench-tui.XXXXXX) || fail "mktemp"
	at_exit rm -rf "$XDG_DATA_HOME"
	export XDG_DATA_HOME
	results=$XDG_DATA_HOME/fsbench/results
}

# tui_start [COLS ROWS [ARGS…]] — environment from TUI_ENV (extra VAR=value
# words), TUI_USER (run as this user instead of root, a copy of fsbench
# that user can read: fsbench_for_user in tests/lib.sh), TUI_LOCALE.
tui_start() {
	local cols=${1:-80} rows=${2:-24}
	shift 2 2>/dev/null || shift $#
	local v q args=""
	for v in "$@"; do
		printf -v q '%q' "$v"
		args="$args $q"
	done
	if [ -n "${TUI_USER:-}" ]; then
		# a copy the user can read, wherever the build tree is
		fsbench_for_user "$TUI_USER"
		local pre=""
		for v in "${USER_FSBENCH_ARGS[@]}"; do
			printf -v q '%q' "$v"
			pre="$pre $q"
		done
		args="$pre$args"
	fi
	cat >"$TUI_CONF" <<-EOF
	set -g default-terminal tmux-256color
	set -g status off
	set -g history-limit 0
	EOF
	# the program's own environment, written out: the tmux server may be
	# older than this test's exports
	{
		echo '#!/bin/sh'
		for v in XDG_DATA_HOME XDG_CONFIG_HOME XDG_CACHE_HOME TMPDIR; do
			printf 'export %s=%q\n' "$v" "${!v}"
		done
		printf 'export LC_ALL=%q LANG=%q\n' "${TUI_LOCALE:-C.UTF-8}" "${TUI_LOCALE:-C.UTF-8}"
		echo 'unset NO_COLOR'
		# a key's escape sequence is never split into Esc and letters
		# however loaded the machine (ui.c: the TUI's own 25 ms otherwise)
		echo 'export ESCDELAY=1000'
		for v in ${TUI_ENV:-}; do
			printf 'export %q\n' "$v"
		done
		if [ -n "${TUI_USER:-}" ]; then
			printf 'cd %q || exit 1\n' "$SCRATCH"
			printf 'setpriv --reuid=%q --regid=%q --clear-groups %q%s 2>%q\n' "$(id -u "$TUI_USER")" \
				"$(id -g "$TUI_USER")" "$USER_FSBENCH" "$args" "$SCRATCH/tui.stderr"
		else
			printf '%q%s 2>%q\n' "$FSBENCH" "$args" "$SCRATCH/tui.stderr"
		fi
		printf 'echo $? >%q\n' "$SCRATCH/tui.status"
		# keep the terminal alive: its modes after exit are what is checked
		echo 'exec sleep 3600'
	} >"$SCRATCH/tui.sh"
	chmod 755 "$SCRATCH/tui.sh"
	rm -f "$SCRATCH/tui.status"
	# after the last session of a server ends, the server exits a moment
	# later: a new session in that moment finds it dying ("server exited
	# unexpectedly"); once more then starts a new one
	tmx new-session -d -x "$cols" -y "$rows" -s t "$SCRATCH/tui.sh" ||
		{ sleep 0.5; tmx new-session -d -x "$cols" -y "$rows" -s t "$SCRATCH/tui.sh"; } ||
		fail "tmux new-session failed"
}

# a key tmux did not deliver would look like a key that changed nothing
tui_keys() {
	tmx send-keys -t t "$@" || fail "tmux send-keys $* failed"
}

tui_screen() {
	tmx capture-pane -p -t t
}

tui_dump() {
	echo "----- screen -----" >&2
	tui_screen >&2
	echo "------------------" >&2
	[ -s "$SCRATCH/tui.stderr" ] && { echo "stderr:" >&2; cat "$SCRATCH/tui.stderr" >&2; }
	tui_diag >&2
	return 0
}

# tui_diag — where the keys are: bytes in the terminal's input queue not yet
# read by fsbench (TIOCINQ), and what each of its threads waits in; tells a
# key never delivered from one read and not acted on, or a thread stuck
tui_diag() {
	local tty pid t
	tty=$(tmx display -p -t t '#{pane_tty}' 2>/dev/null) || return 0
	perl -e 'use Fcntl; sysopen(my $f, $ARGV[0], O_RDONLY | O_NOCTTY | O_NONBLOCK) or exit 1;
		my $n = pack("L", 0); ioctl($f, 0x541B, $n) or exit 1;
		printf "terminal %s: %d bytes typed, not yet read\n", $ARGV[0], unpack("L", $n)' "$tty" 2>/dev/null
	pid=$(tui_pid) || return 0
	[ -n "$pid" ] || { echo "fsbench is not running"; return 0; }
	for t in /proc/"$pid"/task/*; do
		printf 'thread %s (%s): state %s, waits in %s\n' "${t##*/}" "$(cat "$t/comm" 2>/dev/null)" \
			"$(awk '{ sub(/^.*\) /, ""); print $1 }' "$t/stat" 2>/dev/null)" "$(cat "$t/wchan" 2>/dev/null)"
	done
	return 0
}

TUI_WAIT_S=${TUI_WAIT_S:-60}

tui_wait() {
	local re=$1 secs=${2:-$TUI_WAIT_S} end
	end=$((SECONDS + secs))
	while ! tui_screen | grep -qE -- "$re"; do
		[ $SECONDS -lt $end ] || { tui_dump; fail "timed out after ${secs}s waiting for /$re/"; }
		sleep 0.1
	done
}

tui_wait_gone() {
	local re=$1 secs=${2:-$TUI_WAIT_S} end
	end=$((SECONDS + secs))
	while tui_screen | grep -qE -- "$re"; do
		[ $SECONDS -lt $end ] || { tui_dump; fail "timed out after ${secs}s waiting for /$re/ to go"; }
		sleep 0.1
	done
}

# The screen once it stopped changing (keys sent before have been drawn).
tui_settled() {
	local a b end=$((SECONDS + 2))
	a=$(tui_screen)
	while :; do
		sleep 0.03
		b=$(tui_screen)
		[ "$a" = "$b" ] || [ $SECONDS -gt $end ] && break
		a=$b
	done
	printf '%s\n' "$b"
}

# tui_changed BEFORE — until the screen is no longer BEFORE (a key drawn);
# then the screen as two captures in a row agree on it (tmux may be in the
# middle of what curses wrote), into TUI_NOW
tui_changed() {
	local before=$1 end=$((SECONDS + TUI_WAIT_S)) a b
	while [ "$(tui_screen)" = "$before" ]; do
		[ $SECONDS -lt $end ] || return 1
		sleep 0.02
	done
	a=$(tui_screen)
	while b=$(tui_screen) && [ "$a" != "$b" ]; do
		a=$b
		sleep 0.02
	done
	TUI_NOW=$b
}

# tui_open_result — Enter on the results list, then until the result is
# open: its key bar ('p Raw', only an open result has it), as the list's
# preview of the result already shows its Verdict and first lines
tui_open_result() {
	tui_keys Enter
	tui_wait '^p Raw '
}

# tui_press_until KEY REGEX [N]: while REGEX does not show, press KEY (at
# most N times), each time until the screen has changed: a key that
# changes nothing cannot bring REGEX either, and fails
tui_press_until() {
	local key=$1 re=$2 max=${3:-30} i before
	for ((i = 0; i <= max; i++)); do
		before=$(tui_screen)
		grep -qE -- "$re" <<<"$before" && return 0
		[ $i -lt $max ] || break
		tui_keys "$key"
		tui_changed "$before" || { tui_dump; fail "pressed $key: the screen did not change, /$re/ never showed"; }
	done
	tui_dump
	fail "pressed $key $max times, /$re/ never showed"
}

# tui_each_page PAGES CMD [ARG...]: from the top of a document (g) to its
# end (the screen End draws, G), a page at a time (NPage, each drawn before
# the next), running CMD ARG... on every screen, the last too, that screen
# in TUI_PAGE; more than PAGES pages fails
tui_each_page() {
	local pages=$1 i top last
	shift
	top=$(tui_screen)
	tui_keys G
	tui_changed "$top" || { tui_dump; fail "End changed nothing: the document is one screen, or End does not work"; }
	last=$TUI_NOW
	tui_keys g
	tui_wait_screen "$top"
	TUI_PAGE=$top
	for ((i = 0; i <= pages; i++)); do
		"$@"
		[ "$TUI_PAGE" = "$last" ] && return 0
		tui_keys NPage
		tui_changed "$TUI_PAGE" || { tui_dump; fail "NPage changed nothing before the end of the document"; }
		TUI_PAGE=$TUI_NOW
	done
	tui_dump
	fail "$pages pages did not reach the end of the document"
}

_tui_page_lacks() {
	grep -q -- "$1" <<<"$TUI_PAGE" && { tui_dump; fail "$2"; }
	return 0
}

# tui_never_paging RE PAGES WHY: tui_each_page, failing with WHY as soon as
# a screen shows /RE/ (grep, basic regex)
tui_never_paging() {
	tui_each_page "$2" _tui_page_lacks "$1" "$3"
}

# tui_wait_screen TEXT — until the screen is exactly TEXT
tui_wait_screen() {
	local end=$((SECONDS + TUI_WAIT_S))
	while [ "$(tui_screen)" != "$1" ]; do
		[ $SECONDS -lt $end ] || { tui_dump; fail "timed out waiting for a screen drawn before"; }
		sleep 0.02
	done
}

tui_resize() {
	tmx resize-window -t t -x "$1" -y "$2"
}

tui_pid() {
	pgrep -P "$(tmx display -p -t t '#{pane_pid}')" -x fsbench | head -1
}

tui_wait_exit() {
	local secs=${1:-$TUI_WAIT_S} end
	end=$((SECONDS + secs))
	while [ ! -s "$SCRATCH/tui.status" ]; do
		[ $SECONDS -lt $end ] || { tui_dump; fail "fsbench did not exit within ${secs}s"; }
		sleep 0.1
	done
	TUI_STATUS=$(cat "$SCRATCH/tui.status")
}

# After fsbench exited: no alternate screen, a visible cursor, keypad and
# mouse reporting off — what endwin() must leave behind.
tui_assert_restored() {
	local f
	f=$(tmx display -p -t t '#{alternate_on} #{cursor_flag} #{keypad_cursor_flag} #{keypad_flag} #{mouse_any_flag} #{mouse_standard_flag}')
	[ "$f" = "0 1 0 0 0 0" ] || { tui_dump; fail "terminal not restored (alternate cursor keypad_cursor keypad mouse_any mouse_standard = $f)"; }
	# the normal screen is back, empty as it was before fsbench started
	if tui_screen | grep -q '[^ ]'; then
		tui_dump
		fail "the screen is not the one from before fsbench"
	fi
	if [ -s "$SCRATCH/tui.stderr" ]; then
		cat "$SCRATCH/tui.stderr" >&2
		fail "fsbench wrote to stderr"
	fi
}

# The summary rows of the screen: lines from "Summary" to the first blank one.
tui_summary() {
	tui_screen | awk '/^ ?Summary *$/ { s = 1; next } s && /^ *$/ { exit } s'
}

# CPU seconds (user + system) of one thread, from /proc.
thread_cpu() {
	local pid=$1 tid=$2 hz
	hz=$(getconf CLK_TCK)
	awk -v hz="$hz" '{ sub(/^.*\) /, ""); printf "%.2f\n", ($12 + $13) / hz }' "/proc/$pid/task/$tid/stat"
}

# tui_plan_image FILE SIZE FS… -- PHASE… — from the target screen to the
# plan screen: a new image file, only the filesystems FS and the phases
# PHASE ticked, the tiny profile.
tui_plan_image() {
	local img=$1 size=$2 fs=()
	shift 2
	tui_wait 'Where should fsbench run'
	tui_keys End Up
	tui_wait '^▶ Image file'
	tui_keys Enter
	tui_wait '│ File '
	tui_keys C-u "$img" Tab C-u "$size" Enter
	tui_wait 'Target: new image file'
	while [ $# -gt 0 ] && [ "$1" != -- ]; do
		fs+=("$1")
		shift
	done
	[ $# -gt 0 ] && shift
	tui_plan_none fs
	tui_plan_tick fs "${fs[@]}"
	tui_keys Tab
	tui_plan_none phases
	tui_plan_tick phases "$@"
	tui_press_until p 'Size profile +‹ tiny ›' 6
}

# On the plan screen every key is seen drawn before the next is sent:
# tui_press_until counts a key as drawn when the screen changes, and a key
# still on its way (a Home, a Space) would be counted for its first Down —
# a Down too many, the wrong row ticked.  The cursor shows as colour only;
# the status line says which row it is on.

# tui_plan_none fs|phases — n: nothing ticked in that pane (the cursor in it)
tui_plan_none() {
	tui_keys n
	case $1 in
	fs) tui_wait '─ Filesystems \(0\) ' ;;
	phases) tui_wait '─ Phases \(0, ' ;;
	*) fail "tui_plan_none: no pane '$1'" ;;
	esac
}

# tui_plan_home fs|phases — Home in that pane (the cursor in it): the status
# line explains the pane's first row, ext2 or the desktop group (also when
# the pane was not the cursor's: only a Tab drawn brings the desktop line)
tui_plan_home() {
	tui_keys Home
	case $1 in
	fs) tui_wait '^ext2(: | unavailable: )' ;;
	phases) tui_wait '^Space ticks or unticks every phase of desktop$' ;;
	*) fail "tui_plan_home: no pane '$1'" ;;
	esac
}

# tui_plan_tick fs|phases NAME… — in that pane (the cursor in it), for each
# NAME: Home, Down until the status line explains NAME, Space, until NAME's
# box shows ticked
tui_plan_tick() {
	local pane=$1 name
	shift
	for name in "$@"; do
		tui_plan_home "$pane"
		tui_press_until Down "^$name: " 60
		tui_keys Space
		tui_wait "\[x\] +$name "
	done
}

# tui_list_to HEAD RE MAX — in a list under the heading line HEAD (a Perl
# regex, from the line's start), the cursor onto the row RE shows: Home,
# drawn (the cursor, ▶, on the row under HEAD) before the first look —
# unawaited, that look could see the old screen and the Down after it
# arrive behind Home, one row past RE's when it is the first — then Down
# until RE shows, at most MAX times
tui_list_to() {
	local head=$1 re=$2 max=$3 end=$((SECONDS + TUI_WAIT_S))
	tui_keys Home
	until tui_screen | grep -qzP "\n$head[^\n]*\n▶"; do
		[ $SECONDS -lt $end ] || { tui_dump; fail "Home did not put the cursor on the first row under /$head/"; }
		sleep 0.1
	done
	tui_press_until Down "$re" "$max"
}

# tui_target_to DEV MAX — on the target screen, the cursor onto device DEV
# (its detail pane shown), at most MAX Downs from the list's first row
tui_target_to() {
	tui_list_to '  DEVICE ' "─ $1 ─" "$2"
}

# tui_pick_device DEV — from the target screen to the plan screen: the
# device DEV chosen, which must be usable (every check passed).
tui_pick_device() {
	local dev=$1
	tui_wait 'Where should fsbench run'
	tui_target_to "$dev" 60
	tui_wait '^│ usable: every check passed'
	tui_keys Enter
	tui_wait "Target: $dev: formatted with every filesystem ticked"
}

# tui_choose_refused DEV REASON HINT QUESTION WHY — on the target screen,
# DEV selected: the list gives REASON as its first reason (else the test
# fails with WHY), the key bar offers to choose it explicitly (HINT), and
# Enter asks QUESTION; screen=that screen.
tui_choose_refused() {
	tui_screen | grep -E "^ *▶ *$1 " | grep -q "refused: $2" || { tui_dump; fail "$5"; }
	tui_wait "Enter: choose it explicitly \($3\)"
	tui_keys Enter
	tui_wait "$4"
	screen=$(tui_screen)
}

# tui_yes_confirms DEV WHAT — y to the question about DEV: it becomes the
# target, and its confirmation (Enter) does not refuse it (else the test
# fails: the confirmation refused WHAT); Escape back to the plan screen.
tui_yes_confirms() {
	tui_keys y
	tui_wait "Target: $1"
	tui_keys Enter
	tui_wait "ALL DATA ON $1 WILL BE DESTROYED"
	tui_screen | grep -q 'cannot be used' && { tui_dump; fail "the confirmation refused $2"; }
	tui_keys Escape
	tui_wait "Target: $1"
}

# Leave the TUI: q on each screen, waiting after each for the screen named
# (in order), then the last q; fsbench must exit with status 0 and give the
# terminal back.
tui_quit() {
	local s
	for s in "$@"; do
		tui_keys q
		tui_wait "$s"
	done
	tui_keys q
	tui_wait_exit
	[ "$TUI_STATUS" = 0 ] || fail "fsbench exited with $TUI_STATUS"
	tui_assert_restored
}

# tui_partitioned_loop SIZE PART… — a disk for the device screens: a sparse
# image of SIZE with a GPT partition table of partitions of sizes PART…
# (sfdisk sizes: 100MiB), on a loop device with its partitions (partx when
# the kernel's scan does not show them), detached at exit; prints the
# device.  Call as dev=$(tui_partitioned_loop …) || fail ….
tui_partitioned_loop() {
	local size=$1 img dev i last
	shift
	img=$(mktemp "$SCRATCH/disk.XXXXXX") || fail "mktemp"
	truncate -s "$size" "$img" || fail "truncate $img"
	{ echo 'label: gpt'; for i in "$@"; do echo "size=$i"; done; } | sfdisk -q "$img" || fail "sfdisk $img"
	dev=$(losetup --show -f -P "$img") || fail "losetup -P $img"
	at_exit losetup -d "$dev"
	last=${dev}p$#
	for i in $(seq 10); do [ -b "$last" ] && break; sleep 0.1; done
	[ -b "$last" ] || partx -a "$dev" || fail "partx -a $dev"
	for i in $(seq 20); do [ -b "$last" ] && break; sleep 0.1; done
	[ -b "$last" ] || fail "no partitions appeared on $dev"
	echo "$dev"
}
