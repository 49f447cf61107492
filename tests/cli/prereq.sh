#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A plan that cannot work is refused before anything is created (issue 16):
# a phase whose prerequisite is missing, comes after it, or is emptied away
# by rm is one line naming the phase, what it needs and the fix, exit
# status 2, no image file, no loop device, nothing in a target directory —
# for the shipped phases, for a user's phases layered on them, and for a
# small config of its own.  Plans that can work pass the check.  `fsbench
# list` shows the prerequisites.  Runs as any user: the check comes before
# anything needs root.
. "$FSB_TESTLIB"

img=$SCRATCH/t.img
dir=$SCRATCH/target
mkdir -p "$dir"

# refused PLAN EXPECTED [fsbench options…] — exit 2, one line, nothing made
refused() {
	local plan=$1 want=$2 rc
	shift 2
	for target in "--image $img --fs ext2" "--dir $dir"; do
		# shellcheck disable=SC2086
		"$FSBENCH" "$@" run $target --phases "$plan" --profile tiny >"$SCRATCH/out" 2>"$SCRATCH/err"
		rc=$?
		[ "$rc" = 2 ] || { cat "$SCRATCH/out" "$SCRATCH/err"; fail "$plan ($target): exit status $rc, expected 2"; }
		[ "$(wc -l <"$SCRATCH/err")" = 1 ] || { cat "$SCRATCH/err"; fail "$plan: expected one line on stderr"; }
		[ -s "$SCRATCH/out" ] && { cat "$SCRATCH/out"; fail "$plan: something on stdout"; }
		grep -qF -- "fsbench: run: $want" "$SCRATCH/err" ||
			{ printf 'got:      %s\nexpected: fsbench: run: %s\n' "$(cat "$SCRATCH/err")" "$want"; fail "$plan: wrong message"; }
		# the library speaks of phases, never of the command line's options
		grep -q -- '--' "$SCRATCH/err" && { cat "$SCRATCH/err"; fail "$plan: the message names an option"; }
		[ -e "$img" ] && fail "$plan: the image file was created"
		[ -z "$(ls -A "$dir")" ] || fail "$plan: something was made in the target directory: $(ls -A "$dir")"
		if command -v losetup >/dev/null && losetup -a 2>/dev/null | grep -qF -- "$SCRATCH"; then
			fail "$plan: a loop device was attached"
		fi
	done
	return 0
}

# passes PLAN [fsbench options…] — the plan passes the prerequisite check:
# a 10 MiB image is the next thing refused, still before anything is made
passes() {
	local plan=$1
	shift
	"$FSBENCH" "$@" run --image "$img" --size 10M --fs ext2 --phases "$plan" --profile tiny \
		>"$SCRATCH/out" 2>"$SCRATCH/err"
	grep -q 'is too small' "$SCRATCH/err" || { cat "$SCRATCH/err"; fail "$plan was refused"; }
	[ -e "$img" ] && fail "$plan: the image file was created"
	return 0
}

# --- the shipped phases ---
refused tar,make2 "phase 'make2' needs make to run before it on the same filesystem: add make before make2, or leave make2 out"
refused make2 "phase 'make2' needs make to run before it on the same filesystem: add tar and make before make2, or leave make2 out"
refused tar,cp,clean,make2,rm "phase 'clean' needs make to run before it on the same filesystem: add make before clean, or leave clean out"
refused cp "phase 'cp' needs tar or deb to run before it on the same filesystem: add tar before cp, or leave cp out"
refused make,tar "phase 'make' needs tar to run before it on the same filesystem, but tar comes after it: put tar before make"
refused tar,clean,make "phase 'clean' needs make to run before it on the same filesystem, but make comes after it: put make before clean"
refused tar,make,rm,make2 "phase 'make2' needs make to run before it on the same filesystem, but rm empties the filesystem in between: put rm after make2, or leave rm out"
refused tar,rm,cp "phase 'cp' needs tar or deb to run before it on the same filesystem, but rm empties the filesystem in between: put rm after cp, or leave rm out"
# a device target is refused the same way, before any of its checks
"$FSBENCH" run --target /dev/null --yes-destroy=/dev/null --fs ext2 --phases make2 --profile tiny \
	>"$SCRATCH/out" 2>"$SCRATCH/err"
[ $? = 2 ] && grep -qF "phase 'make2' needs make" "$SCRATCH/err" || { cat "$SCRATCH/err"; fail "a device target took make2 alone"; }

for plan in deb,tar,make,cp,clean,make2,rm tar,make,cp,clean,make2,rm tar,make,make2 tar,cp,rm deb,cp,rm rm \
	tar,rm block-write,block-read,seq-create,seq-delete block-read,seq-stat,rand-delete; do
	passes "$plan"
done
# the default plan (no phases given) can run
"$FSBENCH" run --image "$img" --size 10M --fs ext2 --profile tiny >"$SCRATCH/out" 2>"$SCRATCH/err"
grep -q 'is too small' "$SCRATCH/err" || { cat "$SCRATCH/err"; fail "the default plan was refused"; }

# --size 0 is refused, not taken for the profile's size (a 4 GiB image);
# make2 alone would be refused too, so an fsbench that took it runs nothing
"$FSBENCH" run --image "$img" --size 0 --fs ext2 --phases make2 --profile tiny >"$SCRATCH/out" 2>"$SCRATCH/err"
[ $? = 2 ] && [ "$(wc -l <"$SCRATCH/err")" = 1 ] && grep -qF -- "--size '0': expected a size such as 2G or 512M" "$SCRATCH/err" ||
	{ cat "$SCRATCH/err"; fail "--size 0 was not refused as a size"; }
[ -e "$img" ] && fail "--size 0 made an image"

# --list shows what each phase requires
"$FSBENCH" list phases >"$SCRATCH/list" || fail "fsbench list phases failed"
grep -qE '^  name +group +kind +requires +label$' "$SCRATCH/list" || { cat "$SCRATCH/list"; fail "list: no requires column"; }
for row in 'make +desktop +command +tar ' 'cp +desktop +command +tar\|deb ' 'clean +desktop +command +make ' \
	'make2 +desktop +command +make ' 'tar +desktop +command +- ' 'rm +desktop +command +- .*empties the filesystem' \
	'block-read +bonnie +builtin +- '; do
	grep -qE "^  $row" "$SCRATCH/list" || { cat "$SCRATCH/list"; fail "list: no row /$row/"; }
done

# --- a user's phase layered on the shipped ones ---
mkdir -p "$XDG_CONFIG_HOME/fsbench"
cat >"$XDG_CONFIG_HOME/fsbench/fsbench.conf" <<'EOF'
phase "grep" {
  group = "mine"
  command = 'grep -rq main .'
  cwd = '${tree}'
  requires = { "tar" }
}
# make2 only after clean, in this user's view
phase "make2" { requires = { "make", "clean" } }
EOF
refused grep "phase 'grep' needs tar to run before it on the same filesystem: add tar before grep, or leave grep out"
refused tar,rm,grep "phase 'grep' needs tar to run before it on the same filesystem, but rm empties the filesystem in between: put rm after grep, or leave rm out"
refused tar,make,make2 "phase 'make2' needs clean to run before it on the same filesystem: add clean before make2, or leave make2 out"
passes tar,grep,rm
passes tar,make,clean,make2
"$FSBENCH" list phases | grep -qE '^  grep +mine +command +tar ' || fail "list: the user's phase has no requires"
"$FSBENCH" list phases | grep -qE '^  make2 +desktop +command +make, clean ' || fail "list: the user's make2 requires"
rm -r "$XDG_CONFIG_HOME/fsbench"

# --- a small config of its own, run for real in a directory ---
conf=$SCRATCH/small.conf
cat >"$conf" <<'EOF'
filesystem "ext2" { type = "ext2" mkfs = 'mkfs.ext2 -F -q ${dev}' }
profile "tiny" { tree_files = 100 min_duration = 0 }
phase "make-data" { command = 'mkdir data && echo 42 >data/answer' }
phase "read-data" { command = 'test "$(cat data/answer)" = 42' requires = { "make-data" } }
phase "wipe" { command = 'rm -rf data' empties = true }
defaults { profile = "tiny" baseline = "ext2" filesystems = { "ext2" } phases = { "make-data", "read-data" } }
EOF
refused read-data "phase 'read-data' needs make-data to run before it on the same filesystem: add make-data before read-data, or leave read-data out" --config "$conf"
refused read-data,make-data "phase 'read-data' needs make-data to run before it on the same filesystem, but make-data comes after it: put make-data before read-data" --config "$conf"
refused make-data,wipe,read-data "phase 'read-data' needs make-data to run before it on the same filesystem, but wipe empties the filesystem in between: put wipe after read-data, or leave wipe out" --config "$conf"
# what passes the check runs, and every phase succeeds
"$FSBENCH" --config "$conf" run --dir "$dir" --phases make-data,read-data,wipe --no-drop-caches \
	-o "$SCRATCH/small.fsbench" >"$SCRATCH/out" 2>&1 || { cat "$SCRATCH/out"; fail "the small plan did not run"; }
# (each once timed, and once more in the stall round after it: doc/disk.md)
[ "$(grep -cE '^\[1/1 [^ ]+\] (make-data|read-data|wipe) .* ok$' "$SCRATCH/out")" = 3 ] || { cat "$SCRATCH/out"; fail "a phase of the small plan failed"; }
[ "$(grep -cE '^\[1/1 [^ ]+ stall\] (make-data|read-data|wipe) .* ok$' "$SCRATCH/out")" = 3 ] || { cat "$SCRATCH/out"; fail "a phase of the small plan's stall round failed"; }
grep -q '^status = "complete"' "$SCRATCH/small.fsbench" || fail "the small run is not complete"

# a config whose requires cannot hold is refused when it is read
bad=$SCRATCH/bad.conf
badcheck() {
	local want=$1
	"$FSBENCH" --config "$bad" list >"$SCRATCH/out" 2>"$SCRATCH/err"
	[ $? = 2 ] || { cat "$SCRATCH/err"; fail "bad config ($want): not exit status 2"; }
	[ "$(wc -l <"$SCRATCH/err")" = 1 ] || { cat "$SCRATCH/err"; fail "bad config ($want): not one line"; }
	grep -qF "$bad" "$SCRATCH/err" && grep -qF "$want" "$SCRATCH/err" || { cat "$SCRATCH/err"; fail "bad config: expected '$want'"; }
}
# each names the line of the key it is about
sed 's/requires = { "make-data" }/requires = { "make-dta" }/' "$conf" >"$bad"
badcheck "$bad:4: phase \"read-data\": requires \"make-dta\", which is not a defined phase"
sed 's/requires = { "make-data" }/requires = { "read-data" }/' "$conf" >"$bad"
badcheck "$bad:4: phase \"read-data\" requires itself"
# on the line of its section's '{', the rest of the section below it
sed 's/phase "read-data" { command = \(.*\) requires = { "make-data" } }/phase "read-data" { requires = { "make-dta" }\n  command = \1\n}/' "$conf" >"$bad"
badcheck "$bad:4: phase \"read-data\": requires \"make-dta\", which is not a defined phase"
sed 's/phases = { "make-data", "read-data" }/phases = { "read-data" }/' "$conf" >"$bad"
badcheck "$bad:6: defaults: phases: phase 'read-data' needs make-data"
assert_no_leftovers "refused plans"
exit 0
