/* SPDX-License-Identifier: GPL-2.0-or-later */
/* What the disk did (model/diskwork.h, model/plaus.h's less work, the
 * tables of src/doc/report_disk.c): crafted results judged, and the
 * parsers of the counters underneath (/proc/PID/io, /proc/diskstats). */
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

#include "doc/document.h"
#include "doc/report.h"
#include "model/cells.h"
#include "model/diskwork.h"
#include "model/plaus.h"
#include "model/result.h"
#include "sys/proc.h"
#include "sys/sysinfo.h"

#define MIB 1024.0   /* KiB */

/* One filesystem's runs of a phase: device writes and saved (MiB) per repetition. */
struct wfs {
	const char *fs;
	double written[3], saved[3];
	const char *mount_options;
};

static struct fsb_run run_of(double written_mib, double saved_mib)
{
	struct fsb_run r;

	fsb_run_init(&r);
	r.v[FSB_FIELD_real] = 4 + written_mib / 1000;
	r.v[FSB_FIELD_user] = 0.5;
	r.v[FSB_FIELD_sys] = 1;
	r.v[FSB_FIELD_disk_written_kib] = written_mib * MIB;
	r.v[FSB_FIELD_saved_kib] = saved_mib * MIB;
	return r;
}

/* A complete result of phase over s[0..n) with reps repetitions, baseline s[0]. */
static struct fsb_result *crafted(const char *phase, const struct wfs *s, size_t n, size_t reps)
{
	struct fsb_result *res = fsb_result_new();

	res->status = FSB_RESULT_COMPLETE;
	res->baseline = fsb_xstrdup(s[0].fs);
	res->repeat = (long)reps;
	fsb_strv_add(&res->phase_order, phase);
	for (size_t i = 0; i < n; i++) {
		struct fsb_fs_result *fs = fsb_result_add_fs(res, s[i].fs);
		struct fsb_phase_result *ph = fsb_fs_add_phase(fs, phase);

		fs->type = fsb_xstrdup(s[i].fs);
		fs->mount_options = s[i].mount_options ? fsb_xstrdup(s[i].mount_options) : NULL;
		ph->kind = FSB_PHASE_COMMAND;
		for (size_t k = 0; k < reps; k++) {
			struct fsb_run r = run_of(s[i].written[k], s[i].saved[k]);

			fsb_phase_add_run(ph, &r);
			fsb_run_clear(&r);
		}
	}
	return res;
}

/* cp as the issue saw it: ext* copy ~370 MiB, xfs clones and writes a tenth. */
static const struct wfs cloned[] = {
	{ "ext2", { 370, 368, 372 }, { 360, 360, 360 }, NULL },
	{ "ext3", { 380, 385, 382 }, { 360, 360, 360 }, NULL },
	{ "ext4", { 362, 365, 366 }, { 360, 360, 360 }, NULL },
	{ "xfs", { 37, 36.5, 37.5 }, { 0.4, 0.4, 0.4 }, NULL },
	{ "btrfs", { 400, 410, 405 }, { 361, 361, 361 }, NULL },
};

static void test_less_work_cloned(void **state)
{
	struct fsb_result *res = crafted("cp", cloned, 5, 3);
	struct fsb_plaus_less v[5];
	char say[512];

	(void)state;
	fsb_plaus_less_work(res, fsb_grid_phase(fsb_result_grid(res), "cp"), v);
	for (int i = 0; i < 5; i++)
		if (i != 3)
			assert_int_equal(v[i].why, FSB_LESS_NONE);
	assert_int_equal(v[3].why, FSB_LESS_CLONED);
	assert_int_equal(v[3].nothers, 4);
	/* the median of the others' means: ext2 370, ext3 382.3, ext4 364.3, btrfs 405 */
	assert_true(fabs(v[3].others_kib / MIB - (370 + 382.333333) / 2) < 0.01);
	fsb_plaus_say_less(&v[3], say, sizeof(say));
	assert_non_null(strstr(say, "did less work: cloned"));
	assert_non_null(strstr(say, "the data was shared, not copied"));
	fsb_result_free(res);
}

/* The same processes' writes, a device that stored a tenth: compressed
 * where the filesystem compresses, "stored less" where nothing says why. */
static void test_less_work_compressed(void **state)
{
	struct wfs s[3] = {
		{ "ext4", { 370, 370, 370 }, { 360, 360, 360 }, NULL },
		{ "xfs", { 365, 365, 365 }, { 360, 360, 360 }, NULL },
		{ "btrfs-zstd", { 37, 37, 37 }, { 360, 360, 360 }, "compress=zstd" },
	};
	struct fsb_result *res = crafted("tar", s, 3, 3);
	struct fsb_plaus_less v[3];

	(void)state;
	fsb_plaus_less_work(res, fsb_grid_phase(fsb_result_grid(res), "tar"), v);
	assert_int_equal(v[0].why, FSB_LESS_NONE);
	assert_int_equal(v[1].why, FSB_LESS_NONE);
	assert_int_equal(v[2].why, FSB_LESS_COMPRESSED);
	assert_string_equal(fsb_plaus_less_words(v[2].why), "did less work: compressed");
	fsb_result_free(res);
	s[2].mount_options = NULL;
	res = crafted("tar", s, 3, 3);
	fsb_plaus_less_work(res, fsb_grid_phase(fsb_result_grid(res), "tar"), v);
	assert_int_equal(v[2].why, FSB_LESS_STORED_LESS);
	fsb_result_free(res);
}

/* The edges: a third of the others is no flag, a phase that writes little
 * (the others' median under 16 MiB) is never judged, nor the clone phase,
 * nor a filesystem alone. */
static void test_less_work_edges(void **state)
{
	struct wfs s[3] = {
		{ "ext4", { 300, 300, 300 }, { 300, 300, 300 }, NULL },
		{ "xfs", { 300, 300, 300 }, { 300, 300, 300 }, NULL },
		{ "btrfs", { 100, 100, 100 }, { 300, 300, 300 }, NULL },
	};
	struct fsb_result *res = crafted("tar", s, 3, 3);
	struct fsb_plaus_less v[3];

	(void)state;
	fsb_plaus_less_work(res, fsb_grid_phase(fsb_result_grid(res), "tar"), v);
	assert_int_equal(v[2].why, FSB_LESS_NONE);	/* 0.33 of the others */
	fsb_result_free(res);
	for (int i = 0; i < 3; i++)
		s[i].written[0] = s[i].written[1] = s[i].written[2] = i == 2 ? 1 : 12;
	res = crafted("rm", s, 3, 3);
	fsb_plaus_less_work(res, fsb_grid_phase(fsb_result_grid(res), "rm"), v);
	assert_int_equal(v[2].why, FSB_LESS_NONE);	/* the others wrote 12 MiB */
	fsb_result_free(res);
	for (int i = 0; i < 3; i++)
		s[i].written[0] = s[i].written[1] = s[i].written[2] = i == 2 ? 1 : 300;
	res = crafted("clone", s, 3, 3);
	fsb_plaus_less_work(res, fsb_grid_phase(fsb_result_grid(res), "clone"), v);
	assert_int_equal(v[2].why, FSB_LESS_NONE);
	fsb_result_free(res);
	res = crafted("tar", s, 1, 3);
	fsb_plaus_less_work(res, fsb_grid_phase(fsb_result_grid(res), "tar"), v);
	assert_int_equal(v[0].why, FSB_LESS_NONE);
	fsb_result_free(res);
}

/* The marks in every table that shows cp: the summary's ratio and the
 * phase table's dead and real times, the device writes; a note each. */
static void test_less_work_marks(void **state)
{
	struct fsb_result *res = crafted("cp", cloned, 5, 3);
	struct fsb_report_opts o = { .metric = FSB_METRIC_DEAD };
	struct fsb_table t;
	const char *xfs_note = "^ xfs cp: did less work: cloned";

	(void)state;
	assert_int_equal(fsb_report_summary(res, &o, &t), 0);
	/* rows: ext2 (the baseline), ext3, ext4, xfs, btrfs; column 1 cp */
	assert_true(fsb_table_cell(&t, 4, 1)->flags & FSB_CELL_LESS_WORK);
	assert_non_null(strchr(fsb_table_cell(&t, 4, 1)->text, '^'));
	assert_false(fsb_table_cell(&t, 3, 1)->flags & FSB_CELL_LESS_WORK);
	assert_false(fsb_table_cell(&t, 4, 2)->flags & FSB_CELL_LESS_WORK);	/* total */
	{
		bool found = false;

		for (size_t i = 0; i < t.notes.n; i++)
			found |= strncmp(t.notes.v[i], xfs_note, strlen(xfs_note)) == 0;
		assert_true(found);
	}
	assert_non_null(strstr(t.caption, "^ = did less work"));
	fsb_table_free(&t);
	assert_int_equal(fsb_report_phase(res, "cp", &o, &t), 0);
	for (size_t r = 1; r < t.nrows; r++) {
		bool is_xfs = strcmp(fsb_table_cell(&t, r, 0)->text, "xfs") == 0;

		assert_int_equal(!!(fsb_table_cell(&t, r, 7)->flags & FSB_CELL_LESS_WORK), is_xfs);
		assert_int_equal(!!(fsb_table_cell(&t, r, 9)->flags & FSB_CELL_LESS_WORK), is_xfs);
	}
	fsb_table_free(&t);
	assert_int_equal(fsb_report_disk_writes(res, &o, &t), 0);
	/* two header rows, then ext2 … btrfs; cp's MiB in column 1 */
	assert_string_equal(fsb_table_cell(&t, 5, 0)->text, "xfs");
	assert_true(fsb_table_cell(&t, 5, 1)->flags & FSB_CELL_LESS_WORK);
	assert_false(fsb_table_cell(&t, 2, 1)->flags & FSB_CELL_LESS_WORK);
	assert_true(fabs(fsb_table_cell(&t, 5, 1)->value - 37) < 0.01);
	fsb_table_free(&t);
	fsb_result_free(res);
}

/* Write amplification: device / (saved + the probe's); none under 1 MiB
 * saved; older files' fs_out (512 B blocks of write_bytes) stands in. */
static void test_wamp(void **state)
{
	struct fsb_run r = run_of(300, 100);

	(void)state;
	assert_true(fabs(fsb_run_metric(&r, FSB_METRIC_WAMP) - 3.0) < 1e-9);
	r.v[FSB_FIELD_stall_written_kib] = 100 * MIB;
	assert_true(fabs(fsb_run_metric(&r, FSB_METRIC_WAMP) - 1.5) < 1e-9);
	assert_true(fabs(fsb_run_saved_kib(&r) - 200 * MIB) < 1e-9);
	r = run_of(5, 0.5);
	assert_true(isnan(fsb_run_metric(&r, FSB_METRIC_WAMP)));
	r = run_of(200, 0);
	r.v[FSB_FIELD_saved_kib] = NAN;
	r.v[FSB_FIELD_fs_out] = 2 * 100 * MIB;
	assert_true(fabs(fsb_run_metric(&r, FSB_METRIC_WAMP) - 2.0) < 1e-9);
	assert_true(fabs(fsb_run_metric(&r, FSB_METRIC_WRITTEN) - 200 * MIB) < 1e-9);
}

/* The total's amplification: the totals' device writes over their saved. */
static void test_amp_total(void **state)
{
	struct fsb_result *res = crafted("cp", cloned, 5, 3);
	struct fsb_amp a;
	struct fsb_strv words = { 0 };

	(void)state;
	fsb_diskwork_amp(res, 0, &a);
	assert_int_equal(a.n, 3);
	assert_true(fabs(a.written_kib / MIB - 370) < 1e-6);
	assert_true(fabs(a.factor - 370.0 / 360) < 1e-6);
	assert_true(isnan(a.flushes));
	fsb_diskwork_amp(res, 3, &a);
	assert_true(isnan(a.factor));	/* xfs saved 0.4 MiB */
	fsb_report_amp_words(res, NULL, &words);
	assert_int_equal(words.n, 1);
	/* largest first: btrfs 405/361 */
	assert_non_null(strstr(words.v[0], "Over the phases, btrfs wrote 1.1× what they saved"));
	fsb_strv_free(&words);
	fsb_result_free(res);
}

/* The clone phase: answers, and out of every phase list of the totals. */
static void test_clone(void **state)
{
	static const struct wfs s[3] = {
		{ "ext4", { 1, 1, 1 }, { 0, 0, 0 }, NULL },
		{ "xfs", { 0.5, 0.5, 0.5 }, { 0, 0, 0 }, NULL },
		{ "btrfs", { 1.2, 1.2, 1.2 }, { 0.3, 0.3, 0.3 }, NULL },
	};
	struct fsb_result *res = crafted("clone", s, 3, 1);
	struct fsb_strv ph = { 0 }, words = { 0 };
	struct fsb_clone c;
	struct fsb_table t;

	(void)state;
	res->fs[0]->phases[0]->runs[0].v[FSB_FIELD_reflink] = 0;
	res->fs[1]->phases[0]->runs[0].v[FSB_FIELD_reflink] = 1;
	res->fs[2]->phases[0]->runs[0].status = FSB_RUN_FAILED;
	res->fs[2]->phases[0]->runs[0].error = fsb_xstrdup("exited with status 1: cp: No space left on device");
	fsb_diskwork_clone(res, 0, &c);
	assert_int_equal(c.answer, FSB_CLONE_NO);
	fsb_diskwork_clone(res, 1, &c);
	assert_int_equal(c.answer, FSB_CLONE_YES);
	assert_true(c.real > 0);
	fsb_diskwork_clone(res, 2, &c);
	assert_int_equal(c.answer, FSB_CLONE_FAILED);
	assert_non_null(strstr(c.why, "No space"));
	assert_true(fsb_diskwork_clone_present(res));
	fsb_cell_phases(res, false, &ph);
	assert_int_equal(ph.n, 0);
	fsb_strv_free(&ph);
	assert_int_equal(fsb_report_clone(res, NULL, &t), 0);
	assert_string_equal(fsb_table_cell(&t, 1, 1)->text, "no reflink");
	assert_string_equal(fsb_table_cell(&t, 2, 1)->text, "clone");
	assert_string_equal(fsb_table_cell(&t, 3, 1)->text, "fail");
	fsb_table_free(&t);
	fsb_report_clone_words(res, &words);
	assert_int_equal(words.n, 1);
	assert_non_null(strstr(words.v[0], "xfs clones a copy"));
	assert_non_null(strstr(words.v[0], "ext4 cannot (no reflink)"));
	fsb_strv_free(&words);
	fsb_result_free(res);
}

/* The stalls: the worst save named, and a row per phase and filesystem. */
static void test_stalls(void **state)
{
	struct fsb_result *res = crafted("tar", cloned, 5, 3);
	struct fsb_strv words = { 0 };
	struct fsb_stall_worst w;
	struct fsb_table t;

	(void)state;
	for (size_t i = 0; i < res->nfs; i++)
		for (size_t k = 0; k < 3; k++) {
			struct fsb_run *r = &res->fs[i]->phases[0]->runs[k];

			r->v[FSB_FIELD_stall_saves] = 40;
			r->v[FSB_FIELD_stall_p50_us] = 2000;
			r->v[FSB_FIELD_stall_p99_us] = 20000 + 1000 * (double)i;
			r->v[FSB_FIELD_stall_max_us] = i == 4 && k == 1 ? 1.8e6 : 30000;
		}
	assert_true(fsb_diskwork_worst_stall(res, &w));
	assert_string_equal(w.fs->name, "btrfs");
	assert_string_equal(w.phase, "tar");
	fsb_report_stall_words(res, &words);
	assert_non_null(strstr(words.v[0], "During tar on btrfs, a save waited up to 1.8 s"));
	fsb_strv_free(&words);
	assert_int_equal(fsb_report_stalls(res, NULL, &t), 0);
	assert_int_equal(t.nrows, 1 + 5);
	assert_string_equal(fsb_table_cell(&t, 1, 0)->text, "tar");
	assert_string_equal(fsb_table_cell(&t, 5, 1)->text, "btrfs");
	assert_string_equal(fsb_table_cell(&t, 5, 5)->text, "1800");
	assert_true(fabs(fsb_table_cell(&t, 5, 4)->value - 24) < 1e-9);	/* p99 ms */
	fsb_table_free(&t);
	fsb_result_free(res);
}

/* The probe's saves of a stall run (a save every 100 ms, 4 KiB each). */
static void stall_fields(struct fsb_run *r, double p99_us, double max_us)
{
	r->v[FSB_FIELD_stall_saves] = 40;
	r->v[FSB_FIELD_stall_p50_us] = 2000;
	r->v[FSB_FIELD_stall_p99_us] = p99_us;
	r->v[FSB_FIELD_stall_max_us] = max_us;
	r->v[FSB_FIELD_stall_written_kib] = 160;
}

/* The legend of the disk section of res's document. */
static char *disk_legend(const struct fsb_result *res)
{
	struct fsb_doc_opts o = { .report = { .metric = FSB_METRIC_DEAD } };
	struct fsb_doc d = { 0 };
	char *text = NULL;

	fsb_doc_disk(&d, res, &o);
	for (size_t i = 0; i < d.n && !text; i++)
		if (d.v[i].role == FSB_ROLE_LEGEND)
			text = fsb_xstrdup(d.v[i].text);
	fsb_doc_free(&d);
	return text;
}

/*
 * The probe in a round of its own (doc/disk.md): the timed runs have no
 * saves, each phase one stall run has them.  The stall table, its chart and
 * the words come from the stall runs — a decoy save of 9 s put in a timed
 * run is never read while the result has stall runs — and the write
 * amplification from the timed runs alone (the stall run wrote 100× more).
 * The same figures in the runs and no stall runs (a --probe beside run,
 * every older file) read as before.
 */
static void test_stalls_from_stall_round(void **state)
{
	struct fsb_result *res = crafted("tar", cloned, 5, 3);
	struct fsb_strv words = { 0 };
	struct fsb_stall_worst w;
	struct fsb_table t;
	struct fsb_chart c;
	const char *which = NULL;
	struct fsb_amp before, after;
	char *legend;

	(void)state;
	fsb_diskwork_amp(res, 1, &before);
	assert_false(fsb_diskwork_stalls_present(res));
	for (size_t i = 0; i < res->nfs; i++) {
		struct fsb_run r = run_of(100 * cloned[i].written[0], 1);

		stall_fields(&r, 20000 + 1000 * (double)i, i == 2 ? 900000 : 30000);
		fsb_phase_add_stall_run(res->fs[i]->phases[0], &r);
		fsb_run_clear(&r);
	}
	res->probe = FSB_PROBE_ROUND;
	assert_true(fsb_diskwork_stalls_present(res));
	res->fs[0]->phases[0]->runs[1].v[FSB_FIELD_stall_max_us] = 9e6;	/* the decoy */
	assert_true(fsb_diskwork_worst_stall(res, &w));
	assert_string_equal(w.fs->name, "ext4");
	assert_true(w.max_us == 900000);
	fsb_report_stall_words(res, &words);
	assert_int_equal(words.n, 1);
	assert_non_null(strstr(words.v[0], "During tar on ext4, a save waited up to 900 ms"));
	assert_non_null(strstr(words.v[0], "the longest save on the others: ext2 30 ms (tar)"));
	fsb_strv_free(&words);
	/* a row per filesystem, one stall run each: no interval, no decoy */
	assert_int_equal(fsb_report_stalls(res, NULL, &t), 0);
	assert_int_equal(t.nrows, 1 + 5);
	assert_string_equal(fsb_table_cell(&t, 1, 1)->text, "ext2");
	assert_string_equal(fsb_table_cell(&t, 1, 5)->text, "30.0");
	assert_string_equal(fsb_table_cell(&t, 3, 5)->text, "900");
	assert_true(fabs(fsb_table_cell(&t, 5, 4)->value - 24) < 1e-9);
	assert_string_equal(fsb_table_cell(&t, 5, 4)->text, "24.0");
	assert_non_null(strstr(t.caption, "in the stall round after the timed rounds (untimed)"));
	fsb_table_free(&t);
	assert_int_equal(fsb_report_stall_chart(res, NULL, &c, &which), 0);
	assert_string_equal(which, "tar");
	assert_true(fabs(c.bars[4].value - 24.0 / 20) < 1e-9);	/* btrfs's p99 over ext2's */
	fsb_chart_free(&c);
	/* the write amplification is the timed runs' */
	fsb_diskwork_amp(res, 1, &after);
	assert_true(after.written_kib == before.written_kib && after.factor == before.factor);
	assert_int_equal(fsb_report_disk_amp(res, NULL, &t), 0);
	assert_non_null(strstr(t.caption, "kept; the stall probe ran in a round of its own, not beside them)"));
	fsb_table_free(&t);
	legend = disk_legend(res);
	assert_non_null(strstr(legend, "fsbench's own).  Write amplification"));
	assert_non_null(strstr(legend, "The stall probe ran in a round of its own after the timed rounds: it never ran "
				       "beside a timed phase."));
	free(legend);

	/* the same saves in the runs, no stall runs, no mode: read as before */
	for (size_t i = 0; i < res->nfs; i++) {
		struct fsb_phase_result *ph = res->fs[i]->phases[0];

		for (size_t k = 0; k < ph->nruns; k++)
			stall_fields(&ph->runs[k], 20000 + 1000 * (double)i, i == 4 && k == 1 ? 1.8e6 : 30000);
		fsb_run_clear(&ph->stall_runs[0]);
		free(ph->stall_runs);
		ph->stall_runs = NULL;
		ph->nstall_runs = 0;
	}
	fsb_result_changed(res);	/* runs changed in place: the grid is built anew (result.h) */
	res->probe = -1;
	assert_true(fsb_diskwork_worst_stall(res, &w));
	assert_string_equal(w.fs->name, "btrfs");
	assert_int_equal(fsb_report_stalls(res, NULL, &t), 0);
	assert_non_null(strstr(t.caption, "the stall probe wrote 4 KiB"));
	assert_non_null(strstr(t.caption, "(mean±95% CI over the runs)"));
	assert_null(strstr(t.caption, "stall round"));
	fsb_table_free(&t);
	assert_int_equal(fsb_report_disk_amp(res, NULL, &t), 0);
	assert_non_null(strstr(t.caption, "(its processes' writes that were kept, and the stall probe's)"));
	fsb_table_free(&t);
	legend = disk_legend(res);
	assert_string_equal(legend, "The device's own counters (/proc/diskstats of the target's device — an image's "
			    "loop device, not the disk under it — read after the phase's sync) against what the "
			    "phase saved: what its processes sent towards storage and kept (/proc/PID/io write_bytes "
			    "less cancelled_write_bytes of the process tree; a built-in phase: fsbench's own), and "
			    "the stall probe's saves.  Write amplification = the device's writes / that: what a "
			    "flash disk wears for what was kept.");
	free(legend);
	/* recorded: beside says so; off has no saves to count */
	res->probe = FSB_PROBE_BESIDE;
	legend = disk_legend(res);
	assert_non_null(strstr(legend, "The stall probe ran beside the timed phases"));
	free(legend);
	res->probe = FSB_PROBE_OFF;
	legend = disk_legend(res);
	assert_non_null(strstr(legend, "fsbench's own).  Write amplification"));
	assert_non_null(strstr(legend, "The stall probe did not run."));
	free(legend);
	assert_string_equal(fsb_report_probe_words(res), "not run (the run was told to run without it)");
	fsb_result_free(res);
}

/* /proc/PID/io as the kernel writes it; a field missing or bad is refused. */
static void test_proc_io_parse(void **state)
{
	struct fsb_proc_io io;

	(void)state;
	assert_int_equal(fsb_proc_io_parse("rchar: 8399564\nwchar: 8388608\nsyscr: 26\nsyscw: 8\n"
					   "read_bytes: 94208\nwrite_bytes: 8400896\ncancelled_write_bytes: 4096\n",
					   &io), 0);
	assert_true(io.wchar == 8388608 && io.write_bytes == 8400896 && io.cancelled == 4096 && io.rchar == 8399564);
	assert_int_equal(fsb_proc_io_parse("rchar: 1\nwchar: 2\nread_bytes: 3\nwrite_bytes: 4\n", &io), -EINVAL);
	assert_int_equal(fsb_proc_io_parse("rchar: 1\nwchar: x\nread_bytes: 3\nwrite_bytes: 4\n"
					   "cancelled_write_bytes: 0\n", &io), -EINVAL);
}

/* /proc/diskstats: 20 columns since Linux 5.5 (discards 15-18, flushes 19-20),
 * 14 before 4.18 (neither). */
static void test_diskstats_line(void **state)
{
	struct fsb_diskstats d;

	(void)state;
	assert_int_equal(fsb_sysinfo_diskstats_line("   7       1 loop1 98481 8169 15485676 21685 108546 270370 "
						    "51892600 235009 0 26648 262173 273 0 404169382 1402 18515 4076",
						    "loop1", &d), 0);
	assert_true(d.write_sectors == 51892600 && d.io_ticks == 26648);
	assert_true(d.has_discard && d.discard_ios == 273 && d.discard_sectors == 404169382);
	assert_true(d.has_flush && d.flush_ios == 18515);
	assert_int_equal(fsb_sysinfo_diskstats_line("   7       1 loop1 1 2 3 4 5 6 7 8 9 10 11", "loop1", &d), 0);
	assert_false(d.has_discard || d.has_flush);
	assert_int_equal(fsb_sysinfo_diskstats_line("   7       1 loop10 1 2 3 4 5 6 7 8 9 10 11", "loop1", &d),
			 -ENOENT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_less_work_cloned),
		cmocka_unit_test(test_less_work_compressed),
		cmocka_unit_test(test_less_work_edges),
		cmocka_unit_test(test_less_work_marks),
		cmocka_unit_test(test_wamp),
		cmocka_unit_test(test_amp_total),
		cmocka_unit_test(test_clone),
		cmocka_unit_test(test_stalls),
		cmocka_unit_test(test_stalls_from_stall_round),
		cmocka_unit_test(test_proc_io_parse),
		cmocka_unit_test(test_diskstats_line),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
