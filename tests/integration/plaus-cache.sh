#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Plausibility, the page cache (model/plaus.h): a block-read run with
# --no-drop-caches reads its 64 MiB from the page cache, and the device's
# counters say so — the run records implausible = "page-cache", `show`
# marks the rate with "^" and says why next to the table and in the
# verdict, the JSON cells carry page_cache = true; the same run with the
# caches dropped is not flagged anywhere.  On a virtual machine both
# results say, once, that the figures include the host's caching.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/integration/builtin-lib.sh"
need_root
need_prog mkfs.ext4
# the kept run's file must stay cached: no test beside this one may drop
# the page cache meanwhile (tests/lib.sh)
page_cache_lock exclusive
[ -x /usr/bin/python3 ] || skip "needs Debian's /usr/bin/python3 (apt-get install python3)"
export LC_ALL=C.UTF-8

test_conf "$FSB_CALM" "$FSB_CALM_CHECK" </dev/null

# in_json FILE WANT — every block-read run of the JSON document's "What every
# rate is made of" table, and the bonnie++ table's ext4 block-read cell,
# have page_cache = WANT (1 or 0)
in_json() {
	/usr/bin/python3 - "$1" "$2" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
want = sys.argv[2] == "1"
doc, = d["documents"]
tables = [b for b in doc["blocks"] if b["type"] == "table"]
lat = next(b for b in tables if b["role"] == "latency")
rows = [r for r in lat["rows"] if r[1]["text"] == "block-read"]
assert rows, "no block-read row in the latency table"
for r in rows:
    assert r[5]["page_cache"] is want, r[5]
    # "^" marks any doubt: a read the CPU bounds (the loop device's host
    # cache at memory speed) carries it without the page cache
    assert r[5]["text"].endswith("^") is (want or r[5]["cpu_bound"]), r[5]
    assert r[5]["compressed"] is False, r[5]
bon = next(b for b in tables if b["id"] == "bonnie")
cells = [c for row in bon["rows"] for c in row]
assert any(c["page_cache"] for c in cells) is want, "bonnie table"
PY
}

# a virtual machine by any of the signs fsbench reads (sys/sysinfo.h)
vm=0
if systemd-detect-virt --vm -q 2>/dev/null || grep -qw hypervisor /proc/cpuinfo ||
	cat /sys/class/dmi/id/sys_vendor /sys/class/dmi/id/product_name 2>/dev/null |
	grep -qE 'QEMU|KVM|VMware|VirtualBox|innotek|Xen|Bochs|BHYVE|Parallels|Amazon EC2|Google Compute Engine|OpenStack|Virtual Machine'; then
	vm=1
fi

for mode in dropped kept; do
	res=$SCRATCH/$mode.fsbench
	opt=
	[ $mode = kept ] && opt=--no-drop-caches
	"$FSBENCH" --config "$conf" run --image "$SCRATCH/t.img" --fs ext4 --phases block-write,block-read \
		--profile tiny $opt -o "$res" >"$SCRATCH/$mode.out" 2>&1 ||
		{ rc=$?; cat "$SCRATCH/$mode.out"; fail "$mode: fsbench run exited $rc"; }
	assert_no_leftovers "fsbench run ($mode)"
	r=$(run_records "$res" | grep '^ext4 block-read ok ') || fail "$mode: no ok block-read run"
	bytes=$(field "$r" bytes) dev=$(field "$r" disk_read_kib)
	note "$mode: block-read read $bytes B, the device delivered $dev KiB, caches_dropped=$(field "$r" caches_dropped)"
	"$FSBENCH" show "$res" >"$SCRATCH/$mode.txt" || fail "$mode: show exited $?"
	"$FSBENCH" show --json "$res" >"$SCRATCH/$mode.json" || fail "$mode: show --json exited $?"
	if [ $mode = kept ]; then
		check "$bytes >= 2 * $dev * 1024" || fail "kept: the device delivered $dev KiB of $bytes B: not from the cache?"
		case $(field "$r" implausible) in
		*page-cache*) ;;
		*) fail "kept: the result file does not record page-cache: $r" ;;
		esac
		grep -q "Not the device's figure: ext4 block-read was served from the page cache: it read" "$SCRATCH/kept.txt" ||
			{ cat "$SCRATCH/kept.txt"; fail "kept: the verdict does not say it was served from the page cache"; }
		grep -qF '^ ext4 block-read: served from the page cache' "$SCRATCH/kept.txt" ||
			fail "kept: no note next to the table"
		in_json "$SCRATCH/kept.json" 1 || fail "kept: the JSON cells do not say page_cache"
	else
		check "$bytes < 2 * $dev * 1024" || fail "dropped: the device delivered only $dev KiB of $bytes B"
		case $(field "$r" implausible) in
		*page-cache*) fail "dropped: the result file records page-cache: $r" ;;
		esac
		grep -q 'page cache' "$SCRATCH/dropped.txt" &&
			{ grep 'page cache' "$SCRATCH/dropped.txt"; fail "dropped: show speaks of the page cache"; }
		in_json "$SCRATCH/dropped.json" 0 || fail "dropped: a JSON cell says page_cache"
	fi
	n=$(grep -c "the figures include the host's caching" "$SCRATCH/$mode.txt")
	if [ $vm = 1 ]; then
		grep -q '^ *virt = ' "$res" || fail "$mode: a virtual machine, but the result has no virt"
		[ "$n" = 1 ] || fail "$mode: a virtual machine, and show says $n times that the host caches"
	else
		# bare metal: only an image on a virtual disk (its model) says it
		[ "$n" = 0 ] || { [ "$n" = 1 ] && grep -q "image on a virtual disk" "$SCRATCH/$mode.txt"; } ||
			fail "$mode: not a virtual machine, and show says $n times that the host caches"
	fi
done
exit 0
