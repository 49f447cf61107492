/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The aging workload's generator (aging.h): the tree, the commits and the
 * size mixes, from the seed alone — integer arithmetic only, so a seed
 * gives the same tree and the same commits on every machine. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/aging.h"
#include "sys/rng.h"

enum { STREAM_TREE = 1, STREAM_OPS = 2 };

/* A source tree has about a dozen files a directory (Linux: ~16). */
#define FILES_PER_DIR 12

struct slot {
	long dir, id;
	unsigned long long size;
	long live_pos;               /* index in live[], -1 = deleted */
};

struct fsb_age_gen {
	struct fsb_rng rng;          /* the commits */
	long ndirs;
	long *parent;                /* ndirs; parent[0] = -1 */
	struct slot *f;
	long nslots, cap;
	long *live;                  /* slots of the live files, cap */
	long nlive;
	long next_id;
	struct fsb_age_op *ops;
	size_t nops, ops_cap;
};

/* A bucket of a size mix: permille of the files, sizes in [lo, hi), hi/lo
 * a power of two; within it log-uniform by octaves, as file sizes are. */
struct bucket {
	unsigned permille;
	unsigned long long lo, hi;
};

static unsigned long long draw_mix(struct fsb_rng *r, const struct bucket *b, size_t n)
{
	unsigned u = fsb_rng_below(r, 1000), acc = 0;
	unsigned long long lo, width;
	unsigned octaves = 0;
	size_t i;

	for (i = 0; i + 1 < n; i++) {
		acc += b[i].permille;
		if (u < acc)
			break;
	}
	while ((b[i].lo << (octaves + 1)) <= b[i].hi)
		octaves++;
	lo = b[i].lo << fsb_rng_below(r, octaves ? octaves : 1);
	width = lo;	/* [lo, 2 lo) */
	return lo + fsb_rng_mod(r, width);
}

/* Source files (Linux 6.x: median ~5 KiB, few over 100 KiB). */
unsigned long long fsb_age_tree_size(struct fsb_rng *r)
{
	static const struct bucket mix[] = {
		{ 300, 512, 4096 }, { 400, 4096, 16384 }, { 220, 16384, 65536 },
		{ 70, 65536, 262144 }, { 10, 262144, 1048576 },
	};

	return draw_mix(r, mix, sizeof(mix) / sizeof(mix[0]));
}

/* A desktop's files (Agrawal et al., FAST 2007: most files small, most
 * bytes in the few large ones): mean ~0.8 MiB, 70% of the bytes in files
 * of 4-32 MiB, 65% of the files under 64 KiB. */
unsigned long long fsb_age_fill_size(struct fsb_rng *r)
{
	static const struct bucket mix[] = {
		{ 350, 512, 8192 }, { 300, 8192, 65536 }, { 200, 65536, 524288 },
		{ 110, 524288, 4194304 }, { 40, 4194304, 33554432 },
	};

	return draw_mix(r, mix, sizeof(mix) / sizeof(mix[0]));
}

unsigned long long fsb_age_append_size(struct fsb_rng *r)
{
	return (unsigned long long)fsb_rng_range(r, 1024, 8192);
}

/* ---- the model ---- */

static int add_file(struct fsb_age_gen *g, long dir, unsigned long long size)
{
	struct slot *s;

	if (g->nslots == g->cap) {
		long cap = g->cap ? g->cap * 2 : 1024;
		struct slot *f = realloc(g->f, (size_t)cap * sizeof(*f));
		long *live;

		if (!f)
			return -ENOMEM;
		g->f = f;
		live = realloc(g->live, (size_t)cap * sizeof(*live));
		if (!live)
			return -ENOMEM;
		g->live = live;
		g->cap = cap;
	}
	s = &g->f[g->nslots];
	s->dir = dir;
	s->id = g->next_id++;
	s->size = size;
	s->live_pos = g->nlive;
	g->live[g->nlive++] = g->nslots++;
	return 0;
}

static void drop_file(struct fsb_age_gen *g, long slot)
{
	long pos = g->f[slot].live_pos, last = g->live[--g->nlive];

	g->live[pos] = last;
	g->f[last].live_pos = pos;
	g->f[slot].live_pos = -1;
}

int fsb_age_gen_new(const struct fsb_age_params *p, struct fsb_age_gen **out)
{
	struct fsb_age_gen *g;
	struct fsb_rng tr;
	int rc = -ENOMEM;

	*out = NULL;
	if (fsb_age_params_check(p, NULL))
		return -EINVAL;
	g = calloc(1, sizeof(*g));
	if (!g)
		return -ENOMEM;
	fsb_rng_stream(&tr, p->seed, STREAM_TREE);
	fsb_rng_stream(&g->rng, p->seed, STREAM_OPS);
	g->ndirs = 1 + p->tree_files / FILES_PER_DIR;
	g->parent = malloc((size_t)g->ndirs * sizeof(*g->parent));
	if (!g->parent)
		goto out;
	/* a random recursive tree: depth ~ ln(ndirs), bushy near the top */
	g->parent[0] = -1;
	for (long i = 1; i < g->ndirs; i++)
		g->parent[i] = (long)fsb_rng_below(&tr, (unsigned)i);
	for (long i = 0; i < p->tree_files; i++) {
		long dir = (long)fsb_rng_below(&tr, (unsigned)g->ndirs);

		if ((rc = add_file(g, dir, fsb_age_tree_size(&tr))))
			goto out;
	}
	rc = 0;
out:
	if (rc)
		fsb_age_gen_free(g);
	else
		*out = g;
	return rc;
}

void fsb_age_gen_free(struct fsb_age_gen *g)
{
	if (!g)
		return;
	free(g->parent);
	free(g->f);
	free(g->live);
	free(g->ops);
	free(g);
}

long fsb_age_gen_ndirs(const struct fsb_age_gen *g)
{
	return g->ndirs;
}

bool fsb_age_gen_dir_path(const struct fsb_age_gen *g, long dir, char *buf, size_t n)
{
	long chain[256];
	int depth = 0;
	size_t len = 0;

	if (dir < 0 || dir >= g->ndirs || !n)
		return false;
	for (long d = dir; d > 0; d = g->parent[d]) {
		if (depth == (int)(sizeof(chain) / sizeof(chain[0])))
			return false;
		chain[depth++] = d;
	}
	buf[0] = '\0';
	while (depth-- > 0) {
		int w = snprintf(buf + len, n - len, "%sd%05ld", len ? "/" : "", chain[depth]);

		if (w < 0 || (size_t)w >= n - len)
			return false;
		len += (size_t)w;
	}
	return true;
}

bool fsb_age_gen_file_path(const struct fsb_age_gen *g, long dir, long id, char *buf, size_t n)
{
	/* the extension follows the id, so a file keeps it when renamed */
	static const char *const ext[] = { "c", "h", "c", "h", "txt", "py", "S", "json", "md", "o" };
	size_t len;
	int w;

	if (!fsb_age_gen_dir_path(g, dir, buf, n))
		return false;
	len = strlen(buf);
	w = snprintf(buf + len, n - len, "%sf%07lx.%s", len ? "/" : "", id,
		     ext[(unsigned long)id * 2654435761UL % 10]);
	return w >= 0 && (size_t)w < n - len;
}

long fsb_age_gen_slots(const struct fsb_age_gen *g)
{
	return g->nslots;
}

long fsb_age_gen_live(const struct fsb_age_gen *g)
{
	return g->nlive;
}

bool fsb_age_gen_file(const struct fsb_age_gen *g, long slot, long *dir, long *id,
		      unsigned long long *size)
{
	if (slot < 0 || slot >= g->nslots || g->f[slot].live_pos < 0)
		return false;
	if (dir)
		*dir = g->f[slot].dir;
	if (id)
		*id = g->f[slot].id;
	if (size)
		*size = g->f[slot].size;
	return true;
}

/* ---- commits ---- */

static struct fsb_age_op *new_op(struct fsb_age_gen *g, enum fsb_age_op_kind kind, long slot)
{
	struct fsb_age_op *op;

	if (g->nops == g->ops_cap) {
		size_t cap = g->ops_cap ? g->ops_cap * 2 : 64;
		struct fsb_age_op *v = realloc(g->ops, cap * sizeof(*v));

		if (!v)
			return NULL;
		g->ops = v;
		g->ops_cap = cap;
	}
	op = &g->ops[g->nops++];
	memset(op, 0, sizeof(*op));
	op->kind = kind;
	op->file = slot;
	if (slot >= 0) {
		op->from_dir = op->dir = g->f[slot].dir;
		op->from_id = op->id = g->f[slot].id;
		op->size = g->f[slot].size;
	}
	return op;
}

static long any_live(struct fsb_age_gen *g)
{
	return g->live[fsb_rng_below(&g->rng, (unsigned)g->nlive)];
}

/* In place most of the time, like an edit; one in five grows the file,
 * one in ten shortens it. */
static int gen_modify(struct fsb_age_gen *g)
{
	long slot = any_live(g);
	struct fsb_age_op *op = new_op(g, FSB_AGE_MODIFY, slot);
	unsigned long long size = g->f[slot].size, len;
	unsigned u;

	if (!op)
		return -ENOMEM;
	u = fsb_rng_below(&g->rng, 10);
	if (u < 2 || size < 256) {
		op->off = size;
		op->len = (unsigned long long)fsb_rng_range(&g->rng, 64, 16384);
		op->size = size + op->len;
	} else if (u == 2) {
		op->size = size / 2 + fsb_rng_mod(&g->rng, size / 2);
		op->len = op->size < 256 ? op->size : 256;
		op->off = op->size - op->len;
	} else {
		len = (unsigned long long)fsb_rng_range(&g->rng, 256, size < 16384 ? (long)size : 16384);
		op->len = len;
		op->off = fsb_rng_mod(&g->rng, size - len + 1);
	}
	g->f[slot].size = op->size;
	return 0;
}

static int gen_create(struct fsb_age_gen *g)
{
	long dir = (long)fsb_rng_below(&g->rng, (unsigned)g->ndirs);
	struct fsb_age_op *op;
	int rc = add_file(g, dir, fsb_age_tree_size(&g->rng));

	if (rc)
		return rc;
	op = new_op(g, FSB_AGE_CREATE, g->nslots - 1);
	if (!op)
		return -ENOMEM;
	op->from_dir = op->from_id = -1;
	return 0;
}

static int gen_rename(struct fsb_age_gen *g)
{
	long slot = any_live(g), to;
	struct fsb_age_op *op;

	if (g->ndirs < 2)
		return 0;
	to = (long)fsb_rng_below(&g->rng, (unsigned)g->ndirs - 1);
	if (to >= g->f[slot].dir)
		to++;
	if (!(op = new_op(g, FSB_AGE_RENAME, slot)))
		return -ENOMEM;
	op->dir = g->f[slot].dir = to;
	return 0;
}

static int gen_delete(struct fsb_age_gen *g)
{
	long slot;

	/* a tree never shrinks below half its smallest size */
	if (g->nlive <= FSB_AGE_MIN_TREE / 2)
		return 0;
	slot = any_live(g);
	if (!new_op(g, FSB_AGE_DELETE, slot))
		return -ENOMEM;
	drop_file(g, slot);
	return 0;
}

/*
 * A commit of a project of this size: a few files edited (1..2+n/100), a
 * few added (0..1+n/400), deleted (0..n/400) and moved (0..1+n/800), so
 * that the tree grows slowly as real ones do; the counts are drawn before
 * the operations so that they follow the tree's size at the commit's start.
 */
int fsb_age_gen_commit(struct fsb_age_gen *g, const struct fsb_age_op **ops, size_t *n)
{
	long live = g->nlive;
	long nm = fsb_rng_range(&g->rng, 1, 2 + live / 100);
	long nc = fsb_rng_range(&g->rng, 0, 1 + live / 400);
	long nd = fsb_rng_range(&g->rng, 0, live / 400);
	long nr = fsb_rng_range(&g->rng, 0, 1 + live / 800);
	int rc = 0;

	g->nops = 0;
	for (long i = 0; !rc && i < nm; i++)
		rc = gen_modify(g);
	for (long i = 0; !rc && i < nc; i++)
		rc = gen_create(g);
	for (long i = 0; !rc && i < nr; i++)
		rc = gen_rename(g);
	for (long i = 0; !rc && i < nd; i++)
		rc = gen_delete(g);
	*ops = g->ops;
	*n = rc ? 0 : g->nops;
	return rc;
}
