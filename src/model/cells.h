/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cells.h — the statistics of one filesystem × phase cell of a result, and
 * of one cell against another: what every table, the verdict and the
 * engine's "is it settled yet?" are computed from.  In the model (not in
 * the document) because the engine asks it after every round; the
 * document (src/doc/report.h) only words and lays out what it says.
 *
 *  - a cell's values are its successful runs' metric; runs set aside as
 *    disturbed go first, then outliers by the 3-MAD rule (stats.h) among
 *    the rest; the raw values stay in the file;
 *  - a cell is addressed as (row, column) of the result's grid
 *    (model/grid.h); the column FSB_GRID_TOTAL, "total", is the sum of
 *    every desktop phase per repetition (the aging group's phases never
 *    count: model/agefactor.h);
 *  - normalized = value / baseline for times, baseline / value for rates,
 *    so > 1 means slower everywhere.
 */
#ifndef FSB_MODEL_CELLS_H
#define FSB_MODEL_CELLS_H

#include <stdbool.h>
#include <stddef.h>

#include "model/grid.h"
#include "model/result.h"
#include "model/stats.h"

struct fsb_history;
struct fsb_judges;

/* How a result is judged: every front end's options of the tables. */
struct fsb_report_opts {
	enum fsb_metric metric;  /* of the summary table and the charts */
	const char *baseline;    /* NULL = the result's own baseline */
	double alpha;            /* significance level, 0 = 0.05 */
	bool nonparametric;      /* Mann-Whitney instead of Welch */
	/* this machine's earlier sessions of the plan (model/history.h), the
	 * verdict's between-session evidence; NULL = none asked for */
	const struct fsb_history *history;
	/* the verdicts the document's tables share (doc/report.h, made once
	 * for all of them); NULL: each table makes its own */
	struct fsb_judges *judges;
};

/* One filesystem × phase cell: the numbers every table is built from. */
struct fsb_cellstats {
	size_t nruns, nok;       /* runs recorded, runs that succeeded */
	bool failed;             /* no successful run and at least one failure */
	bool unavailable;        /* never attempted */
	const char *why;         /* the error or reason, or NULL */
	const char *not_measured; /* no value but an ok run that says why
				   * (an imported bonnie++ +++++), or NULL */
	struct fsb_stats st;     /* of the metric over the successful runs */
	double *values;          /* the metric per successful run, nok of them */
	bool *outlier;           /* flags for values[] */
	double *kept;            /* values[] without the outliers, st.n_used of them */
	bool *disturbed;         /* flags for values[]: the run was disturbed (set aside
				    from st and kept[] like an outlier, unless all were) */
	size_t ndisturbed;
	bool unreliable;         /* every successful run was disturbed: st is over them
				    all and the value is shown marked "?" */
};

/* Statistics of the cell (fs, phase) of res's grid for metric m: fs a
 * row, phase a column, FSB_GRID_TOTAL (the sum of the phases of "total"
 * per repetition); FSB_GRID_NONE for either (a filesystem or phase res
 * lacks) is an empty cell.
 * Free with fsb_cell_stats_free. */
void fsb_cell_stats(const struct fsb_result *res, size_t fs, size_t phase, enum fsb_metric m,
		    struct fsb_cellstats *out);
/* The same, but a "total" sums only those of its columns that shared
 * holds (a comparison of files sums the phases they all have); shared
 * NULL: all of them. */
void fsb_cell_stats_shared(const struct fsb_result *res, size_t fs, size_t phase, const struct fsb_grid_cols *shared,
			   enum fsb_metric m, struct fsb_cellstats *out);
void fsb_cell_stats_free(struct fsb_cellstats *cs);

/*
 * A weighted total (model/verdict.h's scope, model/rounds.h's column):
 * per repetition, the sum over phases[j] of w[j] × the run's metric (a
 * recommendation weighs the phases that matter for a disk's use,
 * model/recommend.h).  A built-in phase, whose time is set by
 * min_duration, counts as the time its rate takes for FSB_CELL_BUILTIN_KIB
 * KiB (or FSB_CELL_BUILTIN_OPS operations), whatever the metric.
 */
#define FSB_CELL_BUILTIN_KIB 1048576.0   /* 1 GiB */
#define FSB_CELL_BUILTIN_OPS 100000.0
struct fsb_weights {
	struct fsb_strv phases;
	double *w;               /* phases.n weights */
};
/* A run's share of a (weighted) total: its metric, or for a built-in phase
 * the time its rate takes for FSB_CELL_BUILTIN_KIB (FSB_CELL_BUILTIN_OPS). */
double fsb_cell_share(const struct fsb_run *r, bool builtin, enum fsb_metric m);

/* A cell against the baseline's. */
struct fsb_norm {
	double ratio;            /* > 1 = slower than the baseline */
	double lo, hi;           /* its 95% interval (Fieller), NAN when untested */
	bool significant, tested;
	double p;                /* of the test, NAN when none */
	bool unreliable;         /* a side's every run was disturbed: shown "?", never significant */
};
struct fsb_norm fsb_cell_normalize(const struct fsb_cellstats *a, const struct fsb_cellstats *base,
				   enum fsb_metric m, const struct fsb_report_opts *o);

/* Can fs be ranked: made, and not every successful run of its phases
 * (the aging group's aside) disturbed?  (A filesystem with no run yet can.) */
bool fsb_cell_rankable(const struct fsb_fs_result *fs);

/* The smallest relative difference a pair of cells could show: their
 * relative 95% CI half-widths combined, sqrt(ra² + rb²); NAN without two
 * kept runs on either side. */
double fsb_cell_pair_floor(const struct fsb_cellstats *a, const struct fsb_cellstats *b);

/* The row of the baseline the report uses: o->baseline, else
 * res->baseline if it is in res, else the first filesystem — but never,
 * unless asked for, one no table can rank (every run of its desktop
 * phases disturbed): then the first filesystem that can be ranked.
 * FSB_GRID_NONE when res has no filesystem. */
size_t fsb_cell_base(const struct fsb_result *res, const struct fsb_report_opts *o);
/* Its name, or NULL (for the front ends). */
const char *fsb_cell_baseline(const struct fsb_result *res, const struct fsb_report_opts *o);

/* The names of the grid's lists (model/grid.h), appended to out: the
 * phases of the desktop suite (command phases) or the built-in ones, in
 * order (neither has the aging group's phases, model/agefactor.h, nor a
 * feature phase, clone, model/diskwork.h, so no total, verdict, summary or
 * built-in table counts them); the phases "total" sums (the desktop
 * phases that succeeded on at least one filesystem, but those left out of
 * it); and those left out: the desktop phases whose CV across sessions the
 * profile measured (session_cv, recorded per phase) is above
 * FSB_PROFILE_CV_GOAL — unless that would leave no phase in it — their
 * CVs to cv[0 .. max) (cv may be NULL). */
void fsb_cell_phases(const struct fsb_result *res, bool builtin, struct fsb_strv *out);
void fsb_cell_total_phases(const struct fsb_result *res, struct fsb_strv *out);
void fsb_cell_out_of_total(const struct fsb_result *res, struct fsb_strv *out, double *cv, size_t max);

#endif
