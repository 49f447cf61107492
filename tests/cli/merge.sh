#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# `fsbench merge A B -o C`: runs of the same benchmark become one file whose
# cells hold the runs of both; files that did not measure the same thing
# are refused with exit 2 and one line saying what differs, and nothing is
# written.
. "$FSB_TESTLIB"

sample=$FSB_SRCDIR/data/samples/repeat3-tiny.fsbench
a=$SCRATCH/a.fsbench b=$SCRATCH/b.fsbench c=$SCRATCH/c.fsbench
cp "$sample" "$a"
# another session of the same benchmark: a later start, xfs not run
sed 's/^started = .*/started = "2026-12-01T10:00:00Z"/' "$sample" |
	awk '/^filesystem "xfs"/ { skip = 1 } skip && /^}/ { skip = 0; next } !skip' >"$b"

"$FSBENCH" merge "$a" "$b" -o "$c" >"$SCRATCH/out" 2>&1 || { cat "$SCRATCH/out"; fail "merge exited $?"; }
grep -qF "$c: 2 files, 3 filesystems, up to 6 runs per phase" "$SCRATCH/out" || fail "merge summary line"
# ext2 and ext4: 6 runs per phase, xfs: 3
for fs in ext2 ext4 xfs; do
	n=$(awk -v fs="filesystem \"$fs\" {" '$0 == fs { in_fs = 1; next } in_fs && /^}/ { in_fs = 0 }
		in_fs && /^      run \{/ { n++ } END { print n }' "$c")
	want=24; [ $fs = xfs ] && want=12
	[ "$n" -eq $want ] || fail "$fs has $n runs in the merged file, expected $want"
done
grep -q '^repeat = 6$' "$c" || fail "repeat is not 6"
grep -q '^started = "2026-11-30T04:12:42Z"' "$c" || fail "started is not the earliest"
grep -qF 'fsbench merge' "$c" || fail "the merge command is not recorded"
ls "$SCRATCH" | grep -q '\.tmp\.' && fail "a temporary file was left behind"
"$FSBENCH" show --ascii "$c" | grep -qE '^ext4 ' || fail "show cannot read the merged file"

# refusals: exit 2, one line, no output file
refuse() {
	local why=$1; shift
	rm -f "$SCRATCH/r.fsbench"
	"$FSBENCH" merge "$@" -o "$SCRATCH/r.fsbench" >"$SCRATCH/out" 2>&1
	rc=$?
	[ $rc -eq 2 ] || { cat "$SCRATCH/out"; fail "merge of $why exited $rc, expected 2"; }
	[ "$(wc -l <"$SCRATCH/out")" -eq 1 ] || { cat "$SCRATCH/out"; fail "$why: not one line"; }
	grep -qF -- "$why" "$SCRATCH/out" || { cat "$SCRATCH/out"; fail "the message does not say '$why'"; }
	[ ! -e "$SCRATCH/r.fsbench" ] || fail "$why: an output file was written"
}
refuse "are the same run (started 2026-11-30T04:12:42Z)" "$a" "$sample"
sed 's/^started = .*/started = "2026-12-02T10:00:00Z"/; s/phase "nap" {/phase "nap2" {/' "$sample" >"$SCRATCH/p.fsbench"
refuse "not the same phases" "$a" "$SCRATCH/p.fsbench"
sed 's/^started = .*/started = "2026-12-02T10:00:00Z"/; s/^  kernel = .*/  kernel = "Linux 5.10.0"/' "$sample" >"$SCRATCH/k.fsbench"
refuse "not the same kernel: 'Linux 6.18.44-fc-v857 x86_64' in $a, 'Linux 5.10.0' in $SCRATCH/k.fsbench" \
	"$a" "$SCRATCH/k.fsbench"
sed 's/^started = .*/started = "2026-12-02T10:00:00Z"/; s/^profile = .*/profile = "quick"/' "$sample" >"$SCRATCH/q.fsbench"
refuse "not the same size profile" "$a" "$SCRATCH/q.fsbench"
"$FSBENCH" merge "$a" -o "$SCRATCH/r.fsbench" >"$SCRATCH/out" 2>&1
[ $? -eq 2 ] && grep -qF 'give at least two result files' "$SCRATCH/out" || fail "one file is not a usage error"
exit 0
