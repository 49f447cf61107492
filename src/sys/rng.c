/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The seeded random generator (rng.h). */
#include "sys/rng.h"

void fsb_rng_stream(struct fsb_rng *r, uint64_t seed, uint64_t stream)
{
	fsb_rng_init(r, seed ^ (stream * 0xd1b54a32d192ed03ULL));
	fsb_rng_next(r);
}

void fsb_rng_shuffle(struct fsb_rng *r, size_t *v, size_t n)
{
	for (size_t i = n; i > 1; i--) {
		size_t j = (size_t)fsb_rng_mod(r, i), t = v[i - 1];

		v[i - 1] = v[j];
		v[j] = t;
	}
}
