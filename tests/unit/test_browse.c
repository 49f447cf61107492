/* SPDX-License-Identifier: GPL-2.0-or-later */
/* src/model/browse.c: listing a results directory, the list table, the filter
 * and the duration estimate. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "doc/report.h"
#include "model/browse.h"

#define SCRATCH_TEMPLATE "/tmp/fsbench-test-browse.XXXXXX"
#include "scratchdir.h"

static char cache[] = "/tmp/fsbench-test-browse-cache.XXXXXX";

static int setup(void **state)
{
	setenv("TZ", "UTC", 1);
	if (scratch_setup(state) || !mkdtemp(cache))
		return -1;
	/* the index goes to $XDG_CACHE_HOME/fsbench/index.sqlite: a private one */
	setenv("XDG_CACHE_HOME", cache, 1);
	return 0;
}

static int teardown(void **state)
{
	fsb_rm_rf(cache);
	return scratch_teardown(state);
}

static void add_run(struct fsb_result *r, const char *fs, const char *phase, double real)
{
	struct fsb_phase_result *ph = fsb_fs_add_phase(fsb_result_add_fs(r, fs), phase);
	struct fsb_run run;

	ph->kind = FSB_PHASE_COMMAND;
	fsb_run_init(&run);
	run.v[FSB_FIELD_real] = real;
	run.v[FSB_FIELD_user] = real / 2;
	fsb_phase_add_run(ph, &run);
}

/* A complete result: started at the given minute, 60 s wall time. */
static void write_result(const char *name, const char *profile, int minute, double tar_ext2, double tar_ext4)
{
	struct fsb_result *r = fsb_result_new();
	struct fsb_err err = { 0 };
	char *path = fsb_xasprintf("%s/%s", dir, name);

	r->tool = fsb_xstrdup("fsbench test");
	r->started = fsb_xasprintf("2026-11-30T03:%02d:00Z", minute);
	r->finished = fsb_xasprintf("2026-11-30T03:%02d:00Z", minute + 1);
	r->status = FSB_RESULT_COMPLETE;
	r->baseline = fsb_xstrdup("ext2");
	r->profile = fsb_xstrdup(profile);
	r->repeat = 1;
	r->target.kind = FSB_TARGET_IMAGE;
	r->target.path = fsb_xstrdup("/var/tmp/t.img");
	fsb_strv_add(&r->phase_order, "tar");
	add_run(r, "ext2", "tar", tar_ext2);
	add_run(r, "ext4", "tar", tar_ext4);
	assert_int_equal(fsb_result_write(r, path, &err), 0);
	fsb_result_free(r);
	free(path);
}

static void test_scan(void **state)
{
	struct fsb_browse b;
	struct fsb_table t;
	size_t idx[8];

	(void)state;
	write_result("a.fsbench", "tiny", 10, 10, 20);
	write_result("b.fsbench", "tiny", 30, 12, 22);
	write_result("c.fsbench", "quick", 20, 100, 200);
	scratch_write("broken.fsbench", "format = 1\nstatus = \"no such status\"\n");
	scratch_write("notes.txt", "not a result\n");
	scratch_write("b.log", "the log of b\n");
	assert_int_equal(fsb_browse_scan(dir, &b, NULL), 0);
	assert_int_equal(b.n, 4);
	/* newest first; the broken one has only its mtime (now): first */
	assert_string_equal(b.v[0].name, "broken.fsbench");
	assert_false(b.v[0].readable);
	assert_non_null(b.v[0].error);
	assert_string_equal(b.v[1].name, "b.fsbench");
	assert_string_equal(b.v[2].name, "c.fsbench");
	assert_string_equal(b.v[3].name, "a.fsbench");
	assert_non_null(b.v[1].log);
	assert_null(b.v[3].log);

	/* the filter: every word, any column, any case */
	assert_true(fsb_browse_match(&b.v[2], "QUICK"));
	assert_true(fsb_browse_match(&b.v[2], "quick ext4"));
	assert_false(fsb_browse_match(&b.v[2], "quick xfs"));
	assert_true(fsb_browse_match(&b.v[1], "b.fsbench"));
	assert_true(fsb_browse_match(&b.v[0], "unreadable"));
	assert_true(fsb_browse_match(&b.v[0], ""));

	/* the table: a header row and one row per entry asked for */
	for (size_t i = 0; i < b.n; i++)
		idx[i] = i;
	fsb_report_browse(&b, idx, b.n, &t);
	assert_int_equal(t.nrows, 5);
	assert_int_equal(t.ncols, 7);
	assert_string_equal(fsb_table_cell(&t, 0, 0)->text, "Date");
	assert_string_equal(fsb_table_cell(&t, 0, 3)->text, "Aged");
	assert_string_equal(fsb_table_cell(&t, 1, 3)->text, "");
	assert_string_equal(fsb_table_cell(&t, 1, 1)->text, "unreadable");
	assert_true(fsb_table_cell(&t, 1, 1)->flags & FSB_CELL_FAILED);
	assert_string_equal(fsb_table_cell(&t, 2, 0)->text, "2026-11-30 03:30");
	assert_string_equal(fsb_table_cell(&t, 2, 1)->text, "complete");
	assert_string_equal(fsb_table_cell(&t, 2, 2)->text, "tiny");
	assert_string_equal(fsb_table_cell(&t, 2, 3)->text, "no");
	assert_string_equal(fsb_table_cell(&t, 2, 4)->text, "image /var/tmp/t.img");
	assert_string_equal(fsb_table_cell(&t, 2, 5)->text, "ext2,ext4");
	assert_string_equal(fsb_table_cell(&t, 2, 6)->text, "tar");
	fsb_table_free(&t);
	fsb_browse_free(&b);
	for (const char *const *n = (const char *const[]){ "a.fsbench", "b.fsbench", "c.fsbench", "broken.fsbench",
							  "notes.txt", "b.log", NULL }; *n; n++) {
		char *p = fsb_xasprintf("%s/%s", dir, *n);

		unlink(p);
		free(p);
	}
}

/* Aged: a run of an aging phase (here refresh, no "aged" in any name); a
 * result that only planned one (age) is not.  The same from the default
 * index (the rows are listed from the database, also when just written)
 * and from the private one --no-index uses; in the row, the table and the
 * filter. */
static void test_aged(void **state)
{
	const char *index[] = { NULL, "" };
	char *p;

	(void)state;
	write_result("planned.fsbench", "tiny", 10, 10, 20);
	{
		struct fsb_result *r = NULL;
		struct fsb_err err = { 0 };

		p = fsb_xasprintf("%s/planned.fsbench", dir);
		assert_int_equal(fsb_result_read(p, &r, &err), 0);
		fsb_strv_add(&r->phase_order, "age");
		fsb_fs_add_phase(r->fs[0], "age")->kind = FSB_PHASE_BUILTIN;
		assert_int_equal(fsb_result_write(r, p, &err), 0);
		fsb_result_free(r);
		free(p);
	}
	write_result("second.fsbench", "tiny", 30, 10, 20);
	{
		struct fsb_result *r = NULL;
		struct fsb_err err = { 0 };

		p = fsb_xasprintf("%s/second.fsbench", dir);
		assert_int_equal(fsb_result_read(p, &r, &err), 0);
		add_run(r, "ext4", "refresh", 3);
		assert_int_equal(fsb_result_write(r, p, &err), 0);
		fsb_result_free(r);
		free(p);
	}
	for (size_t k = 0; k < FSB_ARRAY_SIZE(index); k++) {
		struct fsb_browse b;
		struct fsb_table t;
		size_t idx[2] = { 0, 1 };
		char *col[FSB_BROWSE_NCOLS];

		assert_int_equal(fsb_browse_scan_index(dir, index[k], &b, NULL), 0);
		assert_int_equal(b.n, 2);
		assert_string_equal(b.v[0].name, "second.fsbench");
		assert_true(b.v[0].aged);
		assert_string_equal(b.v[1].name, "planned.fsbench");
		assert_false(b.v[1].aged);
		assert_string_equal(b.v[1].phases, "tar,age");
		fsb_browse_row(&b.v[0], col);
		assert_string_equal(col[FSB_BROWSE_AGED], "yes");
		for (int c = 0; c < FSB_BROWSE_NCOLS; c++)
			free(col[c]);
		fsb_browse_row(&b.v[1], col);
		assert_string_equal(col[FSB_BROWSE_AGED], "no");
		for (int c = 0; c < FSB_BROWSE_NCOLS; c++)
			free(col[c]);
		assert_true(fsb_browse_match(&b.v[0], "aged"));
		assert_true(fsb_browse_match(&b.v[0], "AGED tiny"));
		assert_false(fsb_browse_match(&b.v[1], "aged"));
		/* the column is searched as what it means, not as yes / no */
		assert_false(fsb_browse_match(&b.v[0], "yes"));
		assert_false(fsb_browse_match(&b.v[1], "no"));
		fsb_report_browse(&b, idx, 2, &t);
		assert_string_equal(fsb_table_cell(&t, 0, 3)->text, "Aged");
		assert_string_equal(fsb_table_cell(&t, 1, 3)->text, "yes");
		assert_false(fsb_table_cell(&t, 1, 3)->flags & FSB_CELL_DIM);
		assert_string_equal(fsb_table_cell(&t, 2, 3)->text, "no");
		assert_true(fsb_table_cell(&t, 2, 3)->flags & FSB_CELL_DIM);
		fsb_table_free(&t);
		fsb_browse_free(&b);
	}
	for (const char *const *n = (const char *const[]){ "planned.fsbench", "second.fsbench", NULL }; *n; n++) {
		p = fsb_xasprintf("%s/%s", dir, *n);
		unlink(p);
		free(p);
	}
}

static void test_missing_dir(void **state)
{
	struct fsb_browse b;
	char *missing = fsb_xasprintf("%s/nothing/here", dir);

	(void)state;
	assert_int_equal(fsb_browse_scan(missing, &b, NULL), 0);
	assert_int_equal(b.n, 0);
	fsb_browse_free(&b);
	free(missing);
}

/* Two tiny runs (tar: ext2 10 and 12 s, ext4 20 and 22 s; 60 s of wall
 * time each) and a quick one, scanned into b: the estimate's evidence. */
static void three_results(struct fsb_browse *b)
{
	write_result("a.fsbench", "tiny", 10, 10, 20);
	write_result("b.fsbench", "tiny", 30, 12, 22);
	write_result("c.fsbench", "quick", 20, 100, 200);
	assert_int_equal(fsb_browse_scan(dir, b, NULL), 0);
}

/* fs = ext2, ext4 and phases = tar, estimated from three_results(): the
 * two tiny runs, ext2 11 s + ext4 21 s; each run spent 60 s wall for 30 /
 * 34 s of phases over 2 filesystems: 15 and 13 s overhead each, mean 14
 * → 28. */
static void estimate_tar(struct fsb_browse *b, struct fsb_strv *fs, struct fsb_strv *phases,
			 struct fsb_estimate *e)
{
	fsb_strv_add(fs, "ext2");
	fsb_strv_add(fs, "ext4");
	fsb_strv_add(phases, "tar");
	fsb_browse_estimate(b, "tiny", fs, phases, 1, e);
	assert_int_equal(e->files, 2);
	assert_int_equal(e->known, 2);
	assert_true(fabs(e->seconds - (11 + 21 + 28)) < 1e-9);
}

static void test_estimate(void **state)
{
	struct fsb_browse b;
	struct fsb_estimate e;
	struct fsb_strv fs = { 0 }, phases = { 0 };

	(void)state;
	three_results(&b);
	estimate_tar(&b, &fs, &phases, &e);
	assert_int_equal(e.unknown, 0);

	/* twice the repetitions: twice the phases, twice the runs' overhead */
	fsb_browse_estimate(&b, "tiny", &fs, &phases, 2, &e);
	assert_true(fabs(e.seconds - (2 * 32 + 2 * 28)) < 1e-9);

	/* a filesystem never run: any filesystem's mean for the phase */
	fsb_strv_add(&fs, "xfs");
	fsb_browse_estimate(&b, "tiny", &fs, &phases, 1, &e);
	assert_int_equal(e.known, 3);
	assert_true(fabs(e.seconds - (11 + 21 + 16 + 42)) < 1e-9);

	/* a phase never run counts as unknown */
	fsb_strv_add(&phases, "make");
	fsb_browse_estimate(&b, "tiny", &fs, &phases, 1, &e);
	assert_int_equal(e.unknown, 3);

	/* another profile is not evidence */
	fsb_browse_estimate(&b, "full", &fs, &phases, 1, &e);
	assert_int_equal(e.files, 0);
	assert_true(isnan(e.seconds));
	fsb_strv_free(&fs);
	fsb_strv_free(&phases);
	fsb_browse_free(&b);
}

/* Overwrite the index from byte 4096 on (every page but the first) with a
 * pattern: the header still says SQLite, the rows are gone or garbage. */
static void damage_index(void)
{
	char *path = fsb_xasprintf("%s/fsbench/index.sqlite", cache);
	FILE *fp = fopen(path, "r+");
	long size;

	assert_non_null(fp);
	fseek(fp, 0, SEEK_END);
	size = ftell(fp);
	assert_true(size > 4096);
	fseek(fp, 4096, SEEK_SET);
	for (long i = 4096; i < size; i++)
		fputc(i % 7 ? 0x55 : 0x0d, fp);
	fclose(fp);
	free(path);
}

/* The estimate and the list from a damaged index are those of the files:
 * the index is rebuilt, silently. */
static void test_damaged_index(void **state)
{
	struct fsb_browse b;
	struct fsb_estimate e;
	struct fsb_strv fs = { 0 }, phases = { 0 };

	(void)state;
	three_results(&b);
	assert_int_equal(b.n, 3);
	fsb_browse_free(&b);

	damage_index();
	assert_int_equal(fsb_browse_scan(dir, &b, NULL), 0);
	assert_int_equal(b.n, 3);
	assert_true(b.stats.rebuilt);
	assert_string_equal(b.v[0].name, "b.fsbench");
	assert_string_equal(b.v[0].profile, "tiny");
	assert_string_equal(b.v[1].name, "c.fsbench");
	assert_string_equal(b.v[1].filesystems, "ext2,ext4");
	/* damaged again after the list, before the estimate reads the summary */
	damage_index();
	estimate_tar(&b, &fs, &phases, &e);
	fsb_strv_free(&fs);
	fsb_strv_free(&phases);
	fsb_browse_free(&b);
}

static void test_duration(void **state)
{
	char buf[64];

	(void)state;
	assert_string_equal(fsb_format_duration(0.2, buf, sizeof(buf)), "about 1 s");
	assert_string_equal(fsb_format_duration(45, buf, sizeof(buf)), "about 45 s");
	assert_string_equal(fsb_format_duration(130, buf, sizeof(buf)), "about 2 min 10 s");
	assert_string_equal(fsb_format_duration(7170, buf, sizeof(buf)), "about 2 h 00 min");
	assert_string_equal(fsb_format_duration(NAN, buf, sizeof(buf)), "unknown");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_scan),
		cmocka_unit_test(test_aged),
		cmocka_unit_test(test_missing_dir),
		cmocka_unit_test(test_estimate),
		cmocka_unit_test(test_damaged_index),
		cmocka_unit_test(test_duration),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
