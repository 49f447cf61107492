/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fuzz_common.h — what every libFuzzer harness checks besides "no crash":
 * an error is one line, names the input, and carries nothing a terminal
 * would act on.  A violation aborts, which libFuzzer reports as a crash.
 */
#ifndef FSB_FUZZ_COMMON_H
#define FSB_FUZZ_COMMON_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sys/util.h"

static inline void fuzz_check_error(const struct fsb_err *err, const char *name)
{
	if (!err->msg[0] || !strstr(err->msg, name) || !fsb_str_is_visible(err->msg)) {
		fprintf(stderr, "bad error message: \"%s\"\n", err->msg);
		abort();
	}
}

#endif
