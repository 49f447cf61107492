/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <errno.h>
#include <string.h>

#include "engine/order.h"
#include "sys/rng.h"
#include "sys/util.h"

static const char *const order_names[] = {
	[FSB_ORDER_ROUNDS] = "rounds",
	[FSB_ORDER_SEQUENTIAL] = "sequential",
	[FSB_ORDER_RANDOM] = "random",
};

const char *fsb_order_name(enum fsb_order o)
{
	return (unsigned)o < FSB_ARRAY_SIZE(order_names) ? order_names[o] : "?";
}

int fsb_order_parse(const char *s, enum fsb_order *o)
{
	int i = fsb_name_index(order_names, FSB_ARRAY_SIZE(order_names), s);

	if (i < 0)
		return -EINVAL;
	*o = (enum fsb_order)i;
	return 0;
}

void fsb_order_round(size_t nfs, long rep, uint64_t seed, size_t *perm)
{
	/* each round from its own stream: round r's order does not depend on
	 * how many rounds came before (--auto-repeat stops early) */
	struct fsb_rng r;

	fsb_rng_init(&r, seed ^ (0x9e3779b97f4a7c15ULL * (uint64_t)rep));
	for (size_t i = 0; i < nfs; i++)
		perm[i] = i;
	fsb_rng_shuffle(&r, perm, nfs);
}

size_t fsb_order_slots(enum fsb_order o, size_t nfs, long reps, uint64_t seed, struct fsb_slot *out)
{
	size_t n = 0;

	if (!nfs || reps < 1)
		return 0;
	if (o == FSB_ORDER_SEQUENTIAL || (o == FSB_ORDER_ROUNDS && reps == 1)) {
		for (size_t f = 0; f < nfs; f++)
			for (long r = 1; r <= reps; r++)
				out[n++] = (struct fsb_slot){ f, r };
		return n;
	}
	if (o == FSB_ORDER_ROUNDS) {
		size_t perm[nfs];

		for (long r = 1; r <= reps; r++) {
			fsb_order_round(nfs, r, seed, perm);
			for (size_t i = 0; i < nfs; i++)
				out[n++] = (struct fsb_slot){ perm[i], r };
		}
		return n;
	}
	/* random: shuffle which filesystem each slot goes to; a filesystem's
	 * repetitions are then numbered in the order they come up */
	{
		size_t total = nfs * (size_t)reps, who[total];
		long next[nfs];
		struct fsb_rng r;

		fsb_rng_init(&r, seed);
		for (size_t i = 0; i < total; i++)
			who[i] = i % nfs;
		fsb_rng_shuffle(&r, who, total);
		for (size_t f = 0; f < nfs; f++)
			next[f] = 1;
		for (size_t i = 0; i < total; i++)
			out[n++] = (struct fsb_slot){ who[i], next[who[i]]++ };
	}
	return n;
}
