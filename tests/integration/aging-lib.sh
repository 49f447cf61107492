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

# aging_run WHAT TAG FSS ARGS… — fsbench run ARGS (with $conf) over FSS on
# an image of its own: res=$SCRATCH/TAG.fsbench, the output in
# $SCRATCH/TAG.out.  When the run fails: the output, and its exit status
# returned (the caller says what that means); else nothing may be left
# behind (assert_no_leftovers WHAT) and a note says how long it took.
aging_run() {
	local what=$1 tag=$2 fss=$3 t0=$SECONDS rc
	shift 3
	res=$SCRATCH/$tag.fsbench
	"$FSBENCH" --config "$conf" run --image "$SCRATCH/$tag.img" --fs "$fss" "$@" -o "$res" >"$SCRATCH/$tag.out" 2>&1
	rc=$?
	[ "$rc" -eq 0 ] || { cat "$SCRATCH/$tag.out"; return "$rc"; }
	assert_no_leftovers "$what"
	note "$what on $fss: $((SECONDS - t0)) s"
}

# age_ok FS [WHAT] — rec: FS's age record in $res (run_records), which
# must say the aging succeeded; the failure begins with WHAT.
age_ok() {
	rec=$(run_records "$res" | grep "^$1 age ")
	case $rec in "$1 age ok "*) ;; *) fail "${2:+$2: }$1: age did not succeed: $rec" ;; esac
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
