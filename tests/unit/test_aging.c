/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The aging workload (engine/aging.h): the generator is deterministic from
 * the seed and sized as specified, the parameters are checked, the profile
 * keys are parsed and refused with file:line, and the phases do on disk
 * what the generator says (with a fill target below what the scratch
 * filesystem already uses, so the test writes only the tree). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#define TMPSTATE_NAME "fsb-aging"
#include "tmpstate.h"

#include "expect_config.h"
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/aging.h"
#include "model/config.h"
#include "sys/rng.h"
#include "sys/util.h"

static const struct fsb_age_params base = {
	.seed = 42, .fill = 0.8, .commits = 50, .tree_files = 500, .append_files = 4, .seconds = 0,
};

static void hash_add(uint64_t *h, const void *p, size_t n)
{
	const unsigned char *s = p;

	while (n--)
		*h = (*h ^ *s++) * 0x100000001b3ULL;
}

/* FNV-1a over the tree (paths and sizes) and `commits` commits' operations. */
static uint64_t gen_hash(const struct fsb_age_params *p, long commits)
{
	struct fsb_age_gen *g;
	uint64_t h = 0xcbf29ce484222325ULL;
	char path[4096];

	assert_int_equal(fsb_age_gen_new(p, &g), 0);
	for (long s = 0; s < fsb_age_gen_slots(g); s++) {
		long dir, id;
		unsigned long long size;

		assert_true(fsb_age_gen_file(g, s, &dir, &id, &size));
		assert_true(fsb_age_gen_file_path(g, dir, id, path, sizeof(path)));
		hash_add(&h, path, strlen(path));
		hash_add(&h, &size, sizeof(size));
	}
	for (long c = 0; c < commits; c++) {
		const struct fsb_age_op *ops;
		size_t n;

		assert_int_equal(fsb_age_gen_commit(g, &ops, &n), 0);
		for (size_t i = 0; i < n; i++) {
			long v[] = { ops[i].kind, ops[i].file, ops[i].from_dir, ops[i].from_id, ops[i].dir, ops[i].id };
			unsigned long long w[] = { ops[i].off, ops[i].len, ops[i].size };

			hash_add(&h, v, sizeof(v));
			hash_add(&h, w, sizeof(w));
		}
	}
	fsb_age_gen_free(g);
	return h;
}

static void test_same_seed_same_work(void **state)
{
	struct fsb_age_params p = base, q = base;

	(void)state;
	assert_true(gen_hash(&p, 200) == gen_hash(&q, 200));
	q.seed = 43;
	assert_true(gen_hash(&p, 0) != gen_hash(&q, 0));
	assert_true(gen_hash(&p, 200) != gen_hash(&q, 200));
	/* the commits of one seed do not depend on how many are asked for */
	q = base;
	q.commits = 7;
	assert_true(gen_hash(&p, 30) == gen_hash(&q, 30));
	/* nor does the tree on the other parameters */
	q.fill = 0.3;
	q.append_files = 99;
	q.seconds = 5;
	assert_true(gen_hash(&p, 0) == gen_hash(&q, 0));
}

/* The tree: exactly tree_files files, a dozen a directory, every parent
 * before its child; the commits: what the model says afterwards. */
static void test_tree_and_commits(void **state)
{
	struct fsb_age_gen *g;
	char path[4096];
	long creates = 0, deletes = 0, renames = 0, modifies = 0, last_id = -1;

	(void)state;
	assert_int_equal(fsb_age_gen_new(&base, &g), 0);
	assert_int_equal(fsb_age_gen_slots(g), 500);
	assert_int_equal(fsb_age_gen_live(g), 500);
	assert_int_equal(fsb_age_gen_ndirs(g), 1 + 500 / 12);
	assert_true(fsb_age_gen_dir_path(g, 0, path, sizeof(path)));
	assert_string_equal(path, "");
	for (long d = 1; d < fsb_age_gen_ndirs(g); d++) {
		assert_true(fsb_age_gen_dir_path(g, d, path, sizeof(path)));
		assert_true(strlen(path) >= 6);
		assert_non_null(strstr(path, "d"));
	}
	assert_false(fsb_age_gen_dir_path(g, 3, path, 3));	/* does not fit */
	for (long c = 0; c < 2000; c++) {
		const struct fsb_age_op *ops;
		size_t n;

		assert_int_equal(fsb_age_gen_commit(g, &ops, &n), 0);
		assert_true(n >= 1);
		for (size_t i = 0; i < n; i++) {
			const struct fsb_age_op *op = &ops[i];
			bool live = fsb_age_gen_file(g, op->file, NULL, NULL, NULL);

			switch (op->kind) {
			case FSB_AGE_MODIFY:
				modifies++;
				assert_true(op->off + op->len <= op->size || op->len == 0);
				assert_true(op->dir == op->from_dir && op->id == op->from_id);
				break;
			case FSB_AGE_CREATE:
				creates++;
				assert_true(op->id > last_id);	/* new names only */
				last_id = op->id;
				assert_true(op->size >= 512 && op->size < (1 << 20));
				break;
			case FSB_AGE_RENAME:
				renames++;
				assert_true(op->dir != op->from_dir);	/* across directories */
				assert_true(op->id == op->from_id);
				break;
			case FSB_AGE_DELETE:
				deletes++;
				assert_false(live);	/* gone from the model at once */
				break;
			}
		}
		assert_true(fsb_age_gen_live(g) >= FSB_AGE_MIN_TREE / 2);
	}
	assert_true(modifies > 2000);
	assert_true(creates > 500 && deletes > 200 && renames > 500);
	assert_true(creates >= deletes);	/* trees grow */
	assert_int_equal(fsb_age_gen_live(g), 500 + creates - deletes);
	assert_int_equal(fsb_age_gen_slots(g), 500 + creates);
	assert_false(fsb_age_gen_file(g, -1, NULL, NULL, NULL));
	assert_false(fsb_age_gen_file(g, fsb_age_gen_slots(g), NULL, NULL, NULL));
	fsb_age_gen_free(g);
}

/* The size mixes as aging.h and aging_gen.c say them. */
static void test_size_mixes(void **state)
{
	struct fsb_rng r;
	long n = 200000, small = 0, fill_small = 0;
	double bytes = 0, big_bytes = 0;

	(void)state;
	fsb_rng_init(&r, 7);
	for (long i = 0; i < n; i++) {
		unsigned long long s = fsb_age_tree_size(&r);

		assert_true(s >= 512 && s < (1ULL << 20));
		small += s < 16384;
	}
	/* 30% + 40% under 16 KiB */
	assert_true(fabs((double)small / (double)n - 0.70) < 0.01);
	for (long i = 0; i < n; i++) {
		unsigned long long s = fsb_age_fill_size(&r);

		assert_true(s >= 512 && s < (32ULL << 20));
		fill_small += s < 65536;
		bytes += (double)s;
		if (s >= (4ULL << 20))
			big_bytes += (double)s;
	}
	assert_true(fabs((double)fill_small / (double)n - 0.65) < 0.01);
	/* most of the bytes in the few large files, a mean under 1 MiB */
	assert_true(big_bytes / bytes > 0.6 && big_bytes / bytes < 0.8);
	assert_true(bytes / (double)n > 0.5 * 1048576 && bytes / (double)n < 1048576);
	for (long i = 0; i < 10000; i++) {
		unsigned long long s = fsb_age_append_size(&r);

		assert_true(s >= 1024 && s <= 8192);
	}
}

static void expect_bad(struct fsb_age_params p, const char *needle)
{
	struct fsb_err err = { 0 };
	struct fsb_age_gen *g = NULL;

	assert_int_equal(fsb_age_params_check(&p, &err), -EINVAL);
	if (!strstr(err.msg, needle))
		fail_msg("\"%s\" does not name %s", err.msg, needle);
	assert_int_equal(fsb_age_gen_new(&p, &g), -EINVAL);
	assert_null(g);
}

static void test_params(void **state)
{
	struct fsb_age_params p = base;

	(void)state;
	assert_int_equal(fsb_age_params_check(&base, NULL), 0);
	p.fill = 0;
	expect_bad(p, "age_fill");
	p.fill = 0.95;
	expect_bad(p, "age_fill");
	p.fill = NAN;
	expect_bad(p, "age_fill");
	p = base;
	p.tree_files = 19;
	expect_bad(p, "age_tree_files");
	p = base;
	p.commits = -1;
	expect_bad(p, "age_commits");
	p = base;
	p.append_files = -1;
	expect_bad(p, "age_append_files");
	p = base;
	p.seconds = -1;
	expect_bad(p, "age_seconds");
	p.seconds = INFINITY;
	expect_bad(p, "age_seconds");

	assert_true(fsb_age_is_phase("age"));
	assert_true(fsb_age_is_phase("aged-grep") && fsb_age_is_phase("aged-stat"));
	assert_true(fsb_age_is_phase("fresh-grep") && fsb_age_is_phase("fresh-stat"));
	assert_false(fsb_age_is_phase("refresh"));	/* the engine's */
	assert_false(fsb_age_is_phase("seeks"));
	assert_false(fsb_age_is_phase(NULL));
}

/* The profile keys: parsed, defaulted, refused with the file's line; the
 * shipped profiles are all usable and tiny and quick sized as promised. */
static void test_profile_keys(void **state)
{
	struct fsb_config *cfg = NULL;
	struct fsb_err err = { 0 };
	struct fsb_age_params p;
	const struct fsb_size_profile *prof;
	char *path = fsb_xasprintf("%s/data/fsbench.conf", FSB_ABS_SRCDIR);

	(void)state;
	assert_int_equal(fsb_config_load_buf(MINIMAL "profile \"a\" { age_fill = 0.6 age_commits = 9\n"
					     "  age_tree_files = 77 age_append_files = 3 age_seconds = 12.5 }\n",
					     "test.conf", &cfg, &err), 0);
	assert_int_equal(fsb_age_params_from_profile(fsb_config_profile(cfg, "a"), 5, &p), 0);
	assert_true(p.seed == 5 && p.fill == 0.6 && p.commits == 9 && p.tree_files == 77 &&
		    p.append_files == 3 && p.seconds == 12.5);
	/* unset: the defaults */
	assert_int_equal(fsb_age_params_from_profile(fsb_config_profile(cfg, "tiny"), 5, &p), 0);
	assert_true(p.fill == 0.8 && p.commits == 200 && p.tree_files == 2000 && p.append_files == 8 &&
		    p.seconds == 300);
	fsb_config_free(cfg);

	static const struct config_case bad[] = {
		{ MINIMAL "profile \"a\" { age_fill = 0.95 }\n", "test.conf:5:" },
		{ MINIMAL "profile \"a\" { age_fill = 0.95 }\n", "age_fill" },
		{ MINIMAL "profile \"a\" { age_fill = 0 }\n", "test.conf:5:" },
		{ MINIMAL "profile \"a\" { age_commits = -1 }\n", "test.conf:5:" },
		{ MINIMAL "profile \"a\" { age_commits = -1 }\n", "must not be negative" },
		{ MINIMAL "profile \"a\" { age_seconds = -2 }\n", "test.conf:5:" },
		{ MINIMAL "profile \"a\" { age_append_files = \"x\" }\n", "test.conf:5:" },
		{ MINIMAL "profile \"a\" { age_append_files = 10001 }\n", "test.conf:5: profile \"a\": age_append_files" },
		{ MINIMAL "\nprofile \"a\" { age_tree_files = 19 }\n",
		  "test.conf:6: profile \"a\": age_tree_files = 19 must be from 20 to 2000000" },
	};
	expect_config_errors(bad, FSB_ARRAY_SIZE(bad));

	assert_int_equal(fsb_config_load(path, &cfg, &err), 0);
	for (size_t i = 0; i < cfg->nprofiles; i++)
		assert_int_equal(fsb_age_params_from_profile(cfg->profiles[i], 1, &p), 0);
	prof = fsb_config_profile(cfg, "quick");
	assert_true(prof->age_seconds > 0 && prof->age_seconds <= 300);
	prof = fsb_config_profile(cfg, "tiny");
	assert_true(prof->age_seconds > 0 && prof->age_tree_files <= 1000 && prof->age_commits <= 100);
	for (const char *const *n = (const char *const[]){ "age", "aged-grep", "aged-stat", "refresh",
							   "fresh-grep", "fresh-stat", NULL }; *n; n++) {
		const struct fsb_phase_def *d = fsb_config_phase(cfg, *n);

		assert_non_null(d);
		assert_string_equal(d->group, "aging");
		assert_int_equal(d->kind, FSB_PHASE_BUILTIN);
		assert_int_equal(d->drop_caches, strstr(*n, "-grep") || strstr(*n, "-stat") ? 1 : -1);
	}
	fsb_config_free(cfg);
	free(path);
}


static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* "path size" of every regular file below top/rel, into *v. */
static void list_disk(const char *top, const char *rel, struct fsb_strv *v)
{
	char *dpath = fsb_xasprintf("%s%s%s", top, *rel ? "/" : "", rel);
	DIR *d = opendir(dpath);
	struct dirent *de;

	assert_non_null(d);
	while ((de = readdir(d))) {
		char *r;
		struct stat st;
		char *full;

		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		r = fsb_xasprintf("%s%s%s", rel, *rel ? "/" : "", de->d_name);
		full = fsb_xasprintf("%s/%s", top, r);
		assert_int_equal(lstat(full, &st), 0);
		if (S_ISDIR(st.st_mode))
			list_disk(top, r, v);
		else
			fsb_strv_addf(v, "%s %lld", r, (long long)st.st_size);
		free(full);
		free(r);
	}
	closedir(d);
	free(dpath);
}

static void list_model(const struct fsb_age_params *p, long commits, struct fsb_strv *v)
{
	struct fsb_age_gen *g;
	char path[4096];

	assert_int_equal(fsb_age_gen_new(p, &g), 0);
	for (long c = 0; c < commits; c++) {
		const struct fsb_age_op *ops;
		size_t n;

		assert_int_equal(fsb_age_gen_commit(g, &ops, &n), 0);
	}
	for (long s = 0; s < fsb_age_gen_slots(g); s++) {
		long dir, id;
		unsigned long long size;

		if (!fsb_age_gen_file(g, s, &dir, &id, &size))
			continue;
		assert_true(fsb_age_gen_file_path(g, dir, id, path, sizeof(path)));
		fsb_strv_addf(v, "%s %llu", path, size);
	}
	fsb_age_gen_free(g);
}

static void test_phases_on_disk(void **state)
{
	const char *dir = *state;
	struct fsb_age_params p = { .seed = 9, .fill = 0.0005, .commits = 40, .tree_files = 60,
				    .append_files = 2, .seconds = 0 };
	struct fsb_run run;
	struct fsb_err err = { 0 };
	struct fsb_strv disk = { 0 }, model = { 0 };
	char *tree = fsb_xasprintf("%s/age/tree", dir);
	atomic_bool cancel = true;
	struct fsb_synth_ctl ctl = { .cancel = &cancel };

	for (size_t i = 0; i < FSB_FIELD_COUNT; i++)
		run.v[i] = NAN;
	/* no tree yet: the reads say to age first */
	assert_int_equal(fsb_age_run("aged-grep", dir, &p, NULL, &run, &err), -ENOENT);
	assert_non_null(strstr(err.msg, "run the age phase first"));

	assert_int_equal(fsb_age_run("age", dir, &p, NULL, &run, &err), 0);
	assert_true(run.v[FSB_FIELD_ops] == 40);
	assert_true(run.v[FSB_FIELD_capped] == 0 && run.v[FSB_FIELD_enospc] == 0);
	assert_true(run.v[FSB_FIELD_fullness] > 0 && run.v[FSB_FIELD_fullness] < 1);
	assert_true(run.v[FSB_FIELD_bytes] > 0 && run.v[FSB_FIELD_real] > 0);
	assert_true(run.v[FSB_FIELD_seed] == 9);
	/* the disk holds what the generator says, no temporary file left */
	list_disk(tree, "", &disk);
	list_model(&p, 40, &model);
	qsort(disk.v, disk.n, sizeof(*disk.v), cmp_str);
	qsort(model.v, model.n, sizeof(*model.v), cmp_str);
	assert_int_equal(disk.n, model.n);
	for (size_t i = 0; i < disk.n; i++)
		assert_string_equal(disk.v[i], model.v[i]);

	assert_int_equal(fsb_age_run("aged-grep", dir, &p, NULL, &run, &err), 0);
	assert_true(run.v[FSB_FIELD_ops] == (double)model.n);
	assert_int_equal(fsb_age_run("fresh-stat", dir, NULL, NULL, &run, &err), 0);
	assert_true(run.v[FSB_FIELD_ops] > (double)model.n);	/* the directories too */
	/* cancelled: stopped, nothing recorded */
	run.v[FSB_FIELD_ops] = -1;
	assert_int_equal(fsb_age_run("aged-stat", dir, NULL, &ctl, &run, &err), -ECANCELED);
	assert_int_equal(fsb_age_run("age", dir, &p, &ctl, &run, &err), -ECANCELED);
	assert_true(run.v[FSB_FIELD_ops] == -1);
	assert_int_equal(fsb_age_run("refresh", dir, &p, NULL, &run, &err), -ENOENT);
	fsb_strv_free(&disk);
	fsb_strv_free(&model);
	free(tree);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_same_seed_same_work),
		cmocka_unit_test(test_tree_and_commits),
		cmocka_unit_test(test_size_mixes),
		cmocka_unit_test(test_params),
		cmocka_unit_test(test_profile_keys),
		cmocka_unit_test_setup_teardown(test_phases_on_disk, tmpstate_setup, tmpstate_teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
