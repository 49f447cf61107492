#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Record a pair of /proc fixtures for tests/unit/test_interfere.c: the
# files the interference reader needs, at the start and end of one real
# phase that fsbench runs on a loop image.
#
#   record.sh NAME FS PHASE [BURNERS]      (as root, from the source tree)
#
#   record.sh idle-make ext2 make          an idle make on ext2
#   record.sh idle-cp xfs cp               an idle cp -a on xfs
#   record.sh busy-make ext2 make 2        make beside two CPU burners
#
# fsbench runs `run --profile tiny --fs FS --phases tar,PHASE` (make and cp
# need what tar extracts; REQUIRES=deb for the debootstrap tree instead,
# PROFILE=quick for another profile) on
# /var/tmp/fsb-record.img with
# FSB_INTERFERE_DUMP set, so the snapshots are the ones fsbench itself takes
# (src/engine/phase.c); BURNERS copies of /bin/sh named "burner" loop for
# ever meanwhile.  The pair goes to tests/unit/proc-fixtures/NAME-a and
# NAME-b; NAME-b/meta says who the phase was (its real, user and sys time,
# its block I/O, its process group, fsbench's pid, the target's loop device
# and the disk under the image).
#
# Kept small: a process whose CPU time did not change between the two
# snapshots counts for nothing and is left out, unless it is the parent of
# a process that ended in between (the reader needs it to tell reaped
# children apart).  Everything else is as /proc had it.
#
# An "idle" fixture is only idle when the machine was: the script prints
# the load and where the CPU time went (account.py); record again when
# another program shows up there.
set -euo pipefail
[ $# -ge 3 ] || { sed -n '/^#   record.sh NAME/,/^#$/p' "$0"; exit 2; }
name=$1 fs=$2 phase=$3 burners=${4:-0}
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
fsbench=${FSBENCH:-$top/fsbench}
tmp=$(mktemp -d /tmp/fsb-record.XXXXXX)
pids=()
cleanup() {
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null || :; done
	wait 2>/dev/null || :
	rm -rf "$tmp"
	rm -f /var/tmp/fsb-record.img /var/tmp/fsb-record.img.journal
}
trap cleanup EXIT
cp /bin/sh "$tmp/burner"
for _ in $(seq "$burners"); do
	"$tmp/burner" -c 'while :; do :; done' &
	pids+=($!)
done
echo "load before: $(cat /proc/loadavg)"
FSB_INTERFERE_DUMP=$tmp/dump "$fsbench" --config "$top/data/fsbench.conf" run --image /var/tmp/fsb-record.img \
	--size 4G --fs "$fs" --phases "${REQUIRES:-tar},$phase" --profile "${PROFILE:-tiny}" --repeat 1 -o "$tmp/result.fsbench" >"$tmp/out" 2>&1 ||
	{ cat "$tmp/out"; exit 1; }
a=$tmp/dump/${fs}_${phase}_1-a b=$tmp/dump/${fs}_${phase}_1-b
[ -d "$a" ] && [ -f "$b/meta" ] || { echo "no dump of $fs/$phase in $tmp/dump"; exit 1; }
python3 "$here/account.py" "$a" "$b"

# the processes to keep: changed, in one snapshot only, or the parent of one that ended
keep=$(python3 - "$a" "$b" <<'PY'
import os, sys
def procs(d):
    out = {}
    for p in os.listdir(d):
        if p.isdigit():
            t = open(os.path.join(d, p, "stat")).read()
            f = t[t.rindex(")") + 2:].split()
            out[p] = (f[19], f[1], f[11:15])
    return out
a, b = procs(sys.argv[1]), procs(sys.argv[2])
keep = set()
for p, v in a.items():
    w = b.get(p)
    if w is None or w[0] != v[0]:
        keep.add(p)
        keep.add(v[1])          # its parent reaped it
    elif w[2] != v[2]:
        keep.add(p)
for p, w in b.items():
    if p not in a or a[p][0] != w[0]:
        keep.add(p)
print(" ".join(sorted(keep, key=int)))
PY
)
for end in a b; do
	out=$here/$name-$end
	rm -rf "$out"
	mkdir -p "$out"
	src=$tmp/dump/${fs}_${phase}_1-$end
	for f in stat vmstat meminfo diskstats meta pressure; do
		[ -e "$src/$f" ] && cp -r "$src/$f" "$out/"
	done
	for p in $keep; do
		[ -f "$src/$p/stat" ] && { mkdir -p "$out/$p"; cp "$src/$p/stat" "$out/$p/"; }
	done
	# only the fields the reader needs from these
	grep -E '^(pswpin|pswpout) ' "$src/vmstat" >"$out/vmstat"
	grep -E '^MemAvailable:' "$src/meminfo" >"$out/meminfo"
	grep -E '^(cpu|intr|ctxt)' "$src/stat" | grep -v '^intr' >"$out/stat"
done
grep -A4 "phase \"$phase\"" "$tmp/result.fsbench" | head -12
echo "recorded $here/$name-a and $name-b"
