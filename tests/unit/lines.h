/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tests/unit/lines.h — has_line(sv, part): some line of sv (a report's,
 * a check's words) contains part.
 */
#ifndef FSB_TEST_LINES_H
#define FSB_TEST_LINES_H

#include <stdbool.h>
#include <string.h>

#include "sys/util.h"

static inline bool has_line(const struct fsb_strv *sv, const char *part)
{
	for (size_t i = 0; i < sv->n; i++)
		if (strstr(sv->v[i], part))
			return true;
	return false;
}

#endif
