#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Bad input to `fsbench import`: one line naming the file and line, exit
# status 2, and no result file (nor a temporary one) left behind.
. "$FSB_TESTLIB"

fx=$FSB_SRCDIR/tests/cli/import
out=$SCRATCH/out.fsbench

# expect_bad NAME 'MESSAGE' IMPORT-ARGS... — the one-line message (fixed string)
expect_bad() {
	local name=$1 want=$2 rc
	shift 2
	"$FSBENCH" import -o "$out" "$@" >"$SCRATCH/stdout" 2>"$SCRATCH/stderr"
	rc=$?
	[ $rc = 2 ] || fail "$name: exit status $rc, expected 2 ($(cat "$SCRATCH/stderr"))"
	[ "$(wc -l <"$SCRATCH/stderr")" = 1 ] || fail "$name: not one line: $(cat "$SCRATCH/stderr")"
	grep -qF -- "$want" "$SCRATCH/stderr" || fail "$name: '$(cat "$SCRATCH/stderr")' does not say '$want'"
	[ -s "$SCRATCH/stdout" ] && fail "$name: printed $(cat "$SCRATCH/stdout")"
	[ -e "$out" ] && fail "$name: wrote $out"
	ls "$SCRATCH" | grep -q '\.tmp\.' && fail "$name: left a temporary file"
	return 0
}

# a truncated CSV line: the fourth of seed 003's, cut short
{ head -3 "$fx/seed003-bonnie-1.03.csv"; sed -n 4p "$fx/seed003-bonnie-1.03.csv" | cut -d, -f1-20; } >"$SCRATCH/cut.csv"
expect_bad "truncated 1.03 line" "$SCRATCH/cut.csv:4: 20 fields, a bonnie++ CSV line (before 1.90) has 27 (truncated?)" \
	"$SCRATCH/cut.csv"
cut -d, -f1-30 "$fx/bonnie-2.00a.csv" >"$SCRATCH/cut2.csv"
expect_bad "truncated 1.98 line" "$SCRATCH/cut2.csv:1: 30 fields, a bonnie++ CSV 1.98 line has 50 (truncated?)" \
	"$SCRATCH/cut2.csv"
sed '2s/53893/53x93/' "$fx/seed003-bonnie-1.03.csv" >"$SCRATCH/word.csv"
expect_bad "a word for a rate" "$SCRATCH/word.csv:2: the block-write rate is \"53x93\", not a number or +++++" \
	"$SCRATCH/word.csv"
# a latency too large for a double (found by tests/fuzz/fuzz_import.c: it
# was imported as inf, which show then refused)
sed 's/,4034us,/,1e30833804us,/' "$fx/bonnie-2.00a.csv" >"$SCRATCH/inf.csv"
expect_bad "an infinite latency" "$SCRATCH/inf.csv:1: a latency is \"1e30833804us\", not a latency such as 4043us" \
	"$SCRATCH/inf.csv"
sed 's/,64M,/,1e400M,/' "$fx/bonnie-2.00a.csv" >"$SCRATCH/infsize.csv"
expect_bad "an infinite size" "$SCRATCH/infsize.csv:1:" "$SCRATCH/infsize.csv"
printf 'Version  1.03       ------Sequential Output------\n' >"$SCRATCH/text.csv"
expect_bad "bonnie++'s text table" "$SCRATCH/text.csv:1: not a bonnie++ CSV line" "$SCRATCH/text.csv"
sed 's/^1\.98,/1.93c,/' "$fx/bonnie-2.00a.csv" >"$SCRATCH/old.csv"
expect_bad "an unknown CSV format" "$SCRATCH/old.csv:1: bonnie++ CSV format \"1.93c\" is not one fsbench reads" \
	"$SCRATCH/old.csv"
: >"$SCRATCH/empty.csv"
expect_bad "an empty file" "$SCRATCH/empty.csv:1: empty" "$SCRATCH/empty.csv"

# JSON that is not fio's, JSON cut short, no JSON at all
printf '{\n  "name": "fsbench",\n  "jobs": 3\n}\n' >"$SCRATCH/other.json"
expect_bad "JSON that is not fio's" "$SCRATCH/other.json:1: not fio's JSON output: no \"fio version\"" "$SCRATCH/other.json"
head -c 2000 "$fx/fio-two-jobs.json" >"$SCRATCH/cut.json"
expect_bad "truncated JSON" "$SCRATCH/cut.json:$(wc -l <"$SCRATCH/cut.json" | awk '{ print $1 + 1 }'): the JSON ends too early (truncated?)" \
	"$SCRATCH/cut.json"
sed '5s/.*/    "timestamp" : ,/' "$fx/fio-two-jobs.json" >"$SCRATCH/broken.json"
expect_bad "broken JSON" "$SCRATCH/broken.json:5: not JSON:" "$SCRATCH/broken.json"
sed '/"jobname" : "randrw"/d' "$fx/fio-two-jobs.json" >"$SCRATCH/nojob.json"
line=$(grep -n '"groupid"' "$SCRATCH/nojob.json" | sed -n '2s/:.*//p')
expect_bad "a job without a name" "$SCRATCH/nojob.json:$line: job 2 has no \"jobname\": not fio's JSON output" "$SCRATCH/nojob.json"
expect_bad "fio's JSON read as bonnie++" "$fx/fio-two-jobs.json:1: not a bonnie++ CSV line" -f bonnie "$fx/fio-two-jobs.json"

# usage
# the output is the input: importing would replace the data it came from
cp "$fx/fio-randread.json" "$out"
"$FSBENCH" import -o "$out" "$out" >"$SCRATCH/stdout" 2>"$SCRATCH/stderr"
[ $? = 2 ] && [ "$(wc -l <"$SCRATCH/stderr")" = 1 ] && grep -qF -- "-o $out is the input $out" "$SCRATCH/stderr" ||
	fail "an import over its own input: $(cat "$SCRATCH/stderr")"
cmp -s "$fx/fio-randread.json" "$out" || fail "an import over its own input changed it"
rm -f "$out"
expect_bad "a missing file" "cannot read $SCRATCH/none.csv" "$SCRATCH/none.csv"
# an empty label was dropped: ",b" named the first filesystem b
expect_bad "an empty label" "--label ',b': label 1 is empty" -l ,b "$fx/fio-two-jobs.json" "$fx/fio-randread.json"
expect_bad "too many labels" "3 labels for 2 filesystems" -l a,b,c "$fx/fio-two-jobs.json" "$fx/fio-randread.json"
expect_bad "an unknown format" "--format csv: expected bonnie or fio" -f csv "$fx/bonnie-2.00a.csv"
expect_bad "a baseline that is not there" "--baseline ntfs: no such filesystem" -b ntfs "$fx/bonnie-2.00a.csv"
"$FSBENCH" import "$fx/bonnie-2.00a.csv" 2>"$SCRATCH/stderr"
[ $? = 2 ] && grep -qF -- '-o OUT is required' "$SCRATCH/stderr" || fail "import without -o"
exit 0
