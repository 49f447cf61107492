/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tests/unit/skips.h — a unit test that cannot run a case (or part of
 * one) here says so the way the suite counts it: the reason is kept, the
 * case is skipped (cmocka's skip()), and the program ends with exit status
 * 77 and one line "SKIP: NAME: REASON; REASON…", so that tests/run lists
 * the skip and --accept-skips (CI: tests/ci-accepted-skips) decides, never
 * a pass.  Include after cmocka.h.
 *
 *   unit_skip("needs root to mount a small tmpfs");      the case: skipped
 *   unit_skip_part("needs diff (diffutils)");            the rest goes on
 *   return unit_skips_exit("test_synth", cmocka_run_group_tests(…));
 */
#ifndef FSB_TEST_SKIPS_H
#define FSB_TEST_SKIPS_H

#include <stdio.h>
#include <string.h>

static char unit_skipped[1024];

/* Keep a reason (once), and say it in the case's output. */
static inline void unit_skip_part(const char *why)
{
	print_message("  skipped: %s\n", why);
	if (strstr(unit_skipped, why))
		return;
	if (*unit_skipped)
		strncat(unit_skipped, "; ", sizeof(unit_skipped) - strlen(unit_skipped) - 1);
	strncat(unit_skipped, why, sizeof(unit_skipped) - strlen(unit_skipped) - 1);
}

#define unit_skip(why) do { unit_skip_part(why); skip(); } while (0)

/* The program's exit status: a failure stays one; else 77 with the line
 * tests/run reads when anything was skipped; else 0. */
static inline int unit_skips_exit(const char *name, int failed)
{
	if (failed)
		return failed;
	if (*unit_skipped) {
		printf("SKIP: %s: %s\n", name, unit_skipped);
		fflush(stdout);
		return 77;
	}
	return 0;
}

#endif
