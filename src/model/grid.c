/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/agefactor.h"
#include "model/config.h"
#include "model/diskwork.h"
#include "model/grid.h"

static void cols_add(struct fsb_grid_cols *c, size_t j)
{
	c->v = fsb_xrealloc(c->v, (c->n + 1) * sizeof(*c->v));
	c->v[c->n++] = j;
}

/* Column j's facts from its cells, in row order (the first row that has
 * it, the first kind and session CV recorded). */
static void col_facts(struct fsb_grid *g, size_t j)
{
	struct fsb_grid_col *c = &g->col[j];

	c->first = FSB_GRID_NONE;
	c->kind = FSB_PHASE_KIND_NONE;
	c->session_cv = NAN;
	for (size_t i = 0; i < g->nfs; i++) {
		const struct fsb_phase_result *ph = g->cell[i * g->nph + j];

		if (!ph)
			continue;
		if (c->first == FSB_GRID_NONE)
			c->first = i;
		if (c->kind == FSB_PHASE_KIND_NONE)
			c->kind = ph->kind;
		if (isnan(c->session_cv))
			c->session_cv = ph->session_cv;
		for (size_t k = 0; !c->measured && k < ph->nruns; k++)
			c->measured = ph->runs[k].status == FSB_RUN_OK;
		g->stall_runs |= ph->nstall_runs > 0;
	}
	c->rate = fsb_phase_kind_rate(c->kind);
	c->timed = c->kind == FSB_PHASE_KIND_NONE || fsb_phase_kind_timed(c->kind);
	c->aging = fsb_agefactor_is_aging(c->name);
	c->feature = fsb_diskwork_is_feature(c->name);
}

/* The desktop and built-in lists, and what "total" sums: every measured
 * desktop phase but those the profile found too noisy across sessions —
 * unless that would leave no phase in it. */
static void col_lists(struct fsb_grid *g)
{
	size_t measured = 0, noisy = 0;

	for (size_t j = 0; j < g->nph; j++) {
		const struct fsb_grid_col *c = &g->col[j];

		if (c->aging || !c->timed || c->feature)
			continue;
		cols_add(c->rate ? &g->builtin : &g->desktop, j);
		if (!c->rate && c->measured) {
			measured++;
			noisy += c->session_cv > FSB_PROFILE_CV_GOAL;
		}
	}
	for (size_t k = 0; k < g->desktop.n; k++) {
		const struct fsb_grid_col *c = &g->col[g->desktop.v[k]];

		if (!c->measured)
			continue;
		if (noisy < measured && c->session_cv > FSB_PROFILE_CV_GOAL)
			cols_add(&g->out_of_total, g->desktop.v[k]);
		else
			cols_add(&g->total, g->desktop.v[k]);
	}
}

static struct fsb_grid *build(const struct fsb_result *res)
{
	struct fsb_grid *g = fsb_xcalloc(1, sizeof(*g));
	struct fsb_strv phases = { 0 };

	g->gen = res->gen;
	g->nfs = res->nfs;
	fsb_result_phases(res, &phases);
	g->nph = phases.n;
	g->col = fsb_xcalloc(g->nph ? g->nph : 1, sizeof(*g->col));
	g->cell = fsb_xcalloc(g->nfs && g->nph ? g->nfs * g->nph : 1, sizeof(*g->cell));
	for (size_t i = 0; i < g->nfs; i++)
		fsb_names_add(&g->fs_names, res->fs[i]->name, (long)i + 1);
	for (size_t j = 0; j < g->nph; j++)
		fsb_names_add(&g->ph_names, phases.v[j], (long)j + 1);
	g->rowoff = fsb_xcalloc(g->nfs + 1, sizeof(*g->rowoff));
	for (size_t i = 0; i < g->nfs; i++)
		g->rowoff[i + 1] = g->rowoff[i] + res->fs[i]->nphases;
	g->colof = fsb_xcalloc(g->rowoff[g->nfs] + 1, sizeof(*g->colof));
	for (size_t i = 0; i < g->nfs; i++)
		for (size_t k = 0; k < res->fs[i]->nphases; k++) {
			struct fsb_phase_result *ph = res->fs[i]->phases[k];
			size_t j = (size_t)fsb_names_get(&g->ph_names, ph->name) - 1;

			g->colof[g->rowoff[i] + k] = j;
			g->cell[i * g->nph + j] = ph;
			if (!g->col[j].name)
				g->col[j].name = ph->name;
		}
	for (size_t j = 0; j < res->phase_order.n; j++) {
		size_t c = (size_t)fsb_names_get(&g->ph_names, res->phase_order.v[j]) - 1;

		if (!g->col[c].name)
			g->col[c].name = res->phase_order.v[j];
	}
	/* rehash on the result's own strings, which outlive the list */
	fsb_names_free(&g->ph_names);
	for (size_t j = 0; j < g->nph; j++)
		fsb_names_add(&g->ph_names, g->col[j].name, (long)j + 1);
	fsb_strv_free(&phases);
	for (size_t j = 0; j < g->nph; j++)
		col_facts(g, j);
	col_lists(g);
	return g;
}

static void grid_free(struct fsb_grid *g)
{
	struct fsb_grid_cols *lists[] = { &g->desktop, &g->builtin, &g->total, &g->out_of_total };
	void *arrays[] = { g->col, g->cell, g->colof, g->rowoff, g };	/* g last */

	fsb_names_free(&g->fs_names);
	fsb_names_free(&g->ph_names);
	for (size_t k = 0; k < FSB_ARRAY_SIZE(lists); k++)
		free(lists[k]->v);
	for (size_t k = 0; k < FSB_ARRAY_SIZE(arrays); k++)
		free(arrays[k]);
}

const struct fsb_grid *fsb_result_grid(const struct fsb_result *res)
{
	/* the grid is a cache of res: building it changes nothing res says */
	struct fsb_result *r = (struct fsb_result *)res;

	if (!r->grid || r->grid->gen != r->gen) {
		fsb_grid_free(r);
		r->grid = build(res);
	}
	return r->grid;
}

void fsb_grid_free(struct fsb_result *res)
{
	if (res->grid)
		grid_free(res->grid);
	res->grid = NULL;
}

size_t fsb_grid_fs(const struct fsb_grid *g, const char *name)
{
	long v = fsb_names_get(&g->fs_names, name);

	return v ? (size_t)v - 1 : FSB_GRID_NONE;
}

size_t fsb_grid_phase(const struct fsb_grid *g, const char *name)
{
	if (name && strcmp(name, FSB_GRID_TOTAL_NAME) == 0)
		return FSB_GRID_TOTAL;
	return fsb_grid_column(g, name);
}

size_t fsb_grid_column(const struct fsb_grid *g, const char *phase)
{
	long v = fsb_names_get(&g->ph_names, phase);

	return v ? (size_t)v - 1 : FSB_GRID_NONE;
}

const char *fsb_grid_col_name(const struct fsb_grid *g, size_t j)
{
	return j == FSB_GRID_TOTAL ? FSB_GRID_TOTAL_NAME : j < g->nph ? g->col[j].name : NULL;
}

const char *fsb_grid_label(const struct fsb_grid *g, size_t j)
{
	for (size_t i = 0; j < g->nph && i < g->nfs; i++) {
		const struct fsb_phase_result *ph = g->cell[i * g->nph + j];

		if (ph && ph->label && *ph->label)
			return ph->label;
	}
	return fsb_grid_col_name(g, j);
}

bool fsb_grid_cols_has(const struct fsb_grid_cols *cols, size_t j)
{
	for (size_t k = 0; k < cols->n; k++)
		if (cols->v[k] == j)
			return true;
	return false;
}

void fsb_grid_cols_names(const struct fsb_grid *g, const struct fsb_grid_cols *cols, struct fsb_strv *out)
{
	for (size_t k = 0; k < cols->n; k++)
		fsb_strv_add(out, g->col[cols->v[k]].name);
}
