#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Damaged input never crashes fsbench and is never taken for a result: every
# truncation of a real result file (the file is one section, so a cut one
# always ends inside it), random bytes, a directory and a missing file are
# refused with exit status 2 and one line naming the file; so is every
# change of a quote (a string opened with one quote and closed with the
# other); a single-line deletion and a truncation of the
# shipped config (a cut at a section's end can leave a valid config) either
# read fine or are refused that way; a config's mistake names its own line
# after comments of each kind.  A result naming a baseline it does not
# hold, a phase twice in its phases list or a filesystem or phase without
# a name is refused at that line (they were shown, the baseline silently
# another); a listed phase never measured is an interrupted run's, and reads.
# An output (-o) that is not a regular file — a FIFO, a directory — is
# refused the same way and left as it was: renaming a finished file over it
# put a file in the place of /dev/null when run as root; a symbolic link to
# a file is written through and stays a link, and the file keeps its mode;
# an export over the result file it reads is refused.  An output that cannot
# be written — standard output or -o on a full disk, -o in a missing
# directory, -o '' — is one line and exit status 2, never a silent half
# report, and leaves nothing behind.
# `fsbench run` without a target is refused before anything is made.  A
# usage error is one line and a pointer to --help, never the usage text.
. "$FSB_TESTLIB"

sample=$FSB_SRCDIR/data/samples/seed000-desktop-2.6.3.fsbench
conf=$FSB_SRCDIR/data/fsbench.conf

# check refuse|either WHAT COMMAND…: refuse — the input must be refused;
# either — read or refused, nothing else
check() {
	local want=$1 what=$2 rc lines
	shift 2
	"$@" >"$SCRATCH/out" 2>"$SCRATCH/err"
	rc=$?
	case $rc in
	0)
		[ "$want" = either ] || { cat "$SCRATCH/out"; fail "$what: accepted (exit status 0), expected a refusal (2)"; }
		;;
	2)
		lines=$(wc -l <"$SCRATCH/err")
		[ "$lines" -eq 1 ] || { cat "$SCRATCH/err"; fail "$what: $lines error lines, expected one"; }
		grep -q "$SCRATCH/in" "$SCRATCH/err" || { cat "$SCRATCH/err"; fail "$what: the error does not name the file"; }
		;;
	*)
		cat "$SCRATCH/err"
		fail "$what: exit status $rc (crash or wrong status)"
		;;
	esac
}

size=$(stat -c %s "$sample")
n=0
for ((cut = 0; cut < size; cut += 97)); do
	head -c "$cut" "$sample" >"$SCRATCH/in"
	check refuse "result truncated at $cut bytes" "$FSBENCH" show "$SCRATCH/in"
	n=$((n + 1))
done
lines=$(wc -l <"$sample")
for ((l = 1; l <= lines; l += 3)); do
	sed "${l}d" "$sample" >"$SCRATCH/in"
	check either "result without line $l" "$FSBENCH" show "$SCRATCH/in"
	n=$((n + 1))
	sed "${l}s/\"/'/" "$sample" >"$SCRATCH/in"
	# a string opened with one quote and closed with another never closes
	cmp -s "$sample" "$SCRATCH/in" && continue
	check refuse "result with a quote changed on line $l" "$FSBENCH" show "$SCRATCH/in"
	n=$((n + 1))
done
rep=$FSB_SRCDIR/data/samples/repeat3-tiny.fsbench
# refused_at LINE MESSAGE: the file $SCRATCH/in is refused at LINE, saying MESSAGE
refused_at() {
	check refuse "$2" "$FSBENCH" show "$SCRATCH/in"
	grep -qF "$SCRATCH/in:$1: $2" "$SCRATCH/err" || { cat "$SCRATCH/err"; fail "expected $SCRATCH/in:$1: $2"; }
}
l=$(grep -n '^baseline = ' "$rep" | cut -d: -f1)
sed 's/^baseline = "ext2"/baseline = "zfs"/' "$rep" >"$SCRATCH/in"
refused_at "$l" 'baseline "zfs": no such filesystem in the file'
sed 's/^baseline = "ext2"/baseline = ""/' "$rep" >"$SCRATCH/in"
refused_at "$l" 'baseline "": no such filesystem in the file'
l=$(grep -n '^    "rm",$' "$rep" | cut -d: -f1)
sed 's/^    "rm",$/    "rm",\n    "tar",/' "$rep" >"$SCRATCH/in"
refused_at $((l + 1)) 'phases: "tar" listed twice (first on line'
l=$(grep -n '^filesystem "ext4"' "$rep" | cut -d: -f1)
sed 's/^filesystem "ext4"/filesystem ""/' "$rep" >"$SCRATCH/in"
refused_at "$l" 'filesystem "": an empty name'
l=$(grep -n '^  phase "cp"' "$rep" | head -1 | cut -d: -f1)
sed "${l}s/\"cp\"/\"\"/" "$rep" >"$SCRATCH/in"
refused_at "$l" 'phase "" in filesystem "ext2": an empty name'
sed 's/^    "nap"$/    "nap",\n    "later"/' "$rep" >"$SCRATCH/in"
"$FSBENCH" show "$SCRATCH/in" >/dev/null 2>"$SCRATCH/err" || fail "a listed phase never measured was refused: $(cat "$SCRATCH/err")"
size=$(stat -c %s "$conf")
for ((cut = 0; cut < size; cut += 211)); do
	head -c "$cut" "$conf" >"$SCRATCH/in"
	check either "config truncated at $cut bytes" "$FSBENCH" --config "$SCRATCH/in" list
	n=$((n + 1))
done
# a mistake in the config names its own line, comments or not (libconfuse
# counted each comment line three times: the shipped config's repeat = -1,
# on line 26, was reported on line 62)
l=$(grep -n '^  repeat = 1$' "$conf" | cut -d: -f1)
sed "${l}s/= 1/= -1/" "$conf" >"$SCRATCH/in"
check refuse "a config with a negative repeat" "$FSBENCH" --config "$SCRATCH/in" list
grep -qF "$SCRATCH/in:$l: repeat = -1" "$SCRATCH/err" || { cat "$SCRATCH/err"; fail "the config error does not name line $l"; }
sed 's/^  ci_target = 0.03 /  ci_target = nan /' "$conf" >"$SCRATCH/in"
check refuse "a config with ci_target = nan" "$FSBENCH" --config "$SCRATCH/in" list
grep -qF "ci_target = nan is not a finite number" "$SCRATCH/err" || { cat "$SCRATCH/err"; fail "nan is not said to be no number"; }
printf '/* a\n   b */ # c\n// d\ndefaults { # e\n  jobs = -1\n}\n' >"$SCRATCH/in"
check refuse "a config with comments of each kind" "$FSBENCH" --config "$SCRATCH/in" list
grep -qF "$SCRATCH/in:5: jobs = -1" "$SCRATCH/err" || { cat "$SCRATCH/err"; fail "the config error after comments does not name line 5"; }
# a problem found when a section is checked as a whole names the key's own
# line, not the line of the section's closing brace
l=$(grep -n '^  baseline = "ext2"$' "$conf" | cut -d: -f1)
sed "${l}s/\"ext2\"/\"nosuch\"/" "$conf" >"$SCRATCH/in"
check refuse "a config whose baseline is not defined" "$FSBENCH" --config "$SCRATCH/in" list
grep -qF "$SCRATCH/in:$l: defaults: baseline \"nosuch\" is not a defined filesystem" "$SCRATCH/err" ||
	{ cat "$SCRATCH/err"; fail "the undefined baseline is not reported at its line $l"; }
l=$(grep -n '^  tree_files = 300$' "$conf" | head -1 | cut -d: -f1)
sed "${l}s/= 300/= 5/" "$conf" >"$SCRATCH/in"
check refuse "a config with tree_files = 5" "$FSBENCH" --config "$SCRATCH/in" list
grep -qF "$SCRATCH/in:$l: profile " "$SCRATCH/err" && grep -qF "tree_files = 5 is too small" "$SCRATCH/err" ||
	{ cat "$SCRATCH/err"; fail "tree_files = 5 is not reported at its line $l"; }
l=$(grep -n "^  mkfs = 'mkfs.ext2 " "$conf" | head -1 | cut -d: -f1)
sed "${l}s/ \${dev}//" "$conf" >"$SCRATCH/in"
check refuse "a config whose mkfs lacks \${dev}" "$FSBENCH" --config "$SCRATCH/in" list
grep -qF "$SCRATCH/in:$l: filesystem \"ext2\": mkfs does not mention" "$SCRATCH/err" ||
	{ cat "$SCRATCH/err"; fail "mkfs without \${dev} is not reported at its line $l"; }
l=$(grep -n "^  command = 'tar -xf \${src}'" "$conf" | head -1 | cut -d: -f1)
sed "${l}s/\${src}/\${nosuch}/" "$conf" >"$SCRATCH/in"
check refuse "a config with an unknown variable" "$FSBENCH" --config "$SCRATCH/in" list
grep -qF "$SCRATCH/in:$l: phase \"tar\": command: unknown variable" "$SCRATCH/err" ||
	{ cat "$SCRATCH/err"; fail "an unknown variable is not reported at its line $l"; }
# binary garbage
head -c 4096 /dev/urandom >"$SCRATCH/in"
check refuse "random bytes as a result" "$FSBENCH" show "$SCRATCH/in"
check refuse "random bytes as a config" "$FSBENCH" --config "$SCRATCH/in" list
# a directory and a missing file
rm -f "$SCRATCH/in" && mkdir "$SCRATCH/in"
check refuse "a directory as a result" "$FSBENCH" show "$SCRATCH/in"
check refuse "a directory as a config" "$FSBENCH" --config "$SCRATCH/in" list
rmdir "$SCRATCH/in"
check refuse "a missing result" "$FSBENCH" show "$SCRATCH/in"
check refuse "a missing config" "$FSBENCH" --config "$SCRATCH/in" list

# outputs: the check above, with the output named instead of the input
fio=$FSB_SRCDIR/tests/cli/import/fio-randread.json
mkfifo "$SCRATCH/in"
check refuse "a FIFO as an export" "$FSBENCH" export -f csv -o "$SCRATCH/in" "$sample"
check refuse "a FIFO as an import's output" "$FSBENCH" import -o "$SCRATCH/in" "$fio"
# another session of the same benchmark, which merge takes
rep=$FSB_SRCDIR/data/samples/repeat3-tiny.fsbench
sed 's/^started = .*/started = "2026-12-01T10:00:00Z"/' "$rep" >"$SCRATCH/later.fsbench"
check refuse "a FIFO as a merge's output" "$FSBENCH" merge -o "$SCRATCH/in" "$rep" "$SCRATCH/later.fsbench"
[ -p "$SCRATCH/in" ] || fail "a FIFO named by -o was replaced"
rm "$SCRATCH/in" && mkdir "$SCRATCH/in"
check refuse "a directory as an export" "$FSBENCH" export -f csv -o "$SCRATCH/in" "$sample"
check refuse "a directory as an import's output" "$FSBENCH" import -o "$SCRATCH/in" "$fio"
rmdir "$SCRATCH/in"
# an export over the result file it reads would lose the result
cp "$rep" "$SCRATCH/in"
check refuse "an export over its own input" "$FSBENCH" export -f csv -o "$SCRATCH/in" "$SCRATCH/in"
cmp -s "$rep" "$SCRATCH/in" || fail "an export over its own input changed it"
rm "$SCRATCH/in"
ls "$SCRATCH" | grep -q '\.tmp\.' && fail "a refused output left a temporary file"
echo old >"$SCRATCH/kept.csv" && chmod 640 "$SCRATCH/kept.csv" && ln -s kept.csv "$SCRATCH/link.csv"
"$FSBENCH" export -f csv -o "$SCRATCH/link.csv" "$sample" || fail "export through a link exited $?"
[ -L "$SCRATCH/link.csv" ] || fail "export replaced the symbolic link it was given by a file"
grep -q '^file,' "$SCRATCH/kept.csv" || fail "export did not write the file the link names"
[ "$(stat -c %a "$SCRATCH/kept.csv")" = 640 ] || fail "export changed the mode of the file it replaced"
# standard output on a full disk: the report is lost, and the exit status
# and one line say so (show's text and list ended 0, half a report
# written); an output that cannot be written is exit status 2, as bad input
# is (it was 1, the status of a failed phase)
if [ -c /dev/full ]; then
	for cmd in "show $sample" "show --json $sample" "list" "list --json" "export -f csv $sample" \
		"list-results --tsv $FSB_SRCDIR/data/samples" "list-results --json $FSB_SRCDIR/data/samples"; do
		# shellcheck disable=SC2086 # the words of the command
		HOME=$SCRATCH/home XDG_CACHE_HOME=$SCRATCH/cache "$FSBENCH" $cmd >/dev/full 2>"$SCRATCH/err"
		rc=$?
		[ $rc = 2 ] && [ "$(wc -l <"$SCRATCH/err")" = 1 ] && grep -q 'standard output' "$SCRATCH/err" ||
			fail "$cmd to a full disk: exit status $rc, $(cat "$SCRATCH/err")"
	done
fi
# -o that cannot be written: in a missing directory, empty, on a full disk
# (a tmpfs of 64 KiB when root can mount one): exit status 2, one line
# naming it, nothing left behind
outputs=("$SCRATCH/missing/out" "")
if [ "$(id -u)" = 0 ] && mkdir "$SCRATCH/full" && mount -t tmpfs -o size=64k fsbench-full "$SCRATCH/full" 2>/dev/null; then
	at_exit umount -l "$SCRATCH/full"
	dd if=/dev/zero of="$SCRATCH/full/filler" bs=4k status=none 2>/dev/null
	outputs+=("$SCRATCH/full/out")
fi
for o in "${outputs[@]}"; do
	for cmd in "export -f csv" "export -f html" "merge" "import"; do
		case $cmd in
		merge) in=("$rep" "$SCRATCH/later.fsbench") ;;
		import) in=("$fio") ;;
		*) in=("$sample") ;;
		esac
		# shellcheck disable=SC2086 # the words of the command
		"$FSBENCH" $cmd -o "$o" "${in[@]}" >"$SCRATCH/out" 2>"$SCRATCH/err"
		rc=$?
		[ $rc = 2 ] && [ "$(wc -l <"$SCRATCH/err")" = 1 ] && grep -q "cannot write.* ${o:-''}" "$SCRATCH/err" ||
			fail "$cmd -o '$o': exit status $rc, $(cat "$SCRATCH/err")"
	done
	[ -e "$SCRATCH/missing" ] && fail "an output in a missing directory made it"
	find "$SCRATCH" -name '*.tmp.*' | grep -q . && fail "an output that failed left $(find "$SCRATCH" -name '*.tmp.*')"
done
# a bare `fsbench run` is refused, naming the three targets, before anything
# is made (it formatted the config's image).  If the refusal broke, the run
# must fail fast instead of formatting: as nobody (when root), its image in
# a directory that does not exist, its HOME one it cannot write
chmod 711 "$SCRATCH"
sed "s|^  image = .*|  image = \"$SCRATCH/missing/x.img\"|" "$conf" >"$SCRATCH/noimg.conf"
chmod 644 "$SCRATCH/noimg.conf"
grep -qF "$SCRATCH/missing/x.img" "$SCRATCH/noimg.conf" || fail "the config's image was not replaced"
asuser=()
[ "$(id -u)" = 0 ] && asuser=(setpriv --reuid=65534 --regid=65534 --clear-groups)
for args in "" "--fs ext2 --phases tar" "--like $rep"; do
	# shellcheck disable=SC2086 # the words of the command
	HOME=/nonexistent XDG_DATA_HOME=/nonexistent "${asuser[@]}" "$FSBENCH" --config "$SCRATCH/noimg.conf" \
		run $args >"$SCRATCH/out" 2>"$SCRATCH/err"
	rc=$?
	[ $rc = 2 ] && [ "$(wc -l <"$SCRATCH/err")" = 1 ] && [ ! -s "$SCRATCH/out" ] &&
		grep -qF -- "fsbench: run: no target given: give --image FILE, --dir DIR or --target DEVICE" "$SCRATCH/err" ||
		fail "run $args without a target: exit status $rc, $(cat "$SCRATCH/err" "$SCRATCH/out")"
	[ -e "$SCRATCH/missing" ] && fail "run $args without a target made $SCRATCH/missing"
done
# run -o '': refused by the plan check, before anything (it was found only
# after the first phase, the log already written as .log)
HOME=/nonexistent XDG_DATA_HOME=/nonexistent "${asuser[@]}" "$FSBENCH" --config "$SCRATCH/noimg.conf" \
	run --image "$SCRATCH/missing/x.img" --fs ext2 --phases tar -o '' >"$SCRATCH/out" 2>"$SCRATCH/err"
rc=$?
[ $rc = 2 ] && [ "$(wc -l <"$SCRATCH/err")" = 1 ] && grep -qxF "fsbench: run: --output '' names no file" "$SCRATCH/err" ||
	fail "run -o '': exit status $rc, $(cat "$SCRATCH/err" "$SCRATCH/out")"
# a usage error is one line naming the mistake and where help is, exit 2;
# the usage text is --help's alone, on stdout, exit 0 (show printed 26
# lines after its error, run 78, and the global options' getopt named the
# binary by its full path)
usage_error() {
	local want=$1 rc
	shift
	"$FSBENCH" "$@" >"$SCRATCH/out" 2>"$SCRATCH/err"
	rc=$?
	[ $rc = 2 ] && [ "$(wc -l <"$SCRATCH/err")" = 1 ] && [ ! -s "$SCRATCH/out" ] &&
		grep -qxF -- "$want" "$SCRATCH/err" ||
		fail "fsbench $*: exit status $rc; expected the one line '$want', got: $(cat "$SCRATCH/err" "$SCRATCH/out")"
}
usage_error "fsbench: show: no result file given (fsbench show --help)" show
usage_error "fsbench: show: unknown option '--bogus' (fsbench show --help)" show --bogus "$rep"
usage_error "fsbench: show: option '--metric' needs an argument (fsbench show --help)" show "$rep" --metric
usage_error "fsbench: show: option '--raw' takes no argument (fsbench show --help)" show --raw=1 "$rep"
usage_error "fsbench: run: option '--image' needs an argument (fsbench run --help)" run --image
usage_error "fsbench: run: unknown option '-Z' (fsbench run --help)" run -Z
usage_error "fsbench: option '--config' needs an argument (fsbench --help)" --config
usage_error "fsbench: unknown option '--bogus' (fsbench --help)" --bogus
usage_error "fsbench: merge: give at least two result files (fsbench merge --help)" merge -o "$SCRATCH/m" "$rep"
usage_error "fsbench: export: --format is required (fsbench export --help)" export "$rep"
usage_error "fsbench: export: unknown format 'nope': expected csv, markdown, html, bonnie-csv, json, svg" \
	export -f nope "$rep"
# bonnie-csv of a result without built-in phases: nothing to write, said
# plainly with the phases a run needs (it hinted "run them with e.g.
# FILE" and ended 1), exit status 2 as for any request the input cannot meet
"$FSBENCH" export -f bonnie-csv -o "$SCRATCH/b.csv" "$rep" >"$SCRATCH/out" 2>"$SCRATCH/err"
rc=$?
[ $rc = 2 ] && [ "$(wc -l <"$SCRATCH/err")" = 1 ] && [ ! -e "$SCRATCH/b.csv" ] &&
	grep -qF "fsbench: export: $rep: no built-in phase has a result, so there is nothing to write as bonnie++ CSV: " "$SCRATCH/err" &&
	grep -qF "a run needs at least one of them (e.g. --phases block-write,block-read,seq-create,seq-delete)" "$SCRATCH/err" ||
	fail "bonnie-csv without built-in phases: exit status $rc, $(cat "$SCRATCH/err")"
# show - reads a result from standard input, as import - does ("cannot
# read -"); its errors name <stdin> and the line; - twice is refused
"$FSBENCH" show - <"$rep" >"$SCRATCH/out" 2>"$SCRATCH/err" || fail "show - exited $?: $(cat "$SCRATCH/err")"
"$FSBENCH" show "$rep" >"$SCRATCH/file.out" 2>/dev/null
# the same report, but for the header's name (a file's path, "result")
diff <(tail -n +2 "$SCRATCH/out") <(tail -n +2 "$SCRATCH/file.out") >/dev/null || fail "show - differs from show FILE"
"$FSBENCH" export -f csv - <"$rep" | grep -q '^-,ext2,' || fail "export - did not read standard input"
head -c 300 "$rep" | "$FSBENCH" show - >"$SCRATCH/out" 2>"$SCRATCH/err"
rc=$?
[ $rc = 2 ] && [ "$(wc -l <"$SCRATCH/err")" = 1 ] && grep -qE '^fsbench: show: <stdin>:[0-9]+: ' "$SCRATCH/err" ||
	fail "show - of a truncated result: exit status $rc, $(cat "$SCRATCH/err")"
usage_error "fsbench: show: - (standard input) given twice: it holds one result file" show - - <"$rep"
for cmd in "" show run export import merge devices list prepare cleanup list-results; do
	# shellcheck disable=SC2086 # no command: the global --help
	"$FSBENCH" $cmd --help >"$SCRATCH/out" 2>"$SCRATCH/err" || fail "fsbench $cmd --help exited $?"
	[ -s "$SCRATCH/err" ] && fail "fsbench $cmd --help wrote on stderr: $(cat "$SCRATCH/err")"
	grep -q "^Usage: fsbench" "$SCRATCH/out" || fail "fsbench $cmd --help printed no usage"
done
note "$n damaged inputs handled"
exit 0
