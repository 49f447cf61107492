/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tests/unit/scratchdir.h — a cmocka group's scratch directory.  Define
 * SCRATCH_TEMPLATE ("/tmp/fsbench-test-NAME.XXXXXX") before including it
 * (after cmocka.h): the group's setup makes the directory, dir, and its
 * teardown removes it with everything the tests left in it; expect_bad()
 * checks that a result file there is refused with the right words,
 * scratch_write() puts a file there (write_in() in another directory).
 */
#ifndef FSB_TEST_SCRATCHDIR_H
#define FSB_TEST_SCRATCHDIR_H

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "model/result.h"
#include "sys/util.h"

static char dir[] = SCRATCH_TEMPLATE;

static inline int scratch_setup(void **state)
{
	(void)state;
	return mkdtemp(dir) ? 0 : -1;
}

static inline int scratch_teardown(void **state)
{
	(void)state;
	return fsb_rm_rf(dir);
}

/* Write text to the file name (a relative path) in the directory d. */
static inline void write_in(const char *d, const char *name, const char *text)
{
	char *path = fsb_xasprintf("%s/%s", d, name);
	FILE *fp = fopen(path, "w");

	assert_non_null(fp);
	fputs(text, fp);
	fclose(fp);
	free(path);
}

/* Write text to the file name in the scratch directory. */
static inline void scratch_write(const char *name, const char *text)
{
	write_in(dir, name, text);
}

/* A result file with text is refused (-EINVAL, no result) with an error
 * that names where and says what. */
static inline void expect_bad(const char *text, const char *where, const char *what)
{
	char *path = fsb_xasprintf("%s/bad.fsbench", dir);
	struct fsb_result *r = NULL;
	struct fsb_err err = { 0 };

	scratch_write("bad.fsbench", text);
	assert_int_equal(fsb_result_read(path, &r, &err), -EINVAL);
	assert_null(r);
	if (!strstr(err.msg, where) || !strstr(err.msg, what))
		fail_msg("error \"%s\" lacks \"%s\" or \"%s\"", err.msg, where, what);
	unlink(path);
	free(path);
}

#endif
