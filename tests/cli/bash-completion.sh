#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The bash completion (completion/fsbench, built from
# data/fsbench.bash-completion.in) sourced in bash: it registers itself for
# fsbench and completes commands, each command's options (from its --help,
# and run's from the option table too), filesystem, phase and profile
# names from `fsbench list` of the config on the line, comma lists, export
# formats, metrics and result files.
. "$FSB_TESTLIB"
comp=$FSB_BUILDDIR/completion/fsbench
[ -f "$comp" ] || fail "$comp was not built"

test_conf <<'CONF'
filesystem "nosuchfs" {
  type = "ext4"
  description = "only in this config"
  mkfs = 'mkfs.nosuchfs ${dev}'
  tool = "mkfs.nosuchfs"
}
CONF
mkdir -p "$SCRATCH/res/sub"
touch "$SCRATCH/res/a.fsbench" "$SCRATCH/res/b.fsbench" "$SCRATCH/res/notes.txt"

# complete_words LINE — what the completion offers for LINE's last word (""
# after a trailing blank), sorted, one a line
complete_words() {
	bash --norc --noprofile -c '
		source "$1" || exit 9
		read -ra words <<<"$3"
		case $3 in "" | *" ") words+=("") ;; esac
		COMP_WORDS=("$2" "${words[@]}")
		COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
		COMP_LINE="$2 $3" COMP_POINT=${#COMP_LINE}
		_fsbench
		printf "%s\n" "${COMPREPLY[@]}" | sort
	' completion "$comp" "$FSBENCH" "$1"
}
# want "WORDS" EXPECTED... — every EXPECTED is offered; "!X": X is not
want() {
	local line=$1 got w
	shift
	got=$(complete_words "$line") || fail "completing '$line' failed"
	for w; do
		if [ "${w#!}" != "$w" ]; then
			grep -qxF -- "${w#!}" <<<"$got" && fail "'$line' offers ${w#!}: $(echo $got)"
		else
			grep -qxF -- "$w" <<<"$got" || fail "'$line' does not offer $w, only: $(echo $got)"
		fi
	done
	note "$line → $(echo $got | cut -c1-100)"
}

registered=$(bash --norc --noprofile -c 'source "$1"; complete -p fsbench' x "$comp") || fail "complete -p fsbench failed"
[ "$registered" = "complete -F _fsbench fsbench" ] || fail "registered as: $registered"

want "" run show export import merge devices list prepare cleanup list-results
want "sh" show '!run'
want "list-" list-results '!list'
want "--c" --config
want "show --" --json --raw --metric --baseline --ascii --mann-whitney --help '!--fs'
want "list-results --" --json --tsv --where --no-index
want "list --" --json
want "devices --" --json --check --all --whole-disk --allow-root-disk --min-size --dry-run --yes-destroy=
want "export --" --format --phase --output --metric --baseline --mann-whitney '!--json'
want "export -" -o -p -f -m -b
# run: from --help and from the option table (--size, --seed, --keep-image: not option lines of --help)
want "run --" --image --size --seed --keep-image --order --fs --phases --profile --repeat --yes-destroy= --metric '!--yes-destroy'
want "export --format " csv markdown html bonnie-csv json svg
want "export --format s" svg
want "run --metric d" dead
# the stall probe's modes (model/result.h), and the option from the table
want "run --pro" --probe --profile
want "run --probe " round beside off
want "run --probe b" beside '!round'
want "show -m " dead real usr sys sync
want "run --fs ext" ext2 ext3 ext4 '!xfs'
want "run --fs ext2,x" ext2,xfs '!xfs'
want "run -f ext2,ext4,bt" ext2,ext4,btrfs
want "run --phases ta" tar
want "run --phases tar,c" tar,cp tar,clean tar,char-write tar,char-read
want "export --phase r" rm rewrite rand-create
want "export --phase to" total
want "run --profile " tiny quick standard full
want "show --baseline ext" ext2 ext3 ext4
want "list " filesystems phases profiles
want "list p" phases profiles '!filesystems'
# the config on the line is the one asked
want "--config $conf run --fs nos" nosuchfs
want "run --fs nos" '!nosuchfs'
want "-c $conf show --baseline nos" nosuchfs
# result files and directories, not other files
want "show $SCRATCH/res/" "$SCRATCH/res/a.fsbench" "$SCRATCH/res/b.fsbench" "$SCRATCH/res/sub" "!$SCRATCH/res/notes.txt"
want "export --format svg -o $SCRATCH/res/n" "$SCRATCH/res/notes.txt"
want "list-results $SCRATCH/res/" "$SCRATCH/res/sub" "!$SCRATCH/res/a.fsbench"
exit 0
