# SPDX-License-Identifier: GPL-2.0-or-later
# tests/integration/aging-lib.sh — sourced by the aging-* tests after
# tests/lib.sh and builtin-lib.sh.

# aging_conf <SECTIONS — conf=$SCRATCH/fsbench.conf: the shipped
# configuration with the calm limits (test_conf), two phases that look at
# what age left, and the sections on standard input:
#   list  the files of ${mnt}/age/tree with their sizes ("PATH SIZE",
#         sorted) into $SCRATCH/list.FSTYPE
#   df    df's line of the filesystem (bytes) into $SCRATCH/df.FSTYPE
aging_conf() {
	local extra
	extra=$(cat)
	test_conf "$FSB_CALM" "$FSB_CALM_CHECK" <<CONF
phase "list" {
  label = "list the aged tree"
  command = 'find age/tree -type f -printf "%P %s\\n" | LC_ALL=C sort >$SCRATCH/list.\$(findmnt -n -o FSTYPE -T .)'
  requires = { "age" }
}
phase "df" {
  label = "df of the aged filesystem"
  command = 'df -P -B1 . | tail -n 1 >$SCRATCH/df.\$(findmnt -n -o FSTYPE -T .)'
  requires = { "age" }
}
$extra
CONF
}

# age_fss FS… — the filesystems as --fs takes them (comma-separated), each
# mkfs needed (need_prog: a missing one skips the test with its name, never
# drops the filesystem).  Call it as a command, not in $(…): a skip in a
# subshell would only end the subshell.  Sets fss.
age_fss() {
	local fs
	for fs in "$@"; do
		need_prog "mkfs.$fs"
	done
	fss=$(IFS=,; echo "$*")
}
