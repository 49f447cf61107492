/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * rng.h — fsbench's one seeded random generator: splitmix64 (sys/util.h's
 * fsb_splitmix64) behind a small struct, integer arithmetic only, so a seed
 * draws the same numbers on every machine.
 *
 * What it draws is recorded: the generated tree of a seed (engine/treegen.c,
 * cached and named in results), the built-in phases' file names, sizes,
 * order and seeks (engine/synth.c) and the run order of the filesystems
 * (engine/order.c, in every result).  So no sequence here may change for a
 * given state: tests/unit/test_rng.c pins them.  Two ways to draw below n
 * exist because the callers were written with each and their recorded
 * sequences depend on it: fsb_rng_mod() (the modulo; synth.c, order.c) and
 * fsb_rng_below() (the high 32 bits scaled; treegen.c).
 */
#ifndef FSB_RNG_H
#define FSB_RNG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sys/util.h"

struct fsb_rng {
	uint64_t s;              /* splitmix64's state */
};

/* The generator at state s, nothing drawn yet. */
static inline void fsb_rng_init(struct fsb_rng *r, uint64_t s)
{
	r->s = s;
}

/* The next 64 random bits. */
static inline uint64_t fsb_rng_next(struct fsb_rng *r)
{
	return fsb_splitmix64(&r->s);
}

/* Uniform in [0, n), n > 0, by the modulo: the bias is below 2^-40 for
 * every n below 2^24. */
static inline uint64_t fsb_rng_mod(struct fsb_rng *r, uint64_t n)
{
	return fsb_rng_next(r) % n;
}

/* Uniform in [0, n) from the high 32 bits scaled, without modulo bias
 * worth caring about. */
static inline unsigned fsb_rng_below(struct fsb_rng *r, unsigned n)
{
	return (unsigned)(((fsb_rng_next(r) >> 32) * n) >> 32);
}

/* Uniform in [lo, hi] by fsb_rng_below(); lo when hi <= lo. */
static inline long fsb_rng_range(struct fsb_rng *r, long lo, long hi)
{
	return hi <= lo ? lo : lo + (long)fsb_rng_below(r, (unsigned)(hi - lo + 1));
}

/* True permille times in a thousand (fsb_rng_below). */
static inline bool fsb_rng_chance(struct fsb_rng *r, unsigned permille)
{
	return fsb_rng_below(r, 1000) < permille;
}

/*
 * One independent stream of seed: the state seed ^ stream *
 * 0xd1b54a32d192ed03, its first draw discarded (synth.c's streams: names,
 * sizes, order, seeks).
 */
void fsb_rng_stream(struct fsb_rng *r, uint64_t seed, uint64_t stream);

/* Fisher–Yates of v[0..n) from the end: v[i - 1] swapped with
 * v[fsb_rng_mod(i)] for i = n … 2. */
void fsb_rng_shuffle(struct fsb_rng *r, size_t *v, size_t n);

#endif
