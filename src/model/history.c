/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "model/browse.h"
#include "model/grid.h"
#include "model/history.h"
#include "model/kinds.h"

static bool same_str(const char *a, const char *b)
{
	return a && b && strcmp(a, b) == 0;
}

/* The same filesystems and phases, in any order: each of a's names in b's
 * grid, as many of them. */
static bool same_sets(const struct fsb_result *a, const struct fsb_result *b)
{
	const struct fsb_grid *ga = fsb_result_grid(a), *gb = fsb_result_grid(b);

	if (!ga->nfs || ga->nfs != gb->nfs || ga->nph != gb->nph)
		return false;
	for (size_t i = 0; i < ga->nfs; i++)
		if (fsb_grid_fs(gb, a->fs[i]->name) == FSB_GRID_NONE)
			return false;
	for (size_t j = 0; j < ga->nph; j++)
		if (fsb_grid_column(gb, ga->col[j].name) == FSB_GRID_NONE)
			return false;
	return true;
}

bool fsb_result_same_plan(const struct fsb_result *a, const struct fsb_result *b)
{
	/* the same profile name with another workload (a tree of another
	 * size, another debootstrap) is another plan */
	if (!same_str(a->profile, b->profile) || a->source_tool || b->source_tool ||
	    (a->workload && b->workload && strcmp(a->workload, b->workload)))
		return false;
	return same_sets(a, b);
}

bool fsb_history_same_plan(const struct fsb_result *res, const struct fsb_result *other)
{
	if (other->status != FSB_RESULT_COMPLETE || res->target.kind == FSB_TARGET_KIND_NONE ||
	    res->target.kind != other->target.kind ||
	    !same_str(res->host.hostname, other->host.hostname) || !same_str(res->host.cpu, other->host.cpu) ||
	    res->host.cores != other->host.cores || !fsb_result_same_plan(res, other))
		return false;
	return fsb_result_grid(res)->desktop.n > 0;
}

/* What the index row says is enough to skip a file without reading it. */
static bool may_match(const struct fsb_result *res, const struct fsb_browse_entry *e)
{
	struct fsb_strv b = { 0 };
	struct fsb_names set = { 0 };
	bool ok;

	if (!e->readable || e->status != FSB_RESULT_COMPLETE || !same_str(e->profile, res->profile) ||
	    !same_str(e->host, res->host.hostname) || !same_str(e->cpu, res->host.cpu))
		return false;
	if (res->started && e->started[0] && strcmp(e->started, res->started) >= 0)
		return false;	/* the same session, or a later one */
	if (res->path && strcmp(e->path, res->path) == 0)
		return false;
	/* the same filesystems as the index row's, in any order */
	fsb_strv_split(&b, e->filesystems, ',');
	for (size_t i = 0; i < b.n; i++)
		fsb_names_add(&set, b.v[i], 1);
	ok = b.n == res->nfs;
	for (size_t i = 0; ok && i < res->nfs; i++)
		ok = fsb_names_get(&set, res->fs[i]->name) != 0;
	fsb_names_free(&set);
	fsb_strv_free(&b);
	return ok;
}

/* The directory a result was read from ("." for a bare name). */
static char *dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	if (!slash)
		return fsb_xstrdup(".");
	if (slash == path)
		return fsb_xstrdup("/");
	return fsb_xasprintf("%.*s", (int)(slash - path), path);
}

int fsb_history_load(const struct fsb_result *res, const char *file, struct fsb_history *h, struct fsb_err *err)
{
	struct fsb_browse b = { 0 };
	int rc;

	memset(h, 0, sizeof(*h));
	if (!file)
		file = res->path;
	if (!file)
		return 0;
	h->dir = dir_of(file);
	rc = fsb_browse_scan(h->dir, &b, err);
	if (rc)
		goto out;
	h->v = fsb_xcalloc(FSB_HISTORY_MAX, sizeof(*h->v));
	/* newest first, as the index lists them */
	for (size_t i = 0; i < b.n && h->n < FSB_HISTORY_MAX; i++) {
		struct fsb_result *other = NULL;
		struct fsb_err e = { 0 };

		if (!may_match(res, &b.v[i]))
			continue;
		if (fsb_result_read(b.v[i].path, &other, &e)) {
			fsb_err_clear(&e);
			continue;
		}
		if (fsb_history_same_plan(res, other))
			h->v[h->n++] = other;
		else
			fsb_result_free(other);
	}
out:
	fsb_browse_free(&b);
	return rc;
}

void fsb_history_free(struct fsb_history *h)
{
	for (size_t i = 0; i < h->n; i++)
		fsb_result_free(h->v[i]);
	free(h->v);
	free(h->dir);
	memset(h, 0, sizeof(*h));
}
