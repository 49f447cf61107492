#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The verdict across sessions, as `fsbench show` gives it (issue 36), on
# crafted results of one plan on one machine (tests/helpers/mksession):
#  1. a lead that rests on one phase names no winner and says which: xfs's
#     cp a clone (0.4 of ext4's), its tar 8% slower;
#  2. a result whose earlier runs next to it disagree: today xfs at 1.10 of
#     ext4, earlier 0.93, 1.09 and 1.21 — no winner, the disagreeing runs
#     named with their dates, the pair "not stable"; JSON says the same;
#     --no-history judges it alone (a lead);
#  3. a clear, stable lead (earlier 1.24, 1.26) is still called a lead, and
#     agrees with them;
#  4. a result of another machine (another CPU) in the same directory is
#     no history of this one;
#  5. an earlier session that ranked nothing (one run each) neither agrees
#     nor differs, and is counted aloud, not left a riddle of "2 of the 3".
. "$FSB_TESTLIB"
[ -x /usr/bin/python3 ] || skip "needs Debian's /usr/bin/python3 (apt-get install python3)"
export LC_ALL=C.UTF-8
mk=${FSB_BUILDDIR:?}/tests/helpers/mksession
[ -x "$mk" ] || fail "no $mk (make check builds it)"
export XDG_CACHE_HOME=$SCRATCH/cache

# 1. rests on one phase
mkdir "$SCRATCH/one"
"$mk" "$SCRATCH/one/r.fsbench" 2026-12-04T08:00:00Z 1.08 0.40 || fail "mksession"
"$FSBENCH" show "$SCRATCH/one/r.fsbench" >"$SCRATCH/one.txt" || fail "show exited $?"
grep -q "Fastest overall" "$SCRATCH/one.txt" && fail "a lead that rests on cp named a winner"
grep -qE "No filesystem is named fastest overall by dead time \(real - usr\): xfs and ext4 cannot be told apart with confidence\. xfs's lead over ext4 \([0-9.]+× \[[0-9.]+, [0-9.]+\]\) rests on cp: without it 0\.9[0-9]× " \
	"$SCRATCH/one.txt" || { cat "$SCRATCH/one.txt"; fail "the verdict does not say the lead rests on cp"; }
grep -qE "^  Between xfs and ext4: ext4 faster at tar \(0\.9[0-9]× \[[0-9.]+, [0-9.]+\]\); slower at cp \(2\.[0-9]{2}× " "$SCRATCH/one.txt" ||
	fail "what separates xfs and ext4 is not said"

# 2. history that disagrees
mkdir "$SCRATCH/h"
"$mk" "$SCRATCH/h/a.fsbench" 2026-12-02T06:00:00Z 0.93 0.93 &&
	"$mk" "$SCRATCH/h/b.fsbench" 2026-12-02T07:00:00Z 1.09 1.09 &&
	"$mk" "$SCRATCH/h/c.fsbench" 2026-12-03T08:00:00Z 1.21 1.21 &&
	"$mk" "$SCRATCH/h/d.fsbench" 2026-12-04T09:00:00Z 1.10 1.10 || fail "mksession"
"$FSBENCH" show "$SCRATCH/h/d.fsbench" >"$SCRATCH/h.txt" || fail "show exited $?"
grep -q "Fastest overall" "$SCRATCH/h.txt" && { cat "$SCRATCH/h.txt"; fail "history that disagrees still named a winner"; }
grep -qF "Judged round by round (5 rounds) and against 3 earlier runs of this plan on this machine" "$SCRATCH/h.txt" ||
	fail "the history used is not said"
grep -qF "Agrees with 0 of the 3 earlier runs of this plan on this machine; the run of 2026-12-03 08:00 named ext4 fastest; the run of 2026-12-02 07:00 named ext4 fastest; the run of 2026-12-02 06:00 named xfs fastest." \
	"$SCRATCH/h.txt" || { grep -i agrees "$SCRATCH/h.txt"; fail "the disagreeing runs are not named"; }
grep -qF "On this machine the order of ext4/xfs is not stable" "$SCRATCH/h.txt" || fail "the unstable pair is not named"
"$FSBENCH" show --json "$SCRATCH/h/d.fsbench" >"$SCRATCH/h.json" || fail "show --json exited $?"
/usr/bin/python3 - "$SCRATCH/h.json" <<'PY' || fail "the JSON judgement does not carry the history"
import json, sys
d = json.load(open(sys.argv[1]))
j = next(b for b in d["documents"][0]["blocks"] if b["type"] == "verdict")["judgement"]
assert j["kind"] == "tie" and j["earlier_runs"] == 3 and j["between_sessions_from"] == "history", j
assert j["earlier_runs_agreeing"] == 0 and j["earlier_runs_ranking_nothing"] == 0, j
assert [x["what"] for x in j["earlier_runs_disagreeing"]] == ["named ext4 fastest", "named ext4 fastest", "named xfs fastest"], j
assert j["unstable_pairs"] == ["ext4/xfs"], j
PY
"$FSBENCH" show --no-history "$SCRATCH/h/d.fsbench" >"$SCRATCH/alone.txt" || fail "show --no-history exited $?"
grep -qE "Fastest overall by dead time \(real - usr\): ext4, 10% ahead of xfs" "$SCRATCH/alone.txt" ||
	{ head -30 "$SCRATCH/alone.txt"; fail "--no-history did not judge it alone"; }
grep -qE "Agrees with|earlier runs? of this plan on this machine" "$SCRATCH/alone.txt" && fail "--no-history still judged with the earlier runs"
grep -qF "earlier runs of this plan were not looked for" "$SCRATCH/alone.txt" || fail "--no-history does not say it judged the result alone"

# 3. a clear, stable lead stays one
mkdir "$SCRATCH/s"
"$mk" "$SCRATCH/s/a.fsbench" 2026-12-02T06:00:00Z 1.24 1.24 &&
	"$mk" "$SCRATCH/s/b.fsbench" 2026-12-03T06:00:00Z 1.26 1.26 &&
	"$mk" "$SCRATCH/s/c.fsbench" 2026-12-04T06:00:00Z 1.25 1.25 || fail "mksession"
"$FSBENCH" show "$SCRATCH/s/c.fsbench" >"$SCRATCH/s.txt" || fail "show exited $?"
grep -qE "Fastest overall by dead time \(real - usr\): ext4, 25% ahead of xfs \(a significant lead\)" "$SCRATCH/s.txt" ||
	{ head -30 "$SCRATCH/s.txt"; fail "a clear, stable lead is not called a lead"; }
grep -qF "Agrees with 2 of the 2 earlier runs of this plan on this machine." "$SCRATCH/s.txt" || fail "the agreement is not said"

# 4. another machine's result is no history of this one
sed 's/cpu = "AMD EPYC"/cpu = "Intel(R) Xeon(R) Processor"/' "$SCRATCH/h/a.fsbench" >"$SCRATCH/s/other.fsbench"
"$FSBENCH" show "$SCRATCH/s/c.fsbench" | grep -qF "Agrees with 2 of the 2 earlier runs" || fail "another machine's run was taken as history"

# 5. an earlier session that ranked nothing
mkdir "$SCRATCH/u"
cp "$SCRATCH/s/a.fsbench" "$SCRATCH/s/b.fsbench" "$SCRATCH/s/c.fsbench" "$SCRATCH/u/"
"$mk" -f ext4,xfs -p tar,cp -n 1 "$SCRATCH/u/one.fsbench" 2026-12-03T12:00:00Z xfs:tar=1.25 xfs:cp=1.25 || fail "mksession"
"$FSBENCH" show "$SCRATCH/u/c.fsbench" >"$SCRATCH/u.txt" || fail "show exited $?"
grep -qE "Fastest overall by dead time \(real - usr\): ext4, 25% ahead of xfs" "$SCRATCH/u.txt" ||
	{ head -30 "$SCRATCH/u.txt"; fail "an earlier session with one run each changed the lead"; }
grep -qF "Agrees with 2 of the 3 earlier runs of this plan on this machine; 1 ranked nothing (too busy, or one run each)." \
	"$SCRATCH/u.txt" || { grep -i agrees "$SCRATCH/u.txt"; fail "the earlier session that ranked nothing is not said"; }
"$FSBENCH" show --json "$SCRATCH/u/c.fsbench" >"$SCRATCH/u.json" || fail "show --json exited $?"
/usr/bin/python3 - "$SCRATCH/u.json" <<'PY' || fail "the JSON judgement does not count the session that ranked nothing"
import json, sys
d = json.load(open(sys.argv[1]))
j = next(b for b in d["documents"][0]["blocks"] if b["type"] == "verdict")["judgement"]
assert (j["earlier_runs"], j["earlier_runs_agreeing"], j["earlier_runs_ranking_nothing"], j["earlier_runs_disagreeing"]) == (3, 2, 1, []), j
PY
exit 0
