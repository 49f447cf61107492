#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# --auto-repeat keeps repeating a filesystem's phases until the 95% CI of
# every phase's mean is within ±3%, judging from the third repetition on:
# a steady phase stops early; with a deliberately noisy phase
# next to it (a sleep of random length, 0.05 to 1 s) the run goes on to
# the cap, and each cell says how many repetitions it took and whether it
# got there — in the result file, in show and in the CSV.
# The steady phase sleeps 2 s without a sync: a shorter one, or a timed
# sync, puts tens of milliseconds of jitter from a busy machine (CI runs
# the tests in parallel) into its CI, which must stay within ±3%.
. "$FSB_TESTLIB"
need_root
need_prog mkfs.ext2 shuf awk

noisy=$SCRATCH/noisy.sh
cat >"$noisy" <<'SH'
#!/bin/sh
# a random time between 0.05 and 1 s, spread evenly on a log scale, so that
# three runs within a few percent of each other are a one-in-a-thousand fluke
r=$(shuf -i 0-1000 -n1)
sleep "$(awk -v r="$r" 'BEGIN { printf "%.3f", 0.05 * 20 ^ (r / 1000) }')"
SH
test_conf "$FSB_CALM" "$FSB_CALM_CHECK" <<CONF
phase "steady" {
  label = "sleep 2"
  command = 'sleep 2'
  sync = false
}
phase "noisy" {
  label = "sleep a random time"
  command = 'sh $noisy'
}
CONF

# phase "name" of the result file: its runs, auto_repeats and auto_converged
cell() {
	awk -v p="  phase \"$2\" {" '$0 == p { inp = 1; next } inp && /^  }/ { inp = 0 }
		inp && /^      run \{/ { n++ } inp && /auto_repeats/ { r = $3 } inp && /auto_converged/ { c = $3 }
		END { print n + 0, r, c }' "$1"
}

# 1. a steady phase alone: judged from the third repetition, done long before the cap
a=$SCRATCH/a.fsbench
"$FSBENCH" --config "$conf" run --image "$SCRATCH/a.img" --size 1G --fs ext2 --phases steady \
	--profile tiny --auto-repeat --max-repeat 8 -o "$a" >"$SCRATCH/a.out" 2>&1 ||
	{ cat "$SCRATCH/a.out"; fail "fsbench run --auto-repeat exited $?"; }
assert_no_leftovers "fsbench run --auto-repeat"
read -r n reps conv < <(cell "$a" steady)
note "steady: $n runs, auto_repeats $reps, converged $conv"
[ "$conv" = true ] || { cat "$SCRATCH/a.out"; fail "the steady phase did not converge"; }
[ "$n" -ge 3 ] && [ "$n" -lt 8 ] || fail "the steady phase ran $n times: expected to stop between 3 and 7"
[ "$reps" = "$n" ] || fail "auto_repeats $reps for $n runs"
grep -qE "^  ext2: every phase within ±3% after $n repetitions$" "$SCRATCH/a.out" ||
	{ cat "$SCRATCH/a.out"; fail "the run does not say it converged"; }

# 2. next to a noisy phase: the cap, and per cell what happened
b=$SCRATCH/b.fsbench
"$FSBENCH" --config "$conf" run --image "$SCRATCH/b.img" --size 1G --fs ext2 --phases steady,noisy \
	--profile tiny --auto-repeat --max-repeat 5 -o "$b" >"$SCRATCH/b.out" 2>&1 ||
	{ cat "$SCRATCH/b.out"; fail "fsbench run --auto-repeat exited $?"; }
assert_no_leftovers "fsbench run --auto-repeat (noisy)"
read -r n reps conv < <(cell "$b" noisy)
note "noisy: $n runs, auto_repeats $reps, converged $conv"
[ "$n" = 5 ] && [ "$reps" = 5 ] && [ "$conv" = false ] || fail "noisy: $n runs, auto $reps $conv; expected the cap of 5"
read -r n sreps sconv < <(cell "$b" steady)
[ "$n" = 5 ] && [ "$sconv" = true ] && [ "$sreps" -le 5 ] ||
	fail "steady next to noisy: $n runs, auto $sreps $sconv; expected 5 runs, converged"
grep -qF "ext2: stopped at the cap of 5 repetitions; not every phase is within ±3%" "$SCRATCH/b.out" ||
	{ cat "$SCRATCH/b.out"; fail "the run does not say it hit the cap"; }

# show: the repetitions table, the cap marked, the note
"$FSBENCH" show --ascii "$b" >"$SCRATCH/show.txt" || fail "show exited $?"
awk '/^Repetitions \(--auto-repeat\)/ { s = 1 } s && /^$/ { exit } s' "$SCRATCH/show.txt" >"$SCRATCH/auto"
grep -qE "^ext2 +$sreps \(\+-[0-9.]+%\) +5 cap \(\+-[0-9.]+%\)$" "$SCRATCH/auto" ||
	{ cat "$SCRATCH/show.txt"; fail "show does not say per cell how many repetitions and whether it got there"; }
grep -qF 'note: 1 phase hit the cap without reaching the target' "$SCRATCH/auto" || fail "no note about the cap"

# CSV: the bookkeeping on every row of the cell
"$FSBENCH" export --format csv "$b" | tr -d '\r' | awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
	$4 == "noisy" { n++; if ($col["auto_repeats"] != 5 || $col["auto_converged"] != 0) bad++ }
	END { exit !(n == 5 && !bad) }' || fail "the CSV does not carry the auto-repeat columns"
exit 0
