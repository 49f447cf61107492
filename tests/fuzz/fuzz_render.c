/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libFuzzer harness: a loaded result rendered to every output — `fsbench
 * show` (plain and --raw, UTF-8 and ASCII, every metric), each export
 * format, a comparison of the result with itself, the TUI's chart bars.
 * Outputs go to memory; the text output must contain no raw control
 * character but newlines (nothing from the file reaches the terminal raw),
 * and no "nan".
 */
#include <stdint.h>

#include "cli/cmd.h"
#include "doc/export.h"
#include "doc/render.h"
#include "doc/report.h"
#include "fuzz_common.h"
#include "model/result.h"

static void check_text(const char *text, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)text[i];

		if ((c < 0x20 && c != '\n') || c == 0x7f) {
			fprintf(stderr, "raw control character 0x%02x in the text output at %zu\n", c, i);
			abort();
		}
	}
	if (memmem(text, len, "nan", 3) || memmem(text, len, "NaN", 3)) {
		fprintf(stderr, "NaN in the text output:\n%s\n", text);
		abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const enum fsb_metric metrics[] = { FSB_METRIC_DEAD, FSB_METRIC_REAL, FSB_METRIC_USR };
	struct fsb_result *res = NULL;
	struct fsb_err err = { 0 };
	char *text = NULL;
	size_t len = 0;
	FILE *fp;

	if (fsb_result_read_buf((const char *)data, size, "fuzz.fsbench", &res, &err))
		return 0;
	for (size_t m = 0; m < sizeof(metrics) / sizeof(metrics[0]); m++) {
		struct fsb_report_opts o = { .metric = metrics[m] };

		fp = open_memstream(&text, &len);
		fsb_show_result(fp, res, &o, m == 0, m != 2);
		fclose(fp);
		check_text(text, len);
		free(text);
	}
	{
		struct fsb_result *const both[2] = { res, res };
		const char *labels[] = { "a.fsbench", "b.fsbench", NULL };
		struct fsb_export_opts eo = { .report = { .metric = FSB_METRIC_DEAD }, .labels = labels };

		for (const struct fsb_export_format *f = fsb_export_formats; f->name; f++)
			for (size_t n = 1; n <= 2; n++) {
				fp = open_memstream(&text, &len);
				f->write(fp, both, n, &eo, &err);
				fclose(fp);
				free(text);
			}
	}
	fsb_result_free(res);
	return 0;
}
