#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# `fsbench list --json` and `fsbench list-results --json` parse with a
# strict JSON parser, validate against doc/fsbench.schema.json, and say
# what their text says: list's filesystems (available or why not), phases
# (group, kind, what each requires, whether it empties the filesystem) and
# size profiles line for line; list-results' rows field for field as its
# --tsv (aged a boolean where the TSV says yes or no), with --where
# filtering both alike ("aged": the aged fixture alone) and an unreadable
# file listed with its error.
. "$FSB_TESTLIB"
[ -x /usr/bin/python3 ] || skip "needs Debian's /usr/bin/python3 (apt-get install python3)"
/usr/bin/python3 -c 'import jsonschema' 2>/dev/null ||
	skip "needs python3-jsonschema (apt-get install python3-jsonschema)"
export LC_ALL=C.UTF-8 TZ=UTC XDG_CACHE_HOME=$SCRATCH/cache

schema=$FSB_SRCDIR/doc/fsbench.schema.json
valid() { /usr/bin/python3 "$FSB_SRCDIR/tests/helpers/check_json.py" "$schema" "$@"; }

# a config of our own: one filesystem whose mkfs tool does not exist
test_conf <<'CONF'
filesystem "nosuchfs" {
  type = "ext4"
  description = "a filesystem whose mkfs is not installed"
  mkfs = 'mkfs.nosuchfs ${dev}'
  tool = "mkfs.nosuchfs"
  package = "nosuchfs-tools"
}
CONF

"$FSBENCH" --config "$conf" list >"$SCRATCH/list.txt" || fail "list exited $?"
"$FSBENCH" --config "$conf" list --json >"$SCRATCH/list.json" || fail "list --json exited $?"
valid "$SCRATCH/list.json" || fail "list --json does not validate"
/usr/bin/python3 - "$SCRATCH/list.json" "$SCRATCH/list.txt" <<'PY' || fail "list --json is not what list says"
import json, re, sys
d = json.load(open(sys.argv[1]))
text = open(sys.argv[2], encoding="utf-8").read().split("\n")
assert d["command"] == "list" and d["config"].endswith("fsbench.conf")
sec = None
fs, ph, pr = [], [], []
for line in text:
    if line.startswith("Filesystems ("):
        sec = fs
    elif line == "Phases:":
        sec = ph
    elif line == "Size profiles:":
        sec = pr
    elif line.startswith("  ") and not line.startswith("  name "):
        sec.append(line[2:])
assert len(fs) == len(d["filesystems"]) > 5 and len(ph) == len(d["phases"]) > 5 and len(pr) == len(d["profiles"]) > 1
for line, f in zip(fs, d["filesystems"]):
    name, typ, avail, rest = re.match(r"(\S+)\s+(\S+)\s+(available|unavailable)\s+(.*)$", line).groups()
    assert (name, typ) == (f["name"], f["type"]), (line, f)
    assert (avail == "available") == f["available"], (line, f)
    assert rest == (f["description"] if f["available"] else f["reason"]), (line, f)
no = next(f for f in d["filesystems"] if f["name"] == "nosuchfs")
assert not no["available"] and "mkfs.nosuchfs" in no["reason"] and no["package"] == "nosuchfs-tools", no
for line, p in zip(ph, d["phases"]):
    name, group, kind, req, label = re.match(r"(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s+(.*)$", line).groups()
    assert (name, group, kind) == (p["name"], p["group"], p["kind"]), (line, p)
    assert req == ("-" if not p["requires"] else ", ".join("|".join(a) for a in p["requires"])), (line, p)
    assert label == p["label"] + (" (empties the filesystem)" if p["empties"] else ""), (line, p)
cp = next(p for p in d["phases"] if p["name"] == "cp")
assert cp["requires"] == [["tar", "deb"]], cp
assert [p["name"] for p in d["phases"] if p["empties"]] == ["rm"]
for line, p in zip(pr, d["profiles"]):
    name, desc = re.match(r"(\S+)\s+(.*)$", line).groups()
    assert name == p["name"] and desc == p["description"] + (" (default)" if p["default"] else ""), (line, p)
assert sum(p["default"] for p in d["profiles"]) == 1
PY
# one list: only its key
"$FSBENCH" --config "$conf" list --json phases >"$SCRATCH/phases.json" || fail "list --json phases exited $?"
valid "$SCRATCH/phases.json" || fail "list --json phases does not validate"
/usr/bin/python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); assert "phases" in d and "filesystems" not in d and "profiles" not in d, list(d)' \
	"$SCRATCH/phases.json" || fail "list --json phases has more than the phases"
"$FSBENCH" list --json nothing >"$SCRATCH/out" 2>"$SCRATCH/err"
rc=$?
[ $rc -eq 2 ] || fail "list --json nothing: exit $rc, not 2 (a usage error)"
[ "$(cat "$SCRATCH/err")" = "fsbench: list: expected filesystems, phases or profiles, not 'nothing'" ] ||
	fail "list --json nothing: the message is '$(cat "$SCRATCH/err")'"
[ ! -s "$SCRATCH/out" ] || fail "list --json nothing wrote to stdout: $(head -c 200 "$SCRATCH/out")"

# list-results: field for field its --tsv
dir=$SCRATCH/results
mkdir -p "$dir"
cp "$FSB_SRCDIR"/data/samples/*.fsbench "$FSB_SRCDIR"/tests/fixtures/*.fsbench "$dir/"
printf 'format = 1\nstatus = "no such status"\n' >"$dir/broken.fsbench"
for w in "" ext4 "complete tiny" aged "no such words"; do
	set -- ${w:+--where "$w"}
	"$FSBENCH" list-results --tsv "$@" "$dir" >"$SCRATCH/lr.tsv" || fail "list-results --tsv $* exited $?"
	"$FSBENCH" list-results --json "$@" "$dir" >"$SCRATCH/lr.json" || fail "list-results --json $* exited $?"
	valid "$SCRATCH/lr.json" || fail "list-results --json $* does not validate"
	/usr/bin/python3 - "$SCRATCH/lr.json" "$SCRATCH/lr.tsv" "$dir" "$w" <<'PY' || fail "list-results --json $* differs from --tsv"
import csv, json, sys
d = json.load(open(sys.argv[1]))
rows = list(csv.DictReader(open(sys.argv[2], newline=""), delimiter="\t", quoting=csv.QUOTE_NONE))
assert d["command"] == "list-results" and d["directory"] == sys.argv[3]
assert d["where"] == (sys.argv[4] or None), d["where"]
assert len(rows) == len(d["results"]), (len(rows), len(d["results"]))
if sys.argv[4] == "":
    assert len(rows) == 8, len(rows)   # the samples, the fixtures (aging-3fs, crash-4fs too) and broken
if sys.argv[4] == "no such words":
    assert not rows
if sys.argv[4] in ("", "aged"):
    aged = [j["file"].rsplit("/", 1)[1] for j in d["results"] if j.get("aged")]
    assert aged == ["aging-3fs.fsbench"], aged
for t, j in zip(rows, d["results"]):
    assert t["File"] == j["file"] and t["Date"] == j["date"], (t, j)
    if not j["readable"]:
        assert t["Status"] == "unreadable" and t["Target"] == j["error"] and j["status"] is None, (t, j)
        assert "no such status" in j["error"]
        assert t["Aged"] == "" and "aged" not in j, (t, j)
        continue
    assert t["Status"] == j["status"] and t["Profile"] == (j["profile"] or ""), (t, j)
    assert t["Target"] == (j["target"] or ""), (t, j)
    assert t["Filesystems"] == ",".join(j["filesystems"]) and t["Phases"] == ",".join(j["phases"]), (t, j)
    assert isinstance(j["repeat"], int) and j["repeat"] >= 1
    assert isinstance(j["aged"], bool) and t["Aged"] == ("yes" if j["aged"] else "no"), (t, j)
PY
done
"$FSBENCH" list-results --json --tsv "$dir" >"$SCRATCH/out" 2>"$SCRATCH/err"
rc=$?
[ $rc -eq 2 ] || fail "list-results --json --tsv: exit $rc, not 2 (a usage error)"
[ "$(cat "$SCRATCH/err")" = "fsbench: list-results: --tsv or --json, not both" ] ||
	fail "list-results --json --tsv: the message is '$(cat "$SCRATCH/err")'"
[ ! -s "$SCRATCH/out" ] || fail "list-results --json --tsv wrote to stdout: $(head -c 200 "$SCRATCH/out")"
exit 0
