#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# What `fsbench import` reads: regular files up to a size cap, or standard
# input when asked for with "-".  /dev/zero, a FIFO (nobody writing) and a
# CSV with a NUL byte inside each get one line and exit status 2 quickly —
# within 5 times (and 250 ms) what importing a small real file takes here,
# measured first: a refusal reads nothing much — in under 64 MiB of address
# space, with nothing written: the file is read with its real length, so
# the importers' own NUL checks fire.
. "$FSB_TESTLIB"

fx=$FSB_SRCDIR/tests/cli/import
out=$SCRATCH/out.fsbench

# the reference: the median of three imports of a small bonnie++ CSV
ms() { echo $(($(date +%s%N) / 1000000)); }
for i in 1 2 3; do
	t0=$(ms)
	"$FSBENCH" import -o "$SCRATCH/ref$i.fsbench" -l a,b,c,d,e,f "$fx/seed003-bonnie-1.03.csv" >/dev/null ||
		fail "the reference import exited $?"
	echo $(($(ms) - t0))
done | sort -n | sed -n 2p >"$SCRATCH/ref"
ref=$(cat "$SCRATCH/ref")
limit=$((5 * ref + 250))
note "a small import takes $ref ms here: a refusal may take $limit ms"

# refused NAME 'MESSAGE' FILE — one line saying MESSAGE, exit 2; while
# quick is set, within the limit and 64 MiB
quick=1
refused() {
	local name=$1 want=$2 rc t0 t1
	shift 2
	t0=$(date +%s%N)
	(
		# the memory cap; ASan's shadow memory needs far more address space
		[ -n "${FSB_SANITIZE:-}" ] || [ -z "$quick" ] || ulimit -v 65536
		exec timeout 60 "$FSBENCH" import -o "$out" "$@" </dev/null >"$SCRATCH/stdout" 2>"$SCRATCH/stderr"
	)
	rc=$?
	t1=$(date +%s%N)
	[ $rc = 2 ] || fail "$name: exit status $rc, expected 2 ($(cat "$SCRATCH/stderr"))"
	[ -n "${FSB_SANITIZE:-}" ] || [ -z "$quick" ] || [ $(((t1 - t0) / 1000000)) -le "$limit" ] ||
		fail "$name: took $(((t1 - t0) / 1000000)) ms, a small import $ref ms"
	[ "$(wc -l <"$SCRATCH/stderr")" = 1 ] || fail "$name: not one line: $(cat "$SCRATCH/stderr")"
	grep -qF -- "$want" "$SCRATCH/stderr" || fail "$name: '$(cat "$SCRATCH/stderr")' does not say '$want'"
	[ -s "$SCRATCH/stdout" ] && fail "$name: printed $(cat "$SCRATCH/stdout")"
	[ -e "$out" ] && fail "$name: wrote $out"
	return 0
}

refused "/dev/zero" "/dev/zero: not a regular file" /dev/zero
mkfifo "$SCRATCH/fifo"
refused "a FIFO" "$SCRATCH/fifo: not a regular file" "$SCRATCH/fifo"
refused "a directory" "$SCRATCH: a directory" "$SCRATCH"
{ head -2 "$fx/seed003-bonnie-1.03.csv"; printf 'x\0y\n'; sed -n 3p "$fx/seed003-bonnie-1.03.csv"; } >"$SCRATCH/nul.csv"
refused "a NUL byte" "$SCRATCH/nul.csv: contains a NUL byte: not a bonnie++ CSV file" "$SCRATCH/nul.csv"
{ head -c 300 "$fx/fio-randread.json"; printf '\0'; tail -c +301 "$fx/fio-randread.json"; } >"$SCRATCH/nul.json"
refused "a NUL byte in JSON" "a NUL byte: not fio's JSON output" "$SCRATCH/nul.json"
truncate -s 40M "$SCRATCH/big.csv"
refused "a file over the cap" "$SCRATCH/big.csv: larger than 32 MiB: too large to import" "$SCRATCH/big.csv"

# "-" is standard input, read as any file is
"$FSBENCH" import -o "$out" -l a,b,c,d,e,f - <"$fx/seed003-bonnie-1.03.csv" >"$SCRATCH/stdout" 2>"$SCRATCH/stderr" ||
	fail "import from stdin: $(cat "$SCRATCH/stderr")"
grep -q "6 filesystems" "$SCRATCH/stdout" || fail "import from stdin: $(cat "$SCRATCH/stdout")"
rm -f "$out"
printf 'x\0y\n' | "$FSBENCH" import -o "$out" - >"$SCRATCH/stdout" 2>"$SCRATCH/stderr"
[ $? = 2 ] && grep -qF "stdin: contains a NUL byte" "$SCRATCH/stderr" || fail "NUL on stdin: $(cat "$SCRATCH/stderr")"
[ -e "$out" ] && fail "NUL on stdin: wrote $out"

# The reader's limits hold for what import and merge write: more than
# 20,000 filesystems or 200 phases is refused before anything is written,
# never a file that fsbench show refuses.  (One set of limits, result.h.)
quick=
need_prog python3
python3 - "$fx/fio-randread.json" "$SCRATCH/jobs201.json" "$SCRATCH/jobs200.json" <<'PY'
import copy, json, sys
d = json.load(open(sys.argv[1]))
for n, path in ((201, sys.argv[2]), (200, sys.argv[3])):
	e = copy.deepcopy(d)
	e["jobs"] = []
	for i in range(n):
		j = copy.deepcopy(d["jobs"][0])
		j["jobname"] = j["job options"]["name"] = "job%d" % i
		e["jobs"].append(j)
	json.dump(e, open(path, "w"))
PY
refused "201 phases" "201 phases: a result file holds at most 200" "$SCRATCH/jobs201.json"
"$FSBENCH" import -o "$out" "$SCRATCH/jobs200.json" >/dev/null || fail "200 phases refused"
"$FSBENCH" show "$out" >/dev/null || fail "show refuses 200 imported phases"
rm -f "$out"
# N bonnie++ lines like FILE's first, one filesystem each, named PREFIX0 …
lines() {
	awk -F, -v OFS=, -v n="$2" -v p="$3" 'NR == 1 { for (i = 0; i < n; i++) { $3 = p i; print } }' "$1"
}
# one measured test per line: one small phase per filesystem
awk -F, -v OFS=, '{ for (i = 11; i <= NF; i++) $i = ""; print }' "$fx/bonnie-2.00a.csv" >"$SCRATCH/one.csv"
lines "$SCRATCH/one.csv" 20001 fs >"$SCRATCH/fs20001.csv"
refused "20001 filesystems" "20001 filesystems: a result file holds at most 20000" "$SCRATCH/fs20001.csv"
lines "$SCRATCH/one.csv" 10001 a >"$SCRATCH/a.csv"
lines "$SCRATCH/one.csv" 10000 b >"$SCRATCH/b.csv"
"$FSBENCH" import -o "$SCRATCH/a.fsbench" "$SCRATCH/a.csv" >/dev/null || fail "import a"
"$FSBENCH" import -o "$SCRATCH/b.fsbench" "$SCRATCH/b.csv" >/dev/null || fail "import b"
# one host (bonnie++'s first machine field) in both: more runs, not a comparison
sed -i 's/^  hostname = "b0"$/  hostname = "a0"/' "$SCRATCH/b.fsbench"
"$FSBENCH" merge -o "$out" "$SCRATCH/a.fsbench" "$SCRATCH/b.fsbench" >"$SCRATCH/stdout" 2>"$SCRATCH/stderr"
rc=$?
[ $rc = 2 ] || fail "merge of 20001 filesystems: exit status $rc ($(cat "$SCRATCH/stderr"))"
[ "$(wc -l <"$SCRATCH/stderr")" = 1 ] && grep -qF "20001 filesystems: a result file holds at most 20000" "$SCRATCH/stderr" ||
	fail "merge of 20001 filesystems: $(cat "$SCRATCH/stderr")"
[ -e "$out" ] && fail "merge of 20001 filesystems wrote $out"
# every test measured: 9,500 filesystems are a file over 32 MiB
lines "$fx/bonnie-2.00a.csv" 9500 fs >"$SCRATCH/fs9500.csv"
refused "a file over 32 MiB" "$out: would be larger than 32 MiB" "$SCRATCH/fs9500.csv"
ls "$SCRATCH" | grep -q '\.tmp\.' && fail "a file over 32 MiB: left a temporary file"
exit 0
