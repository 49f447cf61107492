/* SPDX-License-Identifier: GPL-2.0-or-later */

#include <math.h>

#include "engine/hist.h"

void fsb_hist_bucket(unsigned idx, uint64_t *lower, uint64_t *width)
{
	unsigned shift;

	if (idx < FSB_HIST_SUB) {
		*lower = idx;
		*width = 1;
		return;
	}
	shift = (idx >> FSB_HIST_SUB_BITS) - 1;
	*lower = (uint64_t)(FSB_HIST_SUB + (idx & (FSB_HIST_SUB - 1))) << shift;
	*width = 1ULL << shift;
}

void fsb_hist_merge(struct fsb_hist *dst, const struct fsb_hist *src)
{
	for (unsigned i = 0; i < FSB_HIST_BUCKETS; i++)
		dst->count[i] += src->count[i];
	dst->n += src->n;
	if (src->max > dst->max)
		dst->max = src->max;
}

uint64_t fsb_hist_quantile(const struct fsb_hist *h, double q)
{
	uint64_t rank, seen = 0;

	if (!h->n)
		return 0;
	rank = (uint64_t)ceil(q * (double)h->n);
	if (rank < 1)
		rank = 1;
	for (unsigned i = 0; i < FSB_HIST_BUCKETS; i++) {
		uint64_t lower, width, mid;

		seen += h->count[i];
		if (seen < rank)
			continue;
		fsb_hist_bucket(i, &lower, &width);
		mid = lower + (width - 1) / 2;
		return mid < h->max ? mid : h->max;
	}
	return h->max;
}
