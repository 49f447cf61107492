#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Fuzz one harness:  tests/fuzz/run.sh NAME SECONDS BUILDDIR WORKDIR [OPTION…]
# NAME is result, config, render or import.  SECONDS bounds the time (0: no bound,
# for a run bounded by -runs=N instead); each OPTION goes to libFuzzer as it
# is (-seed=1 -runs=20000: the suite's reproducible run, tests/fuzz/fuzz.sh).
# The corpus grows in WORKDIR/corpus-NAME from the seeds (data/samples,
# tests/fuzz/seeds, the regressions); a crash is written to WORKDIR as
# crash-… and makes the exit status non-zero; the last line of
# WORKDIR/NAME.log says how many executions ran.
set -u
src=$(cd "$(dirname "$0")/../.." && pwd)
name=$1 secs=$2 build=$3 work=$4
shift 4
bin=$build/fuzz_$name
[ -x "$bin" ] || { echo "fuzz: no $bin (run tests/fuzz/build.sh)"; exit 2; }
mkdir -p "$work/corpus-$name"
case $name in
result | render) seeds="$src/data/samples $src/tests/fuzz/seeds/result $src/tests/fuzz/regressions"; dict=result.dict ;;
config) seeds="$src/tests/fuzz/seeds/config $src/tests/fuzz/regressions"; dict=config.dict
	cp -n "$src/data/fsbench.conf" "$work/corpus-$name/shipped.conf" ;;
import) seeds=; dict=import.dict; cp -n "$src"/tests/cli/import/*.csv "$src"/tests/cli/import/*.json "$work/corpus-$name/" ;;
*) echo "fuzz: unknown harness $name"; exit 2 ;;
esac
# shellcheck disable=SC2086
"$bin" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
	-dict="$src/tests/fuzz/$dict" -artifact_prefix="$work/" -print_final_stats=1 "$@" \
	"$work/corpus-$name" $seeds >"$work/$name.log" 2>&1
rc=$?
grep -E '^stat::number_of_executed_units|^#[0-9]+.*DONE' "$work/$name.log" | tail -n 2
exit $rc
