/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The bonnie++ CSV export: every field where bon_csv2txt(1) expects it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doc/export.h"

#define MIB (1024.0 * 1024.0)

static const char *const all[] = {
	"char-write", "block-write", "rewrite", "char-read", "block-read", "seeks",
	"seq-create", "seq-stat", "seq-delete", "rand-create", "rand-stat", "rand-delete",
};

/* One successful run of a built-in phase as synth.c records it. */
struct spec {
	double rate, cpu, lat_max_us, passes;
};

static void add_run(struct fsb_fs_result *fs, const char *phase, const struct spec *s,
		    double size, double chunk, double seeks, double files)
{
	struct fsb_phase_result *ph = fsb_fs_add_phase(fs, phase);
	struct fsb_run r;
	bool bytes = strstr(phase, "write") || strstr(phase, "read");

	if (ph->kind == FSB_PHASE_KIND_NONE)
		ph->kind = FSB_PHASE_BUILTIN;
	fsb_run_init(&r);
	r.v[FSB_FIELD_real] = 1;
	r.v[FSB_FIELD_passes] = s->passes;
	r.v[FSB_FIELD_chunk] = chunk;
	r.v[FSB_FIELD_seed] = 7;
	r.v[FSB_FIELD_cpu_pct] = s->cpu;
	r.v[FSB_FIELD_lat_max_us] = s->lat_max_us;
	r.v[FSB_FIELD_lat_p99_us] = s->lat_max_us / 2;
	if (bytes) {
		r.v[FSB_FIELD_bytes] = size * s->passes;
		r.v[FSB_FIELD_kib_per_s] = s->rate;
	} else if (strcmp(phase, "seeks") == 0) {
		r.v[FSB_FIELD_ops] = seeks * s->passes;
		r.v[FSB_FIELD_ops_per_s] = s->rate;
		r.v[FSB_FIELD_seekers] = 3;
	} else {
		r.v[FSB_FIELD_ops] = files * 1024 * s->passes;
		r.v[FSB_FIELD_ops_per_s] = s->rate;
		r.v[FSB_FIELD_file_min] = 0;
		r.v[FSB_FIELD_file_max] = 0;
		r.v[FSB_FIELD_dirs] = 1;
	}
	fsb_phase_add_run(ph, &r);
}

static struct fsb_result *new_result(void)
{
	struct fsb_result *res = fsb_result_new();

	res->tool = fsb_xstrdup("fsbench 0.1.0");
	res->baseline = fsb_xstrdup("ext4");
	return res;
}

/* Export res and split the one line of filesystem `which` into fields. */
struct csv {
	char *text;
	char *line[8];
	size_t nlines;
	char *f[64];
	size_t nf;
};

static int export(struct fsb_result *res, struct csv *c, size_t which)
{
	struct fsb_export_opts o = { .report = { .metric = FSB_METRIC_DEAD } };
	struct fsb_err err = { 0 };
	size_t len = 0;
	FILE *fp;
	int rc;
	char *p;

	memset(c, 0, sizeof(*c));
	fp = open_memstream(&c->text, &len);
	assert_non_null(fp);
	rc = fsb_export_bonnie_csv(fp, &res, 1, &o, &err);
	fclose(fp);
	if (rc)
		return rc;
	for (p = c->text; *p && c->nlines < 8; ) {
		char *nl = strchr(p, '\n');

		assert_non_null(nl);   /* every line ends with a newline */
		*nl = '\0';
		c->line[c->nlines++] = p;
		p = nl + 1;
	}
	assert_true(which < c->nlines);
	/* strsep keeps empty fields, as bonnie++'s parsers do */
	p = c->line[which];
	while (p && c->nf < 64)
		c->f[c->nf++] = strsep(&p, ",");
	return 0;
}

static void test_full_line(void **state)
{
	struct fsb_result *res = new_result();
	struct fsb_fs_result *fs = fsb_result_add_fs(res, "ext4");
	struct csv c;
	static const char *const want_rate[12] = {
		"812", "756710", "300001", "2000", "1432693", "457",
		"34503", "99.5", "51189", "12000", "8000", "7000",
	};
	static const char *const want_lat[12] = {
		"99us", "2509us", "99998us", "100ms", "11900us", "150s",
		"1950us", "5us", "7869us", "1000us", "250ms", "100s",
	};
	static const struct spec s[12] = {
		{ 812.4, 99.6, 99.9, 1 },     { 756710.3, 48.8, 2509.4, 3 },
		{ 300000.6, 20.2, 99998.0, 1 }, { 2000.2, 99, 100000, 1 },
		{ 1432693.4, 40.3, 11900.8, 6 }, { 457.25, 3.4, 150e6, 2 },
		{ 34502.6, 55.6, 1950.6, 9 }, { 99.54, 100, 5.2, 20 },
		{ 51189.1, 63.7, 7869.1, 13 }, { 12000, 60, 1000, 2 },
		{ 8000, 70, 250000, 2 },      { 7000, 80, 100.5e6, 2 },
	};

	(void)state;
	for (int k = 0; k < 12; k++)
		add_run(fs, all[k], &s[k], 64 * MIB, 8192, 2000, 1);
	assert_int_equal(export(res, &c, 0), 0);
	assert_int_equal(c.nlines, 1);
	assert_int_equal(c.nf, 50);
	assert_string_equal(c.f[0], "1.98");
	assert_string_equal(c.f[1], "fsbench-0.1.0");
	assert_string_equal(c.f[2], "ext4");
	assert_string_equal(c.f[3], "1");
	assert_string_equal(c.f[4], "7");
	assert_string_equal(c.f[5], "64M");
	assert_string_equal(c.f[6], "");        /* bonnie++'s default chunk */
	assert_string_equal(c.f[7], "2000");
	assert_string_equal(c.f[8], "3");
	for (int k = 0; k < 6; k++) {
		assert_string_equal(c.f[9 + 2 * k], want_rate[k]);
		assert_string_equal(c.f[26 + 2 * k], want_rate[6 + k]);
	}
	/* %CPU rounded, as fsbench show prints it */
	assert_string_equal(c.f[10], "100");
	assert_string_equal(c.f[12], "49");
	assert_string_equal(c.f[20], "3");
	assert_string_equal(c.f[27], "56");
	assert_string_equal(c.f[21], "1");      /* files, in units of 1024 */
	for (int i = 22; i <= 25; i++)
		assert_string_equal(c.f[i], "");    /* no sizes, one directory */
	for (int k = 0; k < 12; k++)
		assert_string_equal(c.f[38 + k], want_lat[k]);
	for (size_t i = 0; i < c.nf; i++)
		assert_null(strstr(c.f[i], "+++"));
	free(c.text);
	fsb_result_free(res);
}

/* Means over the repetitions (as fsbench show), the worst latency of all,
 * failed runs left out, missing tests empty, one line per filesystem. */
static void test_repetitions_and_gaps(void **state)
{
	struct fsb_result *res = new_result();
	struct fsb_fs_result *a = fsb_result_add_fs(res, "ext4");
	struct fsb_fs_result *b = fsb_result_add_fs(res, "xfs");
	struct fsb_fs_result *none = fsb_result_add_fs(res, "broken");
	struct fsb_phase_result *ph;
	struct fsb_run fail;
	struct csv c;

	(void)state;
	add_run(a, "block-write", &(struct spec){ 100000, 40, 300, 1 }, 64 * MIB, 8192, 0, 0);
	add_run(a, "block-write", &(struct spec){ 200000, 50, 900, 1 }, 64 * MIB, 8192, 0, 0);
	add_run(a, "seq-create", &(struct spec){ 1000, 10, 20, 1 }, 0, 8192, 0, 4);
	add_run(a, "seq-create", &(struct spec){ 3000, 20, 10, 1 }, 0, 8192, 0, 4);
	/* a failed run counts for nothing */
	ph = fsb_fs_find_phase(a, "seq-create");
	fsb_run_init(&fail);
	fail.status = FSB_RUN_FAILED;
	fail.error = fsb_xstrdup("seq-create: create x: No space left on device");
	fail.v[FSB_FIELD_lat_max_us] = 1e9;
	fsb_phase_add_run(ph, &fail);
	fsb_run_clear(&fail);
	/* a phase that only failed is an empty test */
	ph = fsb_fs_add_phase(a, "block-read");
	ph->kind = FSB_PHASE_BUILTIN;
	fsb_run_init(&fail);
	fail.status = FSB_RUN_FAILED;
	fsb_phase_add_run(ph, &fail);
	fsb_run_clear(&fail);
	add_run(b, "seq-delete", &(struct spec){ 42.25, 7, 5, 1 }, 0, 8192, 0, 2);
	none->status = FSB_FS_FAILED;
	none->error = fsb_xstrdup("mkfs failed");

	assert_int_equal(export(res, &c, 0), 0);
	assert_int_equal(c.nlines, 2);           /* "broken" has nothing to show */
	assert_int_equal(c.nf, 50);
	assert_string_equal(c.f[11], "150000");
	assert_string_equal(c.f[12], "45");
	assert_string_equal(c.f[39], "900us");
	assert_string_equal(c.f[17], "");        /* block-read failed */
	assert_string_equal(c.f[18], "");
	assert_string_equal(c.f[42], "");
	assert_string_equal(c.f[26], "2000");
	assert_string_equal(c.f[27], "15");
	assert_string_equal(c.f[44], "20us");
	assert_string_equal(c.f[21], "4");
	for (int i = 7; i <= 8; i++)
		assert_string_equal(c.f[i], "");    /* no seeks phase */
	for (int i = 13; i <= 16; i++)
		assert_string_equal(c.f[i], "");
	free(c.text);

	/* file tests only: the I/O part is empty, as bonnie++ -s 0 writes it */
	assert_int_equal(export(res, &c, 1), 0);
	assert_int_equal(c.nf, 50);
	assert_string_equal(c.f[2], "xfs");
	for (int i = 5; i <= 20; i++)
		assert_string_equal(c.f[i], "");
	assert_string_equal(c.f[21], "2");
	assert_string_equal(c.f[30], "42.2");   /* below 100/s: one decimal */
	assert_string_equal(c.f[31], "7");
	assert_string_equal(c.f[46], "5us");
	free(c.text);
	fsb_result_free(res);
}

/* Non-default sizes are written the way bonnie++ writes them. */
static void test_sizes(void **state)
{
	struct fsb_result *res = new_result();
	struct fsb_fs_result *fs = fsb_result_add_fs(res, "odd,name here");
	struct fsb_phase_result *ph;
	struct csv c;

	(void)state;
	add_run(fs, "block-write", &(struct spec){ 1000, 1, 1, 2 }, 2048 * MIB, 4096, 0, 0);
	add_run(fs, "rand-create", &(struct spec){ 1000, 1, 1, 1 }, 0, 65536, 0, 3);
	ph = fsb_fs_find_phase(fs, "rand-create");
	ph->runs[0].v[FSB_FIELD_file_min] = 512;
	ph->runs[0].v[FSB_FIELD_file_max] = 4096;
	ph->runs[0].v[FSB_FIELD_dirs] = 10;
	assert_int_equal(export(res, &c, 0), 0);
	assert_string_equal(c.f[2], "odd_name_here");
	assert_string_equal(c.f[5], "2G");
	assert_string_equal(c.f[6], "4k");
	assert_string_equal(c.f[21], "3");
	assert_string_equal(c.f[22], "4096");
	assert_string_equal(c.f[23], "512");
	assert_string_equal(c.f[24], "10");
	assert_string_equal(c.f[25], "64k");
	free(c.text);

	ph = fsb_fs_find_phase(fs, "block-write");
	ph->runs[0].v[FSB_FIELD_bytes] = 2 * 1536 * MIB;
	assert_int_equal(export(res, &c, 0), 0);
	assert_string_equal(c.f[5], "1536M");
	free(c.text);
	ph->runs[0].v[FSB_FIELD_bytes] = 2 * 1000 * 1024.0;
	assert_int_equal(export(res, &c, 0), 0);
	assert_string_equal(c.f[5], "1000K");
	free(c.text);
	fsb_result_free(res);
}

static void test_nothing_to_export(void **state)
{
	struct fsb_result *res = new_result();
	struct fsb_fs_result *fs = fsb_result_add_fs(res, "ext4");
	struct fsb_phase_result *ph = fsb_fs_add_phase(fs, "tar");
	struct fsb_run r;
	struct csv c;

	(void)state;
	ph->kind = FSB_PHASE_COMMAND;
	fsb_run_init(&r);
	r.v[FSB_FIELD_real] = 3;
	fsb_phase_add_run(ph, &r);
	assert_int_equal(export(res, &c, 0), -ENOENT);
	assert_true(!c.text || !*c.text);
	free(c.text);
	fsb_result_free(res);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_full_line),
		cmocka_unit_test(test_repetitions_and_gaps),
		cmocka_unit_test(test_sizes),
		cmocka_unit_test(test_nothing_to_export),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
