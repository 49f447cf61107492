/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * hist.h — a latency histogram cheap enough for a benchmark's hot loop.
 *
 * Log-linear, in the manner of HdrHistogram and fio: values below 64 get a
 * bucket each; above that every power of two is split into 64 equal
 * buckets.  A bucket is therefore at most 1/64 of its lower bound wide and
 * its midpoint, which is what a quantile reports, is within 0.8% of every
 * value in it.  3776 buckets cover all of uint64_t (30 KiB: allocate it,
 * don't put it on a thread's stack).  Recording is a count-leading-zeros, a
 * shift and two increments; the maximum is kept exactly.
 *
 * The unit is the caller's (synth.c records nanoseconds).  No allocation,
 * no locking: give every thread its own histogram and merge them after.
 */
#ifndef FSB_HIST_H
#define FSB_HIST_H

#include <stdint.h>

#define FSB_HIST_SUB_BITS 6
#define FSB_HIST_SUB      (1U << FSB_HIST_SUB_BITS)
#define FSB_HIST_BUCKETS  ((64 - FSB_HIST_SUB_BITS + 1) * FSB_HIST_SUB)

struct fsb_hist {
	uint64_t n;                          /* values recorded */
	uint64_t max;                        /* exact largest value, 0 if none */
	uint64_t count[FSB_HIST_BUCKETS];
};

/* Bucket of a value: the identity below 128, then 64 per power of two. */
static inline unsigned fsb_hist_index(uint64_t v)
{
	unsigned e;

	if (v < FSB_HIST_SUB)
		return (unsigned)v;
	e = 63U - (unsigned)__builtin_clzll(v);
	return ((e - FSB_HIST_SUB_BITS + 1) << FSB_HIST_SUB_BITS) +
	       (unsigned)(v >> (e - FSB_HIST_SUB_BITS)) - FSB_HIST_SUB;
}

static inline void fsb_hist_add(struct fsb_hist *h, uint64_t v)
{
	h->count[fsb_hist_index(v)]++;
	h->n++;
	if (v > h->max)
		h->max = v;
}

/* Smallest value of bucket idx and the bucket's width. */
void fsb_hist_bucket(unsigned idx, uint64_t *lower, uint64_t *width);
/* Add src's counts to dst. */
void fsb_hist_merge(struct fsb_hist *dst, const struct fsb_hist *src);
/* Value at quantile q (0 < q <= 1): the midpoint of the bucket holding rank
 * ceil(q × n), never above max.  0 when nothing was recorded. */
uint64_t fsb_hist_quantile(const struct fsb_hist *h, double q);

#endif
