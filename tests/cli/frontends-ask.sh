#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The front ends (src/cli, ui) ask the library, never re-decide
# (doc/DESIGN.md): no refusal reason recognised by its words (reasons are
# codes, device.h's FSB_DEVICE_REASONS, and the library says what lifts
# them), no message recognised by its words either (a cleanup's status is
# leftovers.h's code, not a "cannot" in what it said); no root check of
# their own, nor one recombined from the parts of engine/targetcheck.h's
# answer (fsb_plan_reqs, fsb_target_reqs: can_run, drop_caches), and no
# sentence of why root is needed worded by hand (its why_root, why_kept);
# no config group or export format recognised by its name (the config's
# group section has the words, the format table says takes_phase); and no
# device formatted by hand (doc/devdoc.h's document is what they draw):
# neither a device's facts or signatures nor a row of the device list
# (its columns, their headers, the partition's indent, the first
# mountpoint and "+N", the headline reason are fsb_doc_device_list's).
# As layering.sh does for includes, this keeps them from coming back.
. "$FSB_TESTLIB"

cd "$FSB_SRCDIR" || fail "no source tree"
files=$(ls src/cli/*.[ch] ui/*.[ch])
bad=

# rule NAME REGEX: no front-end line matches REGEX (comments included: a
# commented-out check is one edit from coming back)
rule() {
	local hits
	# shellcheck disable=SC2086
	hits=$(grep -nE -- "$2" $files || true)
	[ -z "$hits" ] || bad="$bad
$1:
$hits"
}

# the rules: their names and patterns, each once (the sample below uses them too)
names=("a refusal reason matched by its words" "a root check of its own"
	"a device's facts formatted by hand" "a device's signatures read by hand"
	"a device list row formatted by hand" "the device list's columns drawn by hand"
	"a message matched by its words" "a root check recombined by hand"
	"why root is needed, worded by hand" "a group or a format recognised by its name")
rules=('(strstr|strncmp|strcmp|strcasecmp|strcasestr|fsb_strv_contains|sscanf)\([^;]*reason'
	'\<(geteuid|getuid|geteuid32)[[:space:]]*\('
	'\<(fsb_device_facts|fsb_device_facts_keyed|fsb_device_describe)\>'
	'(->|\.)sigs(\[|\>)'
	'(->|\.)mountpoints\>|(->|\.)is_partition[[:space:]]*\?|\<fsb_device_headline\>|fstype[[:space:]]*\?[^;]*pttype'
	'"(MAJ:MIN|MOUNTPOINT|FSTYPE( LABEL)?)"'
	'\<(strstr|strcasestr|strncmp|strcmp|strcasecmp|fnmatch)\(([^;,]*\<(said|msg|notes?|why|message)\>|[^;,]*,[[:space:]]*"[^"]*(: |cannot |failed|refused|error))'
	'\<needs_root\>|[!?&|][^;]*\<is_root\>|\<is_root\>[[:space:]]*[?&|]|(->|\.)root\>'
	'"[^"]*root[^"]*(mkfs|loop device|mount\>)'
	'\<(strcmp|strcasecmp|strncmp)\([^;,]*(->|\.)(name|group),[[:space:]]*("|FSB_)|\<FSB_AGING_GROUP\>')
for i in "${!rules[@]}"; do rule "${names[$i]}" "${rules[$i]}"; done

[ -z "$bad" ] || fail "a front end decides what the library decides:$bad"

# the rules can fail: each finds what it is meant to, in a sample
sample=$SCRATCH/sample.c
cat >"$sample" <<'C'
if (strstr(d->reasons.v[i], "a whole disk with"))
bool root = geteuid() == 0;
fsb_device_facts(d, &facts);
for (size_t i = 0; i < d->nsigs; i++) x = d->sigs[i].offset;
snprintf(name, sizeof(name), "%s%s", d->is_partition ? "  " : "", d->path);
printf("%-16s %-8s %9s\n", "DEVICE", "MAJ:MIN", "SIZE");
if (strstr(said.v[i], ": cannot "))
const char *right = !ui->root ? "not root " : "";
ui_message(ui, UI_ERROR, "an image file needs root (loop device, mkfs, mount): restart fsbench with sudo");
const char *about = strcmp(row->name, "desktop") == 0 ? "the real-world suite (seed 000)" : "";
C
files=$sample bad=
for i in "${!rules[@]}"; do rule "r$i" "${rules[$i]}"; done
[ "$(grep -c '^r[0-9]*:$' <<<"$bad")" = "${#rules[@]}" ] || fail "a rule no longer finds its sample:$bad"
exit 0
