#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# bench/fio-compare.sh — are fsbench's block-write and block-read as fast
# as fio doing the same I/O on the same filesystem, in the same run?  And,
# for information, how do they and the file phases compare with bonnie++?
#
# One loop image per filesystem (direct I/O, as fsbench's own images), one
# mount, then ROUNDS rounds of: fio write + read, fsbench block-write +
# block-read (+ seq-create, seq-delete), bonnie++ — the order rotating
# every round so that no tool always goes first.  The same file size, 8 KiB
# blocks, psync (read(2)/write(2)), fsync inside the timed part of a write,
# no preallocation (fio --fallocate=none), a new file for every write,
# the page cache dropped (sync; drop_caches) before every write and every
# read, the read reading the file its tool just wrote.  Medians over the
# rounds; ratios fsbench/fio and fsbench/bonnie++.
#
# Root only (loop devices, mkfs, mount, drop_caches); without root it
# says so and exits 77.  Everything it makes (images, loop devices, mount
# points) is removed on every exit path.  See bench/README.md.
set -u

usage() {	# h: asked for (standard output); else on standard error
	[ "$1" = h ] || exec >&2
	cat <<EOF
Usage: $0 [-f "ext4 xfs btrfs"] [-s 1G] [-n 21] [-b 3] [-i 4G] [-N 64] [-B] [-o RESULTS.md]
  -f LIST   filesystems (ext4, ext2, ext3, xfs, btrfs, f2fs, jfs)
  -s SIZE   file size for fio, fsbench and bonnie++ (K, M, G; default 1G)
  -n N      rounds of fio and fsbench per filesystem (default 21); medians
  -b N      of which the first N also run bonnie++ (default 3: it is slow)
  -i SIZE   image size (default 4G; must hold the file and bonnie++'s)
  -N N      bonnie++ -n N, fsbench synth_files = N (N×1024 empty files; default 64)
  -B        leave bonnie++ out
  -o FILE   also write the tables as Markdown to FILE
Environment: FSBENCH (default: the fsbench built next to this script),
TMPDIR (where the images go; default /var/tmp).
EOF
}

fslist="ext4 xfs btrfs"
size=1G
rounds=21
brounds=3
image_size=4G
nfiles=64
with_bonnie=1
mdout=
args=("$@")
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=bench/section.sh
. "$here/section.sh"
bench_getopts f:fslist s:size n:rounds b:brounds i:image_size N:nfiles B=with_bonnie= o:mdout -- "$@"
FSBENCH=${FSBENCH:-$here/../fsbench}
conf_src=$here/../data/fsbench.conf

if [ "$(id -u)" != 0 ]; then
	echo "fio-compare: needs root (loop devices, mkfs, mount, drop_caches); skipped" >&2
	exit 77
fi
PATH=$PATH:/usr/sbin:/sbin
for p in fio losetup mkfs.ext4 "$FSBENCH"; do
	command -v "$p" >/dev/null || { echo "fio-compare: $p not found" >&2; exit 1; }
done
[ -r "$conf_src" ] || { echo "fio-compare: $conf_src not found" >&2; exit 1; }
if [ -n "$with_bonnie" ] && ! command -v bonnie++ >/dev/null; then
	echo "fio-compare: bonnie++ not found: leaving it out" >&2
	with_bonnie=
fi

# bytes and MiB of the file size
bytes=$(numfmt --from=iec "${size%[Bb]}") || { echo "fio-compare: bad size $size" >&2; exit 2; }
[ $((bytes % 1048576)) -eq 0 ] || { echo "fio-compare: -s must be whole MiB" >&2; exit 2; }
mib=$((bytes / 1048576))

# ---- clean-up: everything made here goes, whatever happens ----------------
loopdev=
detach() {
	trap - EXIT INT TERM HUP
	if mountpoint -q "$mnt" 2>/dev/null; then
		umount "$mnt" 2>/dev/null || umount -l "$mnt"
	fi
	[ -n "$loopdev" ] && losetup -d "$loopdev" 2>/dev/null
}
bench_workdir fsbench-bench detach
mnt=$work/mnt
mkdir -p "$mnt"
bench_settle
load0=$(bench_load)

conf=$work/fsbench.conf
cp "$conf_src" "$conf"
cat >>"$conf" <<EOF
profile "fio-compare" {
  description = "bench/fio-compare.sh: one pass of each phase, as fio and bonnie++ do"
  image_size = "$image_size"
  synth_size = "${mib}M"
  synth_files = $nfiles
  min_duration = 0.001
}
EOF

log() { printf '%s\n' "$*" >&2; }

drop() {
	sync
	echo 3 >/proc/sys/vm/drop_caches
}

median() { # numbers on stdin
	sort -g | awk '{ v[NR] = $1 } END { if (!NR) print "nan"; else if (NR % 2) print v[(NR + 1) / 2];
		else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

mkfs_for() {
	case $1 in
	ext2 | ext3 | ext4) "mkfs.$1" -F -q "$2" ;;
	xfs) mkfs.xfs -f -q "$2" ;;
	btrfs) mkfs.btrfs -f -q "$2" >/dev/null ;;
	f2fs) mkfs.f2fs -f -q "$2" >/dev/null ;;
	jfs) mkfs.jfs -q "$2" >/dev/null ;;
	*) return 1 ;;
	esac
}

# Results: lines "FS TOOL METRIC ROUND VALUE" in $work/samples
samples=$work/samples
: >"$samples"
record() { echo "$*" >>"$samples"; }

# fio: KiB/s (terse v3: field 7 = read bandwidth, 48 = write bandwidth)
run_fio() {
	local fs=$1 r=$2 out
	rm -f "$mnt/fio.data"
	drop
	out=$(fio --name=write --filename="$mnt/fio.data" --rw=write --bs=8k --size="$bytes" \
		--ioengine=psync --fallocate=none --end_fsync=1 --invalidate=0 --fadvise_hint=0 \
		--output-format=terse) ||
		{ log "$fs: fio write failed"; return 1; }
	record "$fs fio block-write $r $(echo "$out" | awk -F';' '{ print $48 }')"
	drop
	out=$(fio --name=read --filename="$mnt/fio.data" --rw=read --bs=8k --size="$bytes" \
		--ioengine=psync --invalidate=0 --fadvise_hint=0 --output-format=terse) ||
		{ log "$fs: fio read failed"; return 1; }
	record "$fs fio block-read $r $(echo "$out" | awk -F';' '{ print $7 }')"
	rm -f "$mnt/fio.data"
	sync
}

# fsbench on the mounted filesystem (--dir: no reformat).  The block
# phases as fsbench runs them: the page cache dropped before each phase,
# the data file evicted before the read.  In bonnie++'s rounds, the file
# phases too, but warm (--no-drop-caches), as bonnie++ runs its own:
# create, stat and delete one after the other, nothing dropped between.
fsbench_run() { # FS ROUND PHASES [OPTIONS]
	local fs=$1 r=$2 phases=$3 res=$work/fsbench-$1-$2-${3%%,*}.fsbench
	shift 3
	drop
	"$FSBENCH" --config "$conf" run --dir "$mnt" --phases "$phases" --profile fio-compare "$@" \
		-o "$res" -q >"$work/fsbench.out" 2>&1 || { cat "$work/fsbench.out" >&2; log "$fs: fsbench failed"; return 1; }
	awk -v fs="$fs" -v r="$r" '
		/^  phase "/ { split($0, a, "\""); ph = a[2] }
		/kib_per_s = / { for (i = 1; i < NF; i++) if ($i == "kib_per_s") print fs, "fsbench", ph, r, $(i + 2) }
		/ops_per_s = / { for (i = 1; i < NF; i++) if ($i == "ops_per_s") print fs, "fsbench", ph, r, $(i + 2) }
	' "$res" >>"$samples"
}
run_fsbench() {
	fsbench_run "$1" "$2" block-write,block-read || return 1
	if [ -n "$with_bonnie" ] && [ "$2" -le "$brounds" ]; then
		fsbench_run "$1" "$2" seq-create,seq-stat,seq-delete --no-drop-caches || return 1
	fi
}

# bonnie++ -f (no per-character tests); -r half the file size so that it
# accepts the size; "+++++" (too short to time) is recorded as nan.
run_bonnie() {
	local fs=$1 r=$2 line
	mkdir -p "$mnt/bonnie"
	drop
	line=$(bonnie++ -d "$mnt/bonnie" -s "$mib" -r $((mib / 2)) -n "$nfiles" -f -u root -q 2>"$work/bonnie.err") ||
		{ cat "$work/bonnie.err" >&2; log "$fs: bonnie++ failed"; return 1; }
	rm -rf "$mnt/bonnie"
	sync
	echo "$line" | awk -F, -v fs="$fs" -v r="$r" '
		function v(x) { return x ~ /^[0-9.]+$/ ? x : "nan" }
		$1 == "1.98" { print fs, "bonnie", "block-write", r, v($12)
			print fs, "bonnie", "block-read", r, v($18)
			print fs, "bonnie", "seq-create", r, v($27)
			print fs, "bonnie", "seq-delete", r, v($31) }' >>"$samples"
}

load_start=$(bench_load)
machine="$(uname -r), $(nproc) CPUs, $(awk '/MemTotal/ { printf "%d MiB", $2 / 1024 }' /proc/meminfo)"
cpu=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)
backing=$(findmnt -n -o SOURCE,FSTYPE --target "$work" | tr -s ' ')
log "fio-compare: ${fslist// /, }; file $size, 8 KiB blocks, $rounds rounds; images in $work on $backing"

for fs in $fslist; do
	command -v "mkfs.$fs" >/dev/null || { log "$fs: mkfs.$fs not found, skipped"; continue; }
	truncate -s "$image_size" "$work/$fs.img" || exit 1
	loopdev=$(losetup --direct-io=on --show -f "$work/$fs.img" 2>/dev/null) ||
		loopdev=$(losetup --show -f "$work/$fs.img") || exit 1
	mkfs_for "$fs" "$loopdev" || { log "$fs: mkfs failed, skipped"; losetup -d "$loopdev"; loopdev=; continue; }
	mount "$loopdev" "$mnt" || { log "$fs: mount failed, skipped"; losetup -d "$loopdev"; loopdev=; continue; }
	for ((r = 1; r <= rounds; r++)); do
		# rotate the order: fio fsbench bonnie, fsbench bonnie fio, …
		tools="fio fsbench"
		[ -n "$with_bonnie" ] && [ "$r" -le "$brounds" ] && tools="$tools bonnie"
		set -- $tools
		for ((k = 0; k < (r - 1) % $#; k++)); do
			set -- "${@:2}" "$1"
		done
		log "$fs: round $r/$rounds: $*"
		for t in "$@"; do
			"run_$t" "$fs" "$r" || exit 1
		done
	done
	umount "$mnt" || exit 1
	losetup -d "$loopdev"
	loopdev=
	rm -f "$work/$fs.img"
done

# ---- the tables ------------------------------------------------------------
get() { # FS TOOL METRIC → median
	awk -v fs="$1" -v t="$2" -v m="$3" '$1 == fs && $2 == t && $3 == m && $5 != "nan" { print $5 }' "$samples" | median
}
paired() { # FS METRIC TOOL2: the per-round ratios fsbench/TOOL2, one a line
	awk -v fs="$1" -v m="$2" -v t="$3" '
		$1 == fs && $3 == m && $2 == "fsbench" { a[$4] = $5 }
		$1 == fs && $3 == m && $2 == t { b[$4] = $5 }
		END { for (r in a) if ((r in b) && b[r] != "nan" && b[r] > 0) print a[r] / b[r] }' "$samples"
}
spread() { # FS METRIC TOOL2: "median (min-max)" of the per-round ratios
	local med
	med=$(paired "$@" | median)
	[ "$med" = nan ] && { echo "-"; return; }
	paired "$@" | sort -g | awk -v m="$med" '{ v[NR] = $1 } END { printf "%.3f (%.2f-%.2f)", m, v[1], v[NR] }'
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b == "nan" || a == "nan" || b == 0) print "n/a"; else printf "%.3f", a / b }'; }
mibs() { awk -v k="$1" 'BEGIN { if (k == "nan") print "n/a"; else printf "%.1f", k / 1024 }'; }

table=$work/table.md
{
	echo "| Filesystem | Phase | fio MiB/s | fsbench MiB/s | fsbench/fio | paired: median (range) |"
	echo "|---|---|---:|---:|---:|---|"
	for fs in $fslist; do
		for m in block-write block-read; do
			f=$(get "$fs" fio $m) s=$(get "$fs" fsbench $m)
			[ "$f" = nan ] && continue
			echo "| $fs | $m | $(mibs "$f") | $(mibs "$s") | $(ratio "$s" "$f") | $(spread "$fs" $m fio) |"
		done
	done
	if [ -n "$with_bonnie" ]; then
		echo
		echo "| Filesystem | Test | bonnie++ | fsbench | fsbench/bonnie++ | paired: median (range) |"
		echo "|---|---|---:|---:|---:|---|"
		for fs in $fslist; do
			for m in block-write block-read seq-create seq-delete; do
				b=$(get "$fs" bonnie $m) s=$(get "$fs" fsbench $m)
				[ "$s" = nan ] && continue
				case $m in
				block-*) unit=K/s ;;
				*) unit=/s ;;
				esac
				echo "| $fs | $m | $(awk -v v="$b" -v u="$unit" 'BEGIN { print v == "nan" ? "+++++" : sprintf("%.0f %s", v, u) }') |" \
					"$(printf '%.0f' "$s") $unit | $(ratio "$s" "$b") | $(spread "$fs" $m bonnie) |"
			done
		done
	fi
} >"$table"

{
	echo "- Date: $(date -u +%Y-%m-%dT%H:%MZ)"
	echo "- Machine: $cpu; $machine; images on $backing (loop, direct I/O);" \
		"load average $load_start at the start, $(bench_load) at the end"
	echo "- Versions: $("$FSBENCH" --version 2>/dev/null | head -1), $(fio --version)${with_bonnie:+, bonnie++ $(bonnie++ 2>&1 | sed -n 's/^Version: //p')}"
	echo "- Command: bench/fio-compare.sh -f \"$fslist\" -s $size -n $rounds -b $brounds -i $image_size -N $nfiles$([ -n "$with_bonnie" ] || echo " -B")"
	echo "- Ratios of the medians over $rounds rounds$([ -n "$with_bonnie" ] && echo " ($brounds with bonnie++)");" \
		"\"paired\" is the median and range of the per-round ratios."
	echo
	cat "$table"
	echo
	echo "<details><summary>Every round (K/s or /s; tools ran in rotating order)</summary>"
	echo
	echo '```'
	for fs in $fslist; do
		for m in block-write block-read seq-create seq-delete; do
			for t in fio fsbench bonnie; do
				awk -v fs="$fs" -v t="$t" -v m="$m" '$1 == fs && $2 == t && $3 == m { v = v " " ($5 == "nan" ? "+++++" : sprintf("%.0f", $5)) }
					END { if (v != "") printf "%-6s %-12s %-8s%s\n", fs, m, t, v }' "$samples"
			done
		done
	done
	echo '```'
	echo
	echo "</details>"
} >"$work/report.md"
state=$(bench_state "$load0" "$(bench_load)" "$work"/*.fsbench)
echo "$state"
cat "$work/report.md"
if [ -n "$mdout" ]; then
	# this script's section of the file, the rest left as it is
	{
		echo "# bench/fio-compare.sh: the latest results"
		echo
		echo "Written by \`bench/fio-compare.sh$(printf ' %q' "${args[@]}")\` on $(date -u +%Y-%m-%dT%H:%MZ); see [README.md](README.md) for what is compared and how."
		echo
		echo "$state"
		echo
		cat "$work/report.md"
	} >"$work/section.md"
	bench_section fio-compare.sh "$mdout" "$work/section.md" || { echo "$0: cannot write $mdout" >&2; exit 2; }
fi
# below 0.95× fio anywhere: say so in the exit status
awk -F'|' 'NR > 2 && $6 + 0 > 0 && $6 + 0 < 0.95 { bad = 1 } /^$/ { exit } END { exit bad }' "$table"
