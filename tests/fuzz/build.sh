#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Build the libFuzzer harnesses (tests/fuzz/fuzz_*.c) with clang,
# -fsanitize=fuzzer,address,undefined, into OUTDIR (default
# tests/fuzz/build under the build directory): the library sources are
# compiled there too, so the normal build is never touched.
#   tests/fuzz/build.sh [OUTDIR]      exit 77 when clang or libFuzzer is missing
set -eu
src=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-${FSB_BUILDDIR:-$src}/tests/fuzz/build}
CC=${FUZZ_CC:-clang}
command -v "$CC" >/dev/null || { echo "fuzz: no $CC (apt-get install clang libclang-rt-14-dev)"; exit 77; }
mkdir -p "$out/obj"
probe=$out/probe.c
echo 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { return (int)(d && n) * 0; }' >"$probe"
if ! "$CC" -fsanitize=fuzzer "$probe" -o "$out/probe" 2>/dev/null; then
	echo "fuzz: $CC cannot link -fsanitize=fuzzer (apt-get install libclang-rt-14-dev)"
	exit 77
fi
san="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
cflags="-g -O1 $san -fsanitize=fuzzer-no-link -I$src/src -I$src -I$src/tests/fuzz \
	-I/usr/include/libmount -I/usr/include/blkid -I/usr/include/fuse3 -D_GNU_SOURCE \
	-DFSB_VERSION=\"fuzz\" -DFSB_SYSCONFDIR=\"/nonexistent\" \
	-DFSB_ABS_SRCDIR=\"$src\" -DFSB_ABS_BUILDDIR=\"$out\" -pthread"
# The library rooms a reader or renderer can reach, and the text output of
# `fsbench show` (src/cli/cmd_show.c with cli.c for its helpers).
srcs=$(cd "$src" && ls src/sys/*.c src/model/*.c src/doc/*.c src/devices/*.c src/engine/*.c \
	src/cli/cli.c src/cli/cmd_show.c)
objs=
for f in $srcs; do
	o=$out/obj/$(echo "$f" | tr / _).o
	if [ ! -f "$o" ] || [ "$src/$f" -nt "$o" ] || [ -n "$(find "$src/src" -name '*.h' -newer "$o" -print -quit)" ]; then
		# shellcheck disable=SC2086
		"$CC" $cflags -c "$src/$f" -o "$o"
	fi
	objs="$objs $o"
done
rm -f "$out/libfuzz.a"
# shellcheck disable=SC2086
ar cr "$out/libfuzz.a" $objs
for h in "$src"/tests/fuzz/fuzz_*.c; do
	name=$(basename "$h" .c)
	# shellcheck disable=SC2086
	"$CC" $cflags -fsanitize=fuzzer "$h" "$out/libfuzz.a" -lmount -lblkid -lconfuse -ljson-c -lsqlite3 -lfuse3 -lm -o "$out/$name"
done
echo "fuzz: harnesses in $out"
