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
	struct fsb_result *res = fsb_import_new(), *back = NULL;
	struct fsb_import_opts io = { 0 };
	struct fsb_err err = { 0 };
	char *one, *two;
	size_t n1, n2;

	if (fsb_import_buffer(res, (const char *)data, size, "fuzz.import", FSB_IMPORT_AUTO, &io, &err)) {
		fuzz_check_error(&err, "fuzz.import");
		if (res->nfs) {
			fprintf(stderr, "a refused input left %zu filesystems\n", res->nfs);
			abort();
		}
		goto out;
	}
	if (fsb_import_finish(res, NULL, &io, &err)) {
		/* nothing with results, or more than a result file holds */
		if (!err.msg[0] || !fsb_str_is_visible(err.msg)) {
			fprintf(stderr, "bad error message: \"%s\"\n", err.msg);
			abort();
		}
		goto out;
	}
	res->title = fsb_xstrdup("imported");
	one = print(res, &n1);
	if (fsb_result_read_buf(one, n1, "imported.fsbench", &back, &err)) {
		fprintf(stderr, "an imported result is not readable: %s\n", err.msg);
		abort();
	}
	two = print(back, &n2);
	if (n1 != n2 || memcmp(one, two, n1)) {
		fprintf(stderr, "an imported result changed on its way through the file\n");
		abort();
	}
	free(one);
	free(two);
out:
	fsb_result_free(res);
	fsb_result_free(back);
	return 0;
}
