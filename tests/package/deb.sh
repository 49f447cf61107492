#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The Debian package, as a user gets it: dpkg-buildpackage -us -uc -b on a
# clean `git clone` of HEAD (what is committed, nothing else), lintian
# without an error, then `dpkg -i`: /usr/bin/fsbench, the conffile
# /etc/fsbench/fsbench.conf (which the installed program reads: no path of
# the build tree), the manual page, the docs and sample results, and
# `fsbench list` and `fsbench show` of a sample from there.  The package is
# purged at the end, also when the test fails.  It is built without its own
# tests (nocheck; debian/rules never runs the root tests anyway) and -j2.
. "$FSB_TESTLIB"

for p in dpkg-buildpackage:dpkg-dev dh:debhelper fakeroot:fakeroot lintian:lintian git:git; do
	command -v "${p%%:*}" >/dev/null || skip "needs ${p%%:*} (apt-get install ${p#*:})"
done
[ "$(id -u)" = 0 ] || skip "installs the package with dpkg -i: needs root"
# the top of a git checkout: not a directory inside one (make distcheck
# unpacks its tarball inside the source tree)
top=$(git -C "$FSB_SRCDIR" rev-parse --show-toplevel 2>/dev/null)
[ -n "$top" ] && [ "$top" -ef "$FSB_SRCDIR" ] || skip "$FSB_SRCDIR is not a git checkout (make distcheck): nothing to clone"
if dpkg-query -W -f='${Status}' fsbench 2>/dev/null | grep -q 'installed'; then
	skip "the package fsbench is installed on this machine; this test will not replace or purge it"
fi
dpkg-checkbuilddeps "$FSB_SRCDIR/debian/control" 2>"$SCRATCH/deps" || skip "$(cat "$SCRATCH/deps")"

work=$SCRATCH/deb
mkdir -p "$work"
git clone -q "$FSB_SRCDIR" "$work/fsbench" || fail "git clone of $FSB_SRCDIR"
note "building the package of $(git -C "$work/fsbench" log -1 --format='%h %s')"
(cd "$work/fsbench" && DEB_BUILD_OPTIONS="nocheck parallel=2" nice dpkg-buildpackage -us -uc -b) \
	>"$work/build.log" 2>&1 || { tail -30 "$work/build.log"; fail "dpkg-buildpackage failed"; }
deb=$(ls "$work"/fsbench_*_*.deb) || fail "no .deb was built"
changes=$(ls "$work"/fsbench_*.changes) || fail "no .changes was written"

lintian --fail-on error "$changes" >"$work/lintian.log" 2>&1
lrc=$?
grep -E '^[EW]: ' "$work/lintian.log" | sed 's/^/# lintian: /'
grep -q '^E: ' "$work/lintian.log" && fail "lintian reports errors"
[ $lrc = 0 ] || { cat "$work/lintian.log"; fail "lintian exited $lrc"; }

# the build tree must not be where the installed program looks
at_exit dpkg --purge fsbench
dpkg -i "$deb" >"$work/install.log" 2>&1 || { cat "$work/install.log"; fail "dpkg -i failed"; }
rm -rf "$work/fsbench"
for f in /usr/bin/fsbench /etc/fsbench/fsbench.conf /usr/share/man/man1/fsbench.1.gz \
	/usr/share/doc/fsbench/README.md.gz /usr/share/doc/fsbench/import.md.gz /usr/share/doc/fsbench/copyright \
	/usr/share/doc/fsbench/examples/seed000-desktop-2.6.3.fsbench \
	/usr/share/doc/fsbench/examples/seed003-bonnie-1.03.fsbench \
	/usr/share/bash-completion/completions/fsbench; do
	[ -e "$f" ] || fail "the package does not install $f"
done
dpkg-query -W -f='${Conffiles}\n' fsbench | grep -q '^ /etc/fsbench/fsbench.conf ' ||
	fail "/etc/fsbench/fsbench.conf is not a conffile"
zcat /usr/share/man/man1/fsbench.1.gz | grep -q '^\.SS import' || fail "the manual page lacks fsbench import"

# as a user would run it: elsewhere, with no configuration of their own
home=$SCRATCH/home
mkdir -p "$home"
run() { (cd / && env -i PATH=/usr/bin:/bin HOME="$home" LANG=C.UTF-8 /usr/bin/fsbench "$@"); }
run list >"$work/list" 2>&1 || { cat "$work/list"; fail "fsbench list exited $?"; }
grep -qF 'Filesystems (/etc/fsbench/fsbench.conf)' "$work/list" && grep -qE '^ *ext4 ' "$work/list" ||
	fail "fsbench list does not read /etc/fsbench/fsbench.conf: $(head -3 "$work/list")"
run show --ascii /usr/share/doc/fsbench/examples/seed003-bonnie-1.03.fsbench >"$work/show" 2>&1 ||
	{ cat "$work/show"; fail "fsbench show of the sample exited $?"; }
grep -qF '(ext2 / rate' "$work/show" || fail "the sample's table is not normalized to ext2"
run show --ascii /usr/share/doc/fsbench/examples/seed000-desktop-2.6.3.fsbench | grep -q '^Summary' ||
	fail "fsbench show of seed 000's sample"
# the installed completion, sourced as bash-completion would, completes
# commands and the installed config's filesystems
comp=$(env -i PATH=/usr/bin:/bin HOME="$home" bash --norc -c '
	source /usr/share/bash-completion/completions/fsbench || exit 9
	COMP_WORDS=(fsbench run --fs ext) COMP_CWORD=3; _fsbench; printf "%s " "${COMPREPLY[@]}"
	COMP_WORDS=(fsbench list-r) COMP_CWORD=1; _fsbench; printf "%s " "${COMPREPLY[@]}"') ||
	fail "the installed completion failed"
grep -qw ext4 <<<"$comp" && grep -qw list-results <<<"$comp" || fail "the installed completion offers: $comp"
# it reads /etc/fsbench/fsbench.conf: without it, list names that file
mv /etc/fsbench/fsbench.conf "$SCRATCH/conf"
at_exit mv "$SCRATCH/conf" /etc/fsbench/fsbench.conf
run list >"$work/noconf" 2>&1 && fail "fsbench list worked without /etc/fsbench/fsbench.conf"
grep -qF '/etc/fsbench/fsbench.conf' "$work/noconf" || fail "not the installed config: $(cat "$work/noconf")"
mv "$SCRATCH/conf" /etc/fsbench/fsbench.conf

dpkg --purge fsbench >"$work/purge.log" 2>&1 || { cat "$work/purge.log"; fail "dpkg --purge failed"; }
[ -e /usr/bin/fsbench ] || [ -e /etc/fsbench ] && fail "purge left files behind"
exit 0
