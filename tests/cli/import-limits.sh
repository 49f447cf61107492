#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# What `fsbench import` reads: regular files up to a size cap, or standard
# input when asked for with "-".  /dev/zero, a FIFO (nobody writing) and a
# CSV with a NUL byte inside each get one line and exit status 2 within a
# second, in under 64 MiB of address space, with nothing written: the file
# is read with its real length, so the importers' own NUL checks fire.
. "$FSB_TESTLIB"

fx=$FSB_SRCDIR/tests/cli/import
out=$SCRATCH/out.fsbench

# refused NAME 'MESSAGE' FILE — one line saying MESSAGE, exit 2, in time
refused() {
	local name=$1 want=$2 rc t0 t1
	shift 2
	t0=$(date +%s%N)
	(
		# the memory cap; ASan's shadow memory needs far more address space
		[ -n "${FSB_SANITIZE:-}" ] || ulimit -v 65536
		exec timeout 5 "$FSBENCH" import -o "$out" "$@" </dev/null >"$SCRATCH/stdout" 2>"$SCRATCH/stderr"
	)
	rc=$?
	t1=$(date +%s%N)
	[ $rc = 2 ] || fail "$name: exit status $rc, expected 2 ($(cat "$SCRATCH/stderr"))"
	[ -n "${FSB_SANITIZE:-}" ] || [ $(((t1 - t0) / 1000000)) -lt 1000 ] ||
		fail "$name: took $(((t1 - t0) / 1000000)) ms"
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
exit 0
