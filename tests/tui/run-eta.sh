#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Time to an answer (issue 12): with an earlier run of the same profile in
# the results directory (a fixture: data/samples/repeat3-tiny.fsbench, the
# tiny profile, with a phase "nap"), the run screen shows an ETA from the
# start, before any phase has finished, and says what it is based on; on
# the second filesystem a command phase that does not report its progress
# (nap: sleep 9) gets a bar marked as an estimate with "about N s left",
# from what the same phase took on the first filesystem, and the bar never
# runs backwards or reaches 100% while the phase runs; then the stall
# round's line.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/tui/tui-lib.sh"
need_root
need_prog mkfs.ext2 mkfs.ext4 tar

results=$XDG_DATA_HOME/fsbench/results
mkdir -p "$results" "$XDG_CONFIG_HOME/fsbench"
cp "$FSB_SRCDIR/data/samples/repeat3-tiny.fsbench" "$results/earlier.fsbench"
# tar as the run finds it on PATH: the tar phase's (tar -xf, in the
# mounted filesystem) held while $SCRATCH/go does not exist, so that "no
# phase has finished yet" is a fact while the first screen is read, not a
# race with a quick tar; the workload's own tar (making the tarball) runs
mkdir -p "$SCRATCH/bin"
cat >"$SCRATCH/bin/tar" <<EOF
#!/bin/sh
case "\$1 \$(pwd)" in
-xf\ "$SCRATCH"/fsbench-mnt.*)
	: >"$SCRATCH/held"
	while [ ! -e "$SCRATCH/go" ]; do sleep 0.05; done ;;
esac
exec "$(command -v tar)" "\$@"
EOF
chmod +x "$SCRATCH/bin/tar"
TUI_ENV="PATH=$SCRATCH/bin:$PATH"
cat >"$XDG_CONFIG_HOME/fsbench/fsbench.conf" <<'CONF'
phase "nap" {
  label = "sleep 9"
  command = 'sleep 9'
}
CONF

tui_start 100 30
tui_plan_image "$SCRATCH/t.img" 2G ext2 ext4 -- tar nap
tui_wait 'Phases \(2, '
tui_keys Enter
tui_wait 'Start the run on a new image file'
tui_keys y
tui_wait '─ Running ─'

# the ETA from the start: before the first filesystem's phases are done
# (the tar phase is held until it has been seen)
eta_re='ETA about [0-9:]+ left +from 1 earlier tiny run'
tui_wait "$eta_re"
tui_screen >"$SCRATCH/start.txt"
# no phase had finished when that screen was drawn: the result file, which
# is rewritten before the screen hears of a finished phase, has no run yet
runs=$(find "$results" -name '*.fsbench' ! -name earlier.fsbench -exec cat {} + | grep -c '^ *run {')
[ "$runs" = 0 ] || { cat "$SCRATCH/start.txt"; fail "the ETA came only after a phase had finished ($runs runs in the result)"; }
grep -qE 'starting|preparing|checking that the machine is quiet|ext2 +filesystem 1 of 2 +(mkfs|tar)' "$SCRATCH/start.txt" ||
	{ cat "$SCRATCH/start.txt"; fail "the ETA is not on the screen from the start (before or during the first phase)"; }
grep -q 'known once every phase ran once' "$SCRATCH/start.txt" && fail "the old 'ETA unknown' text is still shown"
: >"$SCRATCH/go"	# tar may run now
tui_wait 'ext2 +filesystem 1 of 2 +nap'
[ -e "$SCRATCH/held" ] || fail "the tar phase was never held: the first screen's check raced with it"

# the second filesystem's nap: an estimated bar with the time left
tui_wait 'ext4 +filesystem 2 of 2 +nap'
prev=-1
seen=0
for i in $(seq 1 40); do
	line=$(tui_screen | grep -E '^│? *Progress ' || true)
	if grep -qE 'estimate: about [0-9]+ s left|estimate: longer than expected' <<<"$line"; then
		pct=$(grep -oE '[0-9]+%' <<<"$line" | tail -1 | tr -d %)
		[ -n "$pct" ] || fail "an estimated bar without a percentage: $line"
		[ "$pct" -lt 100 ] || fail "the estimated bar reached $pct% while the phase runs: $line"
		[ "$pct" -ge "$prev" ] || fail "the bar ran backwards: $prev% then $pct%"
		prev=$pct
		seen=$((seen + 1))
		note "$line"
	fi
	# the disk line keeps both rates when the background load follows them
	# (on a quiet machine the process table behind it is read every 5 s:
	# the nap is long enough for one reading)
	disk=$(tui_screen | grep -E '^│? *Disk read ' || true)
	if grep -qE '(background|busy):' <<<"$disk"; then
		grep -qE 'write +([0-9.]+ [KM]iB/s|—) +(background|busy):' <<<"$disk" ||
			fail "the write rate is missing from the disk line: $disk"
		disk_seen=1
	fi
	tui_screen | grep -qE 'ext4 +filesystem 2 of 2 +nap' || break
	sleep 0.25
done
[ "${disk_seen:-0}" = 1 ] || { tui_dump; fail "no disk line with the background load during ext4's nap"; }
[ "$seen" -ge 3 ] || { tui_dump; fail "no estimated progress bar during ext4's nap (seen $seen times)"; }
[ "$prev" -gt 0 ] || fail "the estimated bar never moved"

# the stall round after the timed ones (doc/disk.md) says so where the
# repetition was: its nap lasts 9 s
tui_wait 'ext2 +filesystem 1 of 2 +nap +phase 2 of 2 +the stall round: the probe beside'
tui_wait 'Run finished'
tui_quit 'Target: new image file' 'Where should fsbench run'
assert_no_leftovers "the TUI run"
exit 0
