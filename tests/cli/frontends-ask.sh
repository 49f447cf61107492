#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The front ends (src/cli, ui) ask the library, never re-decide
# (doc/DESIGN.md): no refusal reason recognised by its words (reasons are
# codes, device.h's FSB_DEVICE_REASONS, and the library says what lifts
# them), no root check of their own (engine/targetcheck.h's
# fsb_plan_reqs, fsb_target_needs_root, fsb_running_as_root), and no
# device formatted by hand (doc/devdoc.h's document is what they draw).
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

rule "a refusal reason matched by its words" \
	'(strstr|strncmp|strcmp|strcasecmp|strcasestr|fsb_strv_contains|sscanf)\([^;]*reason'
rule "a root check of its own" '\<(geteuid|getuid|geteuid32)[[:space:]]*\('
rule "a device's facts formatted by hand" '\<(fsb_device_facts|fsb_device_facts_keyed|fsb_device_describe)\>'
rule "a device's signatures read by hand" '(->|\.)sigs(\[|\>)'

[ -z "$bad" ] || fail "a front end decides what the library decides:$bad"

# the rules can fail: each finds what it is meant to, in a sample
sample=$SCRATCH/sample.c
cat >"$sample" <<'C'
if (strstr(d->reasons.v[i], "a whole disk with"))
bool root = geteuid() == 0;
fsb_device_facts(d, &facts);
for (size_t i = 0; i < d->nsigs; i++) x = d->sigs[i].offset;
C
files=$sample bad=
rule r1 '(strstr|strncmp|strcmp|strcasecmp|strcasestr|fsb_strv_contains|sscanf)\([^;]*reason'
rule r2 '\<(geteuid|getuid|geteuid32)[[:space:]]*\('
rule r3 '\<(fsb_device_facts|fsb_device_facts_keyed|fsb_device_describe)\>'
rule r4 '(->|\.)sigs(\[|\>)'
[ "$(grep -c '^r[0-9]:$' <<<"$bad")" = 4 ] || fail "a rule no longer finds its sample:$bad"
exit 0
