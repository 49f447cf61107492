#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Every output of every committed result file, byte for byte (issue 34: a
# restructuring changes no output).  For data/samples/*,
# tests/fixtures/**/*.fsbench and bench/history/verdict-repro's first four:
# show, show --raw, show --json, show --raw --json, and export as
# Markdown, HTML and CSV; then list and list --json (a config whose
# filesystems' tools are all missing, so no machine's tools or kernel show
# through), list-results --json and --tsv of a directory of copies with a
# fixed mtime, and devices --check on /dev/null.  Against
# tests/expected/golden/.  Nothing is stripped but "root" in devices
# --json, which says who runs it: `show` of a file is deterministic (no
# clock, no host, its history from the files beside it, a fresh index).
#
# The JSON and HTML outputs (40 MB of them) are kept xz-compressed, the
# text ones as they are, so a change shows in a review.  Regenerate with
# tests/cli/golden.sh --regen (from the build directory, after make): only
# for a change that means to change an output, and the commit that does it
# says which outputs change and why.
if [ "${1:-}" = --regen ]; then
	regen=1
	here=$(cd "$(dirname "$0")/../.." && pwd)
	export FSBENCH=${FSBENCH:-$PWD/fsbench} FSB_SRCDIR=${FSB_SRCDIR:-$here}
	export FSB_TESTLIB=${FSB_TESTLIB:-$here/tests/lib.sh}
else
	regen=
fi
. "$FSB_TESTLIB"
export LC_ALL=C.UTF-8 TZ=UTC XDG_CACHE_HOME=$SCRATCH/cache XDG_CONFIG_HOME=$SCRATCH/config HOME=$SCRATCH/home
mkdir -p "$HOME" "$XDG_CONFIG_HOME"
expected=$FSB_SRCDIR/tests/expected/golden
got=$SCRATCH/golden
mkdir -p "$got"
cd "$FSB_SRCDIR" || fail "no source tree"
conf=data/fsbench.conf

# the files, relative to the source tree (they are named so in the outputs)
# the history's first four sessions only: bench/verdict-repro.sh adds
# sessions there, which would add outputs (an earlier session's own do not
# change: its history is only what started before it)
files=$(ls data/samples/*.fsbench bench/history/verdict-repro/20261206T02*.fsbench; find tests/fixtures -name '*.fsbench' | sort)
[ "$(wc -l <<<"$files")" -ge 14 ] || fail "fewer result files than committed: $files"

# out NAME CMD...: CMD's stdout and exit status into $got/NAME
out() {
	local name=$1 rc
	shift
	"$@" >"$got/$name" 2>"$SCRATCH/err"
	rc=$?
	[ $rc -eq 0 ] || echo "exit $rc: $(head -c 300 "$SCRATCH/err")" >>"$got/$name"
}

for f in $files; do
	n=$(sed -e 's|\.fsbench$||' -e 's|/|-|g' <<<"$f")
	out "$n.show" "$FSBENCH" --config "$conf" show "$f"
	out "$n.show-raw" "$FSBENCH" --config "$conf" show --raw "$f"
	out "$n.show.json" "$FSBENCH" --config "$conf" show --json "$f"
	out "$n.show-raw.json" "$FSBENCH" --config "$conf" show --raw --json "$f"
	out "$n.md" "$FSBENCH" --config "$conf" export --format markdown "$f"
	out "$n.html" "$FSBENCH" --config "$conf" export --format html "$f"
	out "$n.csv" "$FSBENCH" --config "$conf" export --format csv "$f"
done

# list: every filesystem's tool missing, so every one unavailable for the
# same reason on any machine
mkdir "$SCRATCH/conf"
sed -E 's/^([[:space:]]*tool[[:space:]]*=[[:space:]]*")([^"]*)"/\1golden-missing-\2"/' "$conf" >"$SCRATCH/conf/fsbench.conf"
grep -q 'golden-missing-mkfs.ext4' "$SCRATCH/conf/fsbench.conf" || fail "the list's config has no tool renamed"
(cd "$SCRATCH/conf" && out list "$FSBENCH" --config fsbench.conf list)
(cd "$SCRATCH/conf" && out list.json "$FSBENCH" --config fsbench.conf list --json)

# list-results: copies of the committed files with one mtime (a file
# without a start time is dated by it)
mkdir -p "$SCRATCH/lr/results"
for f in $files; do
	cp "$f" "$SCRATCH/lr/results/$(sed 's|/|-|g' <<<"$f")"
done
touch -d '2027-01-01 00:00:00 UTC' "$SCRATCH/lr/results"/*
(cd "$SCRATCH/lr" && out list-results.tsv "$FSBENCH" list-results results --tsv)
(cd "$SCRATCH/lr" && out list-results.json "$FSBENCH" list-results results --json)

# devices: the one check that no machine's devices show through
out devices-null "$FSBENCH" devices --check /dev/null
out devices-null.json "$FSBENCH" devices --json --check /dev/null
sed -i -E 's/^(  "root": )(true|false),$/\1ROOT,/' "$got/devices-null.json"

# big: kept compressed
big() { case $1 in *.json | *.html) return 0 ;; esac; return 1; }

if [ -n "$regen" ]; then
	rm -rf "$expected"
	mkdir -p "$expected"
	for f in "$got"/*; do
		b=$(basename "$f")
		if big "$b"; then xz -9 -c "$f" >"$expected/$b.xz"; else cp "$f" "$expected/$b"; fi
	done
	echo "golden: $(ls "$expected" | wc -l) outputs written to $expected"
	exit 0
fi
[ -d "$expected" ] || fail "no $expected (tests/cli/golden.sh --regen makes it)"
command -v xz >/dev/null || skip "needs xz (apt-get install xz-utils)"
mkdir "$SCRATCH/want"
for f in "$expected"/*; do
	b=$(basename "$f")
	case $b in
	*.xz) xz -d -c "$f" >"$SCRATCH/want/${b%.xz}" || fail "$b does not decompress" ;;
	*) cp "$f" "$SCRATCH/want/$b" ;;
	esac
done
diff -r "$SCRATCH/want" "$got" >"$SCRATCH/diff" || {
	head -c 6000 "$SCRATCH/diff"
	echo
	fail "outputs differ from tests/expected/golden ($(grep -c '^diff\|^Only' "$SCRATCH/diff") files; above, the first lines)"
}
note "$(ls "$got" | wc -l) outputs as expected"
