#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# `fsbench run --like RESULT` refuses before anything is made (no root
# needed to see it): a plan option beside --like, a phase this config does
# not define, a filesystem of another kind, an imported result; one line per
# thing missing, each naming the file; no image file appears.  `show A B`
# of one plan from two hosts is a comparison of machines: what differs
# between the hosts, each normalized to its own baseline, in text and in
# JSON that validates against the schema.
. "$FSB_TESTLIB"
[ -x /usr/bin/python3 ] || skip "needs Debian's /usr/bin/python3 (apt-get install python3)"
/usr/bin/python3 -c 'import jsonschema' 2>/dev/null ||
	skip "needs python3-jsonschema (apt-get install python3-jsonschema)"
export LC_ALL=C.UTF-8
rep=$FSB_SRCDIR/data/samples/repeat3-tiny.fsbench
img=$SCRATCH/never.img

refused() {	# refused WHAT PATTERN ARGS…: exit 2, PATTERN on stderr, no image
	local what=$1 pat=$2 rc
	shift 2
	"$FSBENCH" "$@" >"$SCRATCH/out" 2>"$SCRATCH/err"
	rc=$?
	[ $rc -eq 2 ] || { cat "$SCRATCH/out" "$SCRATCH/err"; fail "$what: exit $rc, expected 2"; }
	grep -qE -- "$pat" "$SCRATCH/err" || { cat "$SCRATCH/err"; fail "$what: no line '$pat'"; }
	[ ! -e "$img" ] || fail "$what: the image file was made"
}

# a plan option beside --like: the result decides it
refused "--fs beside --like" "^fsbench: run: --like .* takes the filesystems from the result: leave --fs out" \
	run --like "$rep" --image "$img" --fs ext4
refused "--repeat beside --like" "takes repetitions from the result: leave --repeat out" \
	run --like "$rep" --image "$img" -n 2
refused "--probe beside --like" "takes the stall probe's mode from the result: leave --probe out" \
	run --like "$rep" --image "$img" --probe beside

# the shipped config has no phase nap: one line, naming the file
refused "an unknown phase" "^fsbench: run: --like $rep: cannot be repeated here: phase nap: not defined here" \
	run --like "$rep" --image "$img"
# every line names the file (a machine without mkfs.xfs has a line more)
grep -vq "^fsbench: run: --like $rep: cannot be repeated here: " "$SCRATCH/err" &&
	{ cat "$SCRATCH/err"; fail "a line does not name the file"; }
[ "$(grep -c "phase nap" "$SCRATCH/err")" -eq 1 ] || { cat "$SCRATCH/err"; fail "expected one line for nap"; }

# with nap defined as the result ran it, but xfs made an ext4 and jfs
# named: one line each
test_conf <<'CONF'
phase "nap" {
  label = "sleep: 0.3 s on XFS, 0.1 s elsewhere"
  command = 'case $(stat -f -c %T .) in xfs) sleep 0.3;; *) sleep 0.1;; esac'
}
CONF
sed -e '/^filesystem "xfs"/,/^  type/s/type = "xfs"/type = "ext4"/' \
	-e 's/^filesystem "ext4" {/filesystem "nosuchfs" {/' "$rep" >"$SCRATCH/other.fsbench"
grep -q 'type = "ext4"' "$SCRATCH/other.fsbench" && grep -q '^filesystem "nosuchfs"' "$SCRATCH/other.fsbench" ||
	fail "the sample could not be edited"
refused "two filesystems" "cannot be repeated here: nosuchfs: no filesystem of that name is defined here" \
	--config "$conf" run --like "$SCRATCH/other.fsbench" --image "$img"
grep -q "cannot be repeated here: xfs: here it is a xfs, the result's was a ext4" "$SCRATCH/err" ||
	{ cat "$SCRATCH/err"; fail "the changed type is not said"; }
grep -vq "^fsbench: run: --like $SCRATCH/other.fsbench: cannot be repeated here: " "$SCRATCH/err" &&
	{ cat "$SCRATCH/err"; fail "a line does not name the file"; }

# a phase that runs something else here
sed 's/in xfs) sleep 0.3/in xfs) sleep 9/' "$rep" >"$SCRATCH/cmd.fsbench"
refused "another command" "phase nap: here it runs 'case .*sleep 0.3.*', the result's ran 'case .*sleep 9" \
	--config "$conf" run --like "$SCRATCH/cmd.fsbench" --image "$img"

# an imported result was never a plan; a file that is no result is bad input
refused "an imported result" "cannot be repeated here: measured by bonnie\+\+" \
	run --like "$FSB_SRCDIR/data/samples/seed003-bonnie-1.03.fsbench" --image "$img"
printf 'format = 1\nnonsense = 3\n' >"$SCRATCH/bad.fsbench"
refused "a bad file" "^fsbench: run: --like: .*bad.fsbench:2: " run --like "$SCRATCH/bad.fsbench" --image "$img"

# --help says it
"$FSBENCH" run --help | grep -q -- "--like RESULT" || fail "run --help does not mention --like"

# show A B: the same plan from another host (kernel, memory, tar), the
# same numbers: the machines' differences, and each machine's own ratios
sed -e 's/^  kernel = .*/  kernel = "Linux 6.1.0-28-amd64 x86_64"/' -e 's/^  ram_mib = .*/  ram_mib = 7936/' \
	-e 's/"tar (GNU tar) 1.34"/"tar (GNU tar) 1.35"/' "$rep" >"$SCRATCH/other-host.fsbench"
"$FSBENCH" show --ascii "$rep" "$SCRATCH/other-host.fsbench" >"$SCRATCH/m.txt" || fail "show A B exited $?"
for l in "^Comparing machines$" "^  repeat3-tiny.fsbench: Linux 6.18.44-fc-v857 x86_64$" \
	"^  other-host.fsbench: Linux 6.1.0-28-amd64 x86_64$" "^Memory:$" "^  other-host.fsbench: 7936 MiB$" \
	"^  other-host.fsbench: tar \(GNU tar\) 1.35$" "^Each machine against its own baseline" \
	"^On both machines xfs is behind ext2 at nap \([0-9.]+\* and [0-9.]+\*\)\.$"; do
	grep -qE -- "$l" "$SCRATCH/m.txt" || { cat "$SCRATCH/m.txt"; fail "show A B lacks '$l'"; }
done
grep -q "^Host:" "$SCRATCH/m.txt" && fail "the host name is the same, yet listed as a difference"
# the same ratio on both machines, read from the table row of xfs at nap
awk '$1 == "nap" && $2 == "xfs" { print $3, $4, $5 }' "$SCRATCH/m.txt" >"$SCRATCH/row"
read -r a b both <"$SCRATCH/row"
[ -n "$a" ] && [ "$a" = "$b" ] && [ "$both" = behind ] || { cat "$SCRATCH/m.txt"; fail "nap/xfs row: '$a' '$b' '$both'"; }
# a result of another plan is the plain comparison
"$FSBENCH" show "$rep" "$FSB_SRCDIR/data/samples/seed000-desktop-2.6.3.fsbench" >"$SCRATCH/p.txt" ||
	fail "show of two plans exited $?"
grep -q "Comparing machines" "$SCRATCH/p.txt" && fail "two different plans are compared as machines"

# JSON: the same blocks, valid against the schema
"$FSBENCH" show --json "$rep" "$SCRATCH/other-host.fsbench" >"$SCRATCH/m.json" || fail "show --json exited $?"
/usr/bin/python3 "$FSB_SRCDIR/tests/helpers/check_json.py" "$FSB_SRCDIR/doc/fsbench.schema.json" "$SCRATCH/m.json" ||
	fail "the machines' comparison does not validate"
"$FSBENCH" show "$rep" "$SCRATCH/other-host.fsbench" >"$SCRATCH/m-utf8.txt"
/usr/bin/python3 "$FSB_SRCDIR/tests/helpers/json_vs_text.py" "$SCRATCH/m.json" "$SCRATCH/m-utf8.txt" >"$SCRATCH/n" ||
	fail "the machines' JSON differs from their text"
note "$(cat "$SCRATCH/n")"
/usr/bin/python3 - "$SCRATCH/m.json" <<'PY' || fail "the machines' JSON is wrong"
import json, sys
doc, = json.load(open(sys.argv[1]))["documents"]
roles = [b["role"] for b in doc["blocks"]]
assert "machines" in roles and "machines-ratios" in roles and "machines-agree" in roles, roles
kv = next(b for b in doc["blocks"] if b["role"] == "machines")
keys = [e["key"] for e in kv["entries"]]
assert keys[:2] == ["Kernel", "Memory"], keys
t = next(b for b in doc["blocks"] if b["role"] == "machines-ratios")
row = next(r for r in t["rows"] if r[0]["text"] == "nap" and r[1]["text"] == "xfs")
assert row[2]["value"] == row[3]["value"] and row[2]["value"] > 1 and row[2]["significant"], row
PY
exit 0
