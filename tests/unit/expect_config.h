/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tests/unit/expect_config.h — expect_config_error(text, needle): the
 * config text, read as test.conf, is refused (-EINVAL, no config) with an
 * error that contains needle; expect_config_errors(): each of a table of
 * such cases; MINIMAL, a config to add sections to.  Include after
 * cmocka.h.
 */
#ifndef FSB_TEST_EXPECT_CONFIG_H
#define FSB_TEST_EXPECT_CONFIG_H

#include <errno.h>
#include <string.h>

#include "model/config.h"
#include "sys/util.h"

/* The smallest valid config (one filesystem, phase and profile), which a
 * test extends with the section under test: its line 5 is the first of them. */
#define MINIMAL \
	"filesystem \"ext2\" { type = \"ext2\" mkfs = 'mkfs.ext2 -F ${dev}' }\n" \
	"phase \"tar\" { command = 'tar -xf ${src}' }\n" \
	"profile \"tiny\" { tree_files = 100 }\n" \
	"defaults { profile = \"tiny\" baseline = \"ext2\" filesystems = {\"ext2\"} phases = {\"tar\"} }\n"

static inline void expect_config_error(const char *text, const char *needle)
{
	struct fsb_config *c = NULL;
	struct fsb_err err = { 0 };

	assert_int_equal(fsb_config_load_buf(text, "test.conf", &c, &err), -EINVAL);
	assert_null(c);
	if (!strstr(err.msg, needle))
		fail_msg("error \"%s\" does not contain \"%s\"", err.msg, needle);
}

/* A case of expect_config_errors(): text is refused with needle in the error. */
struct config_case {
	const char *text, *needle;
};

static inline void expect_config_errors(const struct config_case *cases, size_t n)
{
	for (size_t i = 0; i < n; i++)
		expect_config_error(cases[i].text, cases[i].needle);
}

#endif
