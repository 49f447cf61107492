/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libFuzzer harness: the result reader (src/model/result_lex.c and
 * result_read.c).  Any input is either refused with one visible line naming
 * the file, or read; what was read is written and read back, and must come
 * back byte for byte (the writer never writes what the reader refuses:
 * 1e+20, escapes, NULs).
 */
#include <stdint.h>

#include "fuzz_common.h"
#include "model/result.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fsb_result *res = NULL;
	struct fsb_err err = { 0 };

	if (fsb_result_read_buf((const char *)data, size, "fuzz.fsbench", &res, &err)) {
		fuzz_check_error(&err, "fuzz.fsbench");
		return 0;
	}
	fuzz_round_trip(res, "a result read");
	fsb_result_free(res);
	return 0;
}
