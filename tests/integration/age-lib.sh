# SPDX-License-Identifier: GPL-2.0-or-later
# tests/integration/age-lib.sh — sourced after tests/lib.sh by the tests of
# the aged-against-fresh flow (run-age-flow.sh, tests/tui/age-tick.sh).
#
# age_conf DIR — conf=$SCRATCH/fsbench.conf (test_conf, calm limits): the
# shipped configuration with command stand-ins for the aging phases around
# the real built-in refresh, in the group's order.  age makes a small tree
# (a symlink, a hard link, odd modes, old mtimes) in ${mnt}/age/tree and
# leaves a marker and age/fill outside it; aged-grep and fresh-grep write
# into DIR, as FS-aged.* and FS-fresh.*: .top (ls -A of the mount and of
# age), .uuid (blkid -p of the device), .list (every entry's name, type,
# mode, size, mtime, links, link target) and .sums (sha256 of every file).
# Every aging phase the shipped file defines goes first (the desktop ones
# run aged and fresh too: the group is these six) (one-line and
# multi-line sections alike), so that AGING's real phases do not clash.
age_conf() {
	local out=$1 snap age drop
	snap='fs=$(echo $FSBENCH_PHASE | cut -d/ -f1); out=@OUT@/$fs-WHEN; ls -A . age >$out.top && blkid -p -s UUID -o value ${dev} >$out.uuid && cd age/tree && { find . ! -type d -exec stat -c "%n|%F|%a|%s|%Y|%h|%N" {} + | sort; find . -type d -exec stat -c "%n|%F|%a|%Y" {} + | sort; } >$out.list && find . -type f -exec sha256sum {} + | sort >$out.sums'
	age='mkdir -p age/tree/a/b age/tree/c age/fill && seq 1 5000 >age/tree/a/one && head -c 300000 /dev/urandom >age/tree/a/b/two && ln -s ../a/one age/tree/c/link && ln age/tree/a/one age/tree/c/hard && : >age/tree/empty && chmod 640 age/tree/a/one && chmod 711 age/tree/c && touch -h -d 2001-02-03T04:05:06 age/tree/a/b/two age/tree/c/link && echo junk >age/fill/f && echo here >marker'
	drop='/^phase "(age|refresh|(aged|fresh)-[a-z0-9]+)" *\{.*\} *$/d;
/^phase "(age|refresh|(aged|fresh)-[a-z0-9]+)" *\{/,/^\}/d'
	mkdir -p "$out" || fail "mkdir $out"
	test_conf "$FSB_CALM;$drop" "$FSB_CALM_CHECK" <<CONF
phase "age" { group = "aging" command = '$age' }
phase "aged-grep" { group = "aging" requires = { "age" } command = '${snap//WHEN/aged}' }
phase "aged-stat" { group = "aging" requires = { "age" } command = 'find age/tree >/dev/null' }
phase "refresh" { kind = "builtin" group = "aging" requires = { "age" } sync = false }
phase "fresh-grep" { group = "aging" requires = { "refresh" } command = '${snap//WHEN/fresh}' }
phase "fresh-stat" { group = "aging" requires = { "refresh" } command = 'find age/tree >/dev/null' }
CONF
	sed -i "s|@OUT@|$out|g" "$conf" || fail "sed $conf"
	! grep -qE '^phase "refresh" \{$' "$conf" || fail "$conf: the shipped refresh was not replaced"
}

# no_copy DIR WHAT — no temporary copy of a refresh is left in DIR
no_copy() {
	! compgen -G "$1/fsbench-work.refresh-*" >/dev/null ||
		fail "$2 left a temporary copy: $(ls -d "$1"/fsbench-work.refresh-*)"
}
