#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Replays tests/fuzz/regressions (and a few large inputs generated here)
# through the readers and every output: each run exits 0 or 2, never by a
# signal or a timeout; a refusal is one line naming the file; nothing
# printed holds a raw control character (the terminal would act on it) or a
# NaN; a merge that succeeds writes a file that reads back.
. "$FSB_TESTLIB"

regs=$FSB_SRCDIR/tests/fuzz/regressions
n=0
memlimit_kb=
nanpat='(^|[[:space:](±+,;"])-?(nan|inf)([[:space:]%×*),;"]|$)'

# no_ctrl FILE ALLOWED: FILE has no control character but those in ALLOWED
no_ctrl() {
	! LC_ALL=C tr -d "$2" <"$1" | LC_ALL=C grep -q '[[:cntrl:]]'
}

# check WHAT FILE TIMEOUT ALLOWED-CTRL CMD...: run CMD on FILE's behalf
check() {
	local what=$1 file=$2 secs=$3 allowed=$4 rc lines
	shift 4
	(
		[ -n "$memlimit_kb" ] && ulimit -v "$memlimit_kb"
		exec timeout -s KILL "$secs" "$@"
	) >"$SCRATCH/out" 2>"$SCRATCH/err"
	rc=$?
	n=$((n + 1))
	case $rc in
	0) ;;
	2)
		lines=$(wc -l <"$SCRATCH/err")
		[ "$lines" -eq 1 ] || { head -c 2000 "$SCRATCH/err"; fail "$what: $lines error lines, expected one"; }
		grep -qF -- "$file" "$SCRATCH/err" || { cat "$SCRATCH/err"; fail "$what: the error does not name $file"; }
		;;
	137) fail "$what: killed after ${secs}s (a hang, or not linear)" ;;
	*) head -c 2000 "$SCRATCH/err"; fail "$what: exit status $rc (a crash or a wrong status)" ;;
	esac
	no_ctrl "$SCRATCH/err" '\n' || fail "$what: a raw control character in the error: $(cat -v "$SCRATCH/err" | head -c 300)"
	no_ctrl "$SCRATCH/out" "$allowed" || fail "$what: a raw control character in the output: $(grep -n '[[:cntrl:]]' "$SCRATCH/out" | cat -v | head -c 300)"
	# a number printed as nan or inf (not the letters inside a name)
	if grep -Eqi "$nanpat" "$SCRATCH/out"; then
		fail "$what: NaN in the output: $(grep -Ein "$nanpat" "$SCRATCH/out" | head -3)"
	fi
	return 0
}

result() {
	local f=$1 name=$2 secs=${3:-30}
	check "$name: show" "$f" "$secs" '\n' "$FSBENCH" show "$f"
	check "$name: show --raw --ascii" "$f" "$secs" '\n' "$FSBENCH" show --raw --ascii "$f"
	check "$name: show --metric real" "$f" "$secs" '\n' "$FSBENCH" show --metric real "$f"
	for fmt in csv markdown html bonnie-csv; do
		check "$name: export $fmt" "$f" "$secs" '\n\r\t' "$FSBENCH" export --format "$fmt" "$f"
	done
	# write then read: a merge that succeeds gives a file show reads
	rm -f "$SCRATCH/merged.fsbench"
	check "$name: merge" "$f" "$secs" '\n' "$FSBENCH" merge "$f" "$f" -o "$SCRATCH/merged.fsbench"
	if [ -f "$SCRATCH/merged.fsbench" ]; then
		timeout -s KILL "$secs" "$FSBENCH" show "$SCRATCH/merged.fsbench" >/dev/null 2>"$SCRATCH/err" ||
			fail "$name: merge wrote a file that show cannot read: $(cat "$SCRATCH/err")"
	fi
}

for f in "$regs"/*; do
	case $f in
	*.md) ;;
	*.conf) check "$(basename "$f"): list" "$f" 30 '\n' "$FSBENCH" --config "$f" list ;;
	*) result "$f" "$(basename "$f")" ;;
	esac
done

# --- large inputs, generated: bounded time and memory ----------------------
# Memory: the readers are linear, so 16x the file plus the program is
# plenty; under ASan (FSB_SANITIZE) the shadow memory makes a limit moot.
limit() {
	if [ -z "${FSB_SANITIZE:-}" ]; then
		memlimit_kb=$(($1 / 1024 * 16 + 400000))
	fi
	shift
	"$@"
	memlimit_kb=
}

# N filesystems of 4 phases of 3 runs each
many_fs() {
	local i p
	echo "format = 1"
	echo "baseline = \"fs0\""
	for ((i = 0; i < $1; i++)); do
		echo "filesystem \"fs$i\" {"
		for p in tar cp rm make; do
			echo "  phase \"$p\" {"
			echo "    run { real = 1.$i user = 0.$((i % 7)) sys = 0.1 sync = 0.01 status = \"ok\" exit_status = 0 }"
			echo "    run { real = 1.$((i + 1)) user = 0.$((i % 5)) sys = 0.1 sync = 0.01 status = \"ok\" exit_status = 0 }"
			echo "    run { real = 1.$((i + 2)) user = 1.$((i % 3)) sys = 0.1 sync = 0.01 status = \"ok\" exit_status = 0 }"
			echo "  }"
		done
		echo "}"
	done
}
# each in a directory of its own: show looks for the earlier sessions of
# a result beside it (model/history.h), and the index it reads them from
# would otherwise put the larger file's reading into the smaller's time
mkdir "$SCRATCH/810" "$SCRATCH/3240"
many_fs 810 >"$SCRATCH/810/fs810.fsbench"
many_fs 3240 >"$SCRATCH/3240/fs3240.fsbench"
size=$(stat -c %s "$SCRATCH/3240/fs3240.fsbench")
# the CPU time (user + sys) of what the shell has waited for, in ms: what
# show itself spent, whatever else the machine is doing (wall time on a
# loaded machine is the neighbours' as much as show's); `times` in this
# shell, not in a $(…) subshell, which has waited for nothing
cpu_ms() {	# into CPU_MS
	times >"$SCRATCH/times"
	CPU_MS=$(tail -n 1 "$SCRATCH/times" | awk '{ t = 0; for (i = 1; i <= 2; i++) { split($i, m, "m"); t += m[1] * 60 + m[2] }; printf "%d\n", t * 1000 }')
}
cpu_ms; t0=$CPU_MS
limit "$size" check "810 filesystems" "$SCRATCH/810/fs810.fsbench" 60 '\n' "$FSBENCH" show "$SCRATCH/810/fs810.fsbench"
cpu_ms; t1=$CPU_MS
limit "$size" check "3,240 filesystems" "$SCRATCH/3240/fs3240.fsbench" 60 '\n' "$FSBENCH" show "$SCRATCH/3240/fs3240.fsbench"
cpu_ms; t2=$CPU_MS
grep -q '^fs3239 ' "$SCRATCH/out" || fail "3,240 filesystems: the last one is not in the summary"
a=$((t1 - t0)) b=$((t2 - t1))
note "show of 810 filesystems: $a ms of CPU, of 3,240: $b ms ($size bytes)"
# four times the filesystems: linear is about 4x, quadratic 16x; the
# result's grid (model/grid.h) addresses every cell by index, so no table
# searches a name per cell: at most 4.5x, and half a second for the noise
[ "$b" -le $((a * 9 / 2 + 500)) ] || fail "3,240 filesystems took $b ms of CPU, 810 took $a ms: not linear (4.5x at most)"
limit "$size" check "3,240 filesystems: export html" "$SCRATCH/3240/fs3240.fsbench" 60 '\n' \
	"$FSBENCH" export --format html "$SCRATCH/3240/fs3240.fsbench"

# three million '}' then '{' (a brace counter once wrote before its array)
{ echo "format = 1"; head -c 3000000 /dev/zero | tr '\0' '}'; echo "{"; } >"$SCRATCH/braces.fsbench"
check "3,000,000 unmatched braces" "$SCRATCH/braces.fsbench" 30 '\n' "$FSBENCH" show "$SCRATCH/braces.fsbench"
{ echo "defaults {}"; head -c 3000000 /dev/zero | tr '\0' '}'; echo "{"; } >"$SCRATCH/braces.conf"
check "3,000,000 unmatched braces in a config" "$SCRATCH/braces.conf" 30 '\n' "$FSBENCH" --config "$SCRATCH/braces.conf" list

# a 50 MB file: refused by its size, without reading it all into memory
{ echo "format = 1"; yes 'filesystem "x" { phase "p" { run { real = 1 } } }' | head -c 50000000; } >"$SCRATCH/50mb.fsbench"
limit 50000000 check "a 50 MB file" "$SCRATCH/50mb.fsbench" 30 '\n' "$FSBENCH" show "$SCRATCH/50mb.fsbench"
grep -q 'too large' "$SCRATCH/err" || fail "a 50 MB file: $(cat "$SCRATCH/err")"
rm -f "$SCRATCH/50mb.fsbench"

# a config of 20,000 sections: libconfuse is quadratic in them, so refused
{ echo "defaults {}"; for ((i = 0; i < 20000; i++)); do echo "profile \"p$i\" {}"; done; } >"$SCRATCH/sections.conf"
check "a config of 20,000 sections" "$SCRATCH/sections.conf" 30 '\n' "$FSBENCH" --config "$SCRATCH/sections.conf" list

# a file without end
check "/dev/zero" /dev/zero 30 '\n' "$FSBENCH" show /dev/zero
check "/dev/zero as a config" /dev/zero 30 '\n' "$FSBENCH" --config /dev/zero list

note "$n runs of regression inputs handled"
