#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The project's own links hold: in README.md and every Markdown file under
# doc/ and bench/, a relative link names a file of the tree, and a link to
# a heading of a Markdown file (FILE.md#anchor, or #anchor in the same
# file) names a heading that file has, as GitHub makes its anchors.  The
# README quotes the benches' figures with a link to their section of
# bench/RESULTS.md; a section that a later run swallowed (a begin marker
# without its end) or that was never written leaves the figure unbacked.
. "$FSB_TESTLIB"
[ -x /usr/bin/python3 ] || skip "needs Debian's /usr/bin/python3 (apt-get install python3)"

cd "$FSB_SRCDIR" || fail "cd $FSB_SRCDIR"
out=$(/usr/bin/python3 - README.md doc/*.md doc/*/*.md bench/*.md <<'PY'
import os, re, sys

def slug(heading):
    # GitHub: lower case, markup and punctuation dropped (not - or _),
    # each space a hyphen
    s = re.sub(r'[`*]', '', heading.strip().lower())
    s = re.sub(r'[^\w\- ]', '', s)
    return s.replace(' ', '-')

def anchors(path, cache={}):
    if path not in cache:
        seen, fence = {}, False
        for line in open(path, encoding='utf-8'):
            if line.startswith('```'):
                fence = not fence
            m = None if fence else re.match(r'#{1,6} +(.*?) *#*$', line.rstrip('\n'))
            if m:
                a = slug(m.group(1))
                n = seen.get(a, 0)
                seen[a] = n + 1
                if n:
                    seen[a + '-' + str(n)] = 1
        cache[path] = seen
    return cache[path]

bad = 0
for doc in sys.argv[1:]:
    if not os.path.isfile(doc):
        continue
    fence = False
    for no, line in enumerate(open(doc, encoding='utf-8'), 1):
        if line.startswith('```'):
            fence = not fence
        if fence:
            continue
        for target in re.findall(r'\]\(([^)\s]+)\)', line):
            if re.match(r'[a-z]+:', target):
                continue            # http:, https:, mailto:
            path, _, frag = target.partition('#')
            dest = os.path.normpath(os.path.join(os.path.dirname(doc), path)) if path else doc
            if not os.path.exists(dest):
                print(f'{doc}:{no}: {target}: no file {dest}')
                bad += 1
            elif frag and dest.endswith('.md') and frag not in anchors(dest):
                print(f'{doc}:{no}: {target}: {dest} has no heading #{frag}')
                bad += 1
sys.exit(1 if bad else 0)
PY
) || { printf '%s\n' "$out" >&2; fail "links that lead nowhere (above)"; }
exit 0
