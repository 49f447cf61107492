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

#include "model/result.h"
#include "sys/util.h"

static inline void fuzz_check_error(const struct fsb_err *err, const char *name)
{
	if (!err->msg[0] || !strstr(err->msg, name) || !fsb_str_is_visible(err->msg)) {
		fprintf(stderr, "bad error message: \"%s\"\n", err->msg);
		abort();
	}
}

/* res printed as a result file; caller frees. */
static inline char *fuzz_print_result(const struct fsb_result *res, size_t *len)
{
	char *text = NULL;
	FILE *fp = open_memstream(&text, len);

	if (!fp || fsb_result_print(res, fp))
		abort();
	fclose(fp);
	return text;
}

/* What the writer writes, the reader reads back, byte for byte (the writer
 * never writes what the reader refuses: 1e+20, escapes, NULs, inf);
 * what says what was written in a failure. */
static inline void fuzz_round_trip(const struct fsb_result *res, const char *what)
{
	struct fsb_result *back = NULL;
	struct fsb_err err = { 0 };
	size_t n1, n2;
	char *one = fuzz_print_result(res, &n1), *two;

	if (fsb_result_read_buf(one, n1, "written.fsbench", &back, &err)) {
		fprintf(stderr, "%s: not readable: %s\n", what, err.msg);
		abort();
	}
	two = fuzz_print_result(back, &n2);
	if (n1 != n2 || memcmp(one, two, n1)) {
		fprintf(stderr, "%s: changed on its way through the file\n", what);
		abort();
	}
	free(one);
	free(two);
	fsb_result_free(back);
}

#endif
