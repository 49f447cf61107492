#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The cpu-bound plausibility flag end to end (model/plaus.h): a real run
# whose built-in char-read is limited by fsbench's own CPU — it reads, a
# character at a time, what the page cache holds (--no-drop-caches: the
# data file was just written), so nothing waits for the device and its
# thread is busy all the time — is flagged in the result file
# (implausible "cpu-bound", %CPU at or above 90), in show (the note "limited
# by fsbench's own CPU: N% of one CPU busy" and "^" after the rate), in the
# JSON (the rate's cell "cpu_bound": true) and in the TUI's view of the
# result (the same note, the "^").  fsbench runs at nice -19 and the page
# cache is this test's alone (page_cache_lock), so that neither a busy
# machine nor another test's drop of the caches makes the thread wait.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/tui/tui-lib.sh"
need_root
need_prog mkfs.ext4 nice
[ -x /usr/bin/python3 ] || skip "needs Debian's /usr/bin/python3 (apt-get install python3)"
page_cache_lock exclusive

tui_short_data_home
mkdir -p "$results"
res=$results/cpu.fsbench
nice -n -19 "$FSBENCH" run --image "$SCRATCH/t.img" --size 1G --fs ext4 --phases char-read --no-drop-caches \
	--profile tiny -o "$res" >"$SCRATCH/run.out" 2>&1 || { cat "$SCRATCH/run.out"; fail "fsbench run exited $?"; }
assert_no_leftovers "the char-read run"

# the result file: the run's %CPU and the word the engine recorded
cpu=$(sed -n 's/.*cpu_pct = \([0-9.]*\).*/\1/p' "$res" | head -1)
[ -n "$cpu" ] && awk -v c="$cpu" 'BEGIN { exit !(c >= 90) }' || { cat "$SCRATCH/run.out"; fail "char-read used $cpu% of a CPU, not 90% or more"; }
grep -qE '^ *implausible = ".*cpu-bound' "$res" || fail "the run is not recorded as cpu-bound (${cpu}% CPU)"
note "char-read: ${cpu}% of one CPU"

# show: the note and the mark
"$FSBENCH" show "$res" >"$SCRATCH/show.txt" || fail "show exited $?"
grep -qE "^  Not the device's figure: ext4 char-read was .*limited by fsbench's own CPU: [0-9]+% of one CPU busy, the device was not the bottleneck\.$" \
	"$SCRATCH/show.txt" || { cat "$SCRATCH/show.txt"; fail "show does not say char-read was limited by fsbench's CPU"; }
grep -qE '^ext4 +[0-9]+\^ ' "$SCRATCH/show.txt" || { cat "$SCRATCH/show.txt"; fail "show does not mark ext4's rate with ^"; }

# JSON: the rate's cell flagged cpu_bound
"$FSBENCH" show --json "$res" >"$SCRATCH/show.json" || fail "show --json exited $?"
/usr/bin/python3 - "$SCRATCH/show.json" <<'PY' || fail "the JSON does not flag the cell cpu_bound"
import json, sys
doc, = json.load(open(sys.argv[1]))["documents"]
flagged = [(b["role"], r[0]["text"], c["text"]) for b in doc["blocks"] if b.get("type") == "table"
           for r in b["rows"] for c in r if isinstance(c, dict) and c.get("cpu_bound")]
assert any(role == "bonnie" and fs == "ext4" and text.endswith("^") for role, fs, text in flagged), flagged
# and only the flagged run's cells: no cell of another row
assert all(fs == "ext4" for _, fs, _ in flagged), flagged
PY

# the TUI: the result in the browser says it as show does
tui_start 200 50
tui_wait 'Where should fsbench run'
tui_keys r
tui_wait 'Results in .*: 1 file'
tui_open_result
tui_wait 'Verdict|Built-in I/O phases'
tui_press_until j "Not the device's figure: ext4 char-read was .*limited by fsbench's own CPU: [0-9]+% of one CPU busy" 80
tui_press_until j '^ +ext4 +[0-9]+\^ ' 60
tui_press_until j "\^ ext4 char-read: .*limited by fsbench's own CPU" 60
tui_quit 'Results in ' 'Where should fsbench run'
exit 0
