/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libFuzzer harness: the result reader (src/model/result.c).  Any input is
 * either refused with one visible line naming the file, or read; what was
 * read is written and read back, and must come back byte for byte (the
 * writer never writes what the reader refuses: 1e+20, escapes, NULs).
 */
#include <stdint.h>

#include "fuzz_common.h"
#include "model/result.h"

static char *print(const struct fsb_result *res, size_t *len)
{
	char *text = NULL;
	FILE *fp = open_memstream(&text, len);

	if (!fp || fsb_result_print(res, fp))
		abort();
	fclose(fp);
	return text;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fsb_result *res = NULL, *back = NULL;
	struct fsb_err err = { 0 };
	char *one, *two;
	size_t n1, n2;

	if (fsb_result_read_buf((const char *)data, size, "fuzz.fsbench", &res, &err)) {
		fuzz_check_error(&err, "fuzz.fsbench");
		return 0;
	}
	one = print(res, &n1);
	if (fsb_result_read_buf(one, n1, "written.fsbench", &back, &err)) {
		fprintf(stderr, "written result not readable: %s\n", err.msg);
		abort();
	}
	two = print(back, &n2);
	if (n1 != n2 || memcmp(one, two, n1)) {
		fprintf(stderr, "round trip changed the result\n");
		abort();
	}
	free(one);
	free(two);
	fsb_result_free(res);
	fsb_result_free(back);
	return 0;
}
