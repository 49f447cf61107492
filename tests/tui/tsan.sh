#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The engine↔UI handover under ThreadSanitizer: fsbench built with
# --enable-sanitizers=thread (in build-tsan/, a copy of the sources, see
# tests/sanitize-tree.sh) runs two built-in phases on
# a directory target from the TUI — the engine thread posting events and
# result snapshots, the UI thread drawing them — and TSan must report
# nothing.  Needs no root.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/sanitize-tree.sh"
need_prog tmux

echo 'int main(void) { return 0; }' >"$SCRATCH/t.c"
cc -fsanitize=thread "$SCRATCH/t.c" -o "$SCRATCH/t" 2>/dev/null && "$SCRATCH/t" ||
	skip "the compiler cannot build with -fsanitize=thread (libtsan)"
tree=${FSB_BUILDDIR:-$FSB_SRCDIR}/build-tsan
sanitize_tree "$tree" thread >"$SCRATCH/build.log" 2>&1 || { tail -20 "$SCRATCH/build.log"; fail "the TSan build failed"; }
FSBENCH=$tree/fsbench
# a test that cannot fail is no test: the binary must really carry TSan
nm "$FSBENCH" 2>/dev/null | grep -q __tsan_init || fail "$FSBENCH is not built with -fsanitize=thread"
# the build before the device lock tui-lib.sh takes: other tests need not wait for it
. "$FSB_SRCDIR/tests/tui/tui-lib.sh"

dir=$SCRATCH/target
mkdir -p "$dir"
export XDG_DATA_HOME=$SCRATCH/data XDG_CONFIG_HOME=$SCRATCH/config XDG_CACHE_HOME=$SCRATCH/cache
TUI_ENV="TSAN_OPTIONS=halt_on_error=0:log_path=$SCRATCH/tsan"
tui_start 100 30
tui_wait 'Where should fsbench run' 60
tui_keys End
tui_wait '^▶ Existing directory'
tui_keys Enter
tui_wait '│ Directory '
tui_keys C-u "$dir" Enter
tui_wait 'Target: directory' 30
tui_plan_none phases
tui_plan_tick phases block-write seq-create
tui_press_until p 'Size profile +‹ tiny ›' 6
tui_keys Enter
tui_wait 'Start the run in this directory' 30
tui_keys y
tui_wait '─ Running ─' 60
tui_wait 'Run finished' 600
tui_keys q
tui_wait 'Target: ' 60
tui_keys q q
tui_wait_exit 60
[ "$TUI_STATUS" = 0 ] || { cat "$SCRATCH/tui.stderr"; fail "fsbench exited with $TUI_STATUS"; }
reports=$(cat "$SCRATCH"/tsan.* 2>/dev/null)
if [ -n "$reports" ] || grep -q ThreadSanitizer "$SCRATCH/tui.stderr"; then
	printf '%s\n' "$reports" | head -60
	fail "ThreadSanitizer reported on the TUI run"
fi
ls "$XDG_DATA_HOME"/fsbench/results/*.fsbench >/dev/null 2>&1 || fail "the run wrote no result"
note "a TUI run under ThreadSanitizer: no report"
