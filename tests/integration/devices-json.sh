#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# fsbench devices --json: parses with a strict JSON parser, validates
# against doc/fsbench.schema.json, and says what the text says: its list
# table is the text's table line for line, each device's verdict, size and
# content match its row, a mounted loop device is refused with the code
# "mounted" (lifted by nothing) and its mountpoint, a usable one has no
# reason; --check gives the one device with exit status 3 when refused.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/integration/devices-lib.sh"

need_prog mkfs.ext4 mount
[ -x /usr/bin/python3 ] || skip "needs Debian's /usr/bin/python3 (apt-get install python3)"
/usr/bin/python3 -c 'import jsonschema' 2>/dev/null ||
	skip "needs python3-jsonschema (apt-get install python3-jsonschema)"
schema=$FSB_SRCDIR/doc/fsbench.schema.json
valid() { /usr/bin/python3 "$FSB_SRCDIR/tests/helpers/check_json.py" "$schema" "$@"; }

usable=$(new_loop 64M)
mkfs_ext4 -L fsbjson "$usable" || fail "mkfs.ext4"
busy=$(new_loop 64M)
mkfs_ext4 "$busy" || fail "mkfs.ext4"
mnt=$(mount_tmp "$busy")

for all in "" --all; do
	"$FSBENCH" devices $all >"$SCRATCH/text" || fail "devices $all exited $?"
	"$FSBENCH" devices --json $all >"$SCRATCH/json" || fail "devices --json $all exited $?"
	valid "$SCRATCH/json" || fail "devices --json $all does not validate"
	/usr/bin/python3 - "$SCRATCH/json" "$SCRATCH/text" "$usable" "$busy" "$mnt" "$all" <<'PY' ||
import json, sys
d = json.load(open(sys.argv[1]))
text = open(sys.argv[2], encoding="utf-8").read().split("\n")
usable, busy, mnt, all_ = sys.argv[3:7]
assert d["command"] == "devices" and d["check"] is None and d["all"] == (all_ == "--all"), d
assert d["root"] is True
devs = d["devices"]
assert d["list"]["kind"] == "device-list"
[table] = [b for b in d["list"]["blocks"] if b["role"] == "device-list"]
rows = table["rows"]
assert table["header_rows"] == 1 and len(rows) == len(devs) + 1, (len(rows), len(devs))
# the table is the text's: its first lines, cell by cell, the same words.
# Other loop devices may come and go between the two commands (tests run
# side by side): compare the devices both list, by path.
assert text[0].split() == "DEVICE MAJ:MIN SIZE TYPE FSTYPE LABEL MOUNTPOINT VERDICT".split(), text[0]
end = text.index("")
lines = {l.split()[0]: l for l in text[1:end]}
for row, dev in zip(rows[1:], devs):
    cells = [c["text"] for c in row]
    assert cells[0].strip() == dev["path"] and cells[1] == dev["majmin"], (cells, dev)
    assert row[2]["number"] and row[2]["value"] == dev["size"], (row[2], dev["size"])
    assert cells[3] == dev["kind"], (cells, dev)
    assert cells[-1] == ("refused" if dev["verdict"] == "refused" else "in use?" if dev["doubts"] else "usable"), (cells, dev)
    assert row[-1]["failed"] == (dev["verdict"] == "refused")
    assert dev["partition"] == cells[0].startswith("  "), (cells, dev)
    # the test's own devices word for word but the verdict; another
    # test's may change its state between the two commands (CI saw a
    # loop device "in use?" in one and "usable" in the other), so only its
    # identity is compared.  The verdict of the test's own usable device
    # may differ in the doubt alone: a process beside it (another test's
    # "fsbench devices" probing every device, blkid) holding it open for
    # a moment is what "in use?" reports (CI saw that too)
    if dev["path"] in (usable, busy):
        line = lines[dev["path"]]
        tail = lambda l: "in use?" if l.endswith("in use?") else l.split()[-1]
        head = lambda l: l[:len(l) - len(tail(l))].split()
        assert head(line) == head(" ".join(cells)), (line, cells)
        v = {tail(line), tail(" ".join(cells))}
        assert len(v) == 1 or (dev["path"] == usable and v == {"usable", "in use?"}), (line, cells)
    elif dev["path"] in lines:
        assert lines[dev["path"]].split()[:2] == [dev["path"], dev["majmin"]], (lines[dev["path"]], dev)
assert usable in lines and busy in lines, (usable, busy, list(lines))
# after the table, each device's heading
heads = {l.split()[0]: l for l in text if l.startswith("/dev/") and (l.endswith(": usable") or l.endswith(": refused"))}
for dev in devs:
    h = "%s (%s): %s" % (dev["path"], dev["majmin"], dev["verdict"])
    assert dev["document"]["kind"] == "device"
    assert dev["document"]["blocks"][0]["text"] == h, (dev["document"]["blocks"][0], h)
    # the test's own; another test's device may change its verdict between
    # the two commands (CI saw one refused in the text, usable in JSON)
    if dev["path"] in (usable, busy):
        assert heads[dev["path"]] == h, (heads.get(dev["path"]), h)
by = {x["path"]: x for x in devs}
u, b = by[usable], by[busy]
assert u["verdict"] == "usable" and not u["reasons"] and u["usable_with"] == [], u
assert u["fstype"] == "ext4" and u["label"] == "fsbjson" and u["size"] == 64 << 20 and u["kind"] == "loop", u
assert isinstance(u["major"], int) and "%d:%d" % (u["major"], u["minor"]) == u["majmin"], u
assert u["facts"][0]["key"] == "size" and u["facts"][0]["text"] == "loop, 64 MiB", u["facts"]
assert u["passed"], u
assert b["verdict"] == "refused" and b["mountpoints"] == [mnt], b
codes = [r["code"] for r in b["reasons"]]
assert "mounted" in codes, codes
m = next(r for r in b["reasons"] if r["code"] == "mounted")
assert m["lifted_by"] is None and mnt in m["text"], m
# every reason's text is one the text output lists under the device
flat = "\n".join(text)
for r in b["reasons"]:
    assert r["text"][:40] in flat, r
PY
		fail "devices --json $all is not what devices $all says"
done

# --check: one device, the exit status of the text
"$FSBENCH" devices --json --check "$busy" >"$SCRATCH/check.json"
rc=$?
[ "$rc" = 3 ] || fail "devices --json --check $busy (mounted) exited $rc, not 3"
valid "$SCRATCH/check.json" || fail "devices --json --check does not validate"
"$FSBENCH" devices --json --check "$usable" >"$SCRATCH/check2.json" || fail "devices --json --check $usable exited $?"
valid "$SCRATCH/check2.json" || fail "devices --json --check $usable does not validate"
/usr/bin/python3 - "$SCRATCH/check.json" "$SCRATCH/check2.json" "$busy" "$usable" <<'PY' || fail "devices --json --check says something else"
import json, sys
a, b = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
assert a["check"] == sys.argv[3] and "list" not in a and len(a["devices"]) == 1, a
assert a["devices"][0]["verdict"] == "refused" and a["devices"][0]["given"] == sys.argv[3]
assert b["devices"][0]["verdict"] == "usable" and b["devices"][0]["path"] == sys.argv[4]
PY
"$FSBENCH" devices --json --check "$usable" --dry-run >/dev/null 2>&1
[ $? = 2 ] || fail "--json --dry-run was not refused as a usage error"
exit 0
