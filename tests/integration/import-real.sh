#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# `fsbench import` of what the installed tools write, end to end: bonnie++
# (Debian 12's 2.00a) and fio (3.33) run here on a small ext4 loop image,
# their output imported, and every number the result holds checked against
# the tool's own report — bonnie++'s CSV line read by its own layout
# (tests/helpers/check_bonnie_import.py), fio's JSON
# (tests/helpers/check_fio_import.py) — and show prints them.  The fixtures
# of tests/cli/import-*.sh are such outputs, made once; this runs the
# tools as they are installed now.
. "$FSB_TESTLIB"
need_root
need_prog bonnie++ fio mkfs.ext4 losetup
[ -x /usr/bin/python3 ] || skip "needs Debian's /usr/bin/python3 (apt-get install python3)"

img=$SCRATCH/real.img
truncate -s 2G "$img"
# direct I/O: the host's page cache of the image is not also this one's
dev=$(losetup --direct-io=on --show -f "$img") || fail "losetup $img"
at_exit losetup -d "$dev"
mkfs.ext4 -q -F "$dev" || fail "mkfs.ext4 $dev"
mnt=$(mount_tmp "$dev")

# bonnie++: fast mode (-f: no per-character tests), direct I/O for the bulk
# tests (-D), 256 MiB against a stated 128 MiB of RAM, 32 × 1024 files
bonnie++ -d "$mnt" -s 256 -r 128 -f -D -n 32 -u root -m ext4 -q >"$SCRATCH/bonnie.csv" 2>"$SCRATCH/bonnie.txt" ||
	{ cat "$SCRATCH/bonnie.txt"; fail "bonnie++ exited $?"; }
note "bonnie++: $(cat "$SCRATCH/bonnie.csv")"
"$FSBENCH" import -o "$SCRATCH/bonnie.fsbench" "$SCRATCH/bonnie.csv" >"$SCRATCH/msg" ||
	fail "import of bonnie++'s CSV exited $?: $(cat "$SCRATCH/msg")"
grep -qE "bonnie\+\+ $(bonnie++ 2>&1 | sed -n 's/^Version: *//p' | head -1)|bonnie\+\+ 2\.00a" "$SCRATCH/msg" ||
	fail "the import does not name bonnie++'s version: $(cat "$SCRATCH/msg")"
/usr/bin/python3 "$FSB_SRCDIR/tests/helpers/check_bonnie_import.py" "$SCRATCH/bonnie.csv" \
	"$SCRATCH/bonnie.fsbench" ext4 >"$SCRATCH/n" || fail "the imported numbers are not bonnie++'s"
note "$(cat "$SCRATCH/n")"
# show prints bonnie++'s block write as it measured it
bw=$(cut -d, -f12 "$SCRATCH/bonnie.csv")
"$FSBENCH" show --ascii "$SCRATCH/bonnie.fsbench" >"$SCRATCH/bonnie.show" || fail "show of the bonnie++ import exited $?"
case $bw in
*+*) grep -qE '^ext4 .*not measured' "$SCRATCH/bonnie.show" || fail "bonnie++'s +++++ is not 'not measured' in show" ;;
*) grep -qE "^ext4 .* $bw " "$SCRATCH/bonnie.show" || { cat "$SCRATCH/bonnie.show"; fail "show does not print bonnie++'s block write $bw"; } ;;
esac

# fio: a sequential write and, after it, a random read, with direct I/O
cat >"$SCRATCH/jobs.fio" <<EOF
[global]
directory=$mnt
direct=1
[seqwrite]
rw=write
bs=64k
size=32m
[randread]
stonewall
rw=randread
bs=4k
size=16m
EOF
fio --output-format=json --output="$SCRATCH/fio.json" "$SCRATCH/jobs.fio" >/dev/null 2>"$SCRATCH/fio.err" ||
	{ cat "$SCRATCH/fio.err"; fail "fio exited $?"; }
"$FSBENCH" import -l ext4 -o "$SCRATCH/fio.fsbench" "$SCRATCH/fio.json" >"$SCRATCH/msg" ||
	fail "import of fio's JSON exited $?: $(cat "$SCRATCH/msg")"
grep -qF "fio $(fio --version | sed 's/^fio-//'), 1 filesystem, 2 phases" "$SCRATCH/msg" ||
	fail "the import summary: $(cat "$SCRATCH/msg")"
/usr/bin/python3 "$FSB_SRCDIR/tests/helpers/check_fio_import.py" "$SCRATCH/fio.json" "$SCRATCH/fio.fsbench" ext4 \
	>"$SCRATCH/n" || fail "the imported numbers are not fio's"
note "$(cat "$SCRATCH/n")"
"$FSBENCH" show --ascii "$SCRATCH/fio.fsbench" >"$SCRATCH/fio.show" || fail "show of the fio import exited $?"
wbw=$(/usr/bin/python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["jobs"][0]["write"]["bw"])' "$SCRATCH/fio.json")
grep -qE "^ext4 +seqwrite-write .*\b$wbw\b" "$SCRATCH/fio.show" ||
	{ cat "$SCRATCH/fio.show"; fail "show does not print fio's write bandwidth $wbw K/s"; }
exit 0
