/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "model/agefactor.h"
#include "model/kinds.h"
#include "model/opts.h"
#include "doc/report.h"
#include "model/config.h"
#include "model/verdict.h"
#include "model/plaus.h"

/* ---- table building ----------------------------------------------------------- */

/* v with prec decimals, or "—" when it is not a number: never "nan" or
 * "inf" in a table.  Each call returns one of 8 rotating buffers, so a
 * format can hold several. */
static const char *num(double v, int prec)
{
	static __thread char bufs[8][48];
	static __thread unsigned next;
	char *b = bufs[next++ % 8];

	if (!isfinite(v))
		return "—";
	/* a file may hold 1e300 seconds: three significant digits, not 300 */
	if (fabs(v) >= 1e9)
		snprintf(b, sizeof(bufs[0]), "%.3g", v);
	else
		snprintf(b, sizeof(bufs[0]), "%.*f", prec, v);
	return b;
}

/* Empty-cell text and flags for a cell without numbers. */
static void set_empty(struct fsb_table *t, size_t r, size_t c, const struct fsb_cellstats *cs,
		      const struct fsb_result *res, const char *fs, const char *phase)
{
	if (cs->failed) {
		fsb_table_set(t, r, c, FSB_CELL_NUMBER | FSB_CELL_FAILED, NAN, "fail");
		if (cs->why)
			fsb_strv_addf(&t->notes, "%s %s: %s", fs, phase, cs->why);
	} else if (cs->not_measured) {
		/* never a number: the tool could not time it (bonnie++'s +++++) */
		char *note = fsb_xasprintf("not measured: %s", cs->not_measured);

		fsb_table_set(t, r, c, FSB_CELL_NUMBER | FSB_CELL_MISSING, NAN, "not measured");
		if (!fsb_strv_contains(&t->notes, note))
			fsb_strv_add(&t->notes, note);
		free(note);
	} else if (cs->unavailable) {
		fsb_table_set(t, r, c, FSB_CELL_NUMBER | FSB_CELL_MISSING, NAN, "n/a");
	} else if (res->status == FSB_RESULT_RUNNING) {
		fsb_table_set(t, r, c, FSB_CELL_NUMBER | FSB_CELL_PENDING, NAN, "…");
	} else {
		fsb_table_set(t, r, c, FSB_CELL_NUMBER | FSB_CELL_MISSING, NAN, "—");
	}
}

/* The notes of filesystems and phases not run; cols[0 .. ncols): the
 * table's columns (FSB_GRID_TOTAL has no cell). */
static void note_unavailable(struct fsb_table *t, const struct fsb_result *res, const size_t *cols, size_t ncols)
{
	const struct fsb_grid *g = fsb_result_grid(res);

	for (size_t i = 0; i < res->nfs; i++) {
		const struct fsb_fs_result *fs = res->fs[i];

		if (fs->status == FSB_FS_UNAVAILABLE)
			fsb_strv_addf(&t->notes, "%s: not run: %s", fs->name, fs->error ? fs->error : "unavailable");
		else if (fs->status == FSB_FS_FAILED || fs->error)
			fsb_strv_addf(&t->notes, "%s: %s", fs->name, fs->error ? fs->error : "failed");
		for (size_t j = 0; j < ncols; j++) {
			const struct fsb_phase_result *ph = fsb_grid_cell(g, i, cols[j]);

			/* one note per phase is enough when every filesystem lacks it */
			if (ph && ph->status == FSB_PHASE_UNAVAILABLE && i == 0)
				fsb_strv_addf(&t->notes, "%s: not run: %s", ph->name, ph->reason ? ph->reason : "unavailable");
		}
	}
}

static const char *metric_words(enum fsb_metric m)
{
	switch (m) {
	case FSB_METRIC_USR: return "user time";
	case FSB_METRIC_SYS: return "system time";
	case FSB_METRIC_SYNC: return "sync time";
	case FSB_METRIC_DEAD: return "dead time (real - usr)";
	case FSB_METRIC_REAL: return "real time";
	case FSB_METRIC_RATE: return "throughput";
	case FSB_METRIC_CPU: return "%CPU";
	case FSB_METRIC_WRITTEN: return "device writes";
	case FSB_METRIC_SAVED: return "saved";
	case FSB_METRIC_WAMP: return "write amplification";
	case FSB_METRIC_STALL_P50: return "a save's median";
	case FSB_METRIC_STALL_P99: return "a save's p99";
	case FSB_METRIC_STALL_MAX: return "the longest save";
	default: return "?";
	}
}

const char *fsb_report_metric_words(enum fsb_metric m)
{
	return metric_words(m);
}

const char *fsb_report_num(double v, int prec)
{
	return num(v, prec);
}

unsigned fsb_report_ratio_flags(double ratio, bool significant)
{
	unsigned f = FSB_CELL_NUMBER | FSB_CELL_RATIO;

	if (significant)
		f |= FSB_CELL_SIGNIFICANT;
	if (ratio < 0.995)
		f |= FSB_CELL_BETTER;
	else if (ratio >= 1.005)
		f |= FSB_CELL_WORSE;
	return f;
}

static unsigned ratio_flags(const struct fsb_norm *n)
{
	return fsb_report_ratio_flags(n->ratio, n->significant);
}

/* "1.13", or "1.13*" when significant */
static void set_ratio(struct fsb_table *t, size_t r, size_t c, const struct fsb_norm *n, unsigned extra)
{
	if (isnan(n->ratio))
		fsb_table_set(t, r, c, FSB_CELL_NUMBER | FSB_CELL_MISSING | extra, NAN, "—");
	else
		/* the baseline's own 1.00 is exact by definition, disturbed or not */
		fsb_table_set(t, r, c, ratio_flags(n) | extra, n->ratio, "%s%s", num(n->ratio, 2),
		    n->significant ? "*" : n->unreliable && !(extra & FSB_CELL_BASELINE) ? "?" : "");
}

/* Row order of the summary: the baseline (row b), then the result's order. */
static void fs_order(const struct fsb_result *res, size_t b, size_t *out)
{
	size_t k = 0;

	if (b != FSB_GRID_NONE)
		out[k++] = b;
	for (size_t i = 0; i < res->nfs; i++)
		if (i != b)
			out[k++] = i;
}

/* The summary's columns: the desktop phases, then "total". */
static size_t *summary_cols(const struct fsb_grid *g, size_t *n)
{
	size_t *cols = fsb_xcalloc(g->desktop.n + 1, sizeof(*cols));

	for (size_t j = 0; j < g->desktop.n; j++)
		cols[j] = g->desktop.v[j];
	cols[g->desktop.n] = FSB_GRID_TOTAL;
	*n = g->desktop.n + 1;
	return cols;
}

/* The baseline's cell of each column, once. */
static struct fsb_cellstats *base_cells(const struct fsb_result *res, size_t b, const size_t *cols, size_t n,
					enum fsb_metric m)
{
	struct fsb_cellstats *v = fsb_xcalloc(n ? n : 1, sizeof(*v));

	for (size_t j = 0; j < n; j++)
		fsb_cell_stats(res, b, cols[j], m, &v[j]);
	return v;
}

static void base_cells_free(struct fsb_cellstats *v, size_t n)
{
	for (size_t j = 0; j < n; j++)
		fsb_cell_stats_free(&v[j]);
	free(v);
}

int fsb_report_summary(const struct fsb_result *res, const struct fsb_report_opts *o, struct fsb_table *t)
{
	const struct fsb_grid *g = fsb_result_grid(res);
	struct fsb_strv below_zero = { 0 };
	size_t bfs = fsb_cell_base(res, o), ncols, *cols;
	const char *base = bfs == FSB_GRID_NONE ? NULL : res->fs[bfs]->name;
	size_t order[res->nfs ? res->nfs : 1];
	struct fsb_cellstats *bc;
	enum fsb_metric m = o ? o->metric : FSB_METRIC_DEAD;

	if (!g->desktop.n || !base)
		return -ENOENT;
	cols = summary_cols(g, &ncols);
	fs_order(res, bfs, order);
	bc = base_cells(res, bfs, cols, ncols, m);
	fsb_table_init(t, "summary", res->nfs + 1, ncols + 1, 1);
	t->title = fsb_xstrdup("Summary");
	t->caption = fsb_xasprintf("%s normalized to %s (%s = 1.00, > 1 means slower)%s", metric_words(m),
				   base, base, fsb_result_repeated(res) ? "; * = significant (p < 0.05)" : "");
	fsb_table_set(t, 0, 0, FSB_CELL_HEADER, NAN, "FS");
	for (size_t j = 0; j < ncols; j++) {
		fsb_table_set(t, 0, j + 1, FSB_CELL_HEADER | FSB_CELL_NUMBER, NAN, "%s", fsb_grid_col_name(g, cols[j]));
		fsb_table_key_col(t, j + 1, fsb_grid_col_name(g, cols[j]));
	}
	for (size_t i = 0; i < res->nfs; i++) {
		const struct fsb_fs_result *fs = res->fs[order[i]];
		unsigned bl = order[i] == bfs ? FSB_CELL_BASELINE : 0;
		bool below = false;

		fsb_table_set(t, i + 1, 0, FSB_CELL_NAME | bl, NAN, "%s", fs->name);
		fsb_table_key_row(t, i + 1, fs->name);
		for (size_t j = 0; j < ncols; j++) {
			struct fsb_cellstats a;
			struct fsb_norm n;

			fsb_cell_stats(res, order[i], cols[j], m, &a);
			if (!a.nok) {
				set_empty(t, i + 1, j + 1, &a, res, fs->name, fsb_grid_col_name(g, cols[j]));
			} else {
				n = fsb_cell_normalize(&a, &bc[j], m, o);
				set_ratio(t, i + 1, j + 1, &n, bl);
				if (order[i] != bfs && a.st.mean < 0 && !below) {
					fsb_strv_add(&below_zero, fs->name);
					below = true;
				}
			}
			fsb_cell_stats_free(&a);
		}
	}
	note_unavailable(t, res, cols, ncols);
	for (size_t j = 0; j < ncols; j++)	/* the same work? (model/plaus.h) */
		fsb_report_mark_less_work(res, cols[j], t, order, 1, (size_t[]){ j + 1 }, 1);
	for (size_t j = 0; j < ncols; j++) {
		const struct fsb_cellstats *b = &bc[j];

		if (b->nok && !(b->st.mean > 0))
			fsb_strv_addf(&t->notes, "%s: the %s of %s is %.2f s, nothing to normalize to%s%s%s",
				      fsb_grid_col_name(g, cols[j]), metric_words(m), base, b->st.mean,
				      m == FSB_METRIC_DEAD && b->st.mean < 0 ? " (user time above real time: parallel jobs; see " : "",
				      m == FSB_METRIC_DEAD && b->st.mean < 0 ? fsb_opt_say(FSB_SAY_METRIC, "real") : "",
				      m == FSB_METRIC_DEAD && b->st.mean < 0 ? ")" : "");
	}
	base_cells_free(bc, ncols);
	if (below_zero.n) {
		struct fsb_buf b = { 0 };

		for (size_t i = 0; i < below_zero.n && i < 5; i++)
			fsb_buf_addf(&b, "%s%s", i ? ", " : "", below_zero.v[i]);
		if (below_zero.n > 5)
			fsb_buf_addf(&b, " and %zu more", below_zero.n - 5);
		fsb_strv_addf(&t->notes, "%s: the %s is below zero, no ratio%s%s%s", b.s, metric_words(m),
			      m == FSB_METRIC_DEAD ? " (user time above real time: parallel jobs; see " : "",
			      m == FSB_METRIC_DEAD ? fsb_opt_say(FSB_SAY_METRIC, "real") : "",
			      m == FSB_METRIC_DEAD ? ")" : "");
		fsb_buf_free(&b);
	}
	fsb_strv_free(&below_zero);
	fsb_table_done(t);
	free(cols);
	return 0;
}

static const enum fsb_metric phase_cols[] = {
	FSB_METRIC_USR, FSB_METRIC_SYS, FSB_METRIC_SYNC, FSB_METRIC_DEAD, FSB_METRIC_REAL,
};

/* A table's column by the name it was asked for: -ENOENT (as *col
 * FSB_GRID_NONE) when no filesystem has the phase; "total" is always there. */
static int table_col(const struct fsb_grid *g, const char *phase, size_t *col)
{
	*col = fsb_grid_phase(g, phase);
	if (*col == FSB_GRID_TOTAL)
		return 0;
	if (*col == FSB_GRID_NONE || g->col[*col].first == FSB_GRID_NONE) {
		*col = FSB_GRID_NONE;
		return -ENOENT;
	}
	return 0;
}

struct sortrow {
	size_t fs;               /* the row */
	double key;
};

static int by_key(const void *a, const void *b)
{
	const struct sortrow *x = a, *y = b;

	/* rows without a time go last, in their original order */
	if (isnan(x->key) || isnan(y->key))
		return isnan(x->key) - isnan(y->key);
	return (x->key > y->key) - (x->key < y->key);
}

/* "24.38", or "24.38±0.12" with repetitions */
static void set_seconds(struct fsb_table *t, size_t r, size_t c, const struct fsb_cellstats *cs, unsigned extra)
{
	/* centiseconds as the seeds print them; a sub-second value keeps a
	 * third digit so that tiny phases are not all "0.01" */
	int prec = cs->st.mean < 1 ? 3 : 2;

	const char *q = cs->unreliable ? "?" : "";

	if (cs->st.n_used > 1 && !isnan(cs->st.ci_half))
		fsb_table_set(t, r, c, FSB_CELL_NUMBER | extra, cs->st.mean, "%s±%s%s", num(cs->st.mean, prec),
		    num(cs->st.ci_half, prec), q);
	else
		fsb_table_set(t, r, c, FSB_CELL_NUMBER | extra, cs->st.mean, "%s%s", num(cs->st.mean, prec), q);
}

int fsb_report_phase(const struct fsb_result *res, const char *phase, const struct fsb_report_opts *o,
		     struct fsb_table *t)
{
	const struct fsb_grid *g = fsb_result_grid(res);
	size_t bfs = fsb_cell_base(res, o), col;
	const char *base = bfs == FSB_GRID_NONE ? NULL : res->fs[bfs]->name;
	struct sortrow rows[res->nfs ? res->nfs : 1];
	size_t ncols = 1 + 2 * FSB_ARRAY_SIZE(phase_cols);
	struct fsb_cellstats *bc;
	bool total;
	char *id;

	if (!base || table_col(g, phase, &col))
		return -ENOENT;
	total = col == FSB_GRID_TOTAL;
	for (size_t i = 0; i < res->nfs; i++) {
		struct fsb_cellstats cs;

		fsb_cell_stats(res, i, col, FSB_METRIC_REAL, &cs);
		rows[i].fs = i;
		rows[i].key = cs.nok ? cs.st.mean : NAN;
		fsb_cell_stats_free(&cs);
	}
	qsort(rows, res->nfs, sizeof(*rows), by_key);
	id = fsb_xasprintf("phase:%s", phase);
	fsb_table_init(t, id, res->nfs + 1, ncols, 1);
	free(id);
	t->title = fsb_xstrdup(fsb_grid_label(g, col));
	t->caption = fsb_xasprintf("seconds, and normalized to %s; sorted by real time%s", base,
				   fsb_result_repeated(res) ? "; mean±95% CI, * = significant (p < 0.05)" : "");
	fsb_table_set(t, 0, 0, FSB_CELL_HEADER, NAN, "Filesystem");
	for (size_t k = 0; k < FSB_ARRAY_SIZE(phase_cols); k++) {
		fsb_table_set(t, 0, 1 + 2 * k, FSB_CELL_HEADER | FSB_CELL_NUMBER, NAN, "%s", fsb_metric_name(phase_cols[k]));
		fsb_table_span(t, 0, 1 + 2 * k, 2);
	}
	bc = fsb_xcalloc(FSB_ARRAY_SIZE(phase_cols), sizeof(*bc));
	for (size_t k = 0; k < FSB_ARRAY_SIZE(phase_cols); k++)
		fsb_cell_stats(res, bfs, col, phase_cols[k], &bc[k]);
	for (size_t i = 0; i < res->nfs; i++) {
		const struct fsb_fs_result *fs = res->fs[rows[i].fs];
		unsigned bl = rows[i].fs == bfs ? FSB_CELL_BASELINE : 0;

		fsb_table_set(t, i + 1, 0, FSB_CELL_NAME | bl, NAN, "%s", fs->name);
		for (size_t k = 0; k < FSB_ARRAY_SIZE(phase_cols); k++) {
			struct fsb_cellstats a;

			fsb_cell_stats(res, rows[i].fs, col, phase_cols[k], &a);
			if (!a.nok) {
				set_empty(t, i + 1, 1 + 2 * k, &a, res, fs->name, k == 0 ? phase : "");
				fsb_table_set(t, i + 1, 2 + 2 * k, FSB_CELL_NUMBER | FSB_CELL_DIM, NAN, "%s",
				    fsb_table_cell(t, i + 1, 1 + 2 * k)->text);
			} else {
				struct fsb_norm n = fsb_cell_normalize(&a, &bc[k], phase_cols[k], o);

				set_seconds(t, i + 1, 1 + 2 * k, &a, bl);
				set_ratio(t, i + 1, 2 + 2 * k, &n, bl | FSB_CELL_DIM);
			}
			fsb_cell_stats_free(&a);
		}
	}
	base_cells_free(bc, FSB_ARRAY_SIZE(phase_cols));
	if (!total) {	/* the same work? (model/plaus.h): by the dead and real times */
		size_t by_row[res->nfs ? res->nfs : 1];

		for (size_t i = 0; i < res->nfs; i++)
			by_row[i] = rows[i].fs;
		fsb_report_mark_less_work(res, col, t, by_row, 1, (size_t[]){ 7, 9 }, 2);
	}
	fsb_table_done(t);
	return 0;
}

int fsb_report_raw(const struct fsb_result *res, const char *phase, const struct fsb_report_opts *o,
		   struct fsb_table *t)
{
	const struct fsb_grid *g = fsb_result_grid(res);
	size_t maxruns = 0, col = fsb_grid_column(g, phase);
	bool found = false, any_dist = false;
	char *id;

	(void)o;
	for (size_t i = 0; i < res->nfs; i++) {
		const struct fsb_phase_result *ph = fsb_grid_cell(g, i, col);

		if (ph) {
			found = true;
			if (ph->nruns > maxruns)
				maxruns = ph->nruns;
		}
	}
	if (!found)
		return -ENOENT;
	id = fsb_xasprintf("raw:%s", phase);
	fsb_table_init(t, id, res->nfs + 1, 2 + maxruns, 1);
	free(id);
	t->title = fsb_xasprintf("%s — every repetition", fsb_grid_label(g, col));
	t->caption = fsb_xstrdup("real seconds per repetition, (sys+user) in brackets; ! = outlier, left out of the average");
	fsb_table_set(t, 0, 0, FSB_CELL_HEADER, NAN, "Filesystem");
	fsb_table_set(t, 0, 1, FSB_CELL_HEADER | FSB_CELL_NUMBER, NAN, "average");
	for (size_t k = 0; k < maxruns; k++)
		fsb_table_set(t, 0, 2 + k, FSB_CELL_HEADER | FSB_CELL_NUMBER, NAN, "%zu", k + 1);
	for (size_t i = 0; i < res->nfs; i++) {
		const struct fsb_fs_result *fs = res->fs[i];
		const struct fsb_phase_result *ph = fsb_grid_cell(g, i, col);
		struct fsb_cellstats cs;
		size_t okidx = 0;

		fsb_table_set(t, i + 1, 0, FSB_CELL_NAME, NAN, "%s", fs->name);
		fsb_cell_stats(res, i, col, FSB_METRIC_REAL, &cs);
		if (cs.nok) {
			/* the brackets of the average use the same runs as the mean */
			double su = 0, us = 0;
			size_t n = 0;

			/* the cell's values are the ok runs that have a real time
			 * (fsb_cell_stats): a run without one has no outlier slot */
			for (size_t k = 0, ok = 0; ph && k < ph->nruns && ok < cs.nok; k++) {
				if (ph->runs[k].status != FSB_RUN_OK || isnan(ph->runs[k].v[FSB_FIELD_real]))
					continue;
				bool in = !cs.outlier[ok] && !(cs.disturbed[ok] && !cs.unreliable);

				ok++;
				if (in) {
					su += ph->runs[k].v[FSB_FIELD_sys];
					us += ph->runs[k].v[FSB_FIELD_user];
					n++;
				}
			}
			fsb_table_set(t, i + 1, 1, FSB_CELL_NUMBER, cs.st.mean, "%s (%s+%s)", num(cs.st.mean, 2),
			    num(n ? su / (double)n : NAN, 2), num(n ? us / (double)n : NAN, 2));
		} else {
			set_empty(t, i + 1, 1, &cs, res, fs->name, phase);
		}
		for (size_t k = 0; k < maxruns; k++) {
			const struct fsb_run *r = ph && k < ph->nruns ? &ph->runs[k] : NULL;

			if (!r) {
				fsb_table_set(t, i + 1, 2 + k, FSB_CELL_NUMBER | FSB_CELL_MISSING, NAN, "—");
			} else if (r->status != FSB_RUN_OK) {
				fsb_table_set(t, i + 1, 2 + k, FSB_CELL_NUMBER | FSB_CELL_FAILED, NAN, "fail");
			} else {
				bool has = !isnan(r->v[FSB_FIELD_real]);
				bool out = has && cs.outlier && okidx < cs.nok && cs.outlier[okidx];
				bool dist = r->disturbed != NULL;

				fsb_table_set(t, i + 1, 2 + k, FSB_CELL_NUMBER | (out || dist ? FSB_CELL_OUTLIER : 0),
				    r->v[FSB_FIELD_real], "%s (%s+%s)%s%s", num(r->v[FSB_FIELD_real], 2),
				    num(r->v[FSB_FIELD_sys], 2), num(r->v[FSB_FIELD_user], 2), out ? "!" : "",
				    dist ? "~" : "");
				if (dist) {
					fsb_strv_addf(&t->notes, "%s rep %zu ~ disturbed: %s", fs->name, k + 1, r->disturbed);
					any_dist = true;
				}
				okidx += has;
			}
		}
		fsb_cell_stats_free(&cs);
	}
	if (any_dist) {
		char *c = fsb_xasprintf("%s; ~ = disturbed by other programs, left out too", t->caption);

		free(t->caption);
		t->caption = c;
	}
	fsb_table_done(t);
	return 0;
}

/* A number as the tables print it: centiseconds, three decimals below one
 * second (as set_seconds), whole numbers for rates of 100 and more. */
static void set_number(struct fsb_table *t, size_t r, size_t c, double v, bool rate, unsigned flags,
		       const char *prefix)
{
	if (isnan(v))
		fsb_table_set(t, r, c, FSB_CELL_NUMBER | FSB_CELL_MISSING | flags, NAN, "—");
	else if (rate)
		fsb_table_set(t, r, c, FSB_CELL_NUMBER | flags, v, "%s%s", prefix, num(v, fabs(v) < 100 ? 1 : 0));
	else
		fsb_table_set(t, r, c, FSB_CELL_NUMBER | flags, v, "%s%s", prefix, num(v, fabs(v) < 1 ? 3 : 2));
}

int fsb_report_stats(const struct fsb_result *res, const char *phase, const struct fsb_report_opts *o,
		     struct fsb_table *t)
{
	static const char *const heads[] = { "Filesystem", "runs", "outliers", "mean", "95% CI", "median",
					     "sd", "CV", "min", "max", "ratio", "ratio 95% CI", "p" };
	const struct fsb_grid *g = fsb_result_grid(res);
	enum fsb_metric m = o ? o->metric : FSB_METRIC_DEAD;
	size_t bfs = fsb_cell_base(res, o), col;
	const char *base = bfs == FSB_GRID_NONE ? NULL : res->fs[bfs]->name;
	struct fsb_cellstats bcs;
	bool rate;
	char *id;

	if (table_col(g, phase, &col) || !res->nfs)
		return -ENOENT;
	if (fsb_grid_rate(g, col))
		m = FSB_METRIC_RATE;
	rate = fsb_metric_higher_is_better(m);
	id = fsb_xasprintf("stats:%s", phase);
	fsb_table_init(t, id, res->nfs + 1, FSB_ARRAY_SIZE(heads), 1);
	free(id);
	t->title = fsb_xasprintf("%s — %s, statistics", fsb_grid_label(g, col), metric_words(m));
	t->caption = fsb_xasprintf("%s of the successful runs; outliers (3 MAD from the median) are left out of "
				   "everything but min and max; 95%% CI of the mean by Student's t; CV = sd / mean; "
				   "ratio to %s with its 95%% CI (Fieller) and the p-value of %s",
				   rate ? "K/sec or /sec" : "seconds", base ? base : "the baseline",
				   o && o->nonparametric ? "the Mann-Whitney U test" : "Welch's t-test");
	if (bfs != FSB_GRID_NONE)
		fsb_cell_stats(res, bfs, col, m, &bcs);
	else
		memset(&bcs, 0, sizeof(bcs));
	for (size_t c = 0; c < FSB_ARRAY_SIZE(heads); c++)
		fsb_table_set(t, 0, c, FSB_CELL_HEADER | (c ? FSB_CELL_NUMBER : 0), NAN, "%s", heads[c]);
	for (size_t i = 0; i < res->nfs; i++) {
		const struct fsb_fs_result *fs = res->fs[i];
		struct fsb_cellstats cs;
		size_t r = i + 1;

		fsb_table_set(t, r, 0, FSB_CELL_NAME, NAN, "%s", fs->name);
		fsb_cell_stats(res, i, col, m, &cs);
		fsb_table_set(t, r, 1, FSB_CELL_NUMBER, (double)cs.nok, "%zu", cs.nok);
		if (!cs.nok) {
			set_empty(t, r, 2, &cs, res, fs->name, phase);
			for (size_t c = 3; c < FSB_ARRAY_SIZE(heads); c++)
				fsb_table_set(t, r, c, FSB_CELL_NUMBER | FSB_CELL_DIM, NAN, "%s", fsb_table_cell(t, r, 2)->text);
			fsb_cell_stats_free(&cs);
			continue;
		}
		fsb_table_set(t, r, 2, FSB_CELL_NUMBER | (cs.st.n_outliers ? FSB_CELL_OUTLIER : 0), (double)cs.st.n_outliers,
		    "%zu", cs.st.n_outliers);
		set_number(t, r, 3, cs.st.mean, rate, 0, "");
		set_number(t, r, 4, cs.st.ci_half, rate, FSB_CELL_DIM, "±");
		set_number(t, r, 5, cs.st.median, rate, 0, "");
		set_number(t, r, 6, cs.st.sd, rate, FSB_CELL_DIM, "");
		/* a mean near zero (a dead time of about nothing) gives an
		 * infinite CV: a dash, like no CV at all */
		if (!isfinite(cs.st.cv * 100))
			fsb_table_set(t, r, 7, FSB_CELL_NUMBER | FSB_CELL_MISSING, NAN, "—");
		else
			fsb_table_set(t, r, 7, FSB_CELL_NUMBER, cs.st.cv, "%s%%", num(cs.st.cv * 100, 1));
		set_number(t, r, 8, cs.st.min, rate, FSB_CELL_DIM, "");
		set_number(t, r, 9, cs.st.max, rate, FSB_CELL_DIM, "");
		if (!bcs.nok) {
			for (size_t c = 10; c < FSB_ARRAY_SIZE(heads); c++)
				fsb_table_set(t, r, c, FSB_CELL_NUMBER | FSB_CELL_MISSING, NAN, "—");
		} else {
			struct fsb_norm n = fsb_cell_normalize(&cs, &bcs, m, o);
			unsigned bl = i == bfs ? FSB_CELL_BASELINE : 0;

			set_ratio(t, r, 10, &n, bl);
			if (bl) {
				/* the baseline against itself: nothing to estimate or test */
				fsb_table_set(t, r, 11, FSB_CELL_NUMBER | FSB_CELL_MISSING, NAN, "—");
				fsb_table_set(t, r, 12, FSB_CELL_NUMBER | FSB_CELL_MISSING, NAN, "—");
			} else {
				unsigned sig = n.significant ? FSB_CELL_SIGNIFICANT : 0;

				if ((isnan(n.lo) || isnan(n.hi)) && !isnan(n.ratio) && !n.unreliable &&
				    cs.st.n_used >= 2 && bcs.st.n_used >= 2)
					fsb_table_set(t, r, 11, FSB_CELL_NUMBER | FSB_CELL_DIM, NAN, FSB_REPORT_UNMEASURABLE);
				else if (isnan(n.lo) || isnan(n.hi))
					fsb_table_set(t, r, 11, FSB_CELL_NUMBER | FSB_CELL_MISSING, NAN, "—");
				else
					fsb_table_set(t, r, 11, FSB_CELL_NUMBER | FSB_CELL_DIM, NAN, "[%s, %s]", num(n.lo, 2), num(n.hi, 2));
				if (isnan(n.p))
					fsb_table_set(t, r, 12, FSB_CELL_NUMBER | FSB_CELL_MISSING, NAN, "—");
				else if (n.p < 0.001)
					fsb_table_set(t, r, 12, FSB_CELL_NUMBER | sig, n.p, "<0.001");
				else
					fsb_table_set(t, r, 12, FSB_CELL_NUMBER | sig, n.p, "%.3f", n.p);
			}
		}
		fsb_cell_stats_free(&cs);
	}
	fsb_cell_stats_free(&bcs);
	fsb_table_done(t);
	return 0;
}

int fsb_report_auto(const struct fsb_result *res, const struct fsb_report_opts *o, struct fsb_table *t)
{
	const struct fsb_grid *g = fsb_result_grid(res);
	size_t *cols = fsb_xcalloc(g->nph + 1, sizeof(*cols)), n = 0, capped = 0;

	(void)o;
	for (size_t j = 0; j < g->nph; j++)
		for (size_t i = 0; i < res->nfs; i++) {
			const struct fsb_phase_result *ph = fsb_grid_cell(g, i, j);

			if (ph && ph->auto_target_reps >= 0) {
				cols[n++] = j;
				break;
			}
		}
	if (!n) {
		free(cols);
		return -ENOENT;
	}
	fsb_table_init(t, "auto-repeat", res->nfs + 1, n + 1, 1);
	t->title = fsb_xasprintf("Repetitions (%s)", fsb_opt_say(FSB_OPT_AUTO_REPEAT, NULL));
	t->caption = fsb_xasprintf("repetitions each phase took until the 95%% CI of its mean real time was within the "
				   "target (%s, ±3%% by default), and the CI reached; cap = it never got there",
				   fsb_opt_say(FSB_OPT_CI_TARGET, NULL));
	fsb_table_set(t, 0, 0, FSB_CELL_HEADER, NAN, "FS");
	for (size_t j = 0; j < n; j++)
		fsb_table_set(t, 0, j + 1, FSB_CELL_HEADER | FSB_CELL_NUMBER, NAN, "%s", g->col[cols[j]].name);
	for (size_t i = 0; i < res->nfs; i++) {
		const struct fsb_fs_result *fs = res->fs[i];

		fsb_table_set(t, i + 1, 0, FSB_CELL_NAME, NAN, "%s", fs->name);
		for (size_t j = 0; j < n; j++) {
			const struct fsb_phase_result *ph = fsb_grid_cell(g, i, cols[j]);
			struct fsb_cellstats cs;
			char ci[32] = "";

			if (!ph || ph->auto_target_reps < 0) {
				fsb_table_set(t, i + 1, j + 1, FSB_CELL_NUMBER | FSB_CELL_MISSING, NAN, "—");
				continue;
			}
			fsb_cell_stats(res, i, cols[j], FSB_METRIC_REAL, &cs);
			if (cs.st.mean > 0 && !isnan(cs.st.ci_half))
				snprintf(ci, sizeof(ci), " (±%s%%)", num(cs.st.ci_half / cs.st.mean * 100, 1));
			fsb_cell_stats_free(&cs);
			if (ph->auto_converged) {
				fsb_table_set(t, i + 1, j + 1, FSB_CELL_NUMBER | FSB_CELL_BETTER, ph->auto_target_reps, "%d%s",
				    ph->auto_target_reps, ci);
			} else {
				bool done = res->status != FSB_RESULT_RUNNING && res->status != FSB_RESULT_INTERRUPTED;

				/* an unfinished run has not hit its cap, it stopped short of it */
				fsb_table_set(t, i + 1, j + 1, FSB_CELL_NUMBER | FSB_CELL_WORSE, ph->auto_target_reps, "%d %s%s",
				    ph->auto_target_reps, done ? "cap" : "so far", ci);
				capped += done;
			}
		}
	}
	if (capped)
		fsb_strv_addf(&t->notes, "%zu phase%s hit the cap without reaching the target: %s noisy; "
			      "more repetitions (%s) or a quieter machine would help",
			      capped, capped == 1 ? "" : "s", capped == 1 ? "it is" : "they are", fsb_opt_say(FSB_OPT_MAX_REPEAT, NULL));
	fsb_table_done(t);
	free(cols);
	return 0;
}


/* bonnie++'s layout: groups, tests, then the unit row. */
struct bonnie_test {
	const char *phase, *group, *test;
	bool ops;                /* /sec instead of K/sec */
};

static const struct bonnie_test bonnie_tests[] = {
	{ "char-write", "Sequential Output", "Per Chr", false },
	{ "block-write", "Sequential Output", "Block", false },
	{ "rewrite", "Sequential Output", "Rewrite", false },
	{ "char-read", "Sequential Input", "Per Chr", false },
	{ "block-read", "Sequential Input", "Block", false },
	{ "seeks", "Random", "Seeks", true },
	{ "seq-create", "Sequential Create", "Create", true },
	{ "seq-stat", "Sequential Create", "Read", true },
	{ "seq-delete", "Sequential Create", "Delete", true },
	{ "rand-create", "Random Create", "Create", true },
	{ "rand-stat", "Random Create", "Read", true },
	{ "rand-delete", "Random Create", "Delete", true },
};

/* Phase entries in res: a bound for the rate phases beyond bonnie++'s. */
static size_t phase_entries(const struct fsb_result *res)
{
	size_t n = 0;

	for (size_t i = 0; i < res->nfs; i++)
		n += res->fs[i]->nphases;
	return n;
}

/*
 * The rate phases in bonnie++'s layout: its twelve tests in its order,
 * then any other built-in or imported phase (fio's jobs) as a test of its
 * own, grouped under the tool that measured it; cols[k] is out[k]'s
 * column.  extra has room for phase_entries(res); its strings point into
 * res.  *nbonnie = how many of the twelve are there.
 */
static size_t bonnie_present(const struct fsb_result *res, const struct bonnie_test **out, size_t *cols,
			     struct bonnie_test *extra, size_t *nbonnie)
{
	const struct fsb_grid *g = fsb_result_grid(res);
	bool *seen = fsb_xcalloc(g->nph + 1, sizeof(*seen));	/* columns placed or passed over */
	size_t n = 0, nx = 0;

	for (size_t k = 0; k < FSB_ARRAY_SIZE(bonnie_tests); k++) {
		size_t c = fsb_grid_column(g, bonnie_tests[k].phase);

		if (c == FSB_GRID_NONE)
			continue;
		seen[c] = true;
		if (g->col[c].first != FSB_GRID_NONE) {
			cols[n] = c;
			out[n++] = &bonnie_tests[k];
		}
	}
	*nbonnie = n;
	for (size_t i = 0; i < res->nfs; i++)
		for (size_t j = 0; j < res->fs[i]->nphases; j++) {
			const struct fsb_phase_result *ph = res->fs[i]->phases[j];
			size_t c = fsb_grid_col_of(g, i, j);

			/* the aging group has a section of its own (model/agefactor.h) */
			if (seen[c] || g->col[c].aging || !g->col[c].rate)
				continue;
			seen[c] = true;
			extra[nx] = (struct bonnie_test){ ph->name, res->source_tool ? res->source_tool : "Other",
							  ph->name, ph->nruns && isnan(ph->runs[0].v[FSB_FIELD_kib_per_s]) };
			cols[n] = c;
			out[n++] = &extra[nx++];
		}
	free(seen);
	return n;
}

/* The cell flags of a plausibility judgement. */
static unsigned plaus_cell_flags(unsigned f)
{
	return (f & FSB_PLAUS_CACHE ? FSB_CELL_CACHED : 0) | (f & FSB_PLAUS_COMPRESSED ? FSB_CELL_COMPRESSED : 0) |
	       (f & FSB_PLAUS_CPU ? FSB_CELL_CPU_BOUND : 0);
}

/* A number the device's counters speak against: its flags, "^" after its
 * text and a note saying why (what: "ext4 block-read").  True when marked. */
static bool mark_implausible(struct fsb_table *t, size_t r, size_t c, const struct fsb_plaus *p, const char *what)
{
	struct fsb_cell *cell = fsb_table_cell(t, r, c);
	char why[512], *text;

	if (!p->flags)
		return false;
	cell->flags |= plaus_cell_flags(p->flags);
	text = fsb_xasprintf("%s^", cell->text ? cell->text : "");
	free(cell->text);
	cell->text = text;
	fsb_plaus_say(p, why, sizeof(why));
	fsb_strv_addf(&t->notes, "^ %s: %s", what, why);
	return true;
}

/* The legend of the marks, once, after the caption. */
static void legend_implausible(struct fsb_table *t)
{
	char *c = fsb_xasprintf("%s; ^ = not the device's figure (the notes say why)", t->caption ? t->caption : "");

	free(t->caption);
	t->caption = c;
}

static void fmt_rate(char *buf, size_t len, double v)
{
	/* bonnie++ prints whole numbers; small op rates keep a decimal */
	if (!isfinite(v))
		snprintf(buf, len, "—");
	else if (v < 100)
		snprintf(buf, len, "%.1f", v);
	else
		snprintf(buf, len, "%.0f", v);
}

int fsb_report_bonnie(const struct fsb_result *res, const struct fsb_report_opts *o, bool normalized,
		      struct fsb_table *t)
{
	const struct fsb_grid *g = fsb_result_grid(res);
	size_t cap = phase_entries(res), nbonnie;
	struct bonnie_test extra[cap ? cap : 1];
	const struct bonnie_test *tests[FSB_ARRAY_SIZE(bonnie_tests) + cap];
	size_t cols[FSB_ARRAY_SIZE(bonnie_tests) + cap];
	size_t n = bonnie_present(res, tests, cols, extra, &nbonnie);
	size_t bfs = fsb_cell_base(res, o);
	const char *base = bfs == FSB_GRID_NONE ? NULL : res->fs[bfs]->name;
	struct fsb_cellstats *brate, *bcpu;
	bool marked = false;

	if (!n || !base)
		return -ENOENT;
	fsb_table_init(t, normalized ? "bonnie-normalized" : "bonnie", res->nfs + 3, 1 + 2 * n, 3);
	if (nbonnie)
		t->title = fsb_xstrdup(normalized ? "Built-in I/O phases, normalized" : "Built-in I/O phases (bonnie++ layout)");
	else    /* only other tools' phases (fio) */
		t->title = fsb_xstrdup(normalized ? "Throughput, normalized" : "Throughput");
	t->caption = normalized
		? fsb_xasprintf("%s / rate (throughput inverted so that > 1 means slower, like every table); %%CP / %s's%s",
				base, base, fsb_result_repeated(res) ? "; * = significant (p < 0.05)" : "")
		: fsb_xasprintf("K/sec or /sec over the whole measured interval; %%CP = (user+sys)/elapsed%s",
				fsb_result_repeated(res) ? "; mean of the repetitions" : "");
	fsb_table_set(t, 0, 0, FSB_CELL_HEADER, NAN, " ");
	fsb_table_set(t, 1, 0, FSB_CELL_HEADER, NAN, " ");
	fsb_table_set(t, 2, 0, FSB_CELL_HEADER, NAN, "Filesystem");
	for (size_t k = 0; k < n; k++) {
		size_t c = 1 + 2 * k;

		/* a group header spans all of its tests that are present */
		if (k == 0 || strcmp(tests[k - 1]->group, tests[k]->group)) {
			size_t m = k;

			while (m < n && strcmp(tests[m]->group, tests[k]->group) == 0)
				m++;
			fsb_table_set(t, 0, c, FSB_CELL_HEADER, NAN, "%s", tests[k]->group);
			fsb_table_span(t, 0, c, (int)(2 * (m - k)));
		}
		fsb_table_set(t, 1, c, FSB_CELL_HEADER, NAN, "%s", tests[k]->test);
		fsb_table_span(t, 1, c, 2);
		fsb_table_set(t, 2, c, FSB_CELL_HEADER | FSB_CELL_NUMBER, NAN, normalized ? "×" : tests[k]->ops ? "/sec" : "K/sec");
		fsb_table_set(t, 2, c + 1, FSB_CELL_HEADER | FSB_CELL_NUMBER, NAN, "%%CP");
	}
	brate = base_cells(res, bfs, cols, n, FSB_METRIC_RATE);
	bcpu = base_cells(res, bfs, cols, n, FSB_METRIC_CPU);
	for (size_t i = 0; i < res->nfs; i++) {
		const struct fsb_fs_result *fs = res->fs[i];
		unsigned bl = i == bfs ? FSB_CELL_BASELINE : 0;

		fsb_table_set(t, i + 3, 0, FSB_CELL_NAME | bl, NAN, "%s", fs->name);
		for (size_t k = 0; k < n; k++) {
			struct fsb_cellstats rate, cpu;
			size_t c = 1 + 2 * k;
			char buf[32];

			fsb_cell_stats(res, i, cols[k], FSB_METRIC_RATE, &rate);
			fsb_cell_stats(res, i, cols[k], FSB_METRIC_CPU, &cpu);
			if (!rate.nok) {
				set_empty(t, i + 3, c, &rate, res, fs->name, tests[k]->phase);
				fsb_table_set(t, i + 3, c + 1, FSB_CELL_NUMBER | FSB_CELL_DIM, NAN, " ");
			} else if (normalized) {
				struct fsb_norm nr = fsb_cell_normalize(&rate, &brate[k], FSB_METRIC_RATE, o);
				struct fsb_norm nc = fsb_cell_normalize(&cpu, &bcpu[k], FSB_METRIC_CPU, o);
				struct fsb_plaus pl;

				set_ratio(t, i + 3, c, &nr, bl);
				set_ratio(t, i + 3, c + 1, &nc, bl | FSB_CELL_DIM);
				/* the flags only: a glyph after "*" or "?" would hide them */
				fsb_plaus_cell(fsb_grid_cell(g, i, cols[k]), &pl);
				fsb_table_cell(t, i + 3, c)->flags |= plaus_cell_flags(pl.flags);
			} else {
				struct fsb_plaus pl;
				char *what = fsb_xasprintf("%s %s", fs->name, tests[k]->phase);

				fmt_rate(buf, sizeof(buf), rate.st.mean);
				fsb_table_set(t, i + 3, c, FSB_CELL_NUMBER | bl, rate.st.mean, "%s", buf);
				fsb_table_set(t, i + 3, c + 1, FSB_CELL_NUMBER | FSB_CELL_DIM | bl, cpu.st.mean, "%s", num(cpu.st.mean, 0));
				fsb_plaus_cell(fsb_grid_cell(g, i, cols[k]), &pl);
				marked |= mark_implausible(t, i + 3, c, &pl, what);
				free(what);
			}
			fsb_cell_stats_free(&rate);
			fsb_cell_stats_free(&cpu);
		}
	}
	base_cells_free(brate, n);
	base_cells_free(bcpu, n);
	if (marked)
		legend_implausible(t);
	fsb_table_done(t);
	return 0;
}

/* A failed run has no passes, %CP or latency: a dash, not "nan". */
static void set_num(struct fsb_table *t, size_t r, size_t c, double v, int decimals, const char *unit)
{
	if (isnan(v))
		fsb_table_set(t, r, c, FSB_CELL_NUMBER | FSB_CELL_MISSING, NAN, "—");
	else
		fsb_table_set(t, r, c, FSB_CELL_NUMBER, v, "%.*f%s", decimals, v, unit);
}

int fsb_report_latency(const struct fsb_result *res, struct fsb_table *t)
{
	const struct fsb_grid *g = fsb_result_grid(res);
	size_t cap = phase_entries(res), nbonnie;
	struct bonnie_test extra[cap ? cap : 1];
	const struct bonnie_test *tests[FSB_ARRAY_SIZE(bonnie_tests) + cap];
	size_t cols[FSB_ARRAY_SIZE(bonnie_tests) + cap];
	size_t n = bonnie_present(res, tests, cols, extra, &nbonnie), rows = 0, r = 1;
	static const char *const heads[] = { "Filesystem", "Phase", "Amount", "Elapsed", "Passes",
					     "Rate", "%CP", "p99", "Max", "IOPS", "mean", "p50", "p95" };
	size_t ncols = 9;
	bool marked = false;

	if (!n)
		return -ENOENT;
	/* fio's imported jobs have IOPS next to the bandwidth, and more of the
	 * latency distribution: four more columns, only then */
	for (size_t i = 0; i < res->nfs && ncols == 9; i++)
		for (size_t j = 0; j < res->fs[i]->nphases && ncols == 9; j++)
			for (size_t q = 0; q < res->fs[i]->phases[j]->nruns; q++)
				if (!isnan(res->fs[i]->phases[j]->runs[q].v[FSB_FIELD_lat_p50_us]))
					ncols = FSB_ARRAY_SIZE(heads);
	for (size_t i = 0; i < res->nfs; i++)
		for (size_t k = 0; k < n; k++) {
			const struct fsb_phase_result *ph = fsb_grid_cell(g, i, cols[k]);

			rows += ph ? ph->nruns : 0;
		}
	fsb_table_init(t, "bonnie-detail", rows + 1, ncols, 1);
	t->title = fsb_xstrdup("What every rate is made of");
	t->caption = fsb_xstrdup("amount moved and the time it took, passes needed to reach the minimum duration, and the latency of one operation");
	for (size_t c = 0; c < ncols; c++)
		fsb_table_set(t, 0, c, FSB_CELL_HEADER | (c >= 2 ? FSB_CELL_NUMBER : 0), NAN, "%s", heads[c]);
	for (size_t i = 0; i < res->nfs; i++)
		for (size_t k = 0; k < n; k++) {
			const struct fsb_phase_result *ph = fsb_grid_cell(g, i, cols[k]);

			for (size_t q = 0; ph && q < ph->nruns; q++, r++) {
				const double *v = ph->runs[q].v;
				char amount[48], rate[48];

				/* a hostile file's count may be beyond any integer: the
				 * cast would be undefined (fuzz: bytes-4e89.fsbench) */
				if (v[FSB_FIELD_bytes] >= 0 && v[FSB_FIELD_bytes] < 0x1p64)
					fsb_format_size((unsigned long long)v[FSB_FIELD_bytes], amount, sizeof(amount));
				else if (!isnan(v[FSB_FIELD_bytes]))
					snprintf(amount, sizeof(amount), "%.3g B", v[FSB_FIELD_bytes]);
				else if (!isnan(v[FSB_FIELD_ops]))
					snprintf(amount, sizeof(amount), "%.0f ops", v[FSB_FIELD_ops]);
				else
					snprintf(amount, sizeof(amount), "—");
				if (!isnan(v[FSB_FIELD_kib_per_s]))
					snprintf(rate, sizeof(rate), "%.0f K/s", v[FSB_FIELD_kib_per_s]);
				else if (!isnan(v[FSB_FIELD_ops_per_s]))
					snprintf(rate, sizeof(rate), "%.0f /s", v[FSB_FIELD_ops_per_s]);
				else
					snprintf(rate, sizeof(rate), "%s", ph->runs[q].status != FSB_RUN_OK ? "fail"
						 : ph->runs[q].not_measured ? "not measured" : "—");
				fsb_table_set(t, r, 0, FSB_CELL_NAME, NAN, "%s", res->fs[i]->name);
				fsb_table_set(t, r, 1, 0, NAN, "%s%s", ph->name, ph->nruns > 1 ? "" : "");
				fsb_table_set(t, r, 2, FSB_CELL_NUMBER, NAN, "%s", amount);
				set_num(t, r, 3, v[FSB_FIELD_real], 3, " s");
				set_num(t, r, 4, v[FSB_FIELD_passes], 0, "");
				fsb_table_set(t, r, 5, FSB_CELL_NUMBER, NAN, "%s", rate);
				{
					struct fsb_plaus pl;
					char *what = fsb_xasprintf("%s %s rep %zu", res->fs[i]->name, ph->name, q + 1);

					fsb_plaus_judge(ph->name, &ph->runs[q], &pl);
					marked |= mark_implausible(t, r, 5, &pl, what);
					free(what);
				}
				set_num(t, r, 6, v[FSB_FIELD_cpu_pct], 0, "");
				set_num(t, r, 7, v[FSB_FIELD_lat_p99_us], 0, " us");
				set_num(t, r, 8, v[FSB_FIELD_lat_max_us], 0, " us");
				if (ncols > 9) {
					set_num(t, r, 9, v[FSB_FIELD_ops_per_s], 0, "");
					set_num(t, r, 10, v[FSB_FIELD_lat_mean_us], 0, " us");
					set_num(t, r, 11, v[FSB_FIELD_lat_p50_us], 0, " us");
					set_num(t, r, 12, v[FSB_FIELD_lat_p95_us], 0, " us");
				}
			}
		}
	if (marked)
		legend_implausible(t);
	fsb_table_done(t);
	return 0;
}

/* The comparison's baseline as (*file, its row), or FSB_GRID_NONE. */
static size_t compare_base(struct fsb_result *const *results, const char *const *labels, size_t n,
			   const struct fsb_report_opts *o, size_t *file)
{
	const char *b = o && o->baseline ? o->baseline : n ? results[0]->baseline : NULL;
	const char *colon = b ? strrchr(b, ':') : NULL;

	for (size_t f = 0; b && f < n; f++) {
		size_t i = fsb_grid_fs(fsb_result_grid(results[f]), b);

		if (i != FSB_GRID_NONE) {
			*file = f;
			return i;
		}
	}
	/* FILE:FS, FILE as labelled */
	for (size_t f = 0; colon && labels && f < n; f++) {
		size_t i;

		if (strlen(labels[f]) != (size_t)(colon - b) || strncmp(labels[f], b, (size_t)(colon - b)))
			continue;
		if ((i = fsb_grid_fs(fsb_result_grid(results[f]), colon + 1)) != FSB_GRID_NONE) {
			*file = f;
			return i;
		}
	}
	if (o && o->baseline)
		return FSB_GRID_NONE;
	*file = 0;
	return n && results[0]->nfs ? 0 : FSB_GRID_NONE;
}

const struct fsb_fs_result *fsb_report_compare_baseline(struct fsb_result *const *results,
							 const char *const *labels, size_t n,
							 const struct fsb_report_opts *o, size_t *file)
{
	size_t i = compare_base(results, labels, n, o, file);

	return i == FSB_GRID_NONE ? NULL : results[*file]->fs[i];
}

/* One file of a comparison: the shared phases as its columns, the shared
 * desktop ones as the columns its "total" sums. */
struct cmp_file {
	size_t *cols;
	struct fsb_grid_cols shared;
};

static void cmp_file_init(struct cmp_file *c, const struct fsb_result *res, const struct fsb_strv *phases,
			  const struct fsb_strv *shared)
{
	const struct fsb_grid *g = fsb_result_grid(res);

	c->cols = fsb_xcalloc(phases->n + 1, sizeof(*c->cols));
	for (size_t j = 0; j < phases->n; j++)
		c->cols[j] = fsb_grid_phase(g, phases->v[j]);
	c->shared.v = fsb_xcalloc(shared->n + 1, sizeof(*c->shared.v));
	for (size_t j = 0; j < shared->n; j++)
		c->shared.v[c->shared.n++] = fsb_grid_column(g, shared->v[j]);
}

/* The phases every file has, in the first file's order, into phases (the
 * desktop ones, and their total) and rates (the built-in and imported ones:
 * an imported bonnie++ result against fsbench's own). */
static void compare_phases(struct fsb_result *const *results, size_t n, struct fsb_strv *phases,
			   struct fsb_strv *rates)
{
	for (int builtin = 0; builtin < 2; builtin++) {
		struct fsb_strv *list = builtin ? rates : phases;

		fsb_cell_phases(results[0], builtin, list);
		for (size_t f = 1; f < n; f++) {
			const struct fsb_grid *g = fsb_result_grid(results[f]);
			const struct fsb_grid_cols *other = builtin ? &g->builtin : &g->desktop;
			struct fsb_strv keep = { 0 };

			for (size_t j = 0; j < list->n; j++)
				if (fsb_grid_cols_has(other, fsb_grid_column(g, list->v[j])))
					fsb_strv_add(&keep, list->v[j]);
			fsb_strv_free(list);
			*list = keep;
		}
	}
}

int fsb_report_compare(struct fsb_result *const *results, const char *const *labels, size_t n,
		       const struct fsb_report_opts *o, struct fsb_table *t)
{
	struct fsb_strv phases = { 0 }, shared = { 0 }, rates = { 0 };
	enum fsb_metric m = o ? o->metric : FSB_METRIC_DEAD;
	const struct fsb_result *bres = NULL;
	size_t rows = 0, r = 1, bfile = 0, bfs, rate0;
	struct cmp_file *cf;
	struct fsb_cellstats *bc;

	/* the rates after the total, which sums the desktop phases only */
	compare_phases(results, n, &phases, &rates);
	if (!phases.n && !rates.n) {
		fsb_strv_free(&phases);
		fsb_strv_free(&rates);
		return -ENOENT;
	}
	for (size_t j = 0; j < phases.n; j++)
		fsb_strv_add(&shared, phases.v[j]);
	if (phases.n)
		fsb_strv_add(&phases, FSB_GRID_TOTAL_NAME);
	for (size_t j = 0; j < rates.n; j++)
		fsb_strv_add(&phases, rates.v[j]);
	bfs = compare_base(results, labels, n, o, &bfile);
	if (bfs == FSB_GRID_NONE) {
		fsb_strv_free(&phases);
		fsb_strv_free(&shared);
		fsb_strv_free(&rates);
		return -ENOENT;
	}
	bres = results[bfile];
	cf = fsb_xcalloc(n, sizeof(*cf));
	for (size_t f = 0; f < n; f++)
		cmp_file_init(&cf[f], results[f], &phases, &shared);
	/* the baseline's cells, once a column; the rates after the desktop
	 * phases and their total */
	rate0 = shared.n ? shared.n + 1 : 0;
	bc = fsb_xcalloc(phases.n + 1, sizeof(*bc));
	for (size_t j = 0; j < phases.n; j++)
		fsb_cell_stats_shared(bres, bfs, cf[bfile].cols[j], &cf[bfile].shared, j >= rate0 ? FSB_METRIC_RATE : m,
				      &bc[j]);
	for (size_t f = 0; f < n; f++)
		rows += results[f]->nfs;
	fsb_table_init(t, "compare", rows + 1, phases.n + 2, 1);
	t->title = fsb_xstrdup("Comparison");
	t->caption = fsb_xasprintf("%s%s normalized to %s of %s (> 1 means slower); * = significant (p < 0.05)%s",
				   shared.n ? metric_words(m) : "", !shared.n ? "throughput" : rates.n ? " (throughput for the built-in phases)" : "",
				   bres->fs[bfs]->name, labels ? labels[bfile] : "the first file",
				   shared.n ? "; total = the phases shown" : "");
	fsb_table_set(t, 0, 0, FSB_CELL_HEADER, NAN, "File");
	fsb_table_set(t, 0, 1, FSB_CELL_HEADER, NAN, "FS");
	for (size_t j = 0; j < phases.n; j++)
		fsb_table_set(t, 0, j + 2, FSB_CELL_HEADER | FSB_CELL_NUMBER, NAN, "%s", phases.v[j]);
	for (size_t f = 0; f < n; f++)
		for (size_t i = 0; i < results[f]->nfs; i++, r++) {
			const struct fsb_fs_result *fs = results[f]->fs[i];
			unsigned bl = f == bfile && i == bfs ? FSB_CELL_BASELINE : 0;

			fsb_table_set(t, r, 0, FSB_CELL_NAME | bl, NAN, "%s", labels[f]);
			fsb_table_set(t, r, 1, FSB_CELL_NAME | bl, NAN, "%s", fs->name);
			for (size_t j = 0; j < phases.n; j++) {
				enum fsb_metric pm = j >= rate0 ? FSB_METRIC_RATE : m;
				struct fsb_cellstats a;

				fsb_cell_stats_shared(results[f], i, cf[f].cols[j], &cf[f].shared, pm, &a);
				if (!a.nok) {
					set_empty(t, r, j + 2, &a, results[f], fs->name, phases.v[j]);
				} else {
					struct fsb_norm nn = fsb_cell_normalize(&a, &bc[j], pm, o);

					set_ratio(t, r, j + 2, &nn, bl);
				}
				fsb_cell_stats_free(&a);
			}
		}
	for (size_t f = 0; f < n; f++) {
		free(cf[f].cols);
		free(cf[f].shared.v);
	}
	free(cf);
	base_cells_free(bc, phases.n);
	fsb_table_done(t);
	fsb_strv_free(&phases);
	fsb_strv_free(&shared);
	fsb_strv_free(&rates);
	return 0;
}

/* ---- charts ------------------------------------------------------------------ */

int fsb_report_chart(const struct fsb_result *res, const char *phase, const struct fsb_report_opts *o,
		     struct fsb_chart *c)
{
	const struct fsb_grid *g = fsb_result_grid(res);
	size_t bfs = fsb_cell_base(res, o), col = fsb_grid_phase(g, phase);
	const char *base = bfs == FSB_GRID_NONE ? NULL : res->fs[bfs]->name;
	size_t order[res->nfs ? res->nfs : 1];
	enum fsb_metric m = o ? o->metric : FSB_METRIC_DEAD;
	struct fsb_cellstats bs;

	memset(c, 0, sizeof(*c));
	if (!base)
		return -ENOENT;
	if (fsb_grid_rate(g, col))
		m = FSB_METRIC_RATE;
	fs_order(res, bfs, order);
	c->title = fsb_xasprintf("%s, %s — relative to %s (> 1 = slower)", col != FSB_GRID_TOTAL ? phase : "all phases",
				 metric_words(m), base);
	c->n = res->nfs;
	c->bars = fsb_xcalloc(c->n ? c->n : 1, sizeof(*c->bars));
	c->max = 1.0;
	fsb_cell_stats(res, bfs, col, m, &bs);
	for (size_t i = 0; i < res->nfs; i++) {
		struct fsb_bar *b = &c->bars[i];
		struct fsb_cellstats a;

		b->label = fsb_xstrdup(res->fs[order[i]]->name);
		b->value = b->lo = b->hi = NAN;
		b->flags = order[i] == bfs ? FSB_CELL_BASELINE : 0;
		fsb_cell_stats(res, order[i], col, m, &a);
		if (a.nok) {
			struct fsb_norm n = fsb_cell_normalize(&a, &bs, m, o);

			b->value = n.ratio;
			/* the baseline against itself has no interval to show */
			b->lo = order[i] == bfs ? NAN : n.lo;
			b->hi = order[i] == bfs ? NAN : n.hi;
			b->flags |= ratio_flags(&n);
			b->text = isnan(n.ratio) ? fsb_xstrdup("—") : fsb_xasprintf("%.2f%s", n.ratio, n.significant ? "*" : "");
			if (!isnan(n.ratio) && n.ratio > c->max)
				c->max = n.ratio;
			if (!isnan(n.hi) && n.hi > c->max && n.hi < 4 * n.ratio)
				c->max = n.hi;
		} else {
			b->flags |= a.failed ? FSB_CELL_FAILED : a.unavailable ? FSB_CELL_MISSING
				    : res->status == FSB_RESULT_RUNNING ? FSB_CELL_PENDING : FSB_CELL_MISSING;
			b->text = fsb_xstrdup(a.failed ? "fail" : a.unavailable ? "n/a"
					      : res->status == FSB_RESULT_RUNNING ? "…" : "—");
		}
		fsb_cell_stats_free(&a);
	}
	fsb_cell_stats_free(&bs);
	return 0;
}

void fsb_chart_free(struct fsb_chart *c)
{
	for (size_t i = 0; i < c->n; i++) {
		free(c->bars[i].label);
		free(c->bars[i].text);
	}
	free(c->bars);
	free(c->title);
	memset(c, 0, sizeof(*c));
}

/* ---- verdict ------------------------------------------------------------------- */

/* " [0.95, 0.99]", or "" when the pair was not tested */
static const char *interval(double lo, double hi)
{
	static __thread char buf[4][48];
	static __thread int k;
	char *s = buf[k++ % 4];

	if (isnan(lo) || isnan(hi))
		return "";
	snprintf(s, sizeof(buf[0]), " [%s, %s]", num(lo, 2), num(hi, 2));
	return s;
}

/* "ext3, xfs and btrfs" */
static void names(struct fsb_buf *b, const struct fsb_verdict *v, size_t from, size_t to)
{
	for (size_t i = from; i < to; i++)
		fsb_buf_addf(b, "%s%s", i == from ? "" : i + 1 == to ? " and " : ", ", v->rows[i].fs->name);
}

/* " Then: ext2 1.12× [1.05, 1.19], ext4 1.20× (relative to xfs, 95% intervals)." */
static void then_rows(struct fsb_buf *b, const struct fsb_verdict *v, size_t from, const char *word)
{
	bool any_ci = false;

	if (from >= v->nrows)
		return;
	fsb_buf_addf(b, " %s:", word);
	for (size_t i = from; i < v->nrows; i++) {
		const struct fsb_verdict_row *r = &v->rows[i];

		fsb_buf_addf(b, " %s %s×%s%s", r->fs->name, num(r->rel, 2), interval(r->rel_lo, r->rel_hi),
			     i + 1 < v->nrows ? "," : "");
		any_ci |= !isnan(r->rel_lo);
	}
	fsb_buf_addf(b, " (relative to %s%s).", v->rows[0].fs->name, any_ci ? ", 95% intervals" : "");
}

/* " with 95% confidence", or the stricter level a run of several looks held
 * each comparison to (verdict.h). */
static const char *confidence(const struct fsb_verdict *v)
{
	static __thread char buf[64];

	snprintf(buf, sizeof(buf), " with %s%% confidence", num((1 - v->alpha) * 100, v->alpha < 0.0499 ? 1 : 0));
	return buf;
}

/* "Fastest overall by …: X, N% ahead of Y (a significant lead, [a, b]). Then: …" */
static void verdict_lead(const struct fsb_verdict *v, struct fsb_buf *b)
{
	const struct fsb_verdict_row *r = &v->rows[1];

	fsb_buf_addf(b, "Fastest overall by %s: %s, %s%% ahead of %s (a significant lead)", metric_words(v->metric),
		     v->rows[0].fs->name, num((r->rel - 1) * 100, 0), r->fs->name);
	if (!isnan(r->rel_lo))
		fsb_buf_addf(b, ", %s%% to %s%%%s", num((r->rel_lo - 1) * 100, 0), num((r->rel_hi - 1) * 100, 0),
			     confidence(v));
	fsb_buf_add(b, ".");
	then_rows(b, v, 2, "Then");
}

/* Why row r of the leading group is not behind its first: a lead that rests
 * on one phase, or does not hold round by round, is no lead. */
static void group_member(const struct fsb_verdict *v, const struct fsb_verdict_row *r, struct fsb_buf *b)
{
	const char *lead = v->rows[0].fs->name;

	if (r->significant && r->rests_on) {
		fsb_buf_addf(b, " %s's lead over %s (%s×%s) rests on %s: without it %s×%s, no lead.", lead, r->fs->name,
			     num(r->rel, 2), interval(r->rel_lo, r->rel_hi), r->rests_on, num(r->rests_rel, 2),
			     interval(r->rests_lo, r->rests_hi));
	} else if (r->significant && !r->pair.holds) {
		fsb_buf_addf(b, " %s is ahead of %s in the pool (%s×%s) but not round by round: %s was faster in %zu "
			     "of %zu rounds.", lead, r->fs->name, num(r->rel, 2), interval(r->rel_lo, r->rel_hi),
			     r->fs->name, r->pair.n - r->pair.slower, r->pair.n);
	}
}

/* "No measurable difference overall by …: A, B and C (within 3%; these
 * runs could see differences above 4%)." — or, not yet an answer: "no
 * significant difference with these runs; under 9% cannot be seen yet" —
 * or a lead that is no lead (group_member). */
static void verdict_tie(const struct fsb_verdict *v, struct fsb_buf *b)
{
	double spread = v->rows[v->ntied - 1].rel - 1;
	bool answer = v->resolution <= FSB_VERDICT_TIE_RESOLUTION, unsure = false, limited = true;

	for (size_t i = 1; i < v->ntied; i++) {
		unsure |= v->rows[i].significant;
		limited &= v->rows[i].pair.between > 0 &&
			   v->rows[i].pair.within * v->rows[i].pair.within * 3 <= v->rows[i].pair.between * v->rows[i].pair.between;
	}
	if (unsure) {
		fsb_buf_addf(b, "No filesystem is named fastest overall by %s: ", metric_words(v->metric));
		names(b, v, 0, v->ntied);
		fsb_buf_add(b, " cannot be told apart with confidence.");
		for (size_t i = 1; i < v->ntied; i++)
			group_member(v, &v->rows[i], b);
	} else if (answer) {
		fsb_buf_addf(b, "No measurable difference overall by %s between ", metric_words(v->metric));
		names(b, v, 0, v->ntied);
		if (spread < v->resolution)
			fsb_buf_addf(b, ": %s%% apart at most, below the ±%s%% these runs can detect.",
				     num(spread * 100, 0), num(v->resolution * 100, 0));
		else
			fsb_buf_addf(b, ": %s%% apart at most, less than the %s%% a user could notice.",
				     num(spread * 100, 1), num(FSB_VERDICT_MIN_LEAD * 100, 0));
	} else {
		fsb_buf_add(b, "No significant difference overall by ");
		fsb_buf_addf(b, "%s between ", metric_words(v->metric));
		names(b, v, 0, v->ntied);
		fsb_buf_addf(b, " with these runs: %s%% apart at most, ", num(spread * 100, 0));
		if (isnan(v->resolution))
			fsb_buf_add(b, "and too few runs to say how much they could detect;");
		else
			fsb_buf_addf(b, "but differences under %s%% cannot be seen yet;", num(v->resolution * 100, 0));
		fsb_buf_add(b, limited ? " on this machine more rounds would not tell: the spread between sessions "
					 "is the limit."
				       : " more rounds would tell.");
	}
	for (size_t i = 1; i < v->ntied; i++)
		fsb_buf_addf(b, "%s %s %s×%s", i == 1 ? " Within that group:" : ",", v->rows[i].fs->name,
			     num(v->rows[i].rel, 2), interval(v->rows[i].rel_lo, v->rows[i].rel_hi));
	if (v->ntied > 1)
		fsb_buf_addf(b, " (relative to %s).", v->rows[0].fs->name);
	then_rows(b, v, v->ntied, "Significantly slower");
}

/* "Between xfs and btrfs: btrfs faster at cp (0.80× [0.71, 0.90]), slower
 * at tar (1.30× [1.1, 1.5]) and rm (1.12×)." — what the group's members
 * differ in, when their totals do not. */
static void verdict_diffs(const struct fsb_verdict *v, struct fsb_strv *out)
{
	for (size_t i = 1; i < v->ntied; i++) {
		struct fsb_buf b = { 0 };

		for (int faster = 1; faster >= 0; faster--) {
			size_t n = 0, total = 0;

			for (size_t k = 0; k < v->ndiffs; k++)
				total += v->diffs[k].row == i && (v->diffs[k].rel < 1) == (faster == 1);
			for (size_t k = 0; k < v->ndiffs; k++) {
				const struct fsb_verdict_diff *d = &v->diffs[k];

				if (d->row != i || (d->rel < 1) != (faster == 1))
					continue;
				if (!b.s)
					fsb_buf_addf(&b, "Between %s and %s: %s", v->rows[0].fs->name, v->rows[i].fs->name,
						     v->rows[i].fs->name);
				fsb_buf_addf(&b, "%s%s (%s×%s)", n ? (n + 1 == total ? " and " : ", ")
							 : faster ? " faster at " : (b.s && strstr(b.s, " faster at ")) ? "; slower at " : " slower at ",
					     d->phase, num(d->rel, 2), interval(d->lo, d->hi));
				n++;
			}
		}
		if (b.s) {
			fsb_buf_add(&b, v->rows[i].significant ? "; overall no lead that holds." : "; no measurable difference overall.");
			fsb_strv_add(out, b.s);
		}
		fsb_buf_free(&b);
	}
}

/* How the verdict was judged: the rounds, the between-session noise and
 * where it came from, the looks; and what this machine's earlier sessions
 * of the plan said. */
static void verdict_basis(const struct fsb_result *res, const struct fsb_verdict *v, struct fsb_strv *out)
{
	struct fsb_buf b = { 0 };

	if (v->kind != FSB_VERDICT_LEAD && v->kind != FSB_VERDICT_TIE)
		return;
	if (v->noise == FSB_NOISE_HISTORY)
		fsb_buf_addf(&b, "Judged round by round (%zu rounds) and against %zu earlier run%s of this plan on this "
			     "machine: their spread between sessions is in every interval.", v->min_kept, v->nhistory,
			     v->nhistory == 1 ? "" : "s");
	else if (v->noise == FSB_NOISE_PRIOR)
		fsb_buf_addf(&b, "Judged round by round (%zu rounds), with the %s profile's spread between sessions on "
			     "the reference machine (±%s%%, bench/verdict-repro.sh) in every interval: %s.", v->min_kept,
			     res->profile ? res->profile : "size", num(v->session_sd * 100, 0),
			     v->history_asked ? "there is no earlier run of this plan here"
					      : "earlier runs of this plan were not looked for");
	else
		fsb_buf_addf(&b, "Judged round by round on %zu rounds only (%s) and no spread between sessions is "
			     "known, so another day may differ by more than these intervals say.", v->min_kept,
			     v->history_asked ? "there is no earlier run of this plan here"
					      : "earlier runs of this plan were not looked for");
	if (v->looks > 1)
		fsb_buf_addf(&b, " The run could have ended after any of %ld rounds, so each comparison is held to a "
			     "%s%% interval instead of 95%% (a sequential test).", v->looks, num((1 - v->alpha) * 100, 1));
	fsb_strv_add(out, b.s);
	fsb_buf_free(&b);
	if (v->nhistory) {
		fsb_buf_addf(&b, "Agrees with %zu of the %zu earlier run%s of this plan on this machine", v->nagree,
			     v->nhistory, v->nhistory == 1 ? "" : "s");
		for (size_t i = 0; i < v->ndissent && i < 4; i++) {
			const char *when = v->dissent[i].res->started ? v->dissent[i].res->started : "?";

			fsb_buf_addf(&b, "; the run of %.10s %.5s %s%s", when, strlen(when) > 11 ? when + 11 : "",
				     v->dissent[i].what, v->dissent[i].contradicts ? ", which this one contradicts" : "");
		}
		/* the rest neither agree nor differ: they ranked nothing (model/verdict.c agreement) */
		if (v->nhistory > v->nagree + v->ndissent)
			fsb_buf_addf(&b, "; %zu ranked nothing (too busy, or one run each)",
				     v->nhistory - v->nagree - v->ndissent);
		fsb_buf_add(&b, ".");
		fsb_strv_add(out, b.s);
		fsb_buf_free(&b);
	}
	for (size_t i = 0; i < v->unstable.n; i++)
		fsb_strv_addf(out, "On this machine the order of %s is not stable: its runs here put it both ways.",
			      v->unstable.v[i]);
}

/* A steal the whole run saw: a condition of the host, stated, not a reason
 * to set runs aside (the rounds compare the filesystems under it alike). */
static void verdict_steal(const struct fsb_verdict *v, struct fsb_strv *out)
{
	if (!(v->steal_max >= 0.05))
		return;
	fsb_strv_addf(out, "The hypervisor took up to %s%% of a CPU during the runs (steal, %s%% on average): each "
		      "round compares its filesystems under the same host, so it slows them alike; only a run that "
		      "saw more of it than its round's others is set aside.",
		      num(v->steal_max * 100, 0), num(v->steal_mean * 100, 0));
}

/* A background other programs kept up through the rounds: a condition of
 * every round, stated, not a reason to set its runs aside (model/rounds.h). */
static void verdict_background(const struct fsb_verdict *v, struct fsb_strv *out)
{
	struct fsb_buf b = { 0 };

	if (!v->nkept_background)
		return;
	fsb_buf_addf(&b, "Other programs kept up a background through the rounds (%s%% of a CPU on average",
		     isnan(v->others_mean) ? "?" : num(v->others_mean * 100, 0));
	for (size_t i = 0; i < v->background_with.n; i++)
		fsb_buf_addf(&b, "%s%s", i ? ", " : "; mostly ", v->background_with.v[i]);
	fsb_buf_addf(&b, "): each round compares its filesystems under it, so it slows them alike; %zu run%s that "
		     "saw no more of it than %s round's others %s kept, and only a repetition that saw more is set "
		     "aside.", v->nkept_background, v->nkept_background == 1 ? "" : "s",
		     v->nkept_background == 1 ? "its" : "their", v->nkept_background == 1 ? "was" : "were");
	fsb_strv_add(out, b.s);
	fsb_buf_free(&b);
}

/* With one run a difference cannot be told from noise: say what it shows
 * and what would be needed. */
static void verdict_one_run(const struct fsb_verdict *v, struct fsb_buf *b)
{
	fsb_buf_addf(b, "Only one run of each filesystem counts: no difference can be called real. By %s, %s took least",
		     metric_words(v->metric), v->rows[0].fs->name);
	fsb_buf_add(b, ";");
	for (size_t i = 1; i < v->nrows; i++)
		fsb_buf_addf(b, " %s %s×%s", v->rows[i].fs->name, num(v->rows[i].rel, 2), i + 1 < v->nrows ? "," : "");
	fsb_buf_addf(b, " (relative to %s).", v->rows[0].fs->name);
	/* two single runs, each off by cv: their ratio is off by cv·√2, and
	 * 1.96 of those is what a difference must pass at 95% */
	if (!isnan(v->one_run_cv))
		fsb_buf_addf(b, " On an idle machine one run of this profile varies by about %s%% in total (the "
			     "profile's measurement), so only a difference above about %s%% would mean something.",
			     num(v->one_run_cv * 100, 0), num(1.96 * sqrt(2) * v->one_run_cv * 100, 0));
	fsb_buf_addf(b, " Run longer (%s) or with repetitions (%s) to know.", fsb_opt_say(FSB_OPT_BUDGET, "30m"),
		     fsb_opt_say(FSB_OPT_REPEAT, "3"));
}

static void verdict_too_busy(const struct fsb_verdict *v, struct fsb_buf *b)
{
	fsb_buf_add(b, "The machine was too busy to rank: every run of ");
	for (size_t i = 0; i < v->too_busy.n && i < 5; i++)
		fsb_buf_addf(b, "%s%s", i ? ", " : "", v->too_busy.v[i]);
	if (v->too_busy.n > 5)
		fsb_buf_addf(b, " and %zu more", v->too_busy.n - 5);
	fsb_buf_add(b, " was disturbed");
	for (size_t i = 0; i < v->busy_with.n; i++)
		fsb_buf_addf(b, "%s%s", i ? ", " : " by other programs (", v->busy_with.v[i]);
	fsb_buf_add(b, v->busy_with.n ? ")" : "");
	fsb_buf_add(b, ". Close them and run again.");
}

static void verdict_unranked(const struct fsb_strv *unranked, enum fsb_metric m, struct fsb_strv *out)
{
	struct fsb_buf line = { 0 };

	fsb_buf_addf(&line, "Not ranked by %s: ", metric_words(m));
	for (size_t i = 0; i < unranked->n && i < 5; i++)
		fsb_buf_addf(&line, "%s%s", i ? ", " : "", unranked->v[i]);
	if (unranked->n > 5)
		fsb_buf_addf(&line, " and %zu more", unranked->n - 5);
	if (m == FSB_METRIC_DEAD)
		fsb_buf_addf(&line, " (no dead time to compare: user time at or above real time, as parallel "
			     "jobs give; see %s).", fsb_opt_say(FSB_SAY_METRIC, "real"));
	else
		fsb_buf_add(&line, " (nothing to compare with).");
	fsb_strv_add(out, line.s);
	fsb_buf_free(&line);
}

/* What the numbers describe, in one clause next to the verdict. */
static void verdict_target(const struct fsb_result *res, struct fsb_strv *out)
{
	const struct fsb_target_info *t = &res->target;

	if (t->kind == FSB_TARGET_IMAGE)
		fsb_strv_addf(out, "Measured on an image file (%s%s%s): the disk under it, through the filesystem "
			      "the image lives on, not a partition of its own.", t->path ? t->path : "?",
			      t->device ? " on " : "", t->device ? t->device : "");
	else if (t->kind == FSB_TARGET_DIR)
		fsb_strv_addf(out, "Measured in a directory (%s) of the existing %s: its own settings and "
			      "fullness, not a freshly made filesystem.", t->path ? t->path : "?",
			      t->fstype ? t->fstype : "filesystem");
}

/*
 * What the device's counters say against the figures (model/plaus.h): once
 * that the host caches, a line per implausible cell, and what a compressing
 * filesystem stored of its writes even when it is near 1:1.
 */
static void verdict_plausibility(const struct fsb_result *res, struct fsb_strv *out)
{
	char line[600], why[512];

	if (fsb_plaus_host_cached(res, line, sizeof(line)))
		fsb_strv_add(out, line);
	for (size_t i = 0; i < res->nfs; i++)
		for (size_t j = 0; j < res->fs[i]->nphases; j++) {
			const struct fsb_fs_result *fs = res->fs[i];
			const struct fsb_phase_result *ph = fs->phases[j];
			struct fsb_plaus p;

			if (!fsb_plaus_phase(ph->name))
				continue;
			fsb_plaus_cell(ph, &p);
			if (p.flags) {
				fsb_plaus_say(&p, why, sizeof(why));
				fsb_strv_addf(out, "Not the device's figure: %s %s was %s.", fs->name, ph->name, why);
			} else if (fsb_plaus_compressing(fs) && p.asked_write >= FSB_PLAUS_MIN_BYTES) {
				fsb_plaus_say_ratio(&p, why, sizeof(why));
				fsb_strv_addf(out, "%s compresses (%s): at %s %s.", fs->name,
					      fs->mount_options && strstr(fs->mount_options, "compress") ? fs->mount_options
													  : "mkfs",
					      ph->name, why);
			}
		}
}

/* b against the baseline in phase: with rounds the verdict's comparison
 * (the same rounds, level and between-session noise), with single runs the
 * ratio alone. */
static struct fsb_norm standout_norm(const struct fsb_result *res, const struct fsb_verdict *v, size_t bi, size_t i,
				     size_t col, bool reps, const struct fsb_cellstats *b, const struct fsb_report_opts *o)
{
	const char *phase = fsb_grid_col_name(fsb_result_grid(res), col);
	struct fsb_norm n = { NAN, NAN, NAN, false, false, NAN, false };
	struct fsb_verdict_pair p;
	struct fsb_cellstats a;

	if (reps && v->kind != FSB_VERDICT_ONE_RUN) {
		fsb_verdict_compare(v, bi, i, phase, &p);
		n.ratio = p.rel;
		n.lo = p.lo;
		n.hi = p.hi;
		n.tested = !isnan(p.lo);
		n.significant = p.lo > 1 || p.hi < 1;
		return n;
	}
	fsb_cell_stats(res, i, col, v->metric, &a);
	if (a.nok && b->nok)
		n = fsb_cell_normalize(&a, b, v->metric, o);
	fsb_cell_stats_free(&a);
	return n;
}

/* Per phase: significant differences, or with single runs, big ones —
 * never from a cell whose runs were all disturbed, nor from a phase too
 * short or too noisy to measure. */
static void verdict_standouts(const struct fsb_result *res, const struct fsb_verdict *v, size_t bi, const bool *busy,
			      size_t col, bool reps, const struct fsb_report_opts *o, struct fsb_strv *out)
{
	const char *base = res->fs[bi]->name, *phase = fsb_grid_col_name(fsb_result_grid(res), col);
	const struct fsb_fs_result *best = NULL;
	struct fsb_norm best_n = { .ratio = INFINITY };
	struct fsb_cellstats b;

	fsb_cell_stats(res, bi, col, v->metric, &b);
	for (size_t i = 0; i < res->nfs && !b.unreliable; i++) {
		struct fsb_norm n;

		if (i == bi || busy[i])
			continue;
		n = standout_norm(res, v, bi, i, col, reps, &b, o);
		if (!isnan(n.ratio) && !n.unreliable) {
			/* a significant difference too small to notice is no standout */
			bool notable = reps ? n.significant && fabs(n.ratio - 1) >= FSB_VERDICT_MIN_LEAD
					    : (n.ratio >= 2.0 || n.ratio <= 0.5);

			if (notable && n.ratio > 1)
				fsb_strv_addf(out, "%s: %s %s× slower than %s%s%s", res->fs[i]->name, phase,
					      num(n.ratio, n.ratio < 1.95 ? 2 : 1),
					      base, interval(n.lo, n.hi), reps ? "" : " (one run; not tested for significance)");
			if (n.ratio < best_n.ratio && (reps ? notable : true)) {
				best_n = n;
				best = res->fs[i];
			}
		}
	}
	if (best && best_n.ratio < 1)
		fsb_strv_addf(out, "%s: fastest at %s, %s× the time of %s%s%s", best->name, phase, num(best_n.ratio, 2),
			      base, interval(best_n.lo, best_n.hi), reps ? "" : " (one run)");
	fsb_cell_stats_free(&b);
}

/* The phases not ranked on their own, and why: this run's spread (and the
 * sessions'), or with one round the profile's measurement. */
static void verdict_noisy(const struct fsb_result *res, const struct fsb_verdict *v, struct fsb_strv *out)
{
	struct fsb_buf line = { 0 };

	if (!v->noisy.n)
		return;
	fsb_buf_add(&line, v->noisy_from_profile ? "Not ranked, too noisy even on an idle machine:"
						 : "Measured poorly in this run:");
	for (size_t j = 0; j < v->noisy.n; j++)
		fsb_buf_addf(&line, "%s %s (%s%%)", j ? "," : "", v->noisy.v[j], num(v->noisy_cv[j] * 100, 0));
	if (v->noisy_from_profile)
		fsb_buf_addf(&line, " — the run-to-run variation of its dead time the %s profile measured, above "
			     "the %s%% its differences would have to be judged by.", res->profile ? res->profile : "size",
			     num(FSB_PROFILE_CV_GOAL * 100, 0));
	else
		fsb_buf_addf(&line, " — %s varied by more than %s%% from round to round%s; only differences beyond "
			     "that are named, each with the interval that says so.", metric_words(v->metric),
			     num(FSB_PROFILE_CV_GOAL * 100, 0), v->noise == FSB_NOISE_NONE ? "" : " and between sessions");
	if (!v->noisy_from_profile) {
		const struct fsb_grid_cols *total = &fsb_result_grid(res)->total;

		/* none measurable alone: leaving them out would leave no total */
		if (total->n > 1 && v->noisy.n >= total->n)
			fsb_buf_add(&line, "  That is every phase of the total; it keeps them all (leaving them out "
				    "would leave nothing to rank): the verdict ranks their sum, whose own spread its "
				    "intervals carry.");
	}
	fsb_strv_add(out, line.s);
	fsb_buf_free(&line);
}

static void verdict_excluded(const struct fsb_verdict *v, const char *base, struct fsb_strv *out)
{
	struct fsb_buf line = { 0 };

	if (v->out_of_total.n) {
		fsb_buf_add(&line, "Left out of the total:");
		for (size_t j = 0; j < v->out_of_total.n; j++)
			fsb_buf_addf(&line, "%s %s (%s%%)", j ? "," : "", v->out_of_total.v[j],
				     j < FSB_ARRAY_SIZE(v->out_of_total_cv) ? num(v->out_of_total_cv[j] * 100, 0) : "?");
		fsb_buf_addf(&line, " — the dead time varied by more than %s%% across separate sessions on the reference "
			     "machine (the profile's session_cv, measured by bench/phase-cv.sh): a total carrying it "
			     "could not give the same answer another day.  Their tables are below.",
			     num(FSB_PROFILE_CV_GOAL * 100, 0));
		fsb_strv_add(out, line.s);
		fsb_buf_free(&line);
	}

	if (v->kind != FSB_VERDICT_NONE && v->kind != FSB_VERDICT_TOO_BUSY && v->too_busy.n) {
		/* what the others were ranked without */
		fsb_buf_add(&line, "Not ranked, every run disturbed: ");
		for (size_t i = 0; i < v->too_busy.n && i < 5; i++)
			fsb_buf_addf(&line, "%s%s", i ? ", " : "", v->too_busy.v[i]);
		if (v->too_busy.n > 5)
			fsb_buf_addf(&line, " and %zu more", v->too_busy.n - 5);
		for (size_t i = 0; i < v->busy_with.n; i++)
			fsb_buf_addf(&line, "%s%s", i ? ", " : " (by other programs: ", v->busy_with.v[i]);
		fsb_buf_add(&line, v->busy_with.n ? ")." : ".");
		fsb_strv_add(out, line.s);
		fsb_buf_free(&line);
	}
	if (v->unmeasured.n) {
		fsb_buf_add(&line, "Too short to measure here, not ranked: ");
		for (size_t j = 0; j < v->unmeasured.n; j++)
			fsb_buf_addf(&line, "%s%s", j ? ", " : "", v->unmeasured.v[j]);
		fsb_buf_addf(&line, " (under %s s of %s on %s; a few ticks of CPU accounting; one run cannot tell them from noise).",
			     num(FSB_VERDICT_MIN_PHASE_S, 1), metric_words(v->metric), base);
		fsb_strv_add(out, line.s);
		fsb_buf_free(&line);
	}
}

void fsb_report_verdict(const struct fsb_result *res, const struct fsb_report_opts *o, struct fsb_strv *out)
{
	const struct fsb_grid *g = fsb_result_grid(res);
	size_t bfs = fsb_cell_base(res, o);
	const char *base = bfs == FSB_GRID_NONE ? NULL : res->fs[bfs]->name;
	struct fsb_buf line = { 0 };
	struct fsb_verdict v;
	bool reps = fsb_result_repeated(res), *busy;

	if (!base)
		return;
	fsb_verdict_compute(res, o, &v);
	switch (v.kind) {
	case FSB_VERDICT_LEAD: verdict_lead(&v, &line); break;
	case FSB_VERDICT_TIE: verdict_tie(&v, &line); break;
	case FSB_VERDICT_ONE_RUN: verdict_one_run(&v, &line); break;
	case FSB_VERDICT_TOO_BUSY: verdict_too_busy(&v, &line); break;
	case FSB_VERDICT_NONE: break;
	}
	if (line.s)
		fsb_strv_add(out, line.s);
	fsb_buf_free(&line);
	verdict_diffs(&v, out);
	verdict_basis(res, &v, out);
	verdict_steal(&v, out);
	verdict_background(&v, out);
	verdict_excluded(&v, base, out);
	if (v.kind != FSB_VERDICT_NONE)
		verdict_target(res, out);
	if (v.unranked.n)
		verdict_unranked(&v.unranked, v.metric, out);
	verdict_noisy(res, &v, out);
	busy = fsb_xcalloc(res->nfs + 1, sizeof(*busy));
	for (size_t k = 0; k < v.too_busy.n; k++) {
		size_t i = fsb_grid_fs(g, v.too_busy.v[k]);

		if (i != FSB_GRID_NONE)
			busy[i] = true;
	}
	for (size_t j = 0; j < g->desktop.n && v.kind != FSB_VERDICT_TOO_BUSY; j++) {
		const char *phase = g->col[g->desktop.v[j]].name;

		/* with rounds a noisy phase's differences are judged by intervals that
		 * carry its noise; with one run the profile's CV rules it out */
		if (!fsb_strv_contains(&v.unmeasured, phase) &&
		    !(v.noisy_from_profile && fsb_strv_contains(&v.noisy, phase)))
			verdict_standouts(res, &v, bfs, busy, g->desktop.v[j], reps, o, out);
	}
	free(busy);
	fsb_verdict_free(&v);
	verdict_plausibility(res, out);
}

/* ---- how it was measured ------------------------------------------------------- */

char *fsb_report_host_line(const struct fsb_host *h)
{
	struct fsb_buf b = { 0 };
	const char *parts[] = { h->hostname, h->kernel, h->cpu };

	fsb_buf_add(&b, "");
	for (size_t i = 0; i < FSB_ARRAY_SIZE(parts); i++)
		if (parts[i])
			fsb_buf_addf(&b, "%s%s", b.len ? ", " : "", parts[i]);
	if (h->cores > 0)
		fsb_buf_addf(&b, "%s%ld cores", b.len ? ", " : "", h->cores);
	if (h->ram_mib > 0)
		fsb_buf_addf(&b, "%s%ld MiB RAM", b.len ? ", " : "", h->ram_mib);
	if (h->distro)
		fsb_buf_addf(&b, "%s%s", b.len ? ", " : "", h->distro);
	return fsb_buf_steal(&b);
}

char *fsb_report_target_line(const struct fsb_target_info *t)
{
	struct fsb_buf b = { 0 };

	fsb_buf_add(&b, "");
	if (t->kind == FSB_TARGET_KIND_NONE)
		return fsb_buf_steal(&b);
	fsb_buf_addf(&b, "%s %s", fsb_target_kind_word(t->kind), t->path ? t->path : "");
	if (t->size_mib > 0)
		fsb_buf_addf(&b, " (%lld MiB)", t->size_mib);
	if (t->device)
		fsb_buf_addf(&b, " on %s", t->device);
	if (t->model)
		fsb_buf_addf(&b, ", %s", t->model);
	if (t->fstype)
		fsb_buf_addf(&b, ", %s", t->fstype);
	return fsb_buf_steal(&b);
}

void fsb_report_versions(const struct fsb_result *res, struct fsb_strv *out)
{
	/* fsbench import: the tool that measured it comes first */
	if (res->source_tool)
		fsb_strv_addf(out, "%s %s (imported)", res->source_tool,
			      res->source_version ? res->source_version : "");
	for (size_t i = 0; i < res->nfs; i++) {
		const char *v = res->fs[i]->mkfs_version;

		if (v && !fsb_strv_contains(out, v))
			fsb_strv_add(out, v);
	}
	for (size_t i = 0; i < res->host.versions.n; i++)
		if (!fsb_strv_contains(out, res->host.versions.v[i]))
			fsb_strv_add(out, res->host.versions.v[i]);
}

/* ---- runs in the order they ran; the runs set aside ---------------------------- */

struct seqrun {
	const struct fsb_fs_result *fs;
	const struct fsb_phase_result *ph;
	size_t rep;              /* 1-based */
	double seq;
};

static int by_seq(const void *a, const void *b)
{
	const struct seqrun *x = a, *y = b;

	if (isnan(x->seq) || isnan(y->seq))
		return isnan(x->seq) - isnan(y->seq);
	return (x->seq > y->seq) - (x->seq < y->seq);
}

/* Every run of res, sorted by seq (runs without one last, as stored);
 * returns how many, *with_seq how many have a seq.  Caller frees. */
static struct seqrun *runs_by_seq(const struct fsb_result *res, size_t *n, size_t *with_seq)
{
	struct seqrun *v = NULL;
	size_t cap = 0;

	*n = *with_seq = 0;
	for (size_t i = 0; i < res->nfs; i++)
		for (size_t j = 0; j < res->fs[i]->nphases; j++) {
			const struct fsb_phase_result *ph = res->fs[i]->phases[j];

			for (size_t k = 0; k < ph->nruns; k++) {
				if (*n == cap) {
					cap = cap ? 2 * cap : 16;
					v = fsb_xrealloc(v, cap * sizeof(*v));
				}
				v[*n] = (struct seqrun){ res->fs[i], ph, k + 1, ph->runs[k].v[FSB_FIELD_seq] };
				*with_seq += !isnan(v[*n].seq);
				(*n)++;
			}
		}
	if (*n)
		qsort(v, *n, sizeof(*v), by_seq);
	return v;
}

/* Was every successful run of ph disturbed (so none is set aside)? */
static bool all_disturbed(const struct fsb_phase_result *ph)
{
	size_t ok = 0;

	for (size_t k = 0; k < ph->nruns; k++) {
		if (ph->runs[k].status != FSB_RUN_OK)
			continue;
		if (!ph->runs[k].disturbed)
			return false;
		ok++;
	}
	return ok > 0;
}

size_t fsb_report_unreliable(const struct fsb_result *res, struct fsb_strv *out)
{
	size_t count = 0;

	for (size_t i = 0; i < res->nfs; i++)
		for (size_t j = 0; j < res->fs[i]->nphases; j++) {
			const struct fsb_phase_result *ph = res->fs[i]->phases[j];

			if (!all_disturbed(ph))
				continue;
			for (size_t k = 0; k < ph->nruns; k++)
				if (ph->runs[k].status == FSB_RUN_OK) {
					fsb_strv_addf(out, "%s/%s (%s)", res->fs[i]->name, ph->name, ph->runs[k].disturbed);
					break;
				}
			count++;
		}
	return count;
}

size_t fsb_report_set_aside(const struct fsb_result *res, struct fsb_strv *out)
{
	size_t n, with_seq, count = 0;
	struct seqrun *v = runs_by_seq(res, &n, &with_seq);

	for (size_t i = 0; i < n; i++) {
		const struct fsb_run *r = &v[i].ph->runs[v[i].rep - 1];

		if (!r->disturbed || r->status != FSB_RUN_OK || all_disturbed(v[i].ph))
			continue;
		fsb_strv_addf(out, "%s/%s rep %zu (%s)", v[i].fs->name, v[i].ph->name, v[i].rep, r->disturbed);
		count++;
	}
	free(v);
	return count;
}

size_t fsb_report_replaced(const struct fsb_result *res, struct fsb_strv *out)
{
	size_t count = 0;

	for (size_t i = 0; i < res->nfs; i++)
		for (size_t j = 0; j < res->fs[i]->nphases; j++) {
			const struct fsb_phase_result *ph = res->fs[i]->phases[j];

			for (size_t k = 0; k < ph->nruns; k++) {
				double seq = ph->runs[k].v[FSB_FIELD_replaces];
				size_t o = 0;

				if (isnan(seq))
					continue;
				while (o < ph->nruns && ph->runs[o].v[FSB_FIELD_seq] != seq)
					o++;
				if (o == ph->nruns)
					fsb_strv_addf(out, "%s/%s rep %zu (in place of run #%.0f)", res->fs[i]->name,
						      ph->name, k + 1, seq);
				else
					fsb_strv_addf(out, "%s/%s rep %zu in place of rep %zu (%s)", res->fs[i]->name,
						      ph->name, k + 1, o + 1,
						      ph->runs[o].disturbed ? ph->runs[o].disturbed : "disturbed");
				count++;
			}
		}
	return count;
}

int fsb_report_order(const struct fsb_result *res, struct fsb_table *t)
{
	static const char *const heads[] = { "#", "started", "Filesystem", "phase", "rep", "real",
					     "others' CPU", "disturbed" };
	size_t n, with_seq;
	struct seqrun *v = runs_by_seq(res, &n, &with_seq);

	if (!with_seq) {
		free(v);
		return -ENOENT;
	}
	fsb_table_init(t, "order", with_seq + 1, FSB_ARRAY_SIZE(heads), 1);
	t->title = fsb_xstrdup("Runs in the order they ran");
	t->caption = fsb_xstrdup("started: UTC; others' CPU: what other programs used meanwhile, in % of one "
				 "CPU (the hungriest named); a disturbed run is left out of means, intervals and tests");
	for (size_t c = 0; c < FSB_ARRAY_SIZE(heads); c++)
		fsb_table_set(t, 0, c, FSB_CELL_HEADER | (c == 0 || (c >= 4 && c <= 6) ? FSB_CELL_NUMBER : 0), NAN,
		    "%s", heads[c]);
	for (size_t i = 0; i < with_seq; i++) {
		const struct fsb_run *r = &v[i].ph->runs[v[i].rep - 1];
		double at = r->v[FSB_FIELD_started_at], oc = r->v[FSB_FIELD_others_cpu];
		unsigned dist = r->disturbed ? FSB_CELL_OUTLIER : 0;
		char when[32] = "—";

		if (!isnan(at)) {
			time_t tt = (time_t)at;
			struct tm tm;

			if (gmtime_r(&tt, &tm))
				strftime(when, sizeof(when), "%Y-%m-%d %H:%M:%S", &tm);
		}
		fsb_table_set(t, i + 1, 0, FSB_CELL_NUMBER, r->v[FSB_FIELD_seq], "%.0f", r->v[FSB_FIELD_seq]);
		fsb_table_set(t, i + 1, 1, 0, at, "%s", when);
		fsb_table_set(t, i + 1, 2, FSB_CELL_NAME, NAN, "%s", v[i].fs->name);
		fsb_table_set(t, i + 1, 3, 0, NAN, "%s", v[i].ph->name);
		fsb_table_set(t, i + 1, 4, FSB_CELL_NUMBER, (double)v[i].rep, "%zu", v[i].rep);
		if (r->status != FSB_RUN_OK)
			fsb_table_set(t, i + 1, 5, FSB_CELL_NUMBER | FSB_CELL_FAILED, NAN, "fail");
		else
			set_number(t, i + 1, 5, r->v[FSB_FIELD_real], false, dist, "");
		if (isnan(oc))
			fsb_table_set(t, i + 1, 6, FSB_CELL_NUMBER | FSB_CELL_MISSING, NAN, "—");
		else if (r->top && r->v[FSB_FIELD_top_cpu] >= 0.01)
			/* the value in the file's unit (a share), as every "%" cell's (doc/json.md) */
			fsb_table_set(t, i + 1, 6, FSB_CELL_NUMBER | dist, oc, "%.0f%% (%s)", oc * 100, r->top);
		else
			fsb_table_set(t, i + 1, 6, FSB_CELL_NUMBER | dist, oc, "%.0f%%", oc * 100);
		fsb_table_set(t, i + 1, 7, dist, NAN, "%s", r->disturbed ? r->disturbed : "");
	}
	free(v);
	fsb_table_done(t);
	return 0;
}

/* ---- the noise floor ------------------------------------------------------------ */

double fsb_report_noise_floor(const struct fsb_result *res, const char *phase, const struct fsb_report_opts *o)
{
	size_t bfs = fsb_cell_base(res, o), col = fsb_grid_phase(fsb_result_grid(res), phase);
	enum fsb_metric m = o ? o->metric : FSB_METRIC_DEAD;
	struct fsb_cellstats b;
	double floor = NAN;

	if (bfs == FSB_GRID_NONE || !fsb_result_repeated(res))
		return NAN;
	fsb_cell_stats(res, bfs, col, m, &b);
	for (size_t i = 0; i < res->nfs; i++) {
		struct fsb_cellstats a;
		double f;

		if (i == bfs)
			continue;
		fsb_cell_stats(res, i, col, m, &a);
		f = fsb_cell_pair_floor(&a, &b);
		if (!isnan(f) && (isnan(floor) || f > floor))
			floor = f;
		fsb_cell_stats_free(&a);
	}
	fsb_cell_stats_free(&b);
	return floor;
}
