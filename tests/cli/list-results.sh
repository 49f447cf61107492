#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# `fsbench list-results` and the result index behind it: the list is always
# what the files say.  Each case is checked against --no-index (every file
# parsed, no index): a fresh index, an unchanged directory (nothing re-read),
# the index deleted, truncated, overwritten with garbage at many places, a
# result file rewritten in place with the same size and mtime, one deleted,
# one added, one that does not parse, an unwritable cache, and four
# processes building the index at once.  Three of the files hold the aging
# group (two aged, one that only planned it), so every case checks the
# aged flag of both paths too; an index of the previous schema (without
# it) is rebuilt, not read.  Text from a file is escaped in the TSV too.
. "$FSB_TESTLIB"
need_prog sqlite3

# a private index: this test damages it on purpose
export XDG_CACHE_HOME=$SCRATCH/cache TZ=UTC
index=$XDG_CACHE_HOME/fsbench/index.sqlite
dir=$SCRATCH/results
mkdir -p "$dir"
sample=$FSB_SRCDIR/data/samples/repeat3-tiny.fsbench

# 120 files, one a minute, so that the list order is fixed and the index
# spans many pages; a few with another profile
for i in $(seq 100 219); do
	prof=tiny; [ $((i % 10)) = 0 ] && prof=quick
	sed -e "s/^started = .*/started = \"$(date -u -d "2026-11-20 00:00 UTC + $i minutes" +%FT%TZ)\"/" \
	    -e "s/^profile = .*/profile = \"$prof\"/" "$sample" >"$dir/r$i.fsbench"
done
# with_phase SRC PHASE RUNS — SRC with PHASE planned first and, RUNS > 0,
# run RUNS times on ext2: an aging phase with runs makes a result aged
with_phase() {
	awk -v ph="$2" -v n="$3" '
		/^phases = \{/ { print; printf "    \"%s\",\n", ph; next }
		n > 0 && !done && /^  phase "tar" \{/ {
			printf "  phase \"%s\" {\n    label = \"%s\"  kind = \"builtin\"\n    status = \"ok\"\n", ph, ph
			for (i = 0; i < n; i++)
				printf "      run { real = 1.5 user = 0.1 sys = 0.2\n        status = \"ok\"\n      }\n"
			print "  }"
			done = 1
		}
		{ print }' "$1"
}
# r200: aged-grep ran; r201: only fresh-stat ran (no "aged" in its phases);
# r202: aged-grep planned, never ran (not aged)
for a in 200:aged-grep:3 201:fresh-stat:2 202:aged-grep:0; do
	IFS=: read -r i ph runs <<<"$a"
	with_phase "$dir/r$i.fsbench" "$ph" "$runs" >"$SCRATCH/aged" && mv "$SCRATCH/aged" "$dir/r$i.fsbench"
done
grep -q '^  phase "fresh-stat" {' "$dir/r201.fsbench" || fail "no fresh-stat phase was added to r201"
echo 'format = 1' >"$dir/broken.fsbench"
echo 'status = "no such status"' >>"$dir/broken.fsbench"
touch -d '2026-11-01 00:00' "$dir/broken.fsbench"
echo "not a result" >"$dir/notes.txt"

# truth: every file parsed, no index involved
truth() {
	"$FSBENCH" list-results --no-index --tsv "$dir" >"$SCRATCH/truth" 2>"$SCRATCH/truth.err" ||
		{ cat "$SCRATCH/truth.err"; fail "list-results --no-index exited $?"; }
}
# check CASE [WANT_READ] — the indexed list equals the truth; WANT_READ: the
# number of files the scan must have (re-)read
check() {
	local what=$1 want=${2:-} out=$SCRATCH/got err=$SCRATCH/got.err read
	"$FSBENCH" list-results -v --tsv "$dir" >"$out" 2>"$err" || { cat "$err"; fail "$what: list-results exited $?"; }
	truth
	diff -u "$SCRATCH/truth" "$out" >&2 || fail "$what: the indexed list differs from the files (- files, + index)"
	[ -s "$index" ] || fail "$what: no index at $index"
	read=$(sed -n 's/.*, \([0-9]*\) read,.*/\1/p' "$err")
	if [ -n "$want" ] && [ "$read" != "$want" ]; then
		cat "$err" >&2
		fail "$what: $read files read, expected $want"
	fi
	note "$what: $(cat "$err")"
}

truth
[ ! -e "$index" ] || fail "--no-index created $index"
check "fresh index" 121
# the files are older than two seconds only now: the next scan re-reads
# those written in the last two (a same-size rewrite in the same clock tick
# would otherwise look unchanged); after that nothing is read
sleep 2.1
"$FSBENCH" list-results "$dir" >/dev/null || fail "list-results"
check "unchanged" 0
lines=$(wc -l <"$SCRATCH/got")
[ "$lines" = 122 ] || fail "expected a header and 121 rows, got $lines lines"
head -1 "$SCRATCH/got" | grep -qx $'File\tDate\tStatus\tProfile\tTarget\tFilesystems\tPhases\tAged' || fail "TSV header"
sed -n 2p "$SCRATCH/got" | grep -qx "$dir/r219.fsbench"$'\t2026-11-20 03:39\tcomplete\ttiny\timage /var/tmp/x.img\text2,ext4,xfs\ttar,cp,rm,nap\tno' ||
	{ sed -n 2p "$SCRATCH/got"; fail "the newest row"; }
tail -1 "$SCRATCH/got" | grep -q $'^'"$dir/broken.fsbench"$'\t2026-11-01 00:00\tunreadable\t\t.*broken.fsbench:.*\t$' ||
	{ tail -1 "$SCRATCH/got"; fail "the unreadable file is not listed last with its error"; }
grep -q 'notes.txt' "$SCRATCH/got" && fail "a file that is not *.fsbench is listed"

# the schema is the documented one, and a user can query it
[ "$(sqlite3 "$index" 'PRAGMA user_version')" = 3 ] || fail "user_version is not 3"
n=$(sqlite3 "$index" "SELECT group_concat(name, ' ') FROM (SELECT name FROM files WHERE aged = 1 ORDER BY name)")
[ "$n" = "r200.fsbench r201.fsbench" ] || fail "the aged results in the index are '$n', not r200 and r201"
n=$(sqlite3 "$index" "SELECT count(*) FROM results WHERE profile = 'quick'")
[ "$n" = 12 ] || fail "$n quick results in the index, expected 12"
n=$(sqlite3 "$index" "SELECT runs FROM summary JOIN files ON files.id = summary.file
	WHERE files.path = '$dir/r150.fsbench' AND fs = 'ext4' AND phase = 'tar'")
[ "$n" = 3 ] || fail "ext4 tar of r150 has $n runs in the index, expected 3"

# --where: every word, any column
"$FSBENCH" list-results --tsv --where 'QUICK r21' "$dir" >"$SCRATCH/where" || fail "--where"
[ "$(tail -n +2 "$SCRATCH/where" | cut -f1 | xargs -n1 basename | tr '\n' ' ')" = "r210.fsbench " ] ||
	{ cat "$SCRATCH/where"; fail "--where 'QUICK r21' should give r210 only"; }

# aged in all three outputs, from the index and from the files alike: r200
# and r201 aged, r202 (aged-grep planned, never ran) and r199 not
for how in index no-index; do
	opt=; [ $how = no-index ] && opt=--no-index
	"$FSBENCH" list-results $opt --tsv "$dir" >"$SCRATCH/aged.tsv" || fail "$how: list-results --tsv"
	got=$(for i in 199 200 201 202; do
		awk -F'\t' -v f="$dir/r$i.fsbench" 'NR == 1 { for (c = 1; c <= NF; c++) if ($c == "Aged") a = c }
			$1 == f { print $a }' "$SCRATCH/aged.tsv"
	done | tr '\n' ' ')
	[ "$got" = "no yes yes no " ] || fail "$how: --tsv says Aged '$got' for r199..r202, not 'no yes yes no '"
	"$FSBENCH" list-results $opt "$dir" >"$SCRATCH/aged.txt" || fail "$how: list-results"
	grep -qx 'Date  *Status  *Profile  *Aged  *Target  *Filesystems  *Phases' "$SCRATCH/aged.txt" ||
		{ head -3 "$SCRATCH/aged.txt"; fail "$how: the table has no Aged column after Profile"; }
	# r$i started at 00:00 + $i minutes: r200 (profile quick) at 03:20
	for a in 199:no 200:yes 201:yes 202:no; do
		grep -q "^2026-11-20 03:$((${a%:*} - 180))  *complete  *[a-z]*  *${a#*:}  *image " "$SCRATCH/aged.txt" ||
			{ grep '^2026-11-20 03:' "$SCRATCH/aged.txt" | head -5; fail "$how: the table's row of r${a%:*} is not Aged ${a#*:}"; }
	done
	if [ -x /usr/bin/python3 ]; then
		"$FSBENCH" list-results $opt --json "$dir" >"$SCRATCH/aged.json" || fail "$how: list-results --json"
		/usr/bin/python3 - "$SCRATCH/aged.json" "$dir" <<-'PY' || fail "$how: --json's aged is wrong"
		import json, sys
		d = {r["file"]: r for r in json.load(open(sys.argv[1]))["results"]}
		got = [d["%s/r%d.fsbench" % (sys.argv[2], i)]["aged"] for i in (199, 200, 201, 202)]
		assert got == [False, True, True, False], got
		assert all(type(r["aged"]) is bool for r in d.values() if r["readable"]), "aged is not a boolean"
		assert not any("aged" in r for r in d.values() if not r["readable"]), "an unreadable file has aged"
		PY
	else
		note "$how: no /usr/bin/python3: --json's aged left to json-lists.sh"
	fi
	# --where aged: the aged rows, and r202, whose Phases column says aged-grep
	"$FSBENCH" list-results $opt --tsv --where aged "$dir" >"$SCRATCH/where" || fail "$how: --where aged"
	got=$(tail -n +2 "$SCRATCH/where" | cut -f1 | xargs -n1 basename | sort | tr '\n' ' ')
	[ "$got" = "r200.fsbench r201.fsbench r202.fsbench " ] || fail "$how: --where aged gives '$got'"
	"$FSBENCH" list-results $opt --tsv --where 'AGED fresh-stat' "$dir" >"$SCRATCH/where" || fail "$how: --where"
	got=$(tail -n +2 "$SCRATCH/where" | cut -f1 | xargs -n1 basename | tr '\n' ' ')
	[ "$got" = "r201.fsbench " ] || fail "$how: --where 'AGED fresh-stat' gives '$got', not r201 alone"
done

# the index deleted: rebuilt, the same list
rm -f "$index"
check "index deleted" 121
sleep 2.1

# truncated: to nothing, to half, to one page
for size in 0 half 4096; do
	[ $size = half ] && size=$(($(stat -c %s "$index") / 2))
	truncate -s "$size" "$index"
	check "index truncated to $size bytes"
done

# garbage at the start, in the middle of pages and at the end; random and text
garbage() {
	LC_ALL=C awk -v seed="$1" 'BEGIN { srand(seed); for (i = 0; i < 200; i++) printf "%c", int(rand() * 256) }'
}
size=$(stat -c %s "$index")
for off in 0 16 100 4096 5000 $((size / 3)) $((size / 2)) $((size / 2 + 777)) $((size * 2 / 3)) $((size - 300)); do
	for kind in random text; do
		"$FSBENCH" list-results "$dir" >/dev/null || fail "list-results"
		size=$(stat -c %s "$index")
		[ "$off" -lt "$size" ] || continue
		if [ $kind = random ]; then
			garbage "$off" | dd of="$index" bs=1 seek="$off" conv=notrunc status=none
		else
			yes 'garbage' | head -c 200 | dd of="$index" bs=1 seek="$off" conv=notrunc status=none
		fi
		check "$kind garbage at byte $off"
	done
done
[ -e "$index.corrupt" ] || fail "a corrupt index was not moved aside to $index.corrupt"
# changed by hand: a table dropped, a row's value changed (its checksum no
# longer matches)
sqlite3 "$index" 'DROP TABLE summary' || fail "sqlite3 DROP TABLE"
check "a table dropped"
grep -q 'in memory' "$SCRATCH/got.err" && fail "a dropped table sent the index to memory, not rebuilt"
sqlite3 "$index" "UPDATE results SET profile = 'huge' WHERE name = 'r111.fsbench'" || fail "sqlite3 UPDATE"
check "a row changed by hand"
# the checksum covers the aged flag too: flipped, the row is damage
sqlite3 "$index" "UPDATE results SET aged = 1 - aged WHERE name IN ('r112.fsbench', 'r200.fsbench')" ||
	fail "sqlite3 UPDATE aged"
check "the aged flag changed by hand"
grep -q '(rebuilt)' "$SCRATCH/got.err" || fail "a flipped aged flag was not taken for damage"
# an index of an older schema (1: overhead per filesystem, not per run),
# with its rows in place: emptied and refilled, never read as the new one
sqlite3 "$index" "UPDATE results SET overhead = 999, profile = 'huge'; PRAGMA user_version = 1" ||
	fail "sqlite3 user_version"
check "an index of schema 1" 121
[ "$(sqlite3 "$index" 'PRAGMA user_version')" = 3 ] || fail "the schema-1 index was not rebuilt as schema 3"
[ "$(sqlite3 "$index" "SELECT count(*) FROM results WHERE overhead = 999")" = 0 ] ||
	fail "the schema-1 index's rows survived the rebuild"
# an index of schema 2 as that fsbench left it: no aged column, rows and
# checksums of its own (here: this one's, the column dropped); every file
# is read again and the column is there and right
sqlite3 "$index" "DROP VIEW files; ALTER TABLE results DROP COLUMN aged;
	CREATE VIEW files AS SELECT d.path || '/' || r.name AS path, r.* FROM results r JOIN dirs d ON d.id = r.dir;
	PRAGMA user_version = 2" || fail "sqlite3: making a schema-2 index"
sqlite3 "$index" 'SELECT aged FROM results' >/dev/null 2>&1 && fail "the schema-2 index still has the aged column"
check "an index of schema 2" 121
[ "$(sqlite3 "$index" 'PRAGMA user_version')" = 3 ] || fail "the schema-2 index was not rebuilt as schema 3"
n=$(sqlite3 "$index" "SELECT group_concat(name, ' ') FROM (SELECT name FROM files WHERE aged = 1 ORDER BY name)")
[ "$n" = "r200.fsbench r201.fsbench" ] || fail "after the schema-2 rebuild the aged results are '$n'"

# a result rewritten in place: same size, same mtime to the nanosecond, same
# inode; only the ctime tells
sleep 2.1
"$FSBENCH" list-results "$dir" >/dev/null || fail "list-results"
f=$dir/r151.fsbench
mtime=$(stat -c %.9Y "$f") ino=$(stat -c %i "$f") fsize=$(stat -c %s "$f")
off=$(grep -bo '^profile = "tiny"' "$f" | cut -d: -f1)
[ -n "$off" ] || fail "no profile line in $f"
printf 'profile = "tinx"' | dd of="$f" bs=1 seek="$off" conv=notrunc status=none
touch -m -d "@$mtime" "$f"
[ "$(stat -c %.9Y:%i:%s "$f")" = "$mtime:$ino:$fsize" ] || fail "the rewrite changed more than the content"
check "same-size rewrite with the mtime restored" 1
grep -q $'/r151.fsbench\t.*\ttinx\t' "$SCRATCH/got" || fail "the rewritten profile is not listed"

# one deleted (its row dropped, nothing read), one added, one that stops
# parsing (files changed in the last two seconds are re-read as well, so
# only the first count is exact)
sleep 2.1
"$FSBENCH" list-results "$dir" >/dev/null || fail "list-results"
rm "$dir/r120.fsbench"
check "a result deleted" 0
grep -q ', 1 dropped;' "$SCRATCH/got.err" || fail "the deleted file's row was not dropped"
grep -q 'r120.fsbench' "$SCRATCH/got" && fail "a deleted file is still listed"
[ "$(sqlite3 "$index" "SELECT count(*) FROM summary WHERE file NOT IN (SELECT id FROM results)")" = 0 ] ||
	fail "the deleted file's summary rows are still in the index"
sed 's/^started = .*/started = "2026-12-01T09:00:00Z"/' "$sample" >"$dir/new.fsbench"
check "a result added"
sed -n 2p "$SCRATCH/got" | grep -q "^$dir/new.fsbench"$'\t2026-12-01 09:00\tcomplete' || fail "the new file is not first"
echo 'this is = not { a result' >>"$dir/r130.fsbench"
check "a result that stops parsing"
grep -q $'/r130.fsbench\t.*\tunreadable\t' "$SCRATCH/got" || fail "a broken file is not listed as unreadable"

# the cache cannot be written: the list is still right (a private index)
XDG_CACHE_HOME=/proc/fsbench-no-such-dir "$FSBENCH" list-results -v --tsv "$dir" >"$SCRATCH/ro" 2>"$SCRATCH/ro.err" ||
	{ cat "$SCRATCH/ro.err"; fail "list-results with an unwritable cache exited $?"; }
grep -q 'index in memory' "$SCRATCH/ro.err" || { cat "$SCRATCH/ro.err"; fail "no private index with an unwritable cache"; }
diff -u "$SCRATCH/truth" "$SCRATCH/ro" >&2 || fail "the list with an unwritable cache differs"

# four processes building one index at once: each list right, the index sound
rm -f "$index"
pids=()
for i in 1 2 3 4; do
	"$FSBENCH" list-results --tsv "$dir" >"$SCRATCH/par$i" 2>"$SCRATCH/par$i.err" &
	pids[i]=$!
done
for i in 1 2 3 4; do
	wait "${pids[i]}" || { rc=$?; cat "$SCRATCH/par$i.err"; fail "concurrent list $i exited $rc"; }
done
for i in 1 2 3 4; do
	[ ! -s "$SCRATCH/par$i.err" ] || { cat "$SCRATCH/par$i.err"; fail "concurrent list $i wrote errors"; }
	diff -u "$SCRATCH/truth" "$SCRATCH/par$i" >&2 || fail "concurrent list $i differs from the files"
done
[ "$(sqlite3 "$index" 'PRAGMA integrity_check')" = ok ] || fail "the index is damaged after concurrent builds"
check "after concurrent builds"

# a filesystem's name from a result file reaches the TSV as the text list
# shows it: an ESC or a byte that is not UTF-8 as an escape, never raw to
# the terminal (a tab or line break is still a blank)
mkdir "$SCRATCH/odd"
sed 's/^filesystem "ext4"/filesystem "e\xff\x1b[31m\tx"/' "$sample" >"$SCRATCH/odd/odd.fsbench"
"$FSBENCH" list-results --no-index --tsv "$SCRATCH/odd" >"$SCRATCH/odd.tsv" || fail "list-results of an odd name exited $?"
grep -q $'\x1b\|\xff' "$SCRATCH/odd.tsv" && fail "the TSV writes a result file's ESC or stray byte raw"
grep -qF 'ext2,e\xff\033[31m x,xfs' "$SCRATCH/odd.tsv" || { cat -A "$SCRATCH/odd.tsv"; fail "the TSV does not show the odd name escaped"; }

# usage errors: exit 2 and one line
"$FSBENCH" list-results "$SCRATCH/nothing" 2>"$SCRATCH/err" && fail "a missing directory is accepted"
grep -qx "fsbench: list-results: $SCRATCH/nothing: No such file or directory" "$SCRATCH/err" || { cat "$SCRATCH/err"; fail "message for a missing directory"; }
"$FSBENCH" list-results "$dir" "$dir" 2>/dev/null; [ $? = 2 ] || fail "two directories are not a usage error"
exit 0
