#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# bench/quick-profile.sh — is the quick profile quick and still stable
# (issue 12)?  Runs the quick profile on a loop image:
#   - once over the filesystems (-f, default: the config's five) as a new
#     user's first run has it: a fresh cache (XDG_CACHE_HOME in the work
#     directory), so the generated tree and the debootstrap tarball are made
#     during the run (network needed), timed from outside;
#   - once more, warm (after fsbench prepare --profile quick), for the wall
#     time of a later run, the bookkeeping share (finished − started − Σ
#     real: mkfs, mount, umount, caches; no workload preparation) and
#     mkfs/mount/umount times;
#   - three repetitions (-r) over the filesystems of -c (default: the same)
#     for each phase's coefficient of variation of dead time (real − user);
# and writes the figures, the machine's state over them (load average before
# and after, what fsbench's interference check recorded per run: idle only
# when it was), and the commands, as this script's section of RESULTS.md
# (-o; between its markers, bench/section.sh; the rest of the file stays).
# A machine that cannot spare the time measures one filesystem: -f ext4
# -c ext4 -1, which takes the wall time from the first repetition of the
# CV run instead of a run of its own; the section then says it is an
# extrapolation (× the number of default filesystems).
#
# Needs root (loop devices, mkfs, mount) and the workloads (fsbench prepare
# --profile quick).  Every image is removed at the end, also on failure.
set -u
here=$(cd "$(dirname "$0")" && pwd)
fsbench=${FSBENCH:-$here/../fsbench}
fs="" cvfs="" reps=3 out="" single=false img_dir=/var/tmp keep="" profile=quick

usage() {
	cat <<USAGE
Usage: $0 [-f "FS..."] [-c "FS..."] [-r 3] [-1] [-d IMAGE_DIR] [-k DIR] [-P PROFILE] [-o RESULTS.md]
  -f  filesystems of the timed run (default: the config's default ones)
  -c  filesystems of the repetitions for the CV (default: as -f)
  -r  repetitions for the CV (default 3)
  -1  no separate timed run: the first repetition of the CV run is timed
  -d  where the loop images go (default /var/tmp)
  -k  keep the result files and the runs' output in DIR
  -P  another size profile (default quick; tiny: to check the script works)
  -o  write the section into this Markdown file (else standard output)
USAGE
	exit 2
}
# shellcheck source=bench/section.sh
. "$here/section.sh"
bench_getopts f:fs c:cvfs r:reps 1=single=true d:img_dir k:keep P:profile o:out -- "$@"
bench_need
# the default filesystems, as fsbench.conf's defaults name them
conf=${FSBENCH_CONF:-$here/../data/fsbench.conf}
defaults=$(awk '/^defaults \{/ { d = 1 } d && /^  filesystems = / { gsub(/[{},"]|filesystems =/, ""); print; exit }' "$conf" | xargs)
ndefault=$(wc -w <<<"$defaults")
[ -n "$fs" ] || fs=$defaults
[ -n "$cvfs" ] || cvfs=$fs
[ "$ndefault" -gt 0 ] || ndefault=5
bench_workdir quick-profile 'rm -f "$img_dir"/quick-profile.$$.*.img'

csv_of() { "$fsbench" export --format csv "$1"; }

bench_settle
load0=$(bench_load)
t0=$(date -u +%Y-%m-%dT%H:%MZ)
run() {	# run NAME "FS" REPS [CACHE_DIR]
	local name=$1 list=$2 n=$3 cache=${4:-${XDG_CACHE_HOME:-$HOME/.cache}}
	date +%s.%N >"$work/$name.t0"
	# every line with the time it came: the ETA lines are compared with the end
	XDG_CACHE_HOME=$cache stdbuf -oL -eL "$fsbench" run --image "$img_dir/quick-profile.$$.$name.img" --profile "$profile" \
		--fs "$(tr ' ' ',' <<<"$list" | sed 's/,*$//')" --repeat "$n" -o "$work/$name.fsbench" 2>&1 |
		while IFS= read -r l; do printf '%s %s\n' "$(date +%s.%N)" "$l"; done >"$work/$name.out"
	[ "${PIPESTATUS[0]}" = 0 ] || { tail -20 "$work/$name.out" >&2; echo "$0: the $name run failed" >&2; exit 1; }
	date +%s.%N >"$work/$name.t1"
}
first_wall=
if ! $single; then
	# the first run as a new user has it: nothing cached
	mkdir -p "$work/fresh-cache"
	run first "$fs" 1 "$work/fresh-cache"
	first_wall=$(awk -v a="$(cat "$work/first.t0")" -v b="$(cat "$work/first.t1")" 'BEGIN { printf "%.0f", b - a }')
	rm -rf "$work/fresh-cache"
	# a later run: the workloads cached
	"$fsbench" prepare --profile "$profile" >/dev/null || { echo "$0: fsbench prepare --profile $profile failed" >&2; exit 1; }
	run time "$fs" 1
fi
run cv "$cvfs" "$reps"
load1=$(bench_load)
timed=$work/time.fsbench
$single && timed=$work/cv.fsbench

# wall time: the whole run, or with -1 the first repetition of each filesystem
# (its phases, mkfs, mount and umount) plus the workload preparation share
wall=$(awk -F'"' '/^started = / { s = $2 } /^finished = / { f = $2 }
	END { cmd = "date -d " s " +%s"; cmd | getline a; close(cmd); cmd = "date -d " f " +%s"; cmd | getline b; print b - a }' "$timed")
csv_of "$work/cv.fsbench" >"$work/cv.csv"
csv_of "$timed" >"$work/time.csv"
# the ETA lines of the timed run against its real end (its last line)
eta_of() {	# "about 1 h 05 min", "about 5 min 10 s", "about 45 s" → seconds
	awk '{ s = 0; for (i = 1; i <= NF; i++) { if ($(i + 1) == "h") s += $i * 3600; if ($(i + 1) == "min") s += $i * 60;
		if ($(i + 1) == "s") s += $i } print s }' <<<"$1"
}
{
	end=$(tail -1 "$work/$(basename "$timed" .fsbench).out" | cut -d' ' -f1)
	grep -E '^[0-9.]+ +ETA ' "$work/$(basename "$timed" .fsbench).out" | while read -r ts _ when rest; do
		what=${rest%%: about*}
		est=$(eta_of "$(sed -E 's/.*: (about [^(]*) left.*/\1/' <<<"$rest")")
		real=$(awk -v a="$ts" -v b="$end" 'BEGIN { printf "%.0f", b - a }')
		printf '| %s %s | %s | %s | %s |\n' "$when" "$what" "$est" "$real" \
			"$(awk -v e="$est" -v r="$real" 'BEGIN { if (r > 0) printf "%+.0f%%", (e - r) / r * 100; else print "-" }')"
	done
} >"$work/eta.md"
state=$(bench_state "$load0" "$load1" "$work"/*.fsbench)
python3 - "$work" "$wall" "$single" "$ndefault" "$fs" "$cvfs" "$reps" "$load0" "$load1" "$t0" "$first_wall" "$state" <<'PY' >"$work/section.md"
import csv, statistics, sys, re
work, wall, single, ndef, fs, cvfs, reps, load0, load1, t0, first_wall, state = sys.argv[1:]
wall = float(wall); single = single == "true"; ndef = int(ndef)
def rows(name):
    with open(f"{work}/{name}.csv") as f:
        return [r for r in csv.DictReader(f) if r["status"] == "ok"]
def secs(name):
    text = open(f"{work}/{name}.fsbench").read()
    out = {}
    for m in re.finditer(r'filesystem "([^"]+)" \{(.*?)\n\}', text, re.S):
        d = {}
        for k in ("mkfs", "mount", "umount"):
            v = re.search(rf"{k}_seconds = \{{([^}}]*)\}}", m.group(2))
            d[k] = [float(x) for x in v.group(1).split(",")] if v else []
        out[m.group(1)] = d
    return out
t = rows("time"); cv = rows("cv")
phases = []
for r in cv:
    if r["phase"] not in phases: phases.append(r["phase"])
fss = []
for r in cv:
    if r["filesystem"] not in fss: fss.append(r["filesystem"])
if single:
    first = [r for r in t if r["repetition"] == "1"]
    sum_real1 = sum(float(r["real"]) for r in first)
    sum_real = sum(float(r["real"]) for r in t)
    bk = (wall - sum_real) / wall
    per_fs = wall - (sum_real - sum_real1)   # the run less its repetitions 2..n
    total = per_fs * ndef / len(fss)
else:
    sum_real = sum(float(r["real"]) for r in t)
    bk = (wall - sum_real) / wall
    total = wall
print(f"## {t0}, load average {load0} at the start, {load1} at the end\n")
print(f"{state}\n")
print(f"- Filesystems timed: {fs.strip()}; CV over {reps} repetitions on: {cvfs.strip()}")
if single and len(fss) >= ndef:
    print(f"- Wall time of the quick run (the first repetition of each filesystem, with the run's"
          f" bookkeeping): **{total/60:.1f} min** ({total:.0f} s)")
elif single:
    print(f"- **Extrapolated**, not measured for all {ndef}: the first repetition on {len(fss)}"
          f" filesystem{'s' if len(fss) > 1 else ''}, with the run's bookkeeping, took {per_fs:.0f} s;"
          f" × {ndef}/{len(fss)} = **{total/60:.1f} min** for the default quick run")
else:
    fw = float(first_wall)
    print(f"- First run, as a new user has it (a fresh cache: the generated tree and the debootstrap"
          f" tarball made during the run), from start to exit: **{fw/60:.1f} min** ({fw:.0f} s)")
    print(f"- A later run (the workloads cached by `fsbench prepare`): **{total/60:.1f} min** ({total:.0f} s)")
print(f"- Bookkeeping share of {'the timed' if single else 'the later'} run (finished − started − Σ real) / (finished − started):"
      f" **{bk*100:.1f}%**: mkfs, mount, umount, dropping caches{'' if single else '; no workload preparation (cached)'}")
print()
print("| Filesystem | Phase | real s (mean) | dead s (mean) | CV of dead time |")
print("|---|---|---:|---:|---:|")
for f in fss:
    for p in phases:
        d = [float(r["real"]) - float(r["user"]) for r in cv if r["filesystem"] == f and r["phase"] == p]
        re_ = [float(r["real"]) for r in cv if r["filesystem"] == f and r["phase"] == p]
        if not d: continue
        c = f"{statistics.stdev(d) / statistics.mean(d) * 100:.1f}%" if len(d) > 1 and statistics.mean(d) > 0 else "- (one run)"
        print(f"| {f} | {p} | {statistics.mean(re_):.1f} | {statistics.mean(d):.2f} | {c} |")
print()
eta = open(f"{work}/eta.md").read()
if eta:
    print("| ETA | said s | real s left | error |")
    print("|---|---:|---:|---:|")
    print(eta)
print("| Filesystem | mkfs s | mount s | umount s |")
print("|---|---|---|---|")
for f, d in secs("cv").items():
    print(f"| {f} | " + " | ".join(", ".join(f"{x:.2f}" for x in d[k]) or "-" for k in ("mkfs", "mount", "umount")) + " |")
PY
[ -s "$work/section.md" ] || { echo "$0: no figures" >&2; exit 1; }
[ -z "$keep" ] || { mkdir -p "$keep" && cp "$work"/*.fsbench "$work"/*.out "$keep"/; }
{
	echo "# bench/quick-profile.sh: the latest results"
	echo
	echo "Written by \`bench/quick-profile.sh$(printf ' %q' "$@")\`.  Machine: $(nproc) CPUs, $(uname -r); images in $img_dir (loop, direct I/O)."
	echo
	cat "$work/section.md"
} >"$work/final.md"
if [ -n "$out" ]; then
	bench_section quick-profile.sh "$out" "$work/final.md" || { echo "$0: cannot write $out" >&2; exit 2; }
	echo "$0: wrote $out"
else
	cat "$work/final.md"
fi
