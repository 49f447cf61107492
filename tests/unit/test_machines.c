/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A comparison of machines (doc/machines.h) and a result's plan run again
 * (engine/like.h): each machine normalized to its own baseline, what the
 * headers record differently, and what makes a plan unrepeatable here.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "lines.h"
#include "shipped_config.h"
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doc/document.h"
#include "doc/machines.h"
#include "engine/like.h"
#include "model/config.h"
#include "sys/util.h"

/*
 * A machine's result of the plan ext2, ext4, xfs × tar, rm, 3 runs each:
 * every dead time `scale` seconds (the machine's speed), xfs's tar and rm
 * times their factor, ext4 exactly ext2's.
 */
static struct fsb_result *machine(const char *kernel, long ram, double scale, double xfs_tar, double xfs_rm)
{
	static const char *const fss[] = { "ext2", "ext4", "xfs" }, *const phs[] = { "tar", "rm" };
	struct fsb_result *r = fsb_result_new();

	r->tool = fsb_xstrdup("fsbench 0.1.0");
	r->profile = fsb_xstrdup("tiny");
	r->baseline = fsb_xstrdup("ext2");
	r->repeat = 3;
	r->host.hostname = fsb_xstrdup("vm");
	r->host.kernel = fsb_xstrdup(kernel);
	r->host.cpu = fsb_xstrdup("AMD EPYC");
	r->host.cores = 2;
	r->host.ram_mib = ram;
	fsb_strv_add(&r->host.versions, "tar (GNU tar) 1.34");
	r->target.kind = FSB_TARGET_IMAGE;
	r->target.size_mib = 2048;
	for (size_t j = 0; j < 2; j++)
		fsb_strv_add(&r->phase_order, phs[j]);
	for (size_t i = 0; i < 3; i++) {
		struct fsb_fs_result *f = fsb_result_add_fs(r, fss[i]);

		f->type = fsb_xstrdup(fss[i]);
		f->mkfs_version = fsb_xstrdup("mke2fs 1.47.0 (5-Feb-2023)");
		for (size_t j = 0; j < 2; j++) {
			struct fsb_phase_result *ph = fsb_fs_add_phase(f, phs[j]);
			double factor = i == 2 ? (j == 0 ? xfs_tar : xfs_rm) : 1.0;

			ph->kind = FSB_PHASE_COMMAND;
			for (int k = 0; k < 3; k++) {
				struct fsb_run run;

				fsb_run_init(&run);
				run.v[FSB_FIELD_user] = 0.05 * scale;
				run.v[FSB_FIELD_sys] = 0.05 * scale;
				run.v[FSB_FIELD_sync] = 0.01 * scale;
				run.v[FSB_FIELD_real] = run.v[FSB_FIELD_user] + scale * factor * (1 + 0.01 * k);
				fsb_phase_add_run(ph, &run);
				fsb_run_clear(&run);
			}
		}
	}
	return r;
}

static const struct fsb_block *find_text(const struct fsb_doc *d, enum fsb_block_role role, const char *text)
{
	for (size_t i = 0; i < d->n; i++)
		if (d->v[i].role == role && d->v[i].text && strcmp(d->v[i].text, text) == 0)
			return &d->v[i];
	return NULL;
}

/* The row of a phase and filesystem in the machines table. */
static size_t row_of(const struct fsb_table *t, const char *phase, const char *fs)
{
	for (size_t r = t->header_rows; r < t->nrows; r++)
		if (strcmp(fsb_table_cell(t, r, 0)->text, phase) == 0 && strcmp(fsb_table_cell(t, r, 1)->text, fs) == 0)
			return r;
	fail_msg("no row %s %s", phase, fs);
	return 0;
}

static size_t count_role(const struct fsb_doc *d, enum fsb_block_role role)
{
	size_t n = 0;

	for (size_t i = 0; i < d->n; i++)
		n += d->v[i].role == role;
	return n;
}

/* A machine ten times slower with the same order of filesystems: the same
 * ratios, "ahead" on both at rm; at tar xfs is ahead on one, behind on the
 * other: the machines disagree; ext4 is level everywhere. */
static void test_machines_doc(void **state)
{
	struct fsb_result *r[2] = { machine("Linux 6.1.0", 4096, 1.0, 0.8, 0.6),
				    machine("Linux 6.18.44", 24105, 10.0, 1.25, 0.5) };
	const char *labels[2] = { "a.fsbench", "b.fsbench" };
	struct fsb_doc_opts o = { .report = { .metric = FSB_METRIC_DEAD } };
	const struct fsb_block *kv, *tb;
	const struct fsb_kv *e;
	struct fsb_doc doc;
	size_t row;

	(void)state;
	assert_true(fsb_doc_same_plan(r, 2));
	assert_int_equal(fsb_doc_compare(r, labels, 2, &o, &doc), 0);
	assert_non_null(find_text(&doc, FSB_ROLE_SECTION, "Comparing machines"));

	kv = fsb_doc_find(&doc, FSB_ROLE_MACHINES);
	assert_non_null(kv);
	e = fsb_block_kv(kv, "Kernel");
	assert_non_null(e);
	assert_int_equal(e->values.n, 2);
	assert_string_equal(e->values.v[0], "a.fsbench: Linux 6.1.0");
	assert_string_equal(e->values.v[1], "b.fsbench: Linux 6.18.44");
	e = fsb_block_kv(kv, "Memory");
	assert_non_null(e);
	assert_string_equal(e->values.v[1], "b.fsbench: 24105 MiB");
	/* what both record alike is not listed */
	assert_null(fsb_block_kv(kv, "Host"));
	assert_null(fsb_block_kv(kv, "CPU"));
	assert_null(fsb_block_kv(kv, "Program versions"));

	tb = fsb_doc_find(&doc, FSB_ROLE_MACHINES_RATIOS);
	assert_non_null(tb);
	assert_int_equal(tb->table.ncols, 5);
	/* 3 phases (tar, rm, total) × the 2 filesystems beside the baseline */
	assert_int_equal(tb->table.nrows, 1 + 3 * 2);
	row = row_of(&tb->table, "rm", "xfs");
	/* normalized within each machine: B's seconds are ten times A's */
	assert_float_equal(fsb_table_cell(&tb->table, row, 2)->value, 0.6, 0.01);
	assert_float_equal(fsb_table_cell(&tb->table, row, 3)->value, 0.5, 0.01);
	assert_true(fsb_table_cell(&tb->table, row, 2)->flags & FSB_CELL_SIGNIFICANT);
	assert_true(fsb_table_cell(&tb->table, row, 3)->flags & FSB_CELL_SIGNIFICANT);
	assert_string_equal(fsb_table_cell(&tb->table, row, 4)->text, "ahead");
	row = row_of(&tb->table, "tar", "xfs");
	assert_string_equal(fsb_table_cell(&tb->table, row, 4)->text, "disagree");
	row = row_of(&tb->table, "rm", "ext4");
	assert_float_equal(fsb_table_cell(&tb->table, row, 2)->value, 1.0, 1e-9);
	assert_string_equal(fsb_table_cell(&tb->table, row, 4)->text, "level");

	assert_non_null(find_text(&doc, FSB_ROLE_MACHINES_AGREE,
				  "On both machines xfs is ahead of ext2 at rm (0.60* and 0.50*)."));
	assert_non_null(find_text(&doc, FSB_ROLE_MACHINES_AGREE,
				  "At tar the machines disagree about xfs against ext2: ahead on a.fsbench (0.80*), "
				  "behind on b.fsbench (1.25*)."));
	/* nothing said of ext4, level on both */
	for (size_t i = 0; i < doc.n; i++)
		if (doc.v[i].role == FSB_ROLE_MACHINES_AGREE)
			assert_null(strstr(doc.v[i].text, "ext4"));
	fsb_doc_free(&doc);
	fsb_result_free(r[0]);
	fsb_result_free(r[1]);
}

/* The same machine twice: no fact differs, and the document says so. */
static void test_machines_same_host(void **state)
{
	struct fsb_result *r[2] = { machine("Linux 6.1.0", 4096, 1.0, 1.0, 0.6),
				    machine("Linux 6.1.0", 4096, 1.0, 1.0, 0.6) };
	const char *labels[2] = { "a", "b" };
	struct fsb_doc_opts o = { .report = { .metric = FSB_METRIC_DEAD } };
	const struct fsb_kv *e;
	struct fsb_doc doc;

	(void)state;
	assert_int_equal(fsb_doc_compare(r, labels, 2, &o, &doc), 0);
	e = fsb_block_kv(fsb_doc_find(&doc, FSB_ROLE_MACHINES), "Differences");
	assert_non_null(e);
	assert_non_null(strstr(e->values.v[0], "none recorded"));
	assert_int_equal(fsb_doc_find(&doc, FSB_ROLE_MACHINES)->nkv, 1);
	fsb_doc_free(&doc);
	fsb_result_free(r[0]);
	fsb_result_free(r[1]);
}

/* Other plans (another filesystem, another profile, an imported result):
 * the plain comparison only, no machines. */
static void test_machines_other_plan(void **state)
{
	struct fsb_result *r[2] = { machine("Linux 6.1.0", 4096, 1.0, 1.0, 0.6),
				    machine("Linux 6.18", 4096, 1.0, 1.0, 0.6) };
	const char *labels[2] = { "a", "b" };
	struct fsb_doc_opts o = { .report = { .metric = FSB_METRIC_DEAD } };
	struct fsb_doc doc;

	(void)state;
	free(r[1]->profile);
	r[1]->profile = fsb_xstrdup("quick");
	assert_false(fsb_doc_same_plan(r, 2));
	assert_int_equal(fsb_doc_compare(r, labels, 2, &o, &doc), 0);
	assert_non_null(fsb_doc_find(&doc, FSB_ROLE_COMPARE));
	assert_int_equal(count_role(&doc, FSB_ROLE_MACHINES) + count_role(&doc, FSB_ROLE_MACHINES_RATIOS) +
			 count_role(&doc, FSB_ROLE_MACHINES_AGREE), 0);
	fsb_doc_free(&doc);

	free(r[1]->profile);
	r[1]->profile = fsb_xstrdup("tiny");
	assert_true(fsb_doc_same_plan(r, 2));
	fsb_result_add_fs(r[1], "btrfs");
	assert_false(fsb_doc_same_plan(r, 2));
	fsb_result_free(r[1]);
	r[1] = machine("Linux 6.18", 4096, 1.0, 1.0, 0.6);
	r[1]->source_tool = fsb_xstrdup("bonnie++");
	assert_false(fsb_doc_same_plan(r, 2));
	fsb_result_free(r[0]);
	fsb_result_free(r[1]);
}

/* ---- the plan of a result (engine/like.h) ---------------------------------- */



/* tmpfs × tar as this machine's config runs them, profile tiny: needs no
 * mkfs tool, and tmpfs is in every kernel. */
static struct fsb_result *tmpfs_result(void)
{
	struct fsb_result *r = fsb_result_new();
	struct fsb_fs_result *f;
	struct fsb_phase_result *ph;

	r->tool = fsb_xstrdup("fsbench 0.1.0");
	r->profile = fsb_xstrdup("tiny");
	r->workload = fsb_xstrdup("generated source tree, seed 1, 300 files");
	r->baseline = fsb_xstrdup("tmpfs");
	r->repeat = 3;
	r->order = fsb_xstrdup("sequential");
	r->order_seed = 42;
	r->command = fsb_xstrdup("fsbench run --image /var/tmp/x.img --fs tmpfs --phases tar --no-reformat -j 2");
	r->target.kind = FSB_TARGET_IMAGE;
	r->target.size_mib = 1024;
	fsb_strv_add(&r->phase_order, "tar");
	f = fsb_result_add_fs(r, "tmpfs");
	f->type = fsb_xstrdup("tmpfs");
	f->mount_options = fsb_xstrdup("size=1073741824");
	ph = fsb_fs_add_phase(f, "tar");
	ph->kind = FSB_PHASE_COMMAND;
	ph->command = fsb_xstrdup(fsb_config_phase(cfg, "tar")->command);
	return r;
}

static void test_like_plan(void **state)
{
	struct fsb_strv missing = { 0 }, notes = { 0 };
	struct fsb_result *r = tmpfs_result();
	struct fsb_plan p;

	(void)state;
	fsb_plan_init(&p, cfg);
	assert_int_equal(fsb_plan_like(&p, r, &missing, &notes), 0);
	assert_int_equal(missing.n, 0);
	assert_string_equal(p.profile, "tiny");
	assert_int_equal(p.fs.n, 1);
	assert_string_equal(p.fs.v[0], "tmpfs");
	assert_int_equal(p.phases.n, 1);
	assert_string_equal(p.phases.v[0], "tar");
	assert_int_equal(p.repeat, 3);
	assert_false(p.settle);
	assert_int_equal(p.order, FSB_ORDER_SEQUENTIAL);
	assert_true(p.seed_set);
	assert_int_equal(p.seed, 42);
	assert_string_equal(p.baseline, "tmpfs");
	assert_false(p.reformat_between);
	assert_int_equal(p.jobs, 2);
	assert_int_equal(p.image_size, 1024ULL << 20);
	fsb_plan_clear(&p);
	fsb_strv_free(&notes);

	/* a --repeat 2 run in rounds: the engine records the rounds that ran,
	 * no budget; it is repeated twice, not settled */
	free(r->order);
	r->order = fsb_xstrdup("rounds");
	r->repeat = 2;
	r->rounds = 2;
	fsb_plan_init(&p, cfg);
	assert_int_equal(fsb_plan_like(&p, r, &missing, &notes), 0);
	assert_false(p.settle);
	assert_int_equal(p.repeat, 2);
	assert_int_equal(p.order, FSB_ORDER_ROUNDS);
	fsb_plan_clear(&p);
	fsb_strv_free(&notes);
	/* …and stopped by the user after its first round */
	r->rounds = 1;
	r->ended = FSB_ENDED_STOPPED;
	fsb_plan_init(&p, cfg);
	assert_int_equal(fsb_plan_like(&p, r, &missing, &notes), 0);
	assert_false(p.settle);
	assert_int_equal(p.repeat, 2);
	fsb_plan_clear(&p);
	fsb_strv_free(&notes);

	/* rounds and a budget: settle mode */
	r->rounds = 4;
	r->budget_s = 600;
	fsb_plan_init(&p, cfg);
	assert_int_equal(fsb_plan_like(&p, r, &missing, &notes), 0);
	assert_true(p.settle);
	assert_float_equal(p.budget, 600, 1e-9);
	fsb_plan_clear(&p);
	fsb_strv_free(&notes);
	/* settled, the budget not recorded */
	r->budget_s = 0;
	r->ended = FSB_ENDED_SETTLED;
	fsb_plan_init(&p, cfg);
	assert_int_equal(fsb_plan_like(&p, r, &missing, &notes), 0);
	assert_true(p.settle);
	fsb_plan_clear(&p);
	fsb_strv_free(&notes);

	/* how the stall probe ran: the result's mode; a file without it and
	 * without any counter: this machine's default (the stall round) */
	for (int m = -1; m < FSB_PROBE_MODE_COUNT; m++) {
		r->probe = m;
		fsb_plan_init(&p, cfg);
		assert_int_equal(fsb_plan_like(&p, r, &missing, &notes), 0);
		assert_int_equal(p.probe, m < 0 ? FSB_PROBE_ROUND : m);
		fsb_plan_clear(&p);
		fsb_strv_free(&notes);
	}
	/* an older file: beside where its runs hold the probe's saves */
	r->probe = -1;
	{
		struct fsb_run run;

		fsb_run_init(&run);
		run.v[FSB_FIELD_stall_max_us] = 2000;
		run.v[FSB_FIELD_disk_written_kib] = 100;
		fsb_phase_add_run(r->fs[0]->phases[0], &run);
	}
	fsb_plan_init(&p, cfg);
	assert_int_equal(fsb_plan_like(&p, r, &missing, &notes), 0);
	assert_int_equal(p.probe, FSB_PROBE_BESIDE);
	fsb_plan_clear(&p);
	fsb_strv_free(&notes);
	fsb_result_free(r);
}

/* What this machine cannot repeat: one line each. */
static void test_like_unrepeatable(void **state)
{
	struct fsb_strv missing = { 0 }, notes = { 0 };
	struct fsb_result *r = tmpfs_result();
	struct fsb_phase_result *ph;
	struct fsb_plan p;

	(void)state;
	fsb_result_add_fs(r, "reiser4")->type = fsb_xstrdup("reiser4");
	fsb_strv_add(&r->phase_order, "nap");
	free(r->workload);
	r->workload = fsb_xstrdup("generated source tree, seed 1, 99 files");
	ph = fsb_fs_find_phase(r->fs[0], "tar");
	free(ph->command);
	ph->command = fsb_xstrdup("rm -rf /");
	fsb_plan_init(&p, cfg);
	assert_int_equal(fsb_plan_like(&p, r, &missing, &notes), -ENOENT);
	assert_true(has_line(&missing, "reiser4: no filesystem of that name is defined here"));
	assert_true(has_line(&missing, "phase nap: not defined here"));
	assert_true(has_line(&missing, "the result's made generated source tree, seed 1, 99 files"));
	assert_true(has_line(&missing, "phase tar: here it runs 'tar -xf ${src}', the result's ran 'rm -rf /'"));
	assert_int_equal(missing.n, 4);
	fsb_plan_clear(&p);
	fsb_strv_free(&missing);
	fsb_strv_free(&notes);

	/* another mount option: the flavour differs */
	fsb_result_free(r);
	r = tmpfs_result();
	free(r->fs[0]->mount_options);
	r->fs[0]->mount_options = fsb_xstrdup("size=1G,huge=always");
	fsb_plan_init(&p, cfg);
	assert_int_equal(fsb_plan_like(&p, r, &missing, &notes), -ENOENT);
	assert_true(has_line(&missing, "tmpfs: mount options here are 'size=${size}'"));
	fsb_plan_clear(&p);
	fsb_strv_free(&missing);
	fsb_strv_free(&notes);

	/* an imported result was never a plan */
	r->source_tool = fsb_xstrdup("bonnie++");
	fsb_plan_init(&p, cfg);
	assert_int_equal(fsb_plan_like(&p, r, &missing, &notes), -ENOENT);
	assert_true(has_line(&missing, "measured by bonnie++"));
	fsb_plan_clear(&p);
	fsb_strv_free(&missing);
	fsb_strv_free(&notes);
	fsb_result_free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_machines_doc),
		cmocka_unit_test(test_machines_same_host),
		cmocka_unit_test(test_machines_other_plan),
		cmocka_unit_test_setup_teardown(test_like_plan, shipped_setup, shipped_teardown),
		cmocka_unit_test_setup_teardown(test_like_unrepeatable, shipped_setup, shipped_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
