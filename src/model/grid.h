/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * grid.h — a result as a grid: filesystems (rows) × phases (columns), by
 * index.  Every judgement (model/cells.h, verdict, agefactor, recommend,
 * plaus …) and every document builder (src/doc) addresses a cell as
 * (row, column) through it, never by looking a name up in the result: a
 * name from outside (an option's baseline, another result's filesystem, a
 * phase the user picked) is turned into an index once, by hashing.
 *
 * Built once from the result (fsb_result_grid): when a file is read, a
 * result copied (the engine's snapshots) or merged, and again whenever
 * the result's shape has changed since (result.h: its gen).  It holds per
 * column what every table asks of a phase — its kind, whether it is a
 * rate, in the aging group, a feature, measured anywhere, its profile's
 * session CV — the lists of desktop and built-in phases, and the phases
 * of "total", a computed column of its own (FSB_GRID_TOTAL).  The
 * baseline's row is one hash away (model/cells.h, fsb_cell_base): the
 * result's baseline may be named after its filesystems are.
 *
 * Ownership: the grid belongs to the result (freed with it); its strings
 * are the result's.  A pointer to it stays valid until the result changes
 * shape or is freed.  A result read by two threads at once must have its
 * grid built before (fsb_result_grid once): building it writes the cache.
 */
#ifndef FSB_MODEL_GRID_H
#define FSB_MODEL_GRID_H

#include <stdbool.h>
#include <stddef.h>

#include "model/kinds.h"
#include "model/result.h"
#include "sys/util.h"

/* Indices that are no row or column of the grid. */
#define FSB_GRID_NONE ((size_t)-1)        /* not in this result */
#define FSB_GRID_TOTAL ((size_t)-2)       /* the computed column "total" */
/* The name of the computed column, the only place it is spelt. */
#define FSB_GRID_TOTAL_NAME "total"

/* What every table asks of one phase of the result. */
struct fsb_grid_col {
	const char *name;        /* borrowed from the result */
	size_t first;            /* the first row that has the phase (FSB_GRID_NONE: only
				    planned, in phase_order) */
	enum fsb_phase_kind kind;  /* the first kind a row records, FSB_PHASE_KIND_NONE */
	bool rate;               /* a built-in or imported phase: a rate, not a time */
	bool timed;              /* its runs are times (not the crash phase's: model/crashcell.h) */
	bool aging;              /* of the aging group (model/agefactor.h) */
	bool feature;            /* a feature phase (clone, model/diskwork.h) */
	bool measured;           /* a run of it succeeded on some row */
	double session_cv;       /* the first recorded session_cv, NAN */
};

/* A list of column indices. */
struct fsb_grid_cols {
	size_t *v;
	size_t n;
};

struct fsb_grid {
	size_t nfs, nph;                 /* rows, columns */
	struct fsb_grid_col *col;        /* [nph] in fsb_result_phases() order */
	struct fsb_phase_result **cell;  /* [nfs × nph]: row i, column j at i * nph + j; NULL
					    where the row lacks the phase */
	/* fsb_cell_phases(): the timed desktop (command) phases and the
	 * built-in ones, neither with the aging group or a feature phase */
	struct fsb_grid_cols desktop, builtin;
	struct fsb_grid_cols total;      /* what "total" sums: the measured desktop phases but
					    those the profile found too noisy */
	struct fsb_grid_cols out_of_total;  /* those: measured desktop phases whose session_cv
					       is above FSB_PROFILE_CV_GOAL (unless that is all) */
	bool stall_runs;                 /* a cell holds stall runs (fsb_result_has_stall_runs) */
	/* private */
	size_t *colof, *rowoff;          /* fsb_grid_col_of() */
	unsigned long gen;               /* the result's gen it was built at */
	struct fsb_names fs_names, ph_names;  /* name → index + 1 */
};

/* res's grid, built now when res has none or changed shape since.  Never
 * NULL (a result without filesystems has an empty one). */
const struct fsb_grid *fsb_result_grid(const struct fsb_result *res);
/* Free res's grid (fsb_result_free does). */
void fsb_grid_free(struct fsb_result *res);

/* The cell at (i, j), NULL when row i lacks phase j or either is no index
 * of g (FSB_GRID_NONE, FSB_GRID_TOTAL: no cell of its own). */
static inline struct fsb_phase_result *fsb_grid_cell(const struct fsb_grid *g, size_t i, size_t j)
{
	return i < g->nfs && j < g->nph ? g->cell[i * g->nph + j] : NULL;
}

/* The column of row i's k-th phase (res->fs[i]->phases[k]): for the walks
 * that go through a filesystem's phases in its own order. */
static inline size_t fsb_grid_col_of(const struct fsb_grid *g, size_t i, size_t k)
{
	return g->colof[g->rowoff[i] + k];
}

/* The row of a filesystem's name, FSB_GRID_NONE when it is not in g. */
size_t fsb_grid_fs(const struct fsb_grid *g, const char *name);
/* The column of a phase's name: FSB_GRID_TOTAL for "total", FSB_GRID_NONE
 * when it is not in g.  The tables' entry points take it so. */
size_t fsb_grid_phase(const struct fsb_grid *g, const char *name);
/* The column of the phase of that name (planned or recorded; "total" only
 * when a phase is called so), FSB_GRID_NONE: another result's phase, a
 * use's, found in g. */
size_t fsb_grid_column(const struct fsb_grid *g, const char *phase);
/* The name of column j: the phase's, "total", or NULL for FSB_GRID_NONE. */
const char *fsb_grid_col_name(const struct fsb_grid *g, size_t j);
/* The label of column j: the first non-empty one a row records, else its
 * name ("total" for FSB_GRID_TOTAL). */
const char *fsb_grid_label(const struct fsb_grid *g, size_t j);
/* Is column j a rate (a built-in or imported phase)?  Never "total". */
static inline bool fsb_grid_rate(const struct fsb_grid *g, size_t j)
{
	return j < g->nph && g->col[j].rate;
}
/* Does cols hold column j? */
bool fsb_grid_cols_has(const struct fsb_grid_cols *cols, size_t j);
/* The names of cols appended to out (the phase lists of the front ends). */
void fsb_grid_cols_names(const struct fsb_grid *g, const struct fsb_grid_cols *cols, struct fsb_strv *out);

#endif
