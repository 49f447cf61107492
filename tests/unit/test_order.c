/* SPDX-License-Identifier: GPL-2.0-or-later */
/* src/engine/order.c: plan → ordered (filesystem, repetition) slots.
 * Rounds put repetition r of every filesystem before any r+1, each round
 * shuffled from the seed; the same seed gives the same order; sequential is
 * the old order; every order runs every slot once, and a filesystem's
 * repetitions in their own sequence. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <stdbool.h>
#include <string.h>

#include "engine/order.h"

#define NFS 4
#define REPS 5

/* every slot exactly once, and each filesystem's reps 1, 2, … in order */
static void check_complete(const struct fsb_slot *s, size_t n)
{
	long next[NFS] = { 1, 1, 1, 1 };

	assert_int_equal(n, NFS * REPS);
	for (size_t i = 0; i < n; i++) {
		assert_true(s[i].fs < NFS);
		assert_int_equal(s[i].rep, next[s[i].fs]);
		next[s[i].fs]++;
	}
	for (size_t f = 0; f < NFS; f++)
		assert_int_equal(next[f], REPS + 1);
}

static void test_rounds(void **state)
{
	struct fsb_slot a[NFS * REPS], b[NFS * REPS], c[NFS * REPS];
	size_t n = fsb_order_slots(FSB_ORDER_ROUNDS, NFS, REPS, 42, a);
	bool some_round_shuffled = false;

	(void)state;
	check_complete(a, n);
	/* round r is slots [r*NFS, (r+1)*NFS): all of repetition r+1 */
	for (size_t r = 0; r < REPS; r++) {
		for (size_t i = 0; i < NFS; i++)
			assert_int_equal(a[r * NFS + i].rep, (long)r + 1);
		for (size_t i = 0; i < NFS; i++)
			some_round_shuffled = some_round_shuffled || a[r * NFS + i].fs != i;
	}
	assert_true(some_round_shuffled);
	/* the same seed, the same order; another seed, another */
	assert_int_equal(fsb_order_slots(FSB_ORDER_ROUNDS, NFS, REPS, 42, b), n);
	assert_memory_equal(a, b, sizeof(a));
	fsb_order_slots(FSB_ORDER_ROUNDS, NFS, REPS, 43, c);
	assert_memory_not_equal(a, c, sizeof(a));
	/* a round's order does not depend on how many rounds there are */
	fsb_order_slots(FSB_ORDER_ROUNDS, NFS, 2, 42, b);
	assert_memory_equal(a, b, 2 * NFS * sizeof(*a));
}

static void test_one_rep_keeps_plan_order(void **state)
{
	struct fsb_slot a[NFS];

	(void)state;
	assert_int_equal(fsb_order_slots(FSB_ORDER_ROUNDS, NFS, 1, 42, a), NFS);
	for (size_t i = 0; i < NFS; i++) {
		assert_int_equal(a[i].fs, i);
		assert_int_equal(a[i].rep, 1);
	}
}

static void test_sequential(void **state)
{
	struct fsb_slot a[NFS * REPS];
	size_t n = fsb_order_slots(FSB_ORDER_SEQUENTIAL, NFS, REPS, 42, a);

	(void)state;
	check_complete(a, n);
	for (size_t i = 0; i < n; i++) {
		assert_int_equal(a[i].fs, i / REPS);
		assert_int_equal(a[i].rep, (long)(i % REPS) + 1);
	}
}

static void test_random(void **state)
{
	struct fsb_slot a[NFS * REPS], b[NFS * REPS], r[NFS * REPS];
	size_t n = fsb_order_slots(FSB_ORDER_RANDOM, NFS, REPS, 7, a);

	(void)state;
	check_complete(a, n);
	fsb_order_slots(FSB_ORDER_RANDOM, NFS, REPS, 7, b);
	assert_memory_equal(a, b, sizeof(a));
	fsb_order_slots(FSB_ORDER_ROUNDS, NFS, REPS, 7, r);
	assert_memory_not_equal(a, r, sizeof(a));
	fsb_order_slots(FSB_ORDER_SEQUENTIAL, NFS, REPS, 7, r);
	assert_memory_not_equal(a, r, sizeof(a));
}

static void test_names(void **state)
{
	enum fsb_order o;

	(void)state;
	assert_int_equal(fsb_order_parse("sequential", &o), 0);
	assert_int_equal(o, FSB_ORDER_SEQUENTIAL);
	assert_string_equal(fsb_order_name(FSB_ORDER_ROUNDS), "rounds");
	assert_int_equal(fsb_order_parse("round", &o), -EINVAL);
	assert_int_equal(fsb_order_parse(NULL, &o), -EINVAL);
	assert_int_equal(fsb_order_slots(FSB_ORDER_ROUNDS, 0, 3, 1, NULL), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rounds),
		cmocka_unit_test(test_one_rep_keeps_plan_order),
		cmocka_unit_test(test_sequential),
		cmocka_unit_test(test_random),
		cmocka_unit_test(test_names),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
