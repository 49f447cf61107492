#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The library speaks of the plan ("repetitions must be at least 1"), never of
# command-line flags ("--repeat"): a TUI user reads the same messages.  A
# message names an option only through fsb_opt_say() (model/opts.h), which
# asks the front end how its user knows it.  This test reads every string
# literal of the library rooms (comments left out, adjacent literals joined)
# and fails on one that holds "--" before a letter.
. "$FSB_TESTLIB"

# Options that are not fsbench's: those of the programs the library runs, or
# of text it writes for them.  "file: option …" per line, and why.
allow='
# the version of each tool, recorded in the result; systemd-detect-virt --vm:
# is the host a virtual machine (its caching is in the figures, model/plaus.h)
src/sys/sysinfo.c: --version --vm
# dpkg and debootstrap make the debootstrap tarball; tar packs the generated
# source tree reproducibly
src/engine/workload.c: --print-architecture --variant --foreign --make-tarball --sort --mtime --owner --group --numeric-owner
# the linker options in the Makefile of the generated kernel-like tree
src/engine/treegen_text.c: --start-group --end-group
# how to make the fio output that fsbench import reads: an option of fio
src/model/import_fio.c: --output-format
src/model/result.h: --reflink
src/doc/report_disk.c: --reflink
'

literals() { # file: one line per string literal (adjacent ones joined)
	perl -0777 -ne '
		s{/\*.*?\*/}{ }gs;                       # block comments
		s{//[^\n]*}{}g;                          # line comments
		s{'"'"'(?:\\.|[^\\'"'"'])'"'"'}{0}g;     # character literals
		while (/((?:"(?:\\.|[^"\\\n])*"\s*)+)/g) {
			my $l = $1; my $s = "";
			$s .= $1 while $l =~ /"((?:\\.|[^"\\\n])*)"/g;
			$s =~ s/\\n/ /g; $s =~ s/\\t/\t/g;
			print "$s\n";
		}' "$1"
}

bad=
n=0
for f in "$FSB_SRCDIR"/src/{sys,model,devices,engine,doc}/*.[ch]; do
	rel=src/${f#"$FSB_SRCDIR"/src/}
	n=$((n + 1))
	ok=$(sed -n "s|^$rel: ||p" <<<"$allow")
	while IFS= read -r lit; do
		for opt in $(grep -oE -- '--[a-z][a-z0-9-]*' <<<"$lit"); do
			[[ " $ok " == *" $opt "* ]] && continue
			bad="$bad
$rel: $opt in \"$lit\""
		done
	# only the literals with a flag in them: a grep of each of the
	# thousands of literals took two minutes
	done < <(literals "$f" | grep -E -- '--[a-z]')
done
[ "$n" -gt 30 ] || fail "only $n library files found under $FSB_SRCDIR/src"
# the reader itself must see a flag where there is one
probe=$(mktemp)
at_exit rm -f "$probe"
printf '/* "--not-this" */\nstatic const char *m = "give " "--repeat N";\n' >"$probe"
[ "$(literals "$probe")" = "give --repeat N" ] || fail "the literal reader is broken: $(literals "$probe")"

[ -z "$bad" ] || fail "a library string names a command-line flag; say it with fsb_opt_say() (model/opts.h):$bad"
exit 0
