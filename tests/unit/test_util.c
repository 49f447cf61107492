/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "sys/rng.h"
#include "sys/util.h"

/* --budget's durations: h, m, s in that order, each once; a bare number is
 * seconds; and back in the same words. */
static void test_duration(void **state)
{
	static const char *const bad[] = { "", " ", "0", "0m", "-1", "m", "15x", "15m30", "1h1h", "30m1h",
					   "1.5h", "31d", "800h", "99999999999999999999" };
	double s = 0;
	char b[32];

	(void)state;
	assert_int_equal(fsb_parse_duration("900", &s), 0);
	assert_true(s == 900);
	assert_int_equal(fsb_parse_duration("900s", &s), 0);
	assert_true(s == 900);
	assert_int_equal(fsb_parse_duration("15m", &s), 0);
	assert_true(s == 900);
	assert_int_equal(fsb_parse_duration("1h30m", &s), 0);
	assert_true(s == 5400);
	assert_int_equal(fsb_parse_duration("1h 30m 10s", &s), 0);
	assert_true(s == 5410);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		assert_int_equal(fsb_parse_duration(bad[i], &s), -EINVAL);
	assert_string_equal(fsb_format_budget(900, b, sizeof(b)), "15m");
	assert_string_equal(fsb_format_budget(5410, b, sizeof(b)), "1h30m10s");
	assert_string_equal(fsb_format_budget(3600, b, sizeof(b)), "1h");
	assert_string_equal(fsb_format_budget(45, b, sizeof(b)), "45s");
	assert_int_equal(fsb_parse_duration(fsb_format_budget(5410, b, sizeof(b)), &s), 0);
	assert_true(s == 5410);
}

static void test_parse_size(void **state)
{
	unsigned long long b;

	(void)state;
	assert_int_equal(fsb_parse_size("4096", &b), 0);
	assert_int_equal(b, 4096);
	assert_int_equal(fsb_parse_size("512M", &b), 0);
	assert_int_equal(b, 512ULL << 20);
	assert_int_equal(fsb_parse_size("2G", &b), 0);
	assert_int_equal(b, 2ULL << 30);
	assert_int_equal(fsb_parse_size("2GiB", &b), 0);
	assert_int_equal(b, 2ULL << 30);
	assert_int_equal(fsb_parse_size("1k", &b), 0);
	assert_int_equal(b, 1024);
	assert_int_equal(fsb_parse_size("", &b), -EINVAL);
	assert_int_equal(fsb_parse_size("G", &b), -EINVAL);
	assert_int_equal(fsb_parse_size("12X", &b), -EINVAL);
	assert_int_equal(fsb_parse_size("12Gx", &b), -EINVAL);
	assert_int_equal(fsb_parse_size("-1", &b), -EINVAL);
	assert_int_equal(fsb_parse_size("99999999999999999999", &b), -EINVAL);
}

static void test_format_size(void **state)
{
	char buf[32];

	(void)state;
	assert_string_equal(fsb_format_size(12, buf, sizeof(buf)), "12 B");
	assert_string_equal(fsb_format_size(2ULL << 30, buf, sizeof(buf)), "2 GiB");
	assert_string_equal(fsb_format_size(1536ULL << 20, buf, sizeof(buf)), "1.5 GiB");
}

static void test_strv(void **state)
{
	struct fsb_strv sv = { 0 };
	char *j;

	(void)state;
	fsb_strv_split(&sv, " ext2, ext4 ,,xfs ", ',');
	assert_int_equal(sv.n, 3);
	assert_string_equal(sv.v[0], "ext2");
	assert_string_equal(sv.v[1], "ext4");
	assert_string_equal(sv.v[2], "xfs");
	assert_null(sv.v[3]);
	assert_true(fsb_strv_contains(&sv, "ext4"));
	assert_false(fsb_strv_contains(&sv, "ext3"));
	j = fsb_strv_join(&sv, "+");
	assert_string_equal(j, "ext2+ext4+xfs");
	free(j);
	fsb_strv_free(&sv);
}

static void test_shell_quote(void **state)
{
	/* plain words stay as they are; anything else in single quotes */
	static const struct {
		const char *in, *out;
	} cases[] = {
		{ "/mnt/fsb-1", "/mnt/fsb-1" },
		{ "a b", "'a b'" },
		{ "it's", "'it'\\''s'" },
		{ "", "''" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		char *q = fsb_shell_quote(cases[i].in);

		assert_string_equal(q, cases[i].out);
		free(q);
	}
}

static void test_err(void **state)
{
	struct fsb_err err = { 0 };

	(void)state;
	assert_int_equal(fsb_err_set(&err, -ENOENT, "no %s", "thing"), -ENOENT);
	fsb_err_prefix(&err, "loading %s", "x.conf");
	assert_string_equal(err.msg, "loading x.conf: no thing");
	assert_int_equal(err.code, -ENOENT);
	assert_int_equal(fsb_err_set(NULL, -EIO, "ignored"), -EIO);
}

/* The generator's sequences are recorded in results and caches (sys/rng.h):
 * these values were computed from splitmix64's definition, independently
 * of this code, and must never change. */
static void test_rng_pinned(void **state)
{
	struct fsb_rng r;
	size_t v[5] = { 0, 1, 2, 3, 4 };
	static const size_t shuffled[5] = { 2, 1, 0, 3, 4 };

	(void)state;
	fsb_rng_init(&r, 0);
	assert_true(fsb_rng_next(&r) == 0xe220a8397b1dcdafULL);
	/* synth.c's streams: seed 1, stream 3, by the modulo */
	fsb_rng_stream(&r, 1, 3);
	assert_int_equal(fsb_rng_mod(&r, 1000), 29);
	assert_int_equal(fsb_rng_mod(&r, 1000), 90);
	assert_int_equal(fsb_rng_mod(&r, 1000), 746);
	/* treegen.c: the high bits scaled */
	fsb_rng_init(&r, 42);
	assert_int_equal(fsb_rng_below(&r, 1000), 741);
	assert_int_equal(fsb_rng_below(&r, 1000), 159);
	assert_int_equal(fsb_rng_below(&r, 1000), 278);
	/* order.c: round 2 of seed 7 */
	fsb_rng_init(&r, 7 ^ (0x9e3779b97f4a7c15ULL * 2));
	fsb_rng_shuffle(&r, v, 5);
	assert_memory_equal(v, shuffled, sizeof(v));
	fsb_rng_init(&r, 5);
	assert_int_equal(fsb_rng_range(&r, 3, 3), 3);
	assert_true(fsb_rng_range(&r, 3, 9) >= 3);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_size),
		cmocka_unit_test(test_duration),
		cmocka_unit_test(test_format_size),
		cmocka_unit_test(test_strv),
		cmocka_unit_test(test_shell_quote),
		cmocka_unit_test(test_err),
		cmocka_unit_test(test_rng_pinned),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
