/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * report.c — the report's tables and charts (report.h): summary, phase,
 * raw, statistics, auto-repeat, the bonnie++ layout, latency, comparison,
 * the bar chart.  The verdict's words are in report_verdict.c, the runs
 * and how they were measured in report_runs.c, the table itself in
 * table.c.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "doc/report_int.h"
#include "model/opts.h"
#include "model/plaus.h"

/* ---- table building ----------------------------------------------------------- */

/* v with prec decimals, or "—" when it is not a number: never "nan" or
 * "inf" in a table.  Each call returns one of 8 rotating buffers, so a
 * format can hold several. */
const char *fsb_report_num(double v, int prec)
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

const char *fsb_report_metric_words(enum fsb_metric m)
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

void fsb_report_judges_init(struct fsb_judges *J, const struct fsb_result *res, const struct fsb_report_opts *o)
{
	memset(J, 0, sizeof(*J));
	J->res = res;
	J->o = o;
}

void fsb_report_judges_free(struct fsb_judges *J)
{
	for (size_t m = 0; m < FSB_ARRAY_SIZE(J->v); m++)
		if (J->made[m])
			fsb_verdict_free(&J->v[m]);
	memset(J, 0, sizeof(*J));
}

struct fsb_judges *fsb_report_judges_open(struct fsb_judges *own, const struct fsb_result *res,
					  const struct fsb_report_opts *o)
{
	/* the document's, made for this result with the same metric-free opts */
	if (o && o->judges && o->judges->res == res)
		return o->judges;
	fsb_report_judges_init(own, res, o);
	return own;
}

void fsb_report_judges_close(struct fsb_judges *J, struct fsb_judges *own)
{
	if (J == own)
		fsb_report_judges_free(own);
}

const struct fsb_verdict *fsb_report_judges_get(struct fsb_judges *J, enum fsb_metric m)
{
	struct fsb_report_opts oo = { 0 };

	/* Mann-Whitney asked for: the cells' own test, as the option says */
	if ((unsigned)m >= FSB_ARRAY_SIZE(J->v) || !fsb_result_repeated(J->res) || (J->o && J->o->nonparametric))
		return NULL;
	if (!J->made[m]) {
		if (J->o)
			oo = *J->o;
		oo.metric = m;
		oo.judges = NULL;
		fsb_verdict_compute(J->res, &oo, &J->v[m]);
		J->made[m] = true;
	}
	return &J->v[m];
}

struct fsb_norm fsb_report_judges_norm(struct fsb_judges *J, struct fsb_judged *jd, size_t fs, size_t bfs,
				       size_t col, const struct fsb_cellstats *a, const struct fsb_cellstats *b,
				       enum fsb_metric m)
{
	struct fsb_norm n = fsb_cell_normalize(a, b, m, J->o);
	const struct fsb_verdict *v = fs == bfs ? NULL : fsb_report_judges_get(J, m);
	const struct fsb_grid *g = fsb_result_grid(J->res);

	if (v && fsb_verdict_norm(v, bfs, fs, col == FSB_GRID_TOTAL ? NULL : fsb_grid_col_name(g, col), &n)) {
		jd->used = true;
		jd->level = 1 - v->alpha;
		jd->noise = v->noise;
	}
	return n;
}

const char *fsb_report_judged_how(enum fsb_verdict_noise noise)
{
	switch (noise) {
	case FSB_NOISE_HISTORY: return "round by round, the spread between this machine's sessions included";
	case FSB_NOISE_PRIOR: return "round by round, the profile's spread between sessions included";
	case FSB_NOISE_NONE: break;
	}
	return "round by round; no spread between sessions known";
}

char *fsb_report_judges_star(const struct fsb_judged *jd)
{
	if (!jd->used)
		return fsb_xstrdup("; * = significant (p < 0.05)");
	return fsb_xasprintf("; * = significant by the verdict's test (%s; %.3g%% intervals)",
			     fsb_report_judged_how(jd->noise), jd->level * 100);
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
	struct fsb_judges own, *J;
	struct fsb_judged jd = { 0 };
	char *star;

	if (!g->desktop.n || !base)
		return -ENOENT;
	cols = summary_cols(g, &ncols);
	fs_order(res, bfs, order);
	bc = base_cells(res, bfs, cols, ncols, m);
	J = fsb_report_judges_open(&own, res, o);
	fsb_table_init(t, "summary", res->nfs + 1, ncols + 1, 1);
	t->title = fsb_xstrdup("Summary");
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
				n = fsb_report_judges_norm(J, &jd, order[i], bfs, cols[j], &a, &bc[j], m);
				set_ratio(t, i + 1, j + 1, &n, bl);
				if (order[i] != bfs && a.st.mean < 0 && !below) {
					fsb_strv_add(&below_zero, fs->name);
					below = true;
				}
			}
			fsb_cell_stats_free(&a);
		}
	}
	star = fsb_report_judges_star(&jd);
	t->caption = fsb_xasprintf("%s normalized to %s (%s = 1.00, > 1 means slower)%s", metric_words(m),
				   base, base, fsb_result_repeated(res) ? star : "");
	free(star);
	fsb_report_judges_close(J, &own);
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
	return cmp_nan_last(x->key, y->key);
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
	struct fsb_judges own, *J;
	struct fsb_judged jd = { 0 };
	bool total;
	char *id, *star;

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
	J = fsb_report_judges_open(&own, res, o);
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
				struct fsb_norm n = fsb_report_judges_norm(J, &jd, rows[i].fs, bfs, col, &a, &bc[k],
									   phase_cols[k]);

				set_seconds(t, i + 1, 1 + 2 * k, &a, bl);
				set_ratio(t, i + 1, 2 + 2 * k, &n, bl | FSB_CELL_DIM);
			}
			fsb_cell_stats_free(&a);
		}
	}
	base_cells_free(bc, FSB_ARRAY_SIZE(phase_cols));
	/* the seconds are the runs' mean and 95% CI; the ratios the judged ones */
	star = fsb_report_judges_star(&jd);
	t->caption = fsb_xasprintf("seconds, and normalized to %s; sorted by real time%s%s", base,
				   fsb_result_repeated(res) ? "; mean±95% CI," : "", fsb_result_repeated(res) ? star + 1 : "");
	free(star);
	fsb_report_judges_close(J, &own);
	if (!total) {	/* the same work? (model/plaus.h): by the dead and real times */
		size_t by_row[res->nfs ? res->nfs : 1];

		for (size_t i = 0; i < res->nfs; i++)
			by_row[i] = rows[i].fs;
		fsb_report_mark_less_work(res, col, t, by_row, 1, (size_t[]){ 7, 9 }, 2);
	}
	fsb_table_done(t);
	return 0;
}

/* Row r's average (column 1): the mean real time of the runs kept, with
 * their mean sys+user in brackets — the same runs as the mean. */
static void raw_average(struct fsb_table *t, size_t r, const struct fsb_phase_result *ph,
			const struct fsb_cellstats *cs)
{
	double su = 0, us = 0;
	size_t n = 0;

	/* the cell's values are the ok runs that have a real time
	 * (fsb_cell_stats): a run without one has no outlier slot */
	for (size_t k = 0, ok = 0; ph && k < ph->nruns && ok < cs->nok; k++) {
		if (ph->runs[k].status != FSB_RUN_OK || isnan(ph->runs[k].v[FSB_FIELD_real]))
			continue;
		bool in = !cs->outlier[ok] && !(cs->disturbed[ok] && !cs->unreliable);

		ok++;
		if (in) {
			su += ph->runs[k].v[FSB_FIELD_sys];
			us += ph->runs[k].v[FSB_FIELD_user];
			n++;
		}
	}
	fsb_table_set(t, r, 1, FSB_CELL_NUMBER, cs->st.mean, "%s (%s+%s)", num(cs->st.mean, 2),
		      num(n ? su / (double)n : NAN, 2), num(n ? us / (double)n : NAN, 2));
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
		if (cs.nok)
			raw_average(t, i + 1, ph, &cs);
		else
			set_empty(t, i + 1, 1, &cs, res, fs->name, phase);
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

void fsb_report_heads(struct fsb_table *t, const char *const *heads, unsigned long numbers)
{
	for (size_t c = 0; c < t->ncols; c++)
		fsb_table_set(t, 0, c, FSB_CELL_HEADER | (c < 64 && (numbers >> c & 1) ? FSB_CELL_NUMBER : 0), NAN,
			      "%s", heads[c]);
}

/* report_int.h; its seconds are set_seconds()'s */
void fsb_report_set_number(struct fsb_table *t, size_t r, size_t c, double v, bool rate, unsigned flags,
			   const char *prefix)
{
	if (isnan(v))
		fsb_table_set(t, r, c, FSB_CELL_NUMBER | FSB_CELL_MISSING | flags, NAN, "—");
	else if (rate)
		fsb_table_set(t, r, c, FSB_CELL_NUMBER | flags, v, "%s%s", prefix, num(v, fabs(v) < 100 ? 1 : 0));
	else
		fsb_table_set(t, r, c, FSB_CELL_NUMBER | flags, v, "%s%s", prefix, num(v, fabs(v) < 1 ? 3 : 2));
}

/* The statistics' last columns for row r, cell cs against the baseline's
 * bcs: the ratio (10), its 95% interval (11) and the test's p (12); bl:
 * FSB_CELL_BASELINE on the baseline's own row, which has neither. */
static void stats_against_base(struct fsb_table *t, size_t r, const struct fsb_cellstats *cs,
			       const struct fsb_cellstats *bcs, enum fsb_metric m, const struct fsb_report_opts *o,
			       unsigned bl)
{
	struct fsb_norm n;
	unsigned sig;

	if (!bcs->nok) {
		for (size_t c = 10; c < t->ncols; c++)
			fsb_table_set(t, r, c, FSB_CELL_NUMBER | FSB_CELL_MISSING, NAN, "—");
		return;
	}
	n = fsb_cell_normalize(cs, bcs, m, o);
	set_ratio(t, r, 10, &n, bl);
	if (bl) {
		/* the baseline against itself: nothing to estimate or test */
		fsb_table_set(t, r, 11, FSB_CELL_NUMBER | FSB_CELL_MISSING, NAN, "—");
		fsb_table_set(t, r, 12, FSB_CELL_NUMBER | FSB_CELL_MISSING, NAN, "—");
		return;
	}
	sig = n.significant ? FSB_CELL_SIGNIFICANT : 0;
	if ((isnan(n.lo) || isnan(n.hi)) && !isnan(n.ratio) && !n.unreliable && cs->st.n_used >= 2 &&
	    bcs->st.n_used >= 2)
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
	fsb_report_heads(t, heads, NUMBERS_FROM(1));
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
		fsb_report_set_number(t, r, 3, cs.st.mean, rate, 0, "");
		fsb_report_set_number(t, r, 4, cs.st.ci_half, rate, FSB_CELL_DIM, "±");
		fsb_report_set_number(t, r, 5, cs.st.median, rate, 0, "");
		fsb_report_set_number(t, r, 6, cs.st.sd, rate, FSB_CELL_DIM, "");
		/* a mean near zero (a dead time of about nothing) gives an
		 * infinite CV: a dash, like no CV at all */
		if (!isfinite(cs.st.cv * 100))
			fsb_table_set(t, r, 7, FSB_CELL_NUMBER | FSB_CELL_MISSING, NAN, "—");
		else
			fsb_table_set(t, r, 7, FSB_CELL_NUMBER, cs.st.cv, "%s%%", num(cs.st.cv * 100, 1));
		fsb_report_set_number(t, r, 8, cs.st.min, rate, FSB_CELL_DIM, "");
		fsb_report_set_number(t, r, 9, cs.st.max, rate, FSB_CELL_DIM, "");
		stats_against_base(t, r, &cs, &bcs, m, o, i == bfs ? FSB_CELL_BASELINE : 0);
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

/* The bonnie++ layout's three header rows over tests[0..n): each group
 * once over its tests, each test over its two columns, then the units. */
static void bonnie_heads(struct fsb_table *t, const struct bonnie_test *const *tests, size_t n, bool normalized)
{
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
	bonnie_heads(t, tests, n, normalized);
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

/* Row r of the latency table: repetition q of fs's phase ph — what it
 * moved, in what time, the rate (marked when implausible: true), %CP and
 * the latencies; the four of fio's when the table has their columns. */
static bool latency_row(struct fsb_table *t, size_t r, const struct fsb_fs_result *fs,
			const struct fsb_phase_result *ph, size_t q)
{
	const double *v = ph->runs[q].v;
	char amount[48], rate[48], *what;
	struct fsb_plaus pl;
	bool marked;

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
	fsb_table_set(t, r, 0, FSB_CELL_NAME, NAN, "%s", fs->name);
	fsb_table_set(t, r, 1, 0, NAN, "%s%s", ph->name, ph->nruns > 1 ? "" : "");
	fsb_table_set(t, r, 2, FSB_CELL_NUMBER, NAN, "%s", amount);
	set_num(t, r, 3, v[FSB_FIELD_real], 3, " s");
	set_num(t, r, 4, v[FSB_FIELD_passes], 0, "");
	fsb_table_set(t, r, 5, FSB_CELL_NUMBER, NAN, "%s", rate);
	what = fsb_xasprintf("%s %s rep %zu", fs->name, ph->name, q + 1);
	fsb_plaus_judge(ph->name, &ph->runs[q], &pl);
	marked = mark_implausible(t, r, 5, &pl, what);
	free(what);
	set_num(t, r, 6, v[FSB_FIELD_cpu_pct], 0, "");
	set_num(t, r, 7, v[FSB_FIELD_lat_p99_us], 0, " us");
	set_num(t, r, 8, v[FSB_FIELD_lat_max_us], 0, " us");
	if (t->ncols > 9) {
		set_num(t, r, 9, v[FSB_FIELD_ops_per_s], 0, "");
		set_num(t, r, 10, v[FSB_FIELD_lat_mean_us], 0, " us");
		set_num(t, r, 11, v[FSB_FIELD_lat_p50_us], 0, " us");
		set_num(t, r, 12, v[FSB_FIELD_lat_p95_us], 0, " us");
	}
	return marked;
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
	if (!rows)	/* built-in phases named, none run: no table of nothing */
		return -ENOENT;
	fsb_table_init(t, "bonnie-detail", rows + 1, ncols, 1);
	t->title = fsb_xstrdup("What every rate is made of");
	t->caption = fsb_xstrdup("amount moved and the time it took, passes needed to reach the minimum duration, and the latency of one operation");
	fsb_report_heads(t, heads, NUMBERS_FROM(2));
	for (size_t i = 0; i < res->nfs; i++)
		for (size_t k = 0; k < n; k++) {
			const struct fsb_phase_result *ph = fsb_grid_cell(g, i, cols[k]);

			for (size_t q = 0; ph && q < ph->nruns; q++, r++)
				marked |= latency_row(t, r, res->fs[i], ph, q);
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

/* The comparison's columns into phases: the desktop phases every file
 * has, their total, then the rates (compare_phases); into shared the
 * desktop ones alone, which the total sums.  -ENOENT (both left empty)
 * when the files share no phase. */
static int compare_columns(struct fsb_result *const *results, size_t n, struct fsb_strv *phases,
			   struct fsb_strv *shared)
{
	struct fsb_strv rates = { 0 };

	/* the rates after the total, which sums the desktop phases only */
	compare_phases(results, n, phases, &rates);
	if (!phases->n && !rates.n) {
		fsb_strv_free(phases);
		fsb_strv_free(&rates);
		return -ENOENT;
	}
	for (size_t j = 0; j < phases->n; j++)
		fsb_strv_add(shared, phases->v[j]);
	if (phases->n)
		fsb_strv_add(phases, FSB_GRID_TOTAL_NAME);
	for (size_t j = 0; j < rates.n; j++)
		fsb_strv_add(phases, rates.v[j]);
	fsb_strv_free(&rates);
	return 0;
}

int fsb_report_compare(struct fsb_result *const *results, const char *const *labels, size_t n,
		       const struct fsb_report_opts *o, struct fsb_table *t)
{
	struct fsb_strv phases = { 0 }, shared = { 0 };
	enum fsb_metric m = o ? o->metric : FSB_METRIC_DEAD;
	const struct fsb_result *bres = NULL;
	size_t rows = 0, r = 1, bfile = 0, bfs, rate0;
	struct cmp_file *cf;
	struct fsb_cellstats *bc;

	if (compare_columns(results, n, &phases, &shared))
		return -ENOENT;
	bfs = compare_base(results, labels, n, o, &bfile);
	if (bfs == FSB_GRID_NONE) {
		fsb_strv_free(&phases);
		fsb_strv_free(&shared);
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
				   shared.n ? metric_words(m) : "",
				   !shared.n ? "throughput" : phases.n > rate0 ? " (throughput for the built-in phases)" : "",
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
	struct fsb_judges own, *J;
	struct fsb_judged jd = { 0 };

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
	J = fsb_report_judges_open(&own, res, o);
	for (size_t i = 0; i < res->nfs; i++) {
		struct fsb_bar *b = &c->bars[i];
		struct fsb_cellstats a;

		b->label = fsb_xstrdup(res->fs[order[i]]->name);
		b->value = b->lo = b->hi = NAN;
		b->flags = order[i] == bfs ? FSB_CELL_BASELINE : 0;
		fsb_cell_stats(res, order[i], col, m, &a);
		if (a.nok) {
			struct fsb_norm n = fsb_report_judges_norm(J, &jd, order[i], bfs, col, &a, &bs, m);

			b->value = n.ratio;
			/* the baseline against itself has no interval to show */
			b->lo = order[i] == bfs ? NAN : n.lo;
			b->hi = order[i] == bfs ? NAN : n.hi;
			b->flags |= ratio_flags(&n);
			/* num(): a ratio of 1e150 as "1e+150", as the tables, not 151 digits */
			b->text = isnan(n.ratio) ? fsb_xstrdup("—")
						 : fsb_xasprintf("%s%s", num(n.ratio, 2), n.significant ? "*" : "");
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
	c->level = jd.used ? jd.level : NAN;
	c->noise = jd.noise;
	fsb_report_judges_close(J, &own);
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
