/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Crash states (crashstate.h): the seeded choice, and an image rebuilt
 * from the log for each.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "devices/crashstate.h"
#include "sys/rng.h"

/* The rng stream of the choice (sys/rng.h): "crash" */
#define STREAM 0x6372617368ULL

static bool is_write(const struct fsb_wlog_rec *r)
{
	return r->kind == FSB_WLOG_WRITE || r->kind == FSB_WLOG_ZERO;
}

/* The window after the flush at cut: up to the next flush or to. */
static size_t window_end(const struct fsb_wlog *log, size_t cut, size_t to)
{
	size_t i = cut + 1;

	while (i < to && log->v[i].kind != FSB_WLOG_FLUSH)
		i++;
	return i;
}

static size_t window_writes(const struct fsb_wlog *log, size_t cut, size_t end)
{
	size_t n = 0;

	for (size_t i = cut + 1; i < end; i++)
		n += is_write(&log->v[i]);
	return n;
}

static int by_cut(const void *a, const void *b)
{
	const struct fsb_crash_state *x = a, *y = b;

	if (x->cut != y->cut)
		return x->cut < y->cut ? -1 : 1;
	return (x->nkept > y->nkept) - (x->nkept < y->nkept);
}

static int by_size(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	return (x > y) - (x < y);
}

static struct fsb_crash_state *add(struct fsb_crash_states *s, const struct fsb_wlog *log, size_t cut, size_t cutno,
				   size_t to)
{
	struct fsb_crash_state *st = &s->v[s->n++];

	memset(st, 0, sizeof(*st));
	st->cut = cut;
	st->cutno = cutno;
	st->end = window_end(log, cut, to);
	st->nwindow = window_writes(log, cut, st->end);
	st->drop = SIZE_MAX;
	return st;
}

/* A subset of st's window: each write kept with even odds, never none,
 * and never all of two or more. */
static void draw_subset(const struct fsb_wlog *log, struct fsb_crash_state *st, struct fsb_rng *r)
{
	size_t w = st->end - st->cut - 1, *idx = fsb_xcalloc(st->nwindow, sizeof(*idx)), k = 0;

	st->keep = fsb_xcalloc(w ? w : 1, sizeof(*st->keep));
	for (size_t i = 0; i < w; i++)
		if (is_write(&log->v[st->cut + 1 + i])) {
			idx[k++] = i;
			st->keep[i] = fsb_rng_chance(r, 500);
		}
	st->nkept = 0;
	for (size_t i = 0; i < k; i++)
		st->nkept += st->keep[idx[i]];
	if (st->nkept == 0) {
		st->keep[idx[fsb_rng_mod(r, k)]] = true;
		st->nkept = 1;
	} else if (st->nkept == k && k > 1) {
		st->keep[idx[fsb_rng_mod(r, k)]] = false;
		st->nkept--;
	}
	free(idx);
}

/* Is the last state of s (a subset) the same as an earlier one? */
static bool seen(const struct fsb_crash_states *s, const struct fsb_crash_state *st)
{
	for (size_t i = 0; i + 1 < s->n; i++) {
		const struct fsb_crash_state *o = &s->v[i];

		if (o->cut == st->cut && o->keep && !memcmp(o->keep, st->keep, (st->end - st->cut - 1) * sizeof(bool)))
			return true;
	}
	return false;
}

int fsb_crash_states_choose(const struct fsb_wlog *log, size_t from, size_t to, size_t max, uint64_t seed,
			    struct fsb_crash_states *out)
{
	size_t *cuts = fsb_xcalloc(log->n + 1, sizeof(*cuts)), *withw = fsb_xcalloc(log->n + 1, sizeof(*withw));
	size_t ncuts = 0, nw = 0, first = SIZE_MAX, nflush, nsub;
	struct fsb_rng r;

	memset(out, 0, sizeof(*out));
	if (to > log->n)
		to = log->n;
	for (size_t i = 0; i < to; i++)
		if (log->v[i].kind == FSB_WLOG_FLUSH && (i <= from || first == SIZE_MAX))
			first = i;
	for (size_t i = first; first != SIZE_MAX && i < to; i++)
		if (log->v[i].kind == FSB_WLOG_FLUSH) {
			if (window_writes(log, i, window_end(log, i, to)))
				withw[nw++] = ncuts;
			cuts[ncuts++] = i;
		}
	out->ncuts = ncuts;
	if (!ncuts || !max) {
		free(cuts);
		free(withw);
		return ncuts ? 0 : -ENOENT;
	}
	/* half flush points, half subsets; what one kind cannot use the other takes */
	nflush = nw ? (max + 1) / 2 : max;
	if (nflush > ncuts)
		nflush = ncuts;
	nsub = nw ? max - nflush : 0;
	out->v = fsb_xcalloc(nflush + nsub, sizeof(*out->v));
	fsb_rng_stream(&r, seed, STREAM);
	{
		size_t *order = fsb_xcalloc(ncuts, sizeof(*order));

		for (size_t i = 0; i < ncuts; i++)
			order[i] = i;
		if (nflush < ncuts) {
			fsb_rng_shuffle(&r, order, ncuts);
			qsort(order, nflush, sizeof(*order), by_size);
		}
		for (size_t i = 0; i < nflush; i++)
			add(out, log, cuts[order[i]], order[i] + 1, to);
		free(order);
	}
	/* a subset drawn twice is drawn again, a few times at most: small
	 * windows have few subsets */
	for (size_t k = 0, tries = 0; k < nsub && tries < 4 * nsub; tries++) {
		size_t c = withw[fsb_rng_mod(&r, nw)];
		struct fsb_crash_state *st = add(out, log, cuts[c], c + 1, to);

		draw_subset(log, st, &r);
		if (seen(out, st)) {
			free(st->keep);
			out->n--;
		} else {
			k++;
		}
	}
	qsort(out->v, out->n, sizeof(*out->v), by_cut);
	free(cuts);
	free(withw);
	return 0;
}

void fsb_crash_states_free(struct fsb_crash_states *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->v[i].keep);
	free(s->v);
	memset(s, 0, sizeof(*s));
}

bool fsb_crash_state_drop_flushed(const struct fsb_wlog *log, size_t from, struct fsb_crash_state *st)
{
	for (size_t i = st->cut; i > from + 1; i--)
		if (log->v[i - 1].kind == FSB_WLOG_WRITE) {
			st->drop = i - 1;
			return true;
		}
	return false;
}

int fsb_crash_state_rebuild(const struct fsb_wlog *log, const struct fsb_crash_state *st, int fd,
			    struct fsb_err *err)
{
	int rc = 0;

	if (ftruncate(fd, 0) < 0 || ftruncate(fd, (off_t)log->size) < 0)
		return fsb_err_set(err, -errno, "rebuilding a crash state: cannot size the image: %s", strerror(errno));
	for (size_t i = 0; !rc && i < st->cut; i++)
		if (i != st->drop)
			rc = fsb_wlog_apply(log, i, fd, err);
	for (size_t i = st->cut + 1; !rc && st->keep && i < st->end; i++)
		if (st->keep[i - st->cut - 1])
			rc = fsb_wlog_apply(log, i, fd, err);
	return rc;
}

const char *fsb_crash_state_describe(const struct fsb_crash_states *s, size_t i, char *buf, size_t len)
{
	const struct fsb_crash_state *st = &s->v[i];

	if (!st->keep)
		snprintf(buf, len, "flush %zu of %zu, none of the %zu write%s after it", st->cutno, s->ncuts,
			 st->nwindow, st->nwindow == 1 ? "" : "s");
	else
		snprintf(buf, len, "flush %zu of %zu + %zu of the %zu writes after it", st->cutno, s->ncuts, st->nkept,
			 st->nwindow);
	if (st->drop != SIZE_MAX) {
		size_t l = strlen(buf);

		snprintf(buf + l, len - l, ", flushed write %zu left out on purpose", st->drop);
	}
	return buf;
}
