# SPDX-License-Identifier: GPL-2.0-or-later
# tests/integration/builtin-lib.sh — sourced by the builtin-* and
# bonnie-csv tests after tests/lib.sh: read run records of a result file.

BUILTIN_PHASES=char-write,block-write,rewrite,char-read,block-read,seeks,seq-create,seq-stat,seq-delete,rand-create,rand-stat,rand-delete

# run_records FILE [SECTION] — one line per run record (SECTION "run", or
# "stall_run": the stall round's, doc/disk.md):
#   FS PHASE STATUS field=value field=value ...
# (the error message, if any, is left out: grep the file for it).
run_records() {
	awk -v sec="${2:-run}" '
	BEGIN { open = "      " sec " {" }
	/^filesystem "/ { split($0, a, "\""); fs = a[2]; next }
	/^  phase "/ { split($0, a, "\""); ph = a[2]; next }
	substr($0, 1, length(open)) == open { inrun = 1; f = ""; st = "ok"; $0 = substr($0, length(open) + 1) }
	inrun && /^        status = / { split($0, a, "\""); st = a[2]; next }
	inrun && /^        error = / { next }
	inrun && /^      \}/ { print fs, ph, st f; inrun = 0; next }
	inrun { gsub(/ = /, "="); gsub(/[ \t]+/, " "); f = f " " $0 }
	' "$1" | tr -s ' '
}

# field RECORD NAME — a field's value from a run_records line, "" if absent.
field() {
	printf '%s\n' "$1" | tr ' ' '\n' | sed -n "s/^$2=//p"
}

# check EXPR — awk arithmetic truth, e.g. check "1.5 >= 1"
check() {
	awk "BEGIN { exit !($1) }"
}
