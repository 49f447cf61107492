/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The refresh phase's steps (engine/refresh.h) without root: a directory
 * stands for the mount point, a remake of the test's own empties it as a
 * mkfs would.  The tree comes back the same, what lay beside it does not,
 * and no temporary copy stays, whatever the outcome. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/refresh.h"

#define SCRATCH_TEMPLATE "/tmp/fsbench-test-refresh.XXXXXX"
#include "scratchdir.h"
#include "dirents.h"
#include "skips.h"

/* the temporary directory: on another filesystem than the scratch one */
static char shm[] = "/dev/shm/fsbench-test-refresh.XXXXXX";
static bool have_shm;
static char *mnt;
static int remakes;
static int remake_rc;

static char *slurp(const char *rel)
{
	static char buf[256];
	char *p = fsb_xasprintf("%s/%s", mnt, rel);
	FILE *f = fopen(p, "r");
	size_t n = f ? fread(buf, 1, sizeof(buf) - 1, f) : 0;

	if (f)
		fclose(f);
	buf[n] = '\0';
	free(p);
	return f ? buf : NULL;
}

/* a mount point with an aged tree and a marker beside it */
static void make_aged(void)
{
	char *p;

	free(mnt);
	mnt = fsb_xasprintf("%s/mnt", dir);
	fsb_rm_rf(mnt);
	p = fsb_xasprintf("%s/age/tree/sub", mnt);
	assert_int_equal(fsb_mkdir_p(p, 0755), 0);
	free(p);
	write_in(mnt, "age/tree/one", "first file\n");
	write_in(mnt, "age/tree/sub/two", "second file\n");
	write_in(mnt, "marker", "outside the tree\n");
	p = fsb_xasprintf("%s/age/tree/link", mnt);
	assert_int_equal(symlink("sub/two", p), 0);
	free(p);
}

/* what mkfs + mount do to the mount point, as far as the tree goes */
static int fake_remake(void *arg, struct fsb_err *err)
{
	(void)arg;
	remakes++;
	if (remake_rc)
		return fsb_err_set(err, remake_rc, "mkfs said no");
	assert_int_equal(fsb_rm_rf(mnt), 0);
	return mkdir(mnt, 0755) ? -errno : 0;
}

/* the temporary copies the refresh left in where */
static size_t copies_left(const char *where)
{
	return dir_count(where, FSB_REFRESH_TMP_PREFIX);
}

/* The refresh of mnt with the temporary directory tmpdir and cancel: its
 * return, its record in run (the caller clears it). */
static int refresh(const char *tmpdir, const atomic_bool *cancel, struct fsb_run *run, struct fsb_err *err)
{
	struct fsb_refresh_ctl ctl = { .cancel = cancel, .tmpdir = tmpdir, .remake = fake_remake };

	fsb_run_init(run);
	return fsb_refresh_run(mnt, &ctl, run, err);
}

/* The same of a mount point aged afresh (make_aged), its mkfs failing
 * with remake_with (0: succeeding), no remake counted yet. */
static int refresh_aged(const char *tmpdir, const atomic_bool *cancel, int remake_with, struct fsb_run *run,
			struct fsb_err *err)
{
	make_aged();
	remakes = 0, remake_rc = remake_with;
	return refresh(tmpdir, cancel, run, err);
}

/* The cases that copy to /dev/shm are skipped where it is the scratch
 * directory's filesystem. */
static void need_shm(void)
{
	if (!have_shm)
		unit_skip("the refresh cases need /dev/shm on a filesystem of its own (a tmpfs) beside the scratch directory");
}

static void test_refresh_ok(void **state)
{
	struct fsb_run run;
	struct fsb_err err = { 0 };
	char link[64] = "";

	(void)state;
	need_shm();
	assert_int_equal(refresh_aged(shm, NULL, 0, &run, &err), 0);
	assert_int_equal(remakes, 1);
	assert_string_equal(slurp("age/tree/one"), "first file\n");
	assert_string_equal(slurp("age/tree/sub/two"), "second file\n");
	assert_null(slurp("marker"));
	{
		char *p = fsb_xasprintf("%s/age/tree/link", mnt);

		assert_true(readlink(p, link, sizeof(link) - 1) > 0);
		free(p);
	}
	assert_string_equal(link, "sub/two");
	assert_true(run.v[FSB_FIELD_real] >= 0);
	assert_true(run.v[FSB_FIELD_bytes] == 23);	/* "first file\n" + "second file\n" */
	assert_true(run.v[FSB_FIELD_ops] == 5);	/* tree, sub, one, two, link */
	assert_int_equal(copies_left(shm), 0);
	fsb_run_clear(&run);
}

static void test_refresh_fails_clean(void **state)
{
	struct fsb_run run;
	struct fsb_err err = { 0 };
	atomic_bool cancel;

	(void)state;
	need_shm();
	/* mkfs fails: one line, no copy left */
	assert_int_equal(refresh_aged(shm, NULL, -EIO, &run, &err), -EIO);
	assert_non_null(strstr(err.msg, "refresh: the filesystem could not be made afresh: mkfs said no"));
	assert_int_equal(copies_left(shm), 0);
	fsb_run_clear(&run);

	/* cancelled: nothing made again, no copy left */
	atomic_init(&cancel, true);
	assert_int_equal(refresh_aged(shm, &cancel, 0, &run, &err), -ECANCELED);
	assert_int_equal(remakes, 0);
	assert_string_equal(slurp("marker"), "outside the tree\n");
	assert_int_equal(copies_left(shm), 0);
	fsb_run_clear(&run);
}

static void test_refresh_refuses(void **state)
{
	struct fsb_run run;
	struct fsb_err err = { 0 };
	char *tree;

	(void)state;
	/* the temporary directory on the filesystem under test */
	assert_int_equal(refresh_aged(dir, NULL, 0, &run, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "is on the filesystem under test: set TMPDIR"));
	assert_int_equal(remakes, 0);
	assert_int_equal(copies_left(dir), 0);
	fsb_run_clear(&run);

	/* no aged tree */
	tree = fsb_xasprintf("%s/age", mnt);
	assert_int_equal(fsb_rm_rf(tree), 0);
	free(tree);
	assert_int_equal(refresh(have_shm ? shm : "/nonexistent-fsb", NULL, &run, &err), -ENOENT);
	assert_non_null(strstr(err.msg, "the age phase makes it"));
	assert_null(strchr(err.msg, '\n'));
	assert_int_equal(remakes, 0);
	fsb_run_clear(&run);
	assert_true(fsb_refresh_is_phase("refresh"));
	assert_false(fsb_refresh_is_phase("fresh-grep"));
	assert_false(fsb_refresh_is_phase(NULL));
}

static int setup(void **state)
{
	struct stat a, b;

	if (scratch_setup(state))
		return -1;
	have_shm = mkdtemp(shm) && stat(shm, &a) == 0 && stat(dir, &b) == 0 && a.st_dev != b.st_dev;
	return 0;
}

static int teardown(void **state)
{
	if (shm[strlen(shm) - 1] != 'X')
		fsb_rm_rf(shm);
	free(mnt);
	return scratch_teardown(state);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_refresh_ok),
		cmocka_unit_test(test_refresh_fails_clean),
		cmocka_unit_test(test_refresh_refuses),
	};

	return unit_skips_exit("test_refresh", cmocka_run_group_tests(tests, setup, teardown));
}
