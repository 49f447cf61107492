#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Settle mode, the default plan (no --repeat, no --auto-repeat): rounds
# until the verdict is settled or the budget cannot afford another round.
#  1. --budget on the tiny profile (which has none: one round) turns it on;
#     a phase whose dead time goes 1, 2, 3 s by turns on both filesystems,
#     out of step (xfs one turn ahead: same mean, and a ratio between them
#     that swings from round to round, which the round-by-round verdict
#     cannot settle; 10 rounds take over 45 s)
#     runs until the 40 s budget stops it at a round boundary — a
#     complete result that show reads, every filesystem with as many runs
#     as rounds, ended = "budget"; the stall round (doc/disk.md) comes
#     after the last round, one stall run per filesystem, and the budget
#     keeps room for it: by the times its phase lines came out, the last
#     round was affordable when it began (elapsed + the round before it +
#     as much again for the stall round <= budget) and the next one was
#     not — the budget's rule checked on this machine's own pace, not
#     against a guess of time;
#  2. a profile with a budget, and a phase almost 4× longer on xfs: settled
#     after round 3 (the fewest a settled verdict needs, FSB_VERDICT_MIN_ROUNDS),
#     ended = "settled";
#  3. the tiny profile without --budget still runs once (one round);
#  4. SIGUSR1 during the first round: it finishes, the run ends there,
#     complete, exit status 0, ended = "stopped" — and without the stall
#     round: finishing now is what was asked.
. "$FSB_TESTLIB"
need_root
need_prog mkfs.ext2 mkfs.xfs

# the counter lives outside the filesystems (each round makes them anew)
test_conf "$FSB_CALM" "$FSB_CALM_CHECK" <<CONF
phase "swing" {
  label = "sleeps 1, 2 and 3 s by turns"
  command = 'f=$SCRATCH/swing.\$(stat -f -c %T . | tr / _); n=\$(cat \$f 2>/dev/null || echo 0); echo \$((n + 1)) >\$f; case \$f in *xfs) n=\$((n + 1));; esac; sleep \$((n % 3 + 1))'
  sync = false
}
phase "lag" {
  label = "sleeps 3 s on XFS, 0.8 s elsewhere"
  command = 'case \$(stat -f -c %T .) in xfs) sleep 3;; *) sleep 0.8;; esac'
  sync = false
}
profile "tinyb" {
  description = "tiny with a budget"
  source = "generated"
  tree_files = 300
  image_size = "2G"
  budget = "5m"
}
CONF

# 1. the budget ends it at a round boundary
res=$SCRATCH/budget.fsbench
# each line of the output with the time it came (a phase's line is written
# and flushed when it ends)
ts_lines() {
	local l
	while IFS= read -r l; do
		printf '%s %s\n' "$(date +%s.%N)" "$l"
	done
}
t0=$(date +%s.%N)
"$FSBENCH" --config "$conf" run --image "$SCRATCH/t.img" --size 2G --fs ext2,xfs --phases swing \
	--profile tiny --budget 40s -o "$res" 2>&1 | ts_lines >"$SCRATCH/budget.ts"
rc=${PIPESTATUS[0]}
cut -d' ' -f2- "$SCRATCH/budget.ts" >"$SCRATCH/budget.out"
[ "$rc" = 0 ] || { cat "$SCRATCH/budget.out"; fail "fsbench run --budget 40s exited $rc"; }
assert_no_leftovers "fsbench run --budget"
grep -q '^status = "complete"$' "$res" || fail "the budget's result is not complete"
grep -q '^ended = "budget"$' "$res" || { grep -E '^(ended|rounds)' "$res"; cat "$SCRATCH/budget.out"; fail "the run did not end on its budget"; }
grep -q '^budget = 40$' "$res" || fail "the budget is not recorded"
rounds=$(sed -n 's/^rounds = //p' "$res")
[ -n "$rounds" ] && [ "$rounds" -ge 1 ] && [ "$rounds" -lt 10 ] || fail "rounds = '$rounds'"
for fs in ext2 xfs; do
	n=$(runs_of "$res" "$fs" swing)
	[ "$n" -eq "$rounds" ] || fail "$fs has $n runs after $rounds rounds"
	[ "$(grep -c '^      stall_run {' <(sed -n "/^filesystem \"$fs\" {/,/^}/p" "$res"))" = 1 ] ||
		fail "$fs: not one stall run after the rounds"
done
grep -q "^repeat = $rounds\$" "$res" || fail "repeat is not the rounds done"
# the budget's rule, on the times of the phase lines: round r ends with
# its second timed line (E_r; E_0 the start), lasting E_r - E_{r-1}, and
# the stall round's two lines ([1/2 ext2 stall]) come after the last; the
# last round n began as E_{n-1} - start + 2 (E_{n-1} - E_{n-2}) <= 40 (the
# round and, after it, the stall round at that pace), and did not leave
# room for another: E_n - start + 2 (E_n - E_{n-1}) > 40 (a second's
# slack each way for what the lines do not time: fsck, the verdict).
# Without the stall round's reserve a round whose start left room for it
# alone (E + w <= 40 < E + 2w) would be run, and the first rule fails.
awk -v t0="$t0" -v n="$rounds" -v budget=40 '
	$2 ~ /^\[[12]\/2$/ && $4 == "stall]" { s++; if (k != 2 * n) late = 1; next }
	$2 ~ /^\[[12]\/2$/ { k++; if (k % 2 == 0) e[k / 2] = $1 }
	END {
		if (k != 2 * n) { printf "%d phase lines for %d rounds\n", k, n; exit 1 }
		if (s != 2 || late) { printf "%d lines of the stall round, %s\n", s, late ? "not after the rounds" : "after the rounds"; exit 1 }
		e[0] = t0
		if (n >= 3 && e[n - 1] - t0 + 2 * (e[n - 1] - e[n - 2]) > budget + 1) {
			printf "round %d began at %.1f s, after a round of %.1f s: no room for the stall round after it\n", n, e[n - 1] - t0, e[n - 1] - e[n - 2]; exit 1
		}
		if (e[n] - t0 + 2 * (e[n] - e[n - 1]) <= budget - 1) {
			printf "the run ended at %.1f s after a round of %.1f s: the budget afforded another and the stall round\n", e[n] - t0, e[n] - e[n - 1]; exit 1
		}
		printf "round %d ended at %.1f s, after a round of %.1f s; then the stall round\n", n, e[n] - t0, e[n] - e[n - 1]
	}' "$SCRATCH/budget.ts" >"$SCRATCH/budget.rule" || { cat "$SCRATCH/budget.out"; fail "the budget's rule: $(cat "$SCRATCH/budget.rule")"; }
[ "$rounds" -ge 3 ] || note "only $rounds rounds: the rule of the last round's start was not checked"
note "$(cat "$SCRATCH/budget.rule")"
grep -qE '^  verdict: (after round 1: one run each|.*after round [0-9])' "$SCRATCH/budget.out" ||
	{ cat "$SCRATCH/budget.out"; fail "no verdict line after a round"; }
grep -qE '^  the 40s budget cannot afford another round and the stall round after it: the run ends after round [0-9]+$' \
	"$SCRATCH/budget.out" || fail "the end of the budget is not said"
grep -qE '^  the stall round: the probe beside each phase, untimed$' "$SCRATCH/budget.out" || fail "the stall round is not said"
grep -qE '^fsbench: rounds until the verdict is settled, estimate: at most 40s' "$SCRATCH/budget.out" ||
	{ head -3 "$SCRATCH/budget.out"; fail "no estimate bounded by the budget at the start"; }
"$FSBENCH" show --ascii "$res" >"$SCRATCH/budget.txt" || fail "show cannot read the budget's result"
grep -qE "Rounds: +$rounds rounds?; the 40s budget was spent before the verdict settled" "$SCRATCH/budget.txt" ||
	{ grep -i round "$SCRATCH/budget.txt"; fail "the document does not say how the rounds ended"; }

# 2. settled early: the profile's budget, no option
res=$SCRATCH/settled.fsbench
"$FSBENCH" --config "$conf" run --image "$SCRATCH/t.img" --size 2G --fs ext2,xfs --phases lag \
	--profile tinyb -o "$res" >"$SCRATCH/settled.out" 2>&1 ||
	{ cat "$SCRATCH/settled.out"; fail "fsbench run --profile tinyb exited $?"; }
assert_no_leftovers "fsbench run in settle mode"
grep -q '^ended = "settled"$' "$res" || { grep -E '^(ended|rounds)' "$res"; cat "$SCRATCH/settled.out"; fail "the run did not end settled"; }
grep -q '^rounds = 3$' "$res" || fail "settled after $(sed -n 's/^rounds = //p' "$res") rounds, expected 3"
grep -q '^budget = 300$' "$res" || fail "the profile's budget is not recorded"
for fs in ext2 xfs; do
	[ "$(runs_of "$res" "$fs" lag)" -eq 3 ] || fail "$fs: expected 3 runs"
done
[ "$(grep -c '^      stall_run {' "$res")" = 2 ] || fail "settled: not one stall run per filesystem after the rounds"
grep -qE '^  verdict: settled after round 3: ext2 is fastest' "$SCRATCH/settled.out" ||
	{ cat "$SCRATCH/settled.out"; fail "the settled verdict is not said"; }
"$FSBENCH" show --ascii "$res" | grep -qE 'Rounds: +3 rounds; settled after round 3' ||
	fail "the document does not say it settled"

# 3. tiny without a budget: one round, no rounds recorded
res=$SCRATCH/one.fsbench
"$FSBENCH" --config "$conf" run --image "$SCRATCH/t.img" --size 2G --fs ext2,xfs --phases lag \
	--profile tiny -o "$res" >"$SCRATCH/one.out" 2>&1 || { cat "$SCRATCH/one.out"; fail "the tiny run exited $?"; }
grep -qE '^(rounds|ended|budget) =' "$res" && fail "a tiny run without --budget recorded rounds"
[ "$(runs_of "$res" ext2 lag)" -eq 1 ] || fail "a tiny run without --budget ran more than once"
assert_no_leftovers "fsbench run --profile tiny"

# 4. SIGUSR1: finish after this round
res=$SCRATCH/usr1.fsbench
"$FSBENCH" --config "$conf" run --image "$SCRATCH/u.img" --size 2G --fs ext2,xfs --phases swing \
	--profile tiny --budget 5m -o "$res" >"$SCRATCH/usr1.out" 2>&1 &
pid=$!
# the signal once the run is under way: its first phase reported
wait_until "the first phase of the SIGUSR1 run" eval 'grep -qE "^\[[12]/2 " "$SCRATCH/usr1.out" || ! kill -0 $pid 2>/dev/null'
grep -qE '^\[[12]/2 ' "$SCRATCH/usr1.out" || { wait "$pid"; cat "$SCRATCH/usr1.out"; fail "the run did not start"; }
kill -USR1 "$pid"
wait "$pid" || { cat "$SCRATCH/usr1.out"; fail "fsbench run ended $? after SIGUSR1"; }
assert_no_leftovers "fsbench run stopped by SIGUSR1"
grep -q 'finishing after this round' "$SCRATCH/usr1.out" || fail "SIGUSR1 was not acknowledged"
grep -q '^status = "complete"$' "$res" || fail "SIGUSR1: the result is not complete"
grep -q '^ended = "stopped"$' "$res" || { grep -E '^(ended|rounds)' "$res"; fail "SIGUSR1: not recorded as stopped"; }
grep -q '^rounds = 1$' "$res" || fail "SIGUSR1 in round 1 ended after $(sed -n 's/^rounds = //p' "$res") rounds"
for fs in ext2 xfs; do
	[ "$(runs_of "$res" "$fs" swing)" -eq 1 ] || fail "SIGUSR1: $fs has not exactly one run"
done
grep -q '^      stall_run {' "$res" && fail "SIGUSR1: the stall round ran after the finish asked for"
grep -q 'the stall round' "$SCRATCH/usr1.out" && fail "SIGUSR1: the stall round was started"
exit 0
