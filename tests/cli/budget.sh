#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# --budget DURATION: what parses (seconds, minutes, hours, in that order)
# and what is refused — one line naming the option and the value, exit
# status 2, before anything runs (no root needed to be refused).  A
# profile's budget key is checked the same way, with the file and line.
. "$FSB_TESTLIB"

refused() {	# refused VALUE
	local rc
	"$FSBENCH" run --dir "$SCRATCH" --phases tar --budget "$1" >"$SCRATCH/out" 2>"$SCRATCH/err"
	rc=$?
	[ "$rc" -eq 2 ] || { cat "$SCRATCH/err"; fail "--budget '$1': exit status $rc, expected 2"; }
	[ "$(wc -l <"$SCRATCH/err")" -eq 1 ] || { cat "$SCRATCH/err"; fail "--budget '$1': not one line"; }
	grep -qF -- "--budget '$1': expected a duration such as 15m, 900s or 1h30m" "$SCRATCH/err" ||
		{ cat "$SCRATCH/err"; fail "--budget '$1': the line does not name the option and the value"; }
	[ ! -s "$SCRATCH/out" ] || fail "--budget '$1' printed on stdout"
}
for v in '' 0 0s -5m 15x m 15m30 1h1h 30m1h 1.5h '15 minutes' 99999999999999999999 31d 800h; do
	refused "$v"
done

# the profile key: one line with the file and line
test_conf <<'CONF'
profile "slow" {
  budget = "ten minutes"
}
CONF
"$FSBENCH" --config "$conf" list >"$SCRATCH/out" 2>"$SCRATCH/err"
rc=$?
[ "$rc" -eq 2 ] || { cat "$SCRATCH/err"; fail "a bad budget in the config: exit status $rc"; }
[ "$(wc -l <"$SCRATCH/err")" -eq 1 ] || { cat "$SCRATCH/err"; fail "a bad budget in the config: not one line"; }
grep -qE "fsbench.conf:[0-9]+:.*budget = \"ten minutes\" is not a duration" "$SCRATCH/err" ||
	{ cat "$SCRATCH/err"; fail "the config's error does not name the file, line and value"; }
exit 0
