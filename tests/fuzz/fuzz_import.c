/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libFuzzer harness: the importers (src/model/import_bonnie.c,
 * import_fio.c), through fsb_import_buffer() as `fsbench import` calls it:
 * JSON (a leading '{') goes to the fio importer, anything else to the
 * bonnie++ one.  Any input is either refused with one visible line naming
 * the file, leaving nothing of it in the result, or imported; what was
 * imported must be a result the reader takes back (the writer never writes
 * what show refuses), and must read back byte for byte.
 */
#include <stdint.h>

#include "fuzz_common.h"
#include "model/import.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fsb_result *res = fsb_import_new();
	struct fsb_import_opts io = { 0 };
	struct fsb_err err = { 0 };

	if (fsb_import_buffer(res, (const char *)data, size, "fuzz.import", FSB_IMPORT_AUTO, &io, &err)) {
		fuzz_check_error(&err, "fuzz.import");
		if (res->nfs) {
			fprintf(stderr, "a refused input left %zu filesystems\n", res->nfs);
			abort();
		}
	} else if (fsb_import_finish(res, NULL, &io, &err)) {
		/* nothing with results, or more than a result file holds */
		if (!err.msg[0] || !fsb_str_is_visible(err.msg)) {
			fprintf(stderr, "bad error message: \"%s\"\n", err.msg);
			abort();
		}
	} else {
		res->title = fsb_xstrdup("imported");
		fuzz_round_trip(res, "an imported result");
	}
	fsb_result_free(res);
	return 0;
}
