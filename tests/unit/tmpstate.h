/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tests/unit/tmpstate.h — a cmocka test's own scratch directory, in
 * *state: tmpstate_setup() makes NAME-XXXXXX under $TMPDIR (else /tmp),
 * tmpstate_teardown() removes it with everything the test left in it.
 * Define TMPSTATE_NAME ("fsb-aging") before including it, after cmocka.h.
 */
#ifndef FSB_TEST_TMPSTATE_H
#define FSB_TEST_TMPSTATE_H

#include <stdlib.h>

#include "sys/util.h"

static inline int tmpstate_setup(void **state)
{
	const char *base = getenv("TMPDIR");
	char *t = fsb_xasprintf("%s/%s-XXXXXX", base && *base ? base : "/tmp", TMPSTATE_NAME);

	if (!mkdtemp(t)) {
		free(t);
		return -1;
	}
	*state = t;
	return 0;
}

static inline int tmpstate_teardown(void **state)
{
	fsb_rm_rf(*state);
	free(*state);
	return 0;
}

#endif
