/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The run's state file and the cleanup of dead runs (src/engine/leftovers.c),
 * without root: a state directory of our own, directories and files only —
 * what is live is left alone, a reused pid does not keep a dead run alive,
 * and only what matches the record is removed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "engine/leftovers.h"

static char dir[] = "/tmp/fsb-leftovers.XXXXXX";

static bool said(const struct fsb_strv *sv, const char *needle)
{
	for (size_t i = 0; i < sv->n; i++)
		if (strstr(sv->v[i], needle))
			return true;
	for (size_t i = 0; i < sv->n; i++)
		fprintf(stderr, "# said: %s\n", sv->v[i]);
	return false;
}

static int setup(void **state)
{
	(void)state;
	if (!mkdtemp(dir))
		return -1;
	setenv("FSBENCH_STATE_DIR", dir, 1);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	fsb_rm_rf(dir);
	return 0;
}

/* Create path with text (fsb_write_file only writes existing files). */
static int put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (!f)
		return -1;
	fputs(text, f);
	return fclose(f);
}

/* A pid that no process has now: a child that has exited and been reaped. */
static pid_t dead_pid(void)
{
	pid_t p = fork();

	if (p == 0)
		_exit(0);
	waitpid(p, NULL, 0);
	return p;
}

static void write_state(pid_t pid, const char *start, const char *body)
{
	char *path = fsb_xasprintf("%s/%d.state", dir, (int)pid);
	char *text = fsb_xasprintf("fsbench-state 1\npid %d\nstart %s\n%s", (int)pid, start, body);

	assert_int_equal(put(path, text), 0);
	free(text);
	free(path);
}

static void test_own_file_is_live(void **state)
{
	struct fsb_leftovers *l = NULL;
	struct fsb_strv sv = { 0 };
	char *path = fsb_xasprintf("%s/%d.state", dir, (int)getpid()), *text = NULL;

	(void)state;
	assert_int_equal(fsb_leftovers_open(&l, NULL), 0);
	assert_non_null(l);
	assert_int_equal(fsb_leftovers_note(l, "mnt", "/tmp/a b%c\td", NULL), 0);
	assert_int_equal(fsb_read_file(path, &text), 0);
	assert_non_null(strstr(text, "fsbench-state 1\n"));
	assert_non_null(strstr(text, "\nmnt /tmp/a%20b%25c%09d"));	/* read_file drops the last newline */
	/* our own, locked: never taken for dead */
	assert_int_equal(fsb_leftovers_cleanup(&sv, NULL, NULL), 0);
	assert_int_equal(sv.n, 0);
	assert_int_equal(access(path, F_OK), 0);
	fsb_leftovers_close(l, false);	/* not released: the file stays */
	assert_int_equal(access(path, F_OK), 0);
	unlink(path);
	assert_int_equal(fsb_leftovers_open(&l, NULL), 0);
	fsb_leftovers_close(l, true);
	assert_int_equal(access(path, F_OK), -1);
	free(text);
	free(path);
}

static void test_dead_run_cleaned(void **state)
{
	enum fsb_cleanup_status status;
	struct fsb_strv sv = { 0 };
	pid_t pid = dead_pid();
	char *work = fsb_xasprintf("%s/fsbench-work.abc", dir);
	char *plain = fsb_xasprintf("%s/mine", dir);
	char *img = fsb_xasprintf("%s/x.img", dir);
	char *body, *f;
	struct stat st;

	(void)state;
	assert_int_equal(mkdir(work, 0700), 0);
	f = fsb_xasprintf("%s/file", work);
	assert_int_equal(put(f, "x"), 0);
	assert_int_equal(mkdir(plain, 0700), 0);
	assert_int_equal(put(img, "image"), 0);
	assert_int_equal(stat(img, &st), 0);
	/* the image is recorded with another inode: not the one it made */
	body = fsb_xasprintf("work %s\nwork %s\nimage %s %llu %llu\n", work, plain, img,
			     (unsigned long long)st.st_dev, (unsigned long long)st.st_ino + 1);
	write_state(pid, "12345", body);
	assert_int_equal(fsb_leftovers_cleanup(&sv, &status, NULL), 1);
	assert_int_equal(status, FSB_CLEANUP_DONE);	/* what is left alone is no failure */
	assert_true(said(&sv, "removed work directory"));
	assert_true(said(&sv, "is no longer the image that run created"));
	assert_true(said(&sv, "removed its state file"));
	assert_int_equal(access(work, F_OK), -1);
	assert_int_equal(access(plain, F_OK), 0);	/* no fsbench prefix: not ours */
	assert_int_equal(access(img, F_OK), 0);
	fsb_strv_free(&sv);

	/* killed between creating it and recording its inode: only named */
	free(body);
	body = fsb_xasprintf("image-new %s\n", img);
	write_state(pid, "12345", body);
	assert_int_equal(fsb_leftovers_cleanup(&sv, NULL, NULL), 1);
	assert_true(said(&sv, "that run was creating it when it died"));
	assert_int_equal(access(img, F_OK), 0);
	fsb_strv_free(&sv);

	/* the same inode this time: removed */
	free(body);
	body = fsb_xasprintf("image %s %llu %llu\n", img, (unsigned long long)st.st_dev,
			     (unsigned long long)st.st_ino);
	write_state(pid, "12345", body);
	assert_int_equal(fsb_leftovers_cleanup(&sv, NULL, NULL), 1);
	assert_true(said(&sv, "removed image"));
	assert_int_equal(access(img, F_OK), -1);
	fsb_strv_free(&sv);
	free(body);
	free(f);
	free(work);
	free(plain);
	free(img);
}

/* What cannot be undone is said as "cannot …", and the status says so:
 * the front ends' exit status asks it, never the words. */
static void test_cleanup_incomplete(void **state)
{
	enum fsb_cleanup_status status = FSB_CLEANUP_DONE;
	struct fsb_strv sv = { 0 };
	char *mnt = fsb_xasprintf("%s/fsbench-mnt.full", dir), *f, *body;

	(void)state;
	assert_int_equal(mkdir(mnt, 0700), 0);
	f = fsb_xasprintf("%s/file", mnt);
	assert_int_equal(put(f, "x"), 0);	/* not empty: rmdir fails */
	body = fsb_xasprintf("mnt %s\n", mnt);
	write_state(dead_pid(), "12345", body);
	assert_int_equal(fsb_leftovers_cleanup(&sv, &status, NULL), 1);
	assert_int_equal(status, FSB_CLEANUP_INCOMPLETE);
	assert_true(said(&sv, "cannot remove mount point"));
	fsb_strv_free(&sv);
	unlink(f);
	rmdir(mnt);
	free(body);
	free(f);
	free(mnt);
}

/* A live process whose start time is not the recorded one: the pid was
 * reused, the run is dead.  With the right start time: alive, untouched. */
static void test_pid_reuse(void **state)
{
	struct fsb_strv sv = { 0 };
	pid_t parent = getppid();
	char *path = fsb_xasprintf("%s/%d.state", dir, (int)parent), *stat_path, *text = NULL, *s;
	int field = 2;

	(void)state;
	write_state(parent, "1", "");
	assert_int_equal(fsb_leftovers_cleanup(&sv, NULL, NULL), 1);
	assert_int_equal(access(path, F_OK), -1);
	fsb_strv_free(&sv);

	stat_path = fsb_xasprintf("/proc/%d/stat", (int)parent);
	assert_int_equal(fsb_read_file(stat_path, &text), 0);
	s = strrchr(text, ')');
	for (char *t = strtok(s + 1, " "); t; t = strtok(NULL, " "))
		if (++field == 22) {
			write_state(parent, t, "");
			break;
		}
	assert_int_equal(fsb_leftovers_cleanup(&sv, NULL, NULL), 0);
	assert_int_equal(access(path, F_OK), 0);
	unlink(path);
	free(stat_path);
	free(text);
	free(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_own_file_is_live),
		cmocka_unit_test(test_dead_run_cleaned),
		cmocka_unit_test(test_cleanup_incomplete),
		cmocka_unit_test(test_pid_reuse),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
