/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "model/kinds.h"
#include "model/opts.h"
#include "doc/report.h"

/* ---- cells ------------------------------------------------------------------ */

static bool is_builtin(const struct fsb_result *res, const char *phase)
{
	for (size_t i = 0; i < res->nfs; i++) {
		const struct fsb_phase_result *ph = fsb_fs_find_phase(res->fs[i], phase);

		/* imported phases (fsbench import) are rates, as the built-in ones */
		if (ph && ph->kind)
			return strcmp(ph->kind, fsb_phase_kind_word(FSB_PHASE_BUILTIN)) == 0 ||
			       strcmp(ph->kind, fsb_phase_kind_word(FSB_PHASE_IMPORTED)) == 0;
	}
	return false;
}

void fsb_report_phases(const struct fsb_result *res, bool builtin, struct fsb_strv *out)
{
	struct fsb_strv all = { 0 };

	fsb_result_phases(res, &all);
	for (size_t i = 0; i < all.n; i++)
		if (is_builtin(res, all.v[i]) == builtin)
			fsb_strv_add(out, all.v[i]);
	fsb_strv_free(&all);
}

/* Phases that count towards "total": every desktop phase that succeeded on
 * at least one filesystem (a phase unavailable everywhere is left out). */
static void total_phases(const struct fsb_result *res, struct fsb_strv *out)
{
	struct fsb_strv ph = { 0 };

	fsb_report_phases(res, false, &ph);
	for (size_t j = 0; j < ph.n; j++) {
		bool any = false;

		for (size_t i = 0; i < res->nfs && !any; i++) {
			const struct fsb_phase_result *p = fsb_fs_find_phase(res->fs[i], ph.v[j]);

			for (size_t k = 0; p && k < p->nruns && !any; k++)
				any = p->runs[k].status == FSB_RUN_OK;
		}
		if (any)
			fsb_strv_add(out, ph.v[j]);
	}
	fsb_strv_free(&ph);
}

/* The metric that decides whether a run is an outlier: real time for every
 * time column, the rate for the built-in phases' columns.  One decision per
 * run, so a run is in a cell's mean for every column or for none (seed 004
 * judged its runs by real time too). */
static enum fsb_metric judge_metric(enum fsb_metric m)
{
	return m == FSB_METRIC_RATE || m == FSB_METRIC_CPU ? FSB_METRIC_RATE : FSB_METRIC_REAL;
}

/*
 * Flag outliers and summarize.  dist (may be NULL) flags the disturbed
 * runs: they are set aside first, as outliers are, and the 3-MAD rule
 * judges the others only; when every run was disturbed none is set aside
 * (there is nothing else) and the cell is marked unreliable instead.
 */
static void cell_finish(struct fsb_cellstats *cs, const double *judge, const bool *dist)
{
	const double *jv = judge ? judge : cs->values;
	double *calm;
	bool *calm_out, *exclude;
	size_t ncalm = 0, nset = 0;

	if (!cs->nok) {
		cs->st = (struct fsb_stats){ .mean = NAN, .median = NAN, .sd = NAN, .min = NAN,
					     .max = NAN, .ci_half = NAN, .ci_lo = NAN, .ci_hi = NAN, .cv = NAN };
		return;
	}
	cs->outlier = fsb_xcalloc(cs->nok, sizeof(*cs->outlier));
	cs->disturbed = fsb_xcalloc(cs->nok, sizeof(*cs->disturbed));
	for (size_t i = 0; i < cs->nok; i++)
		if (dist && dist[i]) {
			cs->disturbed[i] = true;
			cs->ndisturbed++;
		}
	cs->unreliable = cs->ndisturbed == cs->nok;
	calm = fsb_xcalloc(cs->nok, sizeof(*calm));
	calm_out = fsb_xcalloc(cs->nok, sizeof(*calm_out));
	exclude = fsb_xcalloc(cs->nok, sizeof(*exclude));
	for (size_t i = 0; i < cs->nok; i++)
		if (cs->unreliable || !cs->disturbed[i])
			calm[ncalm++] = jv[i];
	fsb_stats_outliers(calm, ncalm, calm_out);
	for (size_t i = 0, k = 0; i < cs->nok; i++) {
		if (cs->unreliable || !cs->disturbed[i])
			cs->outlier[i] = calm_out[k++];
		exclude[i] = cs->outlier[i] || (cs->disturbed[i] && !cs->unreliable);
		nset += exclude[i] && !cs->outlier[i];
	}
	fsb_stats_summarize_excluding(cs->values, cs->nok, exclude, &cs->st);
	cs->st.n_outliers -= nset;	/* the disturbed are counted apart */
	cs->kept = fsb_xcalloc(cs->nok, sizeof(*cs->kept));
	for (size_t i = 0, k = 0; i < cs->nok; i++)
		if (!exclude[i])
			cs->kept[k++] = cs->values[i];
	free(calm);
	free(calm_out);
	free(exclude);
}

/*
 * The phase list of "total" scans every filesystem; computed for every
 * total cell it made a table quadratic in the number of filesystems (810
 * took 12 s, 3,240 never finished).  While a table is being built the
 * result cannot change, so each entry point that builds one opens a memo
 * scope (MEMO_SCOPE) and the list is computed once per result in it.
 */
static __thread struct {
	int depth;
	size_t n;
	struct {
		const struct fsb_result *res;
		struct fsb_strv phases;
	} e[8];
} memo;

static int memo_enter(void)
{
	return ++memo.depth;
}

static void memo_leave(int *scope)
{
	(void)scope;
	if (--memo.depth)
		return;
	for (size_t i = 0; i < memo.n; i++)
		fsb_strv_free(&memo.e[i].phases);
	memo.n = 0;
}

#define MEMO_SCOPE int memo_scope __attribute__((cleanup(memo_leave), unused)) = memo_enter()

/* total_phases() of res: the memo's copy, or computed into *own. */
static const struct fsb_strv *memo_total(const struct fsb_result *res, struct fsb_strv *own)
{
	for (size_t i = 0; memo.depth && i < memo.n; i++)
		if (memo.e[i].res == res)
			return &memo.e[i].phases;
	if (memo.depth && memo.n < FSB_ARRAY_SIZE(memo.e)) {
		memo.e[memo.n].res = res;
		memset(&memo.e[memo.n].phases, 0, sizeof(memo.e[memo.n].phases));
		total_phases(res, &memo.e[memo.n].phases);
		return &memo.e[memo.n++].phases;
	}
	total_phases(res, own);
	return own;
}

/* only: the phases to sum (a comparison of files sums the phases they
 * share), or NULL for every phase of the result. */
static void cell_total(const struct fsb_result *res, const struct fsb_fs_result *fs,
		       const struct fsb_strv *only, enum fsb_metric m, struct fsb_cellstats *out)
{
	struct fsb_strv own = { 0 }, keep = { 0 };
	const struct fsb_strv *all = memo_total(res, &own);
	struct fsb_strv phases = *all;
	size_t reps = SIZE_MAX;
	double *judge = NULL;
	bool *dist = NULL;

	if (only) {
		for (size_t j = 0; j < all->n; j++)
			if (fsb_strv_contains(only, all->v[j]))
				fsb_strv_add(&keep, all->v[j]);
		phases = keep;
	}
	if (!phases.n) {
		out->unavailable = true;
		goto out;
	}
	for (size_t j = 0; j < phases.n; j++) {
		const struct fsb_phase_result *ph = fsb_fs_find_phase(fs, phases.v[j]);
		size_t ok = 0;

		if (!ph || ph->status == FSB_PHASE_UNAVAILABLE) {
			reps = 0;
			if (ph)
				out->why = ph->reason;
			out->unavailable = ph != NULL;
			break;
		}
		for (size_t k = 0; k < ph->nruns; k++) {
			if (ph->runs[k].status != FSB_RUN_OK) {
				out->failed = true;
				out->why = ph->runs[k].error;
				break;
			}
			ok++;
		}
		out->nruns = ph->nruns > out->nruns ? ph->nruns : out->nruns;
		if (ok < reps)
			reps = ok;
	}
	if (out->failed || reps == SIZE_MAX)
		reps = 0;
	out->values = fsb_xcalloc(reps ? reps : 1, sizeof(double));
	judge = fsb_xcalloc(reps ? reps : 1, sizeof(double));
	dist = fsb_xcalloc(reps ? reps : 1, sizeof(bool));
	for (size_t k = 0; k < reps; k++) {
		double sum = 0, jsum = 0;
		bool d = false;     /* a repetition with a disturbed phase is disturbed */

		for (size_t j = 0; j < phases.n; j++) {
			const struct fsb_run *r = &fsb_fs_find_phase(fs, phases.v[j])->runs[k];

			sum += fsb_run_metric(r, m);
			jsum += fsb_run_metric(r, judge_metric(m));
			d = d || r->disturbed;
		}
		if (!isnan(sum)) {
			judge[out->nok] = jsum;
			dist[out->nok] = d;
			out->values[out->nok++] = sum;
		}
	}
	cell_finish(out, judge, dist);
out:
	free(dist);
	free(judge);
	fsb_strv_free(&own);
	fsb_strv_free(&keep);
}

void fsb_report_cell(const struct fsb_result *res, const struct fsb_fs_result *fs,
		     const char *phase, enum fsb_metric m, struct fsb_cellstats *out)
{
	const struct fsb_phase_result *ph;
	double *judge;
	bool *dist;

	memset(out, 0, sizeof(*out));
	if (fs->status != FSB_FS_OK) {
		out->failed = fs->status == FSB_FS_FAILED;
		out->unavailable = fs->status == FSB_FS_UNAVAILABLE;
		out->why = fs->error;
		cell_finish(out, NULL, NULL);
		return;
	}
	if (strcmp(phase, "total") == 0) {
		cell_total(res, fs, NULL, m, out);
		if (!out->values)
			cell_finish(out, NULL, NULL);
		return;
	}
	ph = fsb_fs_find_phase(fs, phase);
	if (ph && ph->status == FSB_PHASE_UNAVAILABLE) {
		out->unavailable = true;
		out->why = ph->reason;
	}
	out->values = fsb_xcalloc(ph && ph->nruns ? ph->nruns : 1, sizeof(double));
	judge = fsb_xcalloc(ph && ph->nruns ? ph->nruns : 1, sizeof(double));
	dist = fsb_xcalloc(ph && ph->nruns ? ph->nruns : 1, sizeof(bool));
	for (size_t k = 0; ph && k < ph->nruns; k++) {
		double v = fsb_run_metric(&ph->runs[k], m);

		out->nruns++;
		if (ph->runs[k].status != FSB_RUN_OK) {
			out->why = ph->runs[k].error;
			continue;
		}
		if (!isnan(v)) {
			judge[out->nok] = fsb_run_metric(&ph->runs[k], judge_metric(m));
			dist[out->nok] = ph->runs[k].disturbed != NULL;
			out->values[out->nok++] = v;
		} else if (ph->runs[k].not_measured) {
			out->not_measured = ph->runs[k].not_measured;
		}
	}
	out->failed = !out->nok && out->nruns > 0 && !out->not_measured;
	cell_finish(out, judge, dist);
	free(dist);
	free(judge);
}

void fsb_cellstats_free(struct fsb_cellstats *cs)
{
	free(cs->values);
	free(cs->outlier);
	free(cs->disturbed);
	free(cs->kept);
	memset(cs, 0, sizeof(*cs));
}

const char *fsb_report_baseline(const struct fsb_result *res, const struct fsb_report_opts *o)
{
	if (o && o->baseline && fsb_result_find_fs(res, o->baseline))
		return o->baseline;
	if (res->baseline && fsb_result_find_fs(res, res->baseline))
		return res->baseline;
	return res->nfs ? res->fs[0]->name : NULL;
}

/* ---- normalization ----------------------------------------------------------- */

struct norm {
	double ratio;            /* > 1 = slower than the baseline */
	double lo, hi;
	bool significant, tested;
	double p;                /* of the test, NAN when none */
	bool unreliable;         /* a side's every run was disturbed: shown "?", never significant */
};

static struct norm normalize(const struct fsb_cellstats *a, const struct fsb_cellstats *base,
			     enum fsb_metric m, const struct fsb_report_opts *o)
{
	struct norm n = { NAN, NAN, NAN, false, false, NAN, false };
	struct fsb_compare cmp;
	bool rate = fsb_metric_higher_is_better(m);
	const struct fsb_cellstats *num = rate ? base : a, *den = rate ? a : base;

	/* A negative time (dead time when user time exceeds real time: make -j)
	 * has no meaningful ratio; neither has one that overflows. */
	if (!a->st.n_used || !base->st.n_used || !(den->st.mean > 0) || !(num->st.mean >= 0))
		return n;
	n.ratio = num->st.mean / den->st.mean;
	if (!isfinite(n.ratio)) {
		n.ratio = NAN;
		return n;
	}
	n.unreliable = a->unreliable || base->unreliable;
	if (a == base || n.unreliable)
		return n;
	if (fsb_stats_compare(num->kept, num->st.n_used, den->kept, den->st.n_used,
			      o && o->alpha > 0 ? o->alpha : 0.05, o && o->nonparametric, &cmp) == 0) {
		n.lo = isfinite(cmp.ratio_lo) ? cmp.ratio_lo : NAN;
		n.hi = isfinite(cmp.ratio_hi) ? cmp.ratio_hi : NAN;
		n.significant = cmp.significant;
		n.tested = !isnan(cmp.p);
		n.p = cmp.p;
	}
	return n;
}

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

void fsb_table_init(struct fsb_table *t, const char *id, size_t nrows, size_t ncols, size_t header_rows)
{
	memset(t, 0, sizeof(*t));
	t->id = fsb_xstrdup(id);
	t->nrows = nrows;
	t->ncols = ncols;
	t->header_rows = header_rows;
	t->cells = fsb_xcalloc(nrows * ncols, sizeof(*t->cells));
	for (size_t i = 0; i < nrows * ncols; i++) {
		t->cells[i].span = 1;
		t->cells[i].value = NAN;
	}
}

void fsb_table_set(struct fsb_table *t, size_t r, size_t c, unsigned flags, double value, const char *fmt, ...)
{
	struct fsb_cell *cell = fsb_table_cell(t, r, c);
	struct fsb_buf b = { 0 };
	va_list ap;

	va_start(ap, fmt);
	fsb_buf_vaddf(&b, fmt, ap);
	va_end(ap);
	free(cell->text);
	cell->text = fsb_buf_steal(&b);
	cell->flags = flags;
	cell->value = value;
}

static void span(struct fsb_table *t, size_t r, size_t c, int n)
{
	fsb_table_cell(t, r, c)->span = n;
	for (int k = 1; k < n; k++)
		fsb_table_cell(t, r, c + (size_t)k)->span = 0;
}

void fsb_table_free(struct fsb_table *t)
{
	for (size_t i = 0; t->cells && i < t->nrows * t->ncols; i++)
		free(t->cells[i].text);
	free(t->cells);
	free(t->id);
	free(t->title);
	free(t->caption);
	fsb_strv_free(&t->notes);
	memset(t, 0, sizeof(*t));
}

/* Fill cells nobody set with an empty string, so renderers never see NULL. */
static void table_done(struct fsb_table *t)
{
	for (size_t i = 0; i < t->nrows * t->ncols; i++)
		if (!t->cells[i].text)
			t->cells[i].text = fsb_xstrdup("");
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

static void note_unavailable(struct fsb_table *t, const struct fsb_result *res, const struct fsb_strv *phases)
{
	for (size_t i = 0; i < res->nfs; i++) {
		const struct fsb_fs_result *fs = res->fs[i];

		if (fs->status == FSB_FS_UNAVAILABLE)
			fsb_strv_addf(&t->notes, "%s: not run: %s", fs->name, fs->error ? fs->error : "unavailable");
		else if (fs->status == FSB_FS_FAILED || fs->error)
			fsb_strv_addf(&t->notes, "%s: %s", fs->name, fs->error ? fs->error : "failed");
		for (size_t j = 0; phases && j < phases->n; j++) {
			const struct fsb_phase_result *ph = fsb_fs_find_phase(fs, phases->v[j]);

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
	default: return "?";
	}
}

static unsigned ratio_flags(const struct norm *n)
{
	unsigned f = FSB_CELL_NUMBER | FSB_CELL_RATIO;

	if (n->significant)
		f |= FSB_CELL_SIGNIFICANT;
	if (n->ratio < 0.995)
		f |= FSB_CELL_BETTER;
	else if (n->ratio >= 1.005)
		f |= FSB_CELL_WORSE;
	return f;
}

/* "1.13", or "1.13*" when significant */
static void set_ratio(struct fsb_table *t, size_t r, size_t c, const struct norm *n, unsigned extra)
{
	if (isnan(n->ratio))
		fsb_table_set(t, r, c, FSB_CELL_NUMBER | FSB_CELL_MISSING | extra, NAN, "—");
	else
		/* the baseline's own 1.00 is exact by definition, disturbed or not */
		fsb_table_set(t, r, c, ratio_flags(n) | extra, n->ratio, "%s%s", num(n->ratio, 2),
		    n->significant ? "*" : n->unreliable && !(extra & FSB_CELL_BASELINE) ? "?" : "");
}

/* Row order of the summary: the baseline, then the result's order. */
static void fs_order(const struct fsb_result *res, const char *base, const struct fsb_fs_result **out)
{
	size_t k = 0;
	const struct fsb_fs_result *b = fsb_result_find_fs(res, base);

	if (b)
		out[k++] = b;
	for (size_t i = 0; i < res->nfs; i++)
		if (res->fs[i] != b)
			out[k++] = res->fs[i];
}

int fsb_report_summary(const struct fsb_result *res, const struct fsb_report_opts *o, struct fsb_table *t)
{
	MEMO_SCOPE;
	struct fsb_strv phases = { 0 }, below_zero = { 0 };
	const char *base = fsb_report_baseline(res, o);
	const struct fsb_fs_result *order[res->nfs ? res->nfs : 1];
	const struct fsb_fs_result *bfs;
	enum fsb_metric m = o ? o->metric : FSB_METRIC_DEAD;

	fsb_report_phases(res, false, &phases);
	if (!phases.n || !base) {
		fsb_strv_free(&phases);
		return -ENOENT;
	}
	fsb_strv_add(&phases, "total");
	fs_order(res, base, order);
	bfs = fsb_result_find_fs(res, base);
	fsb_table_init(t, "summary", res->nfs + 1, phases.n + 1, 1);
	t->title = fsb_xstrdup("Summary");
	t->caption = fsb_xasprintf("%s normalized to %s (%s = 1.00, > 1 means slower)%s", metric_words(m),
				   base, base, fsb_result_repeated(res) ? "; * = significant (p < 0.05)" : "");
	fsb_table_set(t, 0, 0, FSB_CELL_HEADER, NAN, "FS");
	for (size_t j = 0; j < phases.n; j++)
		fsb_table_set(t, 0, j + 1, FSB_CELL_HEADER | FSB_CELL_NUMBER, NAN, "%s", phases.v[j]);
	for (size_t i = 0; i < res->nfs; i++) {
		const struct fsb_fs_result *fs = order[i];
		unsigned bl = fs == bfs ? FSB_CELL_BASELINE : 0;

		fsb_table_set(t, i + 1, 0, FSB_CELL_NAME | bl, NAN, "%s", fs->name);
		for (size_t j = 0; j < phases.n; j++) {
			struct fsb_cellstats a, b;
			struct norm n;

			fsb_report_cell(res, fs, phases.v[j], m, &a);
			fsb_report_cell(res, bfs, phases.v[j], m, &b);
			if (!a.nok) {
				set_empty(t, i + 1, j + 1, &a, res, fs->name, phases.v[j]);
			} else {
				n = normalize(&a, &b, m, o);
				set_ratio(t, i + 1, j + 1, &n, bl);
				if (fs != bfs && a.st.mean < 0 && !fsb_strv_contains(&below_zero, fs->name))
					fsb_strv_add(&below_zero, fs->name);
			}
			fsb_cellstats_free(&a);
			fsb_cellstats_free(&b);
		}
	}
	note_unavailable(t, res, &phases);
	for (size_t j = 0; j < phases.n; j++) {
		struct fsb_cellstats b;

		fsb_report_cell(res, bfs, phases.v[j], m, &b);
		if (b.nok && !(b.st.mean > 0))
			fsb_strv_addf(&t->notes, "%s: the %s of %s is %.2f s, nothing to normalize to%s%s%s", phases.v[j],
				      metric_words(m), base, b.st.mean,
				      m == FSB_METRIC_DEAD && b.st.mean < 0 ? " (user time above real time: parallel jobs; see " : "",
				      m == FSB_METRIC_DEAD && b.st.mean < 0 ? fsb_opt_say(FSB_SAY_METRIC, "real") : "",
				      m == FSB_METRIC_DEAD && b.st.mean < 0 ? ")" : "");
		fsb_cellstats_free(&b);
	}
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
	table_done(t);
	fsb_strv_free(&phases);
	return 0;
}

static const enum fsb_metric phase_cols[] = {
	FSB_METRIC_USR, FSB_METRIC_SYS, FSB_METRIC_SYNC, FSB_METRIC_DEAD, FSB_METRIC_REAL,
};

static const char *phase_label(const struct fsb_result *res, const char *phase)
{
	for (size_t i = 0; i < res->nfs; i++) {
		const struct fsb_phase_result *ph = fsb_fs_find_phase(res->fs[i], phase);

		if (ph && ph->label && *ph->label)
			return ph->label;
	}
	return phase;
}

struct sortrow {
	const struct fsb_fs_result *fs;
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
	MEMO_SCOPE;
	const char *base = fsb_report_baseline(res, o);
	const struct fsb_fs_result *bfs = base ? fsb_result_find_fs(res, base) : NULL;
	struct sortrow rows[res->nfs ? res->nfs : 1];
	bool total = strcmp(phase, "total") == 0;
	size_t ncols = 1 + 2 * FSB_ARRAY_SIZE(phase_cols);
	char *id;

	if (!bfs)
		return -ENOENT;
	if (!total) {
		bool found = false;

		for (size_t i = 0; i < res->nfs && !found; i++)
			found = fsb_fs_find_phase(res->fs[i], phase) != NULL;
		if (!found)
			return -ENOENT;
	}
	for (size_t i = 0; i < res->nfs; i++) {
		struct fsb_cellstats cs;

		fsb_report_cell(res, res->fs[i], phase, FSB_METRIC_REAL, &cs);
		rows[i].fs = res->fs[i];
		rows[i].key = cs.nok ? cs.st.mean : NAN;
		fsb_cellstats_free(&cs);
	}
	qsort(rows, res->nfs, sizeof(*rows), by_key);
	id = fsb_xasprintf("phase:%s", phase);
	fsb_table_init(t, id, res->nfs + 1, ncols, 1);
	free(id);
	t->title = fsb_xstrdup(total ? "total" : phase_label(res, phase));
	t->caption = fsb_xasprintf("seconds, and normalized to %s; sorted by real time%s", base,
				   fsb_result_repeated(res) ? "; mean±95% CI, * = significant (p < 0.05)" : "");
	fsb_table_set(t, 0, 0, FSB_CELL_HEADER, NAN, "Filesystem");
	for (size_t k = 0; k < FSB_ARRAY_SIZE(phase_cols); k++) {
		fsb_table_set(t, 0, 1 + 2 * k, FSB_CELL_HEADER | FSB_CELL_NUMBER, NAN, "%s", fsb_metric_name(phase_cols[k]));
		span(t, 0, 1 + 2 * k, 2);
	}
	for (size_t i = 0; i < res->nfs; i++) {
		const struct fsb_fs_result *fs = rows[i].fs;
		unsigned bl = fs == bfs ? FSB_CELL_BASELINE : 0;

		fsb_table_set(t, i + 1, 0, FSB_CELL_NAME | bl, NAN, "%s", fs->name);
		for (size_t k = 0; k < FSB_ARRAY_SIZE(phase_cols); k++) {
			struct fsb_cellstats a, b;

			fsb_report_cell(res, fs, phase, phase_cols[k], &a);
			fsb_report_cell(res, bfs, phase, phase_cols[k], &b);
			if (!a.nok) {
				set_empty(t, i + 1, 1 + 2 * k, &a, res, fs->name, k == 0 ? phase : "");
				fsb_table_set(t, i + 1, 2 + 2 * k, FSB_CELL_NUMBER | FSB_CELL_DIM, NAN, "%s",
				    fsb_table_cell(t, i + 1, 1 + 2 * k)->text);
			} else {
				struct norm n = normalize(&a, &b, phase_cols[k], o);

				set_seconds(t, i + 1, 1 + 2 * k, &a, bl);
				set_ratio(t, i + 1, 2 + 2 * k, &n, bl | FSB_CELL_DIM);
			}
			fsb_cellstats_free(&a);
			fsb_cellstats_free(&b);
		}
	}
	table_done(t);
	return 0;
}

int fsb_report_raw(const struct fsb_result *res, const char *phase, const struct fsb_report_opts *o,
		   struct fsb_table *t)
{
	size_t maxruns = 0;
	bool found = false, any_dist = false;
	char *id;

	(void)o;
	for (size_t i = 0; i < res->nfs; i++) {
		const struct fsb_phase_result *ph = fsb_fs_find_phase(res->fs[i], phase);

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
	t->title = fsb_xasprintf("%s — every repetition", phase_label(res, phase));
	t->caption = fsb_xstrdup("real seconds per repetition, (sys+user) in brackets; ! = outlier, left out of the average");
	fsb_table_set(t, 0, 0, FSB_CELL_HEADER, NAN, "Filesystem");
	fsb_table_set(t, 0, 1, FSB_CELL_HEADER | FSB_CELL_NUMBER, NAN, "average");
	for (size_t k = 0; k < maxruns; k++)
		fsb_table_set(t, 0, 2 + k, FSB_CELL_HEADER | FSB_CELL_NUMBER, NAN, "%zu", k + 1);
	for (size_t i = 0; i < res->nfs; i++) {
		const struct fsb_fs_result *fs = res->fs[i];
		const struct fsb_phase_result *ph = fsb_fs_find_phase(fs, phase);
		struct fsb_cellstats cs;
		size_t okidx = 0;

		fsb_table_set(t, i + 1, 0, FSB_CELL_NAME, NAN, "%s", fs->name);
		fsb_report_cell(res, fs, phase, FSB_METRIC_REAL, &cs);
		if (cs.nok) {
			/* the brackets of the average use the same runs as the mean */
			double su = 0, us = 0;
			size_t n = 0;

			/* the cell's values are the ok runs that have a real time
			 * (fsb_report_cell): a run without one has no outlier slot */
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
		fsb_cellstats_free(&cs);
	}
	if (any_dist) {
		char *c = fsb_xasprintf("%s; ~ = disturbed by other programs, left out too", t->caption);

		free(t->caption);
		t->caption = c;
	}
	table_done(t);
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
	MEMO_SCOPE;
	static const char *const heads[] = { "Filesystem", "runs", "outliers", "mean", "95% CI", "median",
					     "sd", "CV", "min", "max", "ratio", "ratio 95% CI", "p" };
	enum fsb_metric m = o ? o->metric : FSB_METRIC_DEAD;
	const char *base = fsb_report_baseline(res, o);
	const struct fsb_fs_result *bfs = base ? fsb_result_find_fs(res, base) : NULL;
	struct fsb_cellstats bcs;
	bool total = strcmp(phase, "total") == 0, found = total, rate;
	char *id;

	for (size_t i = 0; i < res->nfs && !found; i++)
		found = fsb_fs_find_phase(res->fs[i], phase) != NULL;
	if (!found || !res->nfs)
		return -ENOENT;
	if (!total && is_builtin(res, phase))
		m = FSB_METRIC_RATE;
	rate = fsb_metric_higher_is_better(m);
	id = fsb_xasprintf("stats:%s", phase);
	fsb_table_init(t, id, res->nfs + 1, FSB_ARRAY_SIZE(heads), 1);
	free(id);
	t->title = fsb_xasprintf("%s — %s, statistics", total ? "total" : phase_label(res, phase), metric_words(m));
	t->caption = fsb_xasprintf("%s of the successful runs; outliers (3 MAD from the median) are left out of "
				   "everything but min and max; 95%% CI of the mean by Student's t; CV = sd / mean; "
				   "ratio to %s with its 95%% CI (Fieller) and the p-value of %s",
				   rate ? "K/sec or /sec" : "seconds", base ? base : "the baseline",
				   o && o->nonparametric ? "the Mann-Whitney U test" : "Welch's t-test");
	if (bfs)
		fsb_report_cell(res, bfs, phase, m, &bcs);
	else
		memset(&bcs, 0, sizeof(bcs));
	for (size_t c = 0; c < FSB_ARRAY_SIZE(heads); c++)
		fsb_table_set(t, 0, c, FSB_CELL_HEADER | (c ? FSB_CELL_NUMBER : 0), NAN, "%s", heads[c]);
	for (size_t i = 0; i < res->nfs; i++) {
		const struct fsb_fs_result *fs = res->fs[i];
		struct fsb_cellstats cs;
		size_t r = i + 1;

		fsb_table_set(t, r, 0, FSB_CELL_NAME, NAN, "%s", fs->name);
		fsb_report_cell(res, fs, phase, m, &cs);
		fsb_table_set(t, r, 1, FSB_CELL_NUMBER, (double)cs.nok, "%zu", cs.nok);
		if (!cs.nok) {
			set_empty(t, r, 2, &cs, res, fs->name, phase);
			for (size_t c = 3; c < FSB_ARRAY_SIZE(heads); c++)
				fsb_table_set(t, r, c, FSB_CELL_NUMBER | FSB_CELL_DIM, NAN, "%s", fsb_table_cell(t, r, 2)->text);
			fsb_cellstats_free(&cs);
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
			struct norm n = normalize(&cs, &bcs, m, o);
			unsigned bl = fs == bfs ? FSB_CELL_BASELINE : 0;

			set_ratio(t, r, 10, &n, bl);
			if (bl) {
				/* the baseline against itself: nothing to estimate or test */
				fsb_table_set(t, r, 11, FSB_CELL_NUMBER | FSB_CELL_MISSING, NAN, "—");
				fsb_table_set(t, r, 12, FSB_CELL_NUMBER | FSB_CELL_MISSING, NAN, "—");
			} else {
				unsigned sig = n.significant ? FSB_CELL_SIGNIFICANT : 0;

				if (isnan(n.lo) || isnan(n.hi))
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
		fsb_cellstats_free(&cs);
	}
	fsb_cellstats_free(&bcs);
	table_done(t);
	return 0;
}

int fsb_report_auto(const struct fsb_result *res, const struct fsb_report_opts *o, struct fsb_table *t)
{
	MEMO_SCOPE;
	struct fsb_strv all = { 0 }, phases = { 0 };
	size_t capped = 0;

	(void)o;
	fsb_result_phases(res, &all);
	for (size_t j = 0; j < all.n; j++)
		for (size_t i = 0; i < res->nfs; i++) {
			const struct fsb_phase_result *ph = fsb_fs_find_phase(res->fs[i], all.v[j]);

			if (ph && ph->auto_target_reps >= 0) {
				fsb_strv_add(&phases, all.v[j]);
				break;
			}
		}
	fsb_strv_free(&all);
	if (!phases.n) {
		fsb_strv_free(&phases);
		return -ENOENT;
	}
	fsb_table_init(t, "auto-repeat", res->nfs + 1, phases.n + 1, 1);
	t->title = fsb_xasprintf("Repetitions (%s)", fsb_opt_say(FSB_OPT_AUTO_REPEAT, NULL));
	t->caption = fsb_xasprintf("repetitions each phase took until the 95%% CI of its mean real time was within the "
				   "target (%s, ±3%% by default), and the CI reached; cap = it never got there",
				   fsb_opt_say(FSB_OPT_CI_TARGET, NULL));
	fsb_table_set(t, 0, 0, FSB_CELL_HEADER, NAN, "FS");
	for (size_t j = 0; j < phases.n; j++)
		fsb_table_set(t, 0, j + 1, FSB_CELL_HEADER | FSB_CELL_NUMBER, NAN, "%s", phases.v[j]);
	for (size_t i = 0; i < res->nfs; i++) {
		const struct fsb_fs_result *fs = res->fs[i];

		fsb_table_set(t, i + 1, 0, FSB_CELL_NAME, NAN, "%s", fs->name);
		for (size_t j = 0; j < phases.n; j++) {
			const struct fsb_phase_result *ph = fsb_fs_find_phase(fs, phases.v[j]);
			struct fsb_cellstats cs;
			char ci[32] = "";

			if (!ph || ph->auto_target_reps < 0) {
				fsb_table_set(t, i + 1, j + 1, FSB_CELL_NUMBER | FSB_CELL_MISSING, NAN, "—");
				continue;
			}
			fsb_report_cell(res, fs, phases.v[j], FSB_METRIC_REAL, &cs);
			if (cs.st.mean > 0 && !isnan(cs.st.ci_half))
				snprintf(ci, sizeof(ci), " (±%s%%)", num(cs.st.ci_half / cs.st.mean * 100, 1));
			fsb_cellstats_free(&cs);
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
	table_done(t);
	fsb_strv_free(&phases);
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
 * own, grouped under the tool that measured it.  extra has room for
 * phase_entries(res); its strings point into res.  *nbonnie = how many of
 * the twelve are there.
 */
static size_t bonnie_present(const struct fsb_result *res, const struct bonnie_test **out,
			     struct bonnie_test *extra, size_t *nbonnie)
{
	size_t n = 0, nx = 0;
	struct fsb_strv plain = { 0 };	/* names found not built-in: each asked once */

	for (size_t k = 0; k < FSB_ARRAY_SIZE(bonnie_tests); k++)
		for (size_t i = 0; i < res->nfs; i++)
			if (fsb_fs_find_phase(res->fs[i], bonnie_tests[k].phase)) {
				out[n++] = &bonnie_tests[k];
				break;
			}
	*nbonnie = n;
	for (size_t i = 0; i < res->nfs; i++)
		for (size_t j = 0; j < res->fs[i]->nphases; j++) {
			const struct fsb_phase_result *ph = res->fs[i]->phases[j];
			bool known = fsb_strv_contains(&plain, ph->name);

			for (size_t k = 0; k < FSB_ARRAY_SIZE(bonnie_tests) && !known; k++)
				known = strcmp(bonnie_tests[k].phase, ph->name) == 0;
			for (size_t k = 0; k < nx && !known; k++)
				known = strcmp(extra[k].phase, ph->name) == 0;
			/* is_builtin() looks through every filesystem: once a name */
			if (!known && !is_builtin(res, ph->name)) {
				fsb_strv_add(&plain, ph->name);
				known = true;
			}
			if (known)
				continue;
			extra[nx] = (struct bonnie_test){ ph->name, res->source_tool ? res->source_tool : "Other",
							  ph->name, ph->nruns && isnan(ph->runs[0].v[FSB_FIELD_kib_per_s]) };
			out[n++] = &extra[nx++];
		}
	fsb_strv_free(&plain);
	return n;
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
	size_t cap = phase_entries(res), nbonnie;
	struct bonnie_test extra[cap ? cap : 1];
	const struct bonnie_test *tests[FSB_ARRAY_SIZE(bonnie_tests) + cap];
	size_t n = bonnie_present(res, tests, extra, &nbonnie);
	const char *base = fsb_report_baseline(res, o);
	const struct fsb_fs_result *bfs = base ? fsb_result_find_fs(res, base) : NULL;

	if (!n || !bfs)
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
			span(t, 0, c, (int)(2 * (m - k)));
		}
		fsb_table_set(t, 1, c, FSB_CELL_HEADER, NAN, "%s", tests[k]->test);
		span(t, 1, c, 2);
		fsb_table_set(t, 2, c, FSB_CELL_HEADER | FSB_CELL_NUMBER, NAN, normalized ? "×" : tests[k]->ops ? "/sec" : "K/sec");
		fsb_table_set(t, 2, c + 1, FSB_CELL_HEADER | FSB_CELL_NUMBER, NAN, "%%CP");
	}
	for (size_t i = 0; i < res->nfs; i++) {
		const struct fsb_fs_result *fs = res->fs[i];
		unsigned bl = fs == bfs ? FSB_CELL_BASELINE : 0;

		fsb_table_set(t, i + 3, 0, FSB_CELL_NAME | bl, NAN, "%s", fs->name);
		for (size_t k = 0; k < n; k++) {
			struct fsb_cellstats rate, cpu, brate, bcpu;
			size_t c = 1 + 2 * k;
			char buf[32];

			fsb_report_cell(res, fs, tests[k]->phase, FSB_METRIC_RATE, &rate);
			fsb_report_cell(res, fs, tests[k]->phase, FSB_METRIC_CPU, &cpu);
			fsb_report_cell(res, bfs, tests[k]->phase, FSB_METRIC_RATE, &brate);
			fsb_report_cell(res, bfs, tests[k]->phase, FSB_METRIC_CPU, &bcpu);
			if (!rate.nok) {
				set_empty(t, i + 3, c, &rate, res, fs->name, tests[k]->phase);
				fsb_table_set(t, i + 3, c + 1, FSB_CELL_NUMBER | FSB_CELL_DIM, NAN, " ");
			} else if (normalized) {
				struct norm nr = normalize(&rate, &brate, FSB_METRIC_RATE, o);
				struct norm nc = normalize(&cpu, &bcpu, FSB_METRIC_CPU, o);

				set_ratio(t, i + 3, c, &nr, bl);
				set_ratio(t, i + 3, c + 1, &nc, bl | FSB_CELL_DIM);
			} else {
				fmt_rate(buf, sizeof(buf), rate.st.mean);
				fsb_table_set(t, i + 3, c, FSB_CELL_NUMBER | bl, rate.st.mean, "%s", buf);
				fsb_table_set(t, i + 3, c + 1, FSB_CELL_NUMBER | FSB_CELL_DIM | bl, cpu.st.mean, "%s", num(cpu.st.mean, 0));
			}
			fsb_cellstats_free(&rate);
			fsb_cellstats_free(&cpu);
			fsb_cellstats_free(&brate);
			fsb_cellstats_free(&bcpu);
		}
	}
	table_done(t);
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
	size_t cap = phase_entries(res), nbonnie;
	struct bonnie_test extra[cap ? cap : 1];
	const struct bonnie_test *tests[FSB_ARRAY_SIZE(bonnie_tests) + cap];
	size_t n = bonnie_present(res, tests, extra, &nbonnie), rows = 0, r = 1;
	static const char *const heads[] = { "Filesystem", "Phase", "Amount", "Elapsed", "Passes",
					     "Rate", "%CP", "p99", "Max", "IOPS", "mean", "p50", "p95" };
	size_t ncols = 9;

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
			const struct fsb_phase_result *ph = fsb_fs_find_phase(res->fs[i], tests[k]->phase);

			rows += ph ? ph->nruns : 0;
		}
	fsb_table_init(t, "bonnie-detail", rows + 1, ncols, 1);
	t->title = fsb_xstrdup("What every rate is made of");
	t->caption = fsb_xstrdup("amount moved and the time it took, passes needed to reach the minimum duration, and the latency of one operation");
	for (size_t c = 0; c < ncols; c++)
		fsb_table_set(t, 0, c, FSB_CELL_HEADER | (c >= 2 ? FSB_CELL_NUMBER : 0), NAN, "%s", heads[c]);
	for (size_t i = 0; i < res->nfs; i++)
		for (size_t k = 0; k < n; k++) {
			const struct fsb_phase_result *ph = fsb_fs_find_phase(res->fs[i], tests[k]->phase);

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
	table_done(t);
	return 0;
}

const struct fsb_fs_result *fsb_report_compare_baseline(struct fsb_result *const *results,
							 const char *const *labels, size_t n,
							 const struct fsb_report_opts *o, size_t *file)
{
	const char *b = o && o->baseline ? o->baseline : n ? results[0]->baseline : NULL;
	const char *colon = b ? strrchr(b, ':') : NULL;

	for (size_t f = 0; b && f < n; f++) {
		const struct fsb_fs_result *fs = fsb_result_find_fs(results[f], b);

		if (fs) {
			*file = f;
			return fs;
		}
	}
	/* FILE:FS, FILE as labelled */
	for (size_t f = 0; colon && labels && f < n; f++) {
		const struct fsb_fs_result *fs;

		if (strlen(labels[f]) != (size_t)(colon - b) || strncmp(labels[f], b, (size_t)(colon - b)))
			continue;
		if ((fs = fsb_result_find_fs(results[f], colon + 1))) {
			*file = f;
			return fs;
		}
	}
	if (o && o->baseline)
		return NULL;
	*file = 0;
	return n && results[0]->nfs ? results[0]->fs[0] : NULL;
}

/* A cell of the comparison: its total sums only the phases every file has. */
static void compare_cell(const struct fsb_result *res, const struct fsb_fs_result *fs, const char *phase,
			 const struct fsb_strv *shared, enum fsb_metric m, struct fsb_cellstats *out)
{
	if (strcmp(phase, "total") || fs->status != FSB_FS_OK) {
		fsb_report_cell(res, fs, phase, m, out);
		return;
	}
	memset(out, 0, sizeof(*out));
	cell_total(res, fs, shared, m, out);
	if (!out->values)
		cell_finish(out, NULL, NULL);
}

int fsb_report_compare(struct fsb_result *const *results, const char *const *labels, size_t n,
		       const struct fsb_report_opts *o, struct fsb_table *t)
{
	MEMO_SCOPE;
	struct fsb_strv phases = { 0 }, shared = { 0 }, rates = { 0 };
	enum fsb_metric m = o ? o->metric : FSB_METRIC_DEAD;
	const struct fsb_result *bres = NULL;
	const struct fsb_fs_result *bfs = NULL;
	size_t rows = 0, r = 1, bfile = 0;

	/* the phases every file has, in the first file's order; the built-in
	 * and imported ones (rates: an imported bonnie++ result against
	 * fsbench's own) after the total, which sums the desktop ones only */
	for (int builtin = 0; builtin < 2; builtin++) {
		struct fsb_strv *list = builtin ? &rates : &phases;

		fsb_report_phases(results[0], builtin, list);
		for (size_t f = 1; f < n; f++) {
			struct fsb_strv other = { 0 }, keep = { 0 };

			fsb_report_phases(results[f], builtin, &other);
			for (size_t j = 0; j < list->n; j++)
				if (fsb_strv_contains(&other, list->v[j]))
					fsb_strv_add(&keep, list->v[j]);
			fsb_strv_free(list);
			fsb_strv_free(&other);
			*list = keep;
		}
	}
	if (!phases.n && !rates.n) {
		fsb_strv_free(&phases);
		fsb_strv_free(&rates);
		return -ENOENT;
	}
	for (size_t j = 0; j < phases.n; j++)
		fsb_strv_add(&shared, phases.v[j]);
	if (phases.n)
		fsb_strv_add(&phases, "total");
	for (size_t j = 0; j < rates.n; j++)
		fsb_strv_add(&phases, rates.v[j]);
	bfs = fsb_report_compare_baseline(results, labels, n, o, &bfile);
	if (!bfs) {
		fsb_strv_free(&phases);
		fsb_strv_free(&shared);
		fsb_strv_free(&rates);
		return -ENOENT;
	}
	bres = results[bfile];
	for (size_t f = 0; f < n; f++)
		rows += results[f]->nfs;
	fsb_table_init(t, "compare", rows + 1, phases.n + 2, 1);
	t->title = fsb_xstrdup("Comparison");
	t->caption = fsb_xasprintf("%s%s normalized to %s of %s (> 1 means slower); * = significant (p < 0.05)%s",
				   shared.n ? metric_words(m) : "", !shared.n ? "throughput" : rates.n ? " (throughput for the built-in phases)" : "",
				   bfs->name, labels ? labels[bfile] : "the first file",
				   shared.n ? "; total = the phases shown" : "");
	fsb_table_set(t, 0, 0, FSB_CELL_HEADER, NAN, "File");
	fsb_table_set(t, 0, 1, FSB_CELL_HEADER, NAN, "FS");
	for (size_t j = 0; j < phases.n; j++)
		fsb_table_set(t, 0, j + 2, FSB_CELL_HEADER | FSB_CELL_NUMBER, NAN, "%s", phases.v[j]);
	for (size_t f = 0; f < n; f++)
		for (size_t i = 0; i < results[f]->nfs; i++, r++) {
			const struct fsb_fs_result *fs = results[f]->fs[i];
			unsigned bl = fs == bfs ? FSB_CELL_BASELINE : 0;

			fsb_table_set(t, r, 0, FSB_CELL_NAME | bl, NAN, "%s", labels[f]);
			fsb_table_set(t, r, 1, FSB_CELL_NAME | bl, NAN, "%s", fs->name);
			for (size_t j = 0; j < phases.n; j++) {
				enum fsb_metric pm = fsb_strv_contains(&rates, phases.v[j]) ? FSB_METRIC_RATE : m;
				struct fsb_cellstats a, b;

				compare_cell(results[f], fs, phases.v[j], &shared, pm, &a);
				compare_cell(bres, bfs, phases.v[j], &shared, pm, &b);
				if (!a.nok) {
					set_empty(t, r, j + 2, &a, results[f], fs->name, phases.v[j]);
				} else {
					struct norm nn = normalize(&a, &b, pm, o);

					set_ratio(t, r, j + 2, &nn, bl);
				}
				fsb_cellstats_free(&a);
				fsb_cellstats_free(&b);
			}
		}
	table_done(t);
	fsb_strv_free(&phases);
	fsb_strv_free(&shared);
	fsb_strv_free(&rates);
	return 0;
}

/* ---- charts ------------------------------------------------------------------ */

int fsb_report_chart(const struct fsb_result *res, const char *phase, const struct fsb_report_opts *o,
		     struct fsb_chart *c)
{
	MEMO_SCOPE;
	const char *base = fsb_report_baseline(res, o);
	const struct fsb_fs_result *bfs = base ? fsb_result_find_fs(res, base) : NULL;
	const struct fsb_fs_result *order[res->nfs ? res->nfs : 1];
	enum fsb_metric m = o ? o->metric : FSB_METRIC_DEAD;

	memset(c, 0, sizeof(*c));
	if (!bfs)
		return -ENOENT;
	if (strcmp(phase, "total") && is_builtin(res, phase))
		m = FSB_METRIC_RATE;
	fs_order(res, base, order);
	c->title = fsb_xasprintf("%s, %s — relative to %s (> 1 = slower)", strcmp(phase, "total") ? phase : "all phases",
				 metric_words(m), base);
	c->n = res->nfs;
	c->bars = fsb_xcalloc(c->n ? c->n : 1, sizeof(*c->bars));
	c->max = 1.0;
	for (size_t i = 0; i < res->nfs; i++) {
		struct fsb_bar *b = &c->bars[i];
		struct fsb_cellstats a, bs;

		b->label = fsb_xstrdup(order[i]->name);
		b->value = b->lo = b->hi = NAN;
		b->flags = order[i] == bfs ? FSB_CELL_BASELINE : 0;
		fsb_report_cell(res, order[i], phase, m, &a);
		fsb_report_cell(res, bfs, phase, m, &bs);
		if (a.nok) {
			struct norm n = normalize(&a, &bs, m, o);

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
		fsb_cellstats_free(&a);
		fsb_cellstats_free(&bs);
	}
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

static double pair_floor(const struct fsb_cellstats *a, const struct fsb_cellstats *b);

/* Is the lead of first over second (in total) not significant and smaller
 * than these repetitions could detect?  Then line says so. */
static bool below_floor(const struct fsb_result *res, const struct fsb_fs_result *first,
			const struct fsb_fs_result *second, enum fsb_metric m, const struct fsb_report_opts *o,
			struct fsb_buf *line)
{
	struct fsb_cellstats a, b;
	struct norm lead;
	double floor, apart;
	bool below = false;

	fsb_report_cell(res, first, "total", m, &a);
	fsb_report_cell(res, second, "total", m, &b);
	lead = normalize(&b, &a, m, o);
	floor = pair_floor(&a, &b);
	apart = fabs(lead.ratio - 1);
	if (!lead.significant && !isnan(floor) && apart < floor) {
		fsb_buf_addf(line, "No measurable difference overall by %s between %s and %s: %.0f%% apart, below "
			     "the ±%.0f%% these repetitions can detect.", metric_words(m), first->name, second->name,
			     apart * 100, floor * 100);
		below = true;
	}
	fsb_cellstats_free(&a);
	fsb_cellstats_free(&b);
	return below;
}

/* The filesystems with a total ratio to the baseline in rows, fastest
 * first; those without one (a negative dead time) in unranked. */
static size_t verdict_rows(const struct fsb_result *res, const struct fsb_fs_result *bfs, enum fsb_metric m,
			   const struct fsb_report_opts *o, struct sortrow *rows, struct fsb_strv *unranked)
{
	struct fsb_cellstats b;
	size_t nrows = 0;

	fsb_report_cell(res, bfs, "total", m, &b);
	for (size_t i = 0; i < res->nfs; i++) {
		struct fsb_cellstats a;

		fsb_report_cell(res, res->fs[i], "total", m, &a);
		if (a.nok && b.nok) {
			struct norm n = normalize(&a, &b, m, o);

			/* no ratio (a negative dead time): not ranked, said so */
			if (isnan(n.ratio)) {
				fsb_strv_add(unranked, res->fs[i]->name);
			} else {
				rows[nrows].fs = res->fs[i];
				rows[nrows++].key = n.ratio;
			}
		}
		fsb_cellstats_free(&a);
	}
	fsb_cellstats_free(&b);
	if (nrows)
		qsort(rows, nrows, sizeof(*rows), by_key);
	return nrows;
}

/* Results since issue 10: a lead inside the noise floor is not a ranking.
 * True when it said so (with the rest relative to the first). */
static bool verdict_within_noise(const struct fsb_result *res, enum fsb_metric m, const struct fsb_report_opts *o,
				 const struct sortrow *rows, size_t nrows, struct fsb_strv *out)
{
	struct fsb_buf line = { 0 };

	if (!(nrows > 1 && fsb_result_repeated(res) && res->order && below_floor(res, rows[0].fs, rows[1].fs, m, o, &line))) {
		fsb_buf_free(&line);
		return false;
	}
	if (nrows > 2) {
		fsb_buf_add(&line, " Then:");
		for (size_t i = 2; i < nrows; i++)
			fsb_buf_addf(&line, " %s %.2f×%s", rows[i].fs->name, rows[i].key / rows[0].key, i + 1 < nrows ? "," : "");
		fsb_buf_addf(&line, " (relative to %s).", rows[0].fs->name);
	}
	fsb_strv_add(out, line.s);
	fsb_buf_free(&line);
	return true;
}

/* "Fastest overall by …: X, N% ahead of Y (a significant lead). Then: …" */
static void verdict_fastest(const struct fsb_result *res, const char *base, enum fsb_metric m,
			    const struct fsb_report_opts *o, const struct sortrow *rows, size_t nrows, struct fsb_strv *out)
{
	struct fsb_buf line = { 0 };

	fsb_buf_addf(&line, "Fastest overall by %s: %s", metric_words(m), rows[0].fs->name);
	if (nrows > 1) {
		/* relative to the fastest, or to the baseline when the
		 * fastest took (next to) no time at all */
		bool rel = rows[0].key > 0 && isfinite(rows[nrows - 1].key / rows[0].key);
		double ref = rel ? rows[0].key : 1;
		const char *refname = rel ? rows[0].fs->name : base;

		if (rel)
			fsb_buf_addf(&line, ", %s%% ahead of %s", num((rows[1].key / rows[0].key - 1) * 100, 0),
				     rows[1].fs->name);
		else
			fsb_buf_addf(&line, ", ahead of %s", rows[1].fs->name);
		if (fsb_result_repeated(res)) {
			/* is the lead itself real, or within the noise of these runs? */
			struct fsb_cellstats first, second;
			struct norm lead;

			fsb_report_cell(res, rows[0].fs, "total", m, &first);
			fsb_report_cell(res, rows[1].fs, "total", m, &second);
			lead = normalize(&second, &first, m, o);
			if (lead.tested)
				fsb_buf_add(&line, lead.significant ? " (a significant lead)"
					    : " (not a significant lead with these runs)");
			fsb_cellstats_free(&first);
			fsb_cellstats_free(&second);
		}
		fsb_buf_add(&line, ". Then:");
		for (size_t i = 1; i < nrows; i++)
			fsb_buf_addf(&line, " %s %s×%s", rows[i].fs->name, num(rows[i].key / ref, 2), i + 1 < nrows ? "," : "");
		fsb_buf_addf(&line, " (relative to %s)", refname);
	}
	fsb_buf_add(&line, ".");
	fsb_strv_add(out, line.s);
	fsb_buf_free(&line);
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

/* Per phase: significant differences, or with single runs, big ones. */
static void verdict_standouts(const struct fsb_result *res, const struct fsb_fs_result *bfs, const char *base,
			      const char *phase, bool reps, enum fsb_metric m, const struct fsb_report_opts *o,
			      struct fsb_strv *out)
{
	const struct fsb_fs_result *best = NULL;
	double best_ratio = INFINITY;
	struct fsb_cellstats b;

	fsb_report_cell(res, bfs, phase, m, &b);
	for (size_t i = 0; i < res->nfs; i++) {
		struct fsb_cellstats a;
		struct norm n;

		if (res->fs[i] == bfs)
			continue;
		fsb_report_cell(res, res->fs[i], phase, m, &a);
		n = a.nok && b.nok ? normalize(&a, &b, m, o) : (struct norm){ NAN, NAN, NAN, false, false, NAN, false };
		if (!isnan(n.ratio)) {
			bool notable = reps ? n.significant : (n.ratio >= 2.0 || n.ratio <= 0.5);

			if (notable && n.ratio > 1)
				fsb_strv_addf(out, "%s: %s %s× slower than %s%s", res->fs[i]->name, phase, num(n.ratio, 1),
					      base, reps ? "" : " (one run; not tested for significance)");
			if (n.ratio < best_ratio && (reps ? n.significant : true)) {
				best_ratio = n.ratio;
				best = res->fs[i];
			}
		}
		fsb_cellstats_free(&a);
	}
	if (best && best_ratio < 1)
		fsb_strv_addf(out, "%s: fastest at %s, %s× the time of %s%s", best->name, phase, num(best_ratio, 2), base,
			      reps ? "" : " (one run)");
	fsb_cellstats_free(&b);
}

void fsb_report_verdict(const struct fsb_result *res, const struct fsb_report_opts *o, struct fsb_strv *out)
{
	MEMO_SCOPE;
	const char *base = fsb_report_baseline(res, o);
	const struct fsb_fs_result *bfs = base ? fsb_result_find_fs(res, base) : NULL;
	enum fsb_metric m = o ? o->metric : FSB_METRIC_DEAD;
	struct fsb_strv phases = { 0 }, unranked = { 0 };
	struct sortrow rows[res->nfs ? res->nfs : 1];
	size_t nrows = 0;
	bool reps = fsb_result_repeated(res);

	if (!bfs)
		return;
	fsb_report_phases(res, false, &phases);
	if (phases.n)
		nrows = verdict_rows(res, bfs, m, o, rows, &unranked);
	if (nrows && !verdict_within_noise(res, m, o, rows, nrows, out))
		verdict_fastest(res, base, m, o, rows, nrows, out);
	if (unranked.n)
		verdict_unranked(&unranked, m, out);
	fsb_strv_free(&unranked);
	for (size_t j = 0; j < phases.n; j++)
		verdict_standouts(res, bfs, base, phases.v[j], reps, m, o, out);
	fsb_strv_free(&phases);
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
	if (!t->kind)
		return fsb_buf_steal(&b);
	fsb_buf_addf(&b, "%s %s", t->kind, t->path ? t->path : "");
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
			fsb_table_set(t, i + 1, 6, FSB_CELL_NUMBER | dist, oc * 100, "%.0f%% (%s)", oc * 100, r->top);
		else
			fsb_table_set(t, i + 1, 6, FSB_CELL_NUMBER | dist, oc * 100, "%.0f%%", oc * 100);
		fsb_table_set(t, i + 1, 7, dist, NAN, "%s", r->disturbed ? r->disturbed : "");
	}
	free(v);
	table_done(t);
	return 0;
}

/* ---- the noise floor ------------------------------------------------------------ */

/* The smallest difference from the baseline a pair of cells could show: the
 * two relative 95% CI half-widths combined (as the ratio's interval
 * widens); NAN without two kept runs on either side. */
static double pair_floor(const struct fsb_cellstats *a, const struct fsb_cellstats *b)
{
	double ra, rb;

	if (a->st.n_used < 2 || b->st.n_used < 2 || !(a->st.mean > 0) || !(b->st.mean > 0) ||
	    isnan(a->st.ci_half) || isnan(b->st.ci_half))
		return NAN;
	ra = a->st.ci_half / a->st.mean;
	rb = b->st.ci_half / b->st.mean;
	return sqrt(ra * ra + rb * rb);
}

double fsb_report_noise_floor(const struct fsb_result *res, const char *phase, const struct fsb_report_opts *o)
{
	const char *base = fsb_report_baseline(res, o);
	const struct fsb_fs_result *bfs = base ? fsb_result_find_fs(res, base) : NULL;
	enum fsb_metric m = o ? o->metric : FSB_METRIC_DEAD;
	struct fsb_cellstats b;
	double floor = NAN;

	if (!bfs || !fsb_result_repeated(res))
		return NAN;
	fsb_report_cell(res, bfs, phase, m, &b);
	for (size_t i = 0; i < res->nfs; i++) {
		struct fsb_cellstats a;
		double f;

		if (res->fs[i] == bfs)
			continue;
		fsb_report_cell(res, res->fs[i], phase, m, &a);
		f = pair_floor(&a, &b);
		if (!isnan(f) && (isnan(floor) || f > floor))
			floor = f;
		fsb_cellstats_free(&a);
	}
	fsb_cellstats_free(&b);
	return floor;
}
