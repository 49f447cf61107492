#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A result's cells are addressed by index, through its grid (issue 34,
# model/grid.h), never looked up by name where they are judged or laid
# out, and the kinds are enums parsed once by the reader:
#  1. no find-by-name call (fsb_fs_find_phase, fsb_result_find_fs,
#     fsb_named_find) in src/doc or in the judging code of src/model
#     (cells, verdict, agefactor, recommend, plaus, diskwork, crashcell,
#     rounds, history);
#  2. no strcmp on a kind, `ended` or a target's kind anywhere in src/ or
#     ui/ (a member ->kind/.kind/->ended, a kind's word, an ending's word),
#     and no kind parsed from its word again but by model/kinds.c and the
#     config (model/config.c);
#  3. "total" is spelt once (model/grid.h): never compared as a word;
#  4. the thread-local memo of "total" (FSB_CELL_MEMO_SCOPE) is gone;
#  5. no cell found by its label or header text in ui/: the TUI finds the
#     cell being measured and the chart's column by the table's keys
#     (fsb_table_find_row/_col, doc/report.h), never by comparing a
#     cell's text, from fsb_table_cell() or straight from ->cells[].
# Each rule is proven on a sample, as frontends-ask.sh does.
. "$FSB_TESTLIB"

cd "$FSB_SRCDIR" || fail "no source tree"

judging="src/model/cells.c src/model/verdict.c src/model/agefactor.c src/model/recommend.c src/model/plaus.c
src/model/diskwork.c src/model/crashcell.c src/model/rounds.c src/model/history.c"
names=("a cell found by name where it is judged or laid out"
	"a kind, ended or target kind compared as a string"
	"a kind parsed from its word again"
	"\"total\" compared as a word"
	"the memo of \"total\""
	"a cell found by its label or header text in the TUI")
rules=('\<(fsb_fs_find_phase|fsb_result_find_fs|fsb_named_find)[[:space:]]*\('
	'(strcmp|strncmp|strcasecmp|fsb_strv_contains|fsb_name_index)[[:space:]]*\([^;]*((->|\.)(kind|ended)\>|\<fsb_(phase|target)_kind_word[[:space:]]*\(|"(settled|budget|cap|stopped)")'
	'\<fsb_(phase|target)_kind_parse[[:space:]]*\('
	'(strcmp|strncmp|strcasecmp)[[:space:]]*\([^;]*"total"'
	'\<(FSB_CELL_MEMO_SCOPE|fsb_cell_memo_[a-z]+)\>'
	'(strcmp|strncmp|strcasecmp)[[:space:]]*\([^;]*(fsb_table_cell[[:space:]]*\([^;]*->text|cells\[[^;]*\][[:space:]]*\.[[:space:]]*text)\>')
# where each rule looks (a sample replaces them all below)
where() {
	case $1 in
	0) ls src/doc/*.c; echo "$judging" ;;
	2) ls src/*/*.[ch] ui/*.[ch] | grep -v -e '^src/model/kinds\.[ch]$' -e '^src/model/config\.c$' ;;
	5) ls ui/*.[ch] ;;
	*) ls src/*/*.[ch] ui/*.[ch] ;;
	esac
}

bad=
# rule I: no line of its files matches (comments included: a commented-out
# lookup is one edit from coming back)
rule() {
	local hits files=${2:-$(where "$1")}
	# shellcheck disable=SC2086
	hits=$(grep -nE -- "${rules[$1]}" $files || true)
	[ -z "$hits" ] && return 0
	bad="$bad
${names[$1]}:
$hits"
}

for i in "${!rules[@]}"; do rule "$i"; done
[ -z "$bad" ] || fail "a cell, a kind or \"total\" found by name:$bad"

# the rules can fail: each finds what it is meant to, in a sample
sample=$SCRATCH/sample.c
cat >"$sample" <<'C'
const struct fsb_phase_result *ph = fsb_fs_find_phase(res->fs[i], "tar");
if (ph->kind && !strcmp(ph->kind, fsb_phase_kind_word(FSB_PHASE_BUILTIN)))
if (fsb_phase_kind_parse(ph->kind, &k) == 0 && !fsb_phase_kind_timed(k))
bool total = strcmp(phase, "total") == 0;
FSB_CELL_MEMO_SCOPE;
if (strcmp(fsb_table_cell(t, i, 0)->text, row) == 0)
if (chart && !strcmp(t->cells[c].text, chart))
C
bad=
for i in "${!rules[@]}"; do rule "$i" "$sample"; done
for i in "${!rules[@]}"; do
	grep -qF -- "${names[$i]}:" <<<"$bad" || fail "rule \"${names[$i]}\" no longer finds its sample"
done
# rule 5 finds both forms of the lookup: through fsb_table_cell() and ->cells[]
[ "$(grep -cE -- "${rules[5]}" "$sample")" = 2 ] || fail "rule \"${names[5]}\" misses a form of its sample"
# and what they must not find: the grid's own spelling, a kind compared as an enum
cat >"$sample" <<'C'
size_t j = fsb_grid_phase(g, FSB_GRID_TOTAL_NAME);
if (ph->kind == FSB_PHASE_BUILTIN || res->ended == FSB_ENDED_SETTLED)
if (strcmp(res->fs[i]->name, base) == 0)
int r = fsb_table_find_row(t, o->run_row), c = fsb_table_find_col(t, o->run_col);
C
bad=
for i in "${!rules[@]}"; do rule "$i" "$sample"; done
[ -z "$bad" ] || fail "a rule finds what it must not:$bad"
exit 0
