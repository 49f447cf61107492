#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The recommendation on seed 000's published results, as its author gave
# his: for a system disk a journaled filesystem, not ext2, with ext2 named
# as faster but without a journal; for scratch space ext2 may win, and
# says why; snapshots asked of a result without btrfs: none provides them.
# The JSON says the same in fields.  The use and must-haves a result
# records are show's default.  Bad --for and --need, a bad recorded use:
# one line, exit 2.
. "$FSB_TESTLIB"

sample=$FSB_SRCDIR/data/samples/seed000-desktop-2.6.3.fsbench

"$FSBENCH" show --for system "$sample" >"$SCRATCH/system.txt" || fail "show --for system exited $?"
rec=$SCRATCH/rec.txt
sed -n '/^Recommendation for a system disk:/,/^$/p' "$SCRATCH/system.txt" >"$rec"
[ -s "$rec" ] || fail "no recommendation section: $(cat "$SCRATCH/system.txt" | head -40)"
assert_has "$rec" "system: not ext3, or not tentative" '^  Probably ext3, by one run of each: for a system disk'
assert_has "$rec" "system: ext2 not named as faster without a journal" \
	'^  ext2 was [0-9]*% faster at these phases .* but has no journal'
# deb ×3, tar and rm (no cp, no clean since issue 33): xfs took 1.10× ext3's
assert_has "$rec" "system: the next candidate is not xfs at 1.10×" \
	'took least time of the filesystems that would do, xfs took 1\.10× (one run: untested)'
assert_has "$rec" "system: no weights line" -xF \
	'  Weighed for a system disk: deb ×3, tar, rm ×1; not measured here: seq-create, seq-delete, rand-create, rand-delete ×0.25.'
assert_has "$rec" "system: what it rests on is not said" -xF '  Rests on: one run of each, no difference tested.'
# what else counts, under it: the candidates, ext2 in parentheses
sed -n '/^What else counts for a system disk$/,/^$/p' "$SCRATCH/system.txt" >"$SCRATCH/crit.txt"
assert_has "$SCRATCH/crit.txt" "system: the criteria table's columns" \
	-E '^criterion +needed most +ext3 +xfs +jfs +\(ext2\) +\(reiser\) +from$'
assert_has "$SCRATCH/crit.txt" "system: the criteria table's shrink row" \
	-E '^shrinks +yes +offline +no +no +offline +offline +documented$'
assert_has "$rec" "system: reiser4 (no profile) not named" '^  reiser4: not considered, fsbench has no profile'

"$FSBENCH" show --for scratch "$sample" >"$SCRATCH/scratch.txt" || fail "show --for scratch exited $?"
sed -n '/^Recommendation for scratch space:/,/^$/p' "$SCRATCH/scratch.txt" >"$SCRATCH/rec2.txt"
grep -q '^  Probably ext2, by one run of each: for scratch space what counts is every phase alike, for data that can be made again' \
	"$SCRATCH/rec2.txt" || fail "scratch: $(cat "$SCRATCH/rec2.txt")"
grep -q '^  ext2 gives: no journal' "$SCRATCH/rec2.txt" || fail "scratch: does not say ext2 has no journal"

"$FSBENCH" show --for home --need snapshots "$sample" >"$SCRATCH/snap.txt" || fail "show --need snapshots exited $?"
grep -q '^  No tested filesystem provides snapshots\. Of fsbench.s profiles, these do: btrfs' "$SCRATCH/snap.txt" ||
	fail "snapshots: $(sed -n '/^Recommendation/,/^$/p' "$SCRATCH/snap.txt")"

# without --for: the default use, said so
"$FSBENCH" show "$sample" >"$SCRATCH/default.txt" || fail "show exited $?"
grep -q '^Recommendation for a system disk (the default use; --for USE for another):' "$SCRATCH/default.txt" ||
	fail "default: no recommendation heading"

# the same in JSON fields
"$FSBENCH" show --json --for system "$sample" >"$SCRATCH/rec.json" || fail "show --json exited $?"
python3 - "$SCRATCH/rec.json" <<'PY' || fail "JSON recommendation"
import json, sys
d = json.load(open(sys.argv[1]))
blocks = d["documents"][0]["blocks"]
rec = [b for b in blocks if b["role"] == "recommendation"]
assert len(rec) == 1, "one recommendation block"
r = rec[0]["recommendation"]
assert r["kind"] == "tentative" and r["pick"] == "ext3" and r["use"] == "system", r
assert r["answer"] == "tentative" and r["named"] == ["ext3"], r
assert {"phase": "deb", "weight": 3, "measured": True} in r["weights"], r["weights"]
assert {"phase": "seq-create", "weight": 0.25, "measured": False} in r["weights"], r["weights"]
assert not [w for w in r["weights"] if w["phase"] in ("cp", "clean")], r["weights"]
crit = {c["id"]: c for c in r["criteria"]}
assert crit["shrink"]["important"] and not crit["shrink"]["measured"], crit["shrink"]
assert crit["shrink"]["values"] == {"ext3": "offline", "xfs": "no", "jfs": "no", "ext2": "offline",
                                    "reiser": "offline"}, crit["shrink"]
assert r["rests_on"]["rounds"] == 1 and r["rests_on"]["lead"]["over"] == "xfs", r["rests_on"]
tables = [b for b in blocks if b["role"] == "criteria"]
assert len(tables) == 1 and blocks.index(tables[0]) == blocks.index(rec[0]) + 1, "the criteria table under it"
assert "power-loss" in r["needs"], r["needs"]
rows = {x["filesystem"]: x for x in r["rows"]}
assert rows["ext2"]["missing"] == ["power-loss"], rows["ext2"]
assert rows["reiser4"]["facts_known"] is False
assert rec[0]["lines"][0].startswith("Probably ext3"), rec[0]["lines"][0]
PY

# what the run was told (use, needs in the result) is what show recommends
# for, and says so; --for and --need (none: no must-have) change it
sed 's/^repeat = /use = "scratch"\nneeds = {"snapshots"}\nrepeat = /' "$sample" >"$SCRATCH/told.fsbench"
grep -q '^use = "scratch"$' "$SCRATCH/told.fsbench" || fail "could not make the told sample"
"$FSBENCH" show "$SCRATCH/told.fsbench" >"$SCRATCH/told.txt" || fail "show told exited $?"
grep -q '^Recommendation for scratch space (the run was told so; --for USE for another):' "$SCRATCH/told.txt" ||
	fail "told: not the recorded use: $(grep Recommendation "$SCRATCH/told.txt")"
grep -q '^  No tested filesystem provides snapshots' "$SCRATCH/told.txt" || fail "told: the recorded need is not applied"
"$FSBENCH" show --need none "$SCRATCH/told.fsbench" >"$SCRATCH/told2.txt" || fail "show --need none exited $?"
sed -n '/^Recommendation for scratch space/,/^$/p' "$SCRATCH/told2.txt" >"$SCRATCH/rec3.txt"
cmp -s <(tail -n +2 "$SCRATCH/rec3.txt") <(tail -n +2 "$SCRATCH/rec2.txt") ||
	fail "told, --need none: not the scratch recommendation: $(cat "$SCRATCH/rec3.txt")"
"$FSBENCH" show --for system --need none "$SCRATCH/told.fsbench" >"$SCRATCH/told3.txt" || fail "show --for system exited $?"
grep -q '^Recommendation for a system disk:' "$SCRATCH/told3.txt" || fail "told, --for system: not a system disk"
# a use this fsbench does not know in a result: its line, exit 2
sed 's/^use = "scratch"/use = "desktop"/' "$SCRATCH/told.fsbench" >"$SCRATCH/bad.fsbench"
line=$(grep -n '^use = ' "$SCRATCH/bad.fsbench" | cut -d: -f1)
"$FSBENCH" show "$SCRATCH/bad.fsbench" >"$SCRATCH/out" 2>"$SCRATCH/err"
rc=$?
[ "$rc" -eq 2 ] || fail "a bad use in the result: exit $rc, not 2"
assert_has "$SCRATCH/err" "bad use" "bad.fsbench:$line: use \"desktop\": not a use fsbench knows"
[ "$(wc -l <"$SCRATCH/err")" -eq 1 ] || fail "bad use: not one line: $(cat "$SCRATCH/err")"

# bad words: one line, exit 2, nothing written or made.  refused CMD ARGS
# (ARGS as the shell reads them) — the last error in $SCRATCH/err
refused() {
	local cmd=$1 args=$2 rc
	case $cmd in
	show) eval "\"\$FSBENCH\" show $args \"\$sample\"" ;;
	run) eval "\"\$FSBENCH\" run --image \"\$SCRATCH/never.img\" $args" ;;
	esac >"$SCRATCH/out" 2>"$SCRATCH/err"
	rc=$?
	[ "$rc" -eq 2 ] || fail "$cmd $args exited $rc, not 2"
	[ "$(wc -l <"$SCRATCH/err")" -eq 1 ] || fail "$cmd $args: not one line: $(cat "$SCRATCH/err")"
	[ ! -s "$SCRATCH/out" ] || fail "$cmd $args wrote to stdout"
	[ ! -e "$SCRATCH/never.img" ] || fail "$cmd $args made the image"
}
for args in "--for desktop" "--need speed" "--need ''"; do
	refused show "$args"
done
assert_has "$SCRATCH/err" "empty --need" 'fsbench: show: --need: no must-have given'
# the same words for run, before anything is made
refused run "--for desktop"
assert_has "$SCRATCH/err" "run --for desktop" -- '--for desktop: not a use fsbench knows'
refused run "--need speed"
assert_has "$SCRATCH/err" "run --need speed" -- '--need: "speed" is not a must-have fsbench knows'
exit 0
