# SPDX-License-Identifier: GPL-2.0-or-later
# tests/sanitize-tree.sh — sourced by tests/run --sanitize and the TSan test.
#
#   sanitize_tree DIR LIST   a copy of the sources in DIR (the files git
#                            tracks, or with no git every file but build
#                            output), configured with --enable-sanitizers=LIST
#                            and built.  Rebuilds only what changed.
# The source tree itself is configured in place, and automake refuses a
# second, out-of-tree configure of it: hence a copy.
sanitize_tree() {
	local dir=$1 list=$2 src
	src=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
	mkdir -p "$dir" || return 1
	if git -C "$src" rev-parse --git-dir >/dev/null 2>&1; then
		# tracked and new files, as they are now in the work tree
		(cd "$src" && git ls-files -z --cached --others --exclude-standard |
			grep -zv '^build-' | xargs -0 cp --parents -u -t "$dir") || return 1
	else
		(cd "$src" && find . -path ./build-\* -prune -o -type f \( -name '*.[ch]' -o -name '*.sh' \
			-o -name '*.am' -o -name '*.ac' -o -name '*.py' -o -name '*.txt' -o -name '*.conf' \
			-o -name '*.fsbench' -o -name '*.md' -o -name '*.1' -o -name '*.dict' -o -name run \
			-o -name debian-packages \) -print0 | xargs -0 cp --parents -u -t "$dir") || return 1
	fi
	(
		cd "$dir" || exit 1
		if [ ! -f Makefile ] || ! grep -q "enable-sanitizers=$list" config.status 2>/dev/null; then
			./autogen.sh >/dev/null 2>&1 && ./configure -q --enable-sanitizers="$list" || exit 1
		fi
		make -j"$(nproc 2>/dev/null || echo 2)" >/dev/null || make
	)
}
