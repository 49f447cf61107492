#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# `fsbench export --format html` of a 3-repetition run renders in headless
# Chromium: the page loads whole with no console message and no network
# request, every chart has one bar per filesystem with the baseline bar
# ending on the 1.00 line, and the screenshot is a real picture
# (tests/helpers/check_html.py says how each is detected).  The checker
# itself must catch a broken page, or passing would mean nothing.
. "$FSB_TESTLIB"
[ -x /usr/bin/python3 ] || skip "needs Debian's /usr/bin/python3 (apt-get install python3)"
need_prog chromium

sample=$FSB_SRCDIR/data/samples/repeat3-tiny.fsbench
check=$FSB_SRCDIR/tests/helpers/check_html.py
page=$SCRATCH/report.html

"$FSBENCH" export --format html "$sample" -o "$page" || fail "export exited $?"
# 4 phases and the total, and the device writes of all phases, 3 filesystems each
/usr/bin/python3 "$check" "$page" --bars 3 --charts 6 --shot "$SCRATCH/report.png" ||
	fail "the page does not render as it should"
# what a reader needs to reproduce the run, and the tables of the model
for s in 'fsbench --config nap.conf run --image /var/tmp/x.img' 'fsbench export --format html' \
	'mke2fs 1.47.0' 'mkfs.xfs version 6.1.0' 'AMD EPYC' "case \$(stat -f -c %T .) in xfs)" \
	'id="t-summary"' 'id="t-raw_nap"' 'id="t-stats_total"' '2.99*' 'Verdict'; do
	grep -qF -- "$s" "$page" || fail "the page lacks: $s"
done

# The checker must fail each of these, for the reason given.
bad() {
	local name=$1 why=$2
	if out=$(/usr/bin/python3 "$check" "$SCRATCH/$name.html" --bars 3 --charts 6 2>&1); then
		fail "check_html passed a page with $name"
	fi
	grep -qF -- "$why" <<<"$out" || { echo "$out"; fail "check_html did not say '$why' for $name"; }
}
# a script error shows on the console
sed 's|<footer id="fsb-end">|<p id="x"></p><script>document.getElementById("y").textContent = 1;</script>&|' \
	"$page" >"$SCRATCH/script.html"
bad script 'console: '
# an external resource is a network request
sed 's|</style>|body{background:url(http://fsbench.invalid/bg.png)}&|' "$page" >"$SCRATCH/network.html"
bad network 'the page made a network request: http://fsbench.invalid/bg.png'
# a truncated page never reaches its footer
head -c 20000 "$page" >"$SCRATCH/truncated.html"
bad truncated 'did not load whole'
# a chart that lost a bar
awk '/<rect class="bar/ && !done { done = 1; next } 1' "$page" >"$SCRATCH/bar.html"
bad bar 'chart 1 has 2 bars, expected 3'
exit 0
