/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The "What the disk did" section (report.h, doc/disk.md): the device's
 * writes against what the phases saved, the stall probe's saves, the clone
 * phase's answer, and the marks of a cell that did less work — from the
 * cells of model/cells.h and the judgements of model/diskwork.h and
 * model/plaus.h.  fsb_doc_disk() puts it in the document.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doc/document.h"
#include "doc/report_int.h"
#include "model/agefactor.h"
#include "model/diskwork.h"
#include "model/plaus.h"

#define MIB 1024.0   /* KiB */

/* The rows in the tables' order: the baseline (row b) first. */
static size_t *rows_of(const struct fsb_result *res, size_t b)
{
	size_t *v = fsb_xcalloc(res->nfs ? res->nfs : 1, sizeof(*v)), k = 0;

	if (b != FSB_GRID_NONE)
		v[k++] = b;
	for (size_t i = 0; i < res->nfs; i++)
		if (i != b)
			v[k++] = i;
	return v;
}

/* A cell without a number: why, as the other tables say it. */
static void set_none(struct fsb_table *t, size_t r, size_t c, const struct fsb_cellstats *cs,
		     const struct fsb_result *res)
{
	if (cs->failed)
		fsb_table_set(t, r, c, FSB_CELL_NUMBER | FSB_CELL_FAILED, NAN, "fail");
	else if (cs->unavailable)
		fsb_table_set(t, r, c, FSB_CELL_NUMBER | FSB_CELL_MISSING, NAN, "n/a");
	else if (res->status == FSB_RESULT_RUNNING)
		fsb_table_set(t, r, c, FSB_CELL_NUMBER | FSB_CELL_PENDING, NAN, "…");
	else
		fsb_table_set(t, r, c, FSB_CELL_NUMBER | FSB_CELL_MISSING, NAN, "—");
}

/* mean/scale as "362" or "362±12" (prec decimals; fewer for large values) */
static void set_mean(struct fsb_table *t, size_t r, size_t c, const struct fsb_cellstats *cs, double scale,
		     unsigned flags)
{
	double m = cs->st.mean / scale, ci = cs->st.ci_half / scale;
	int prec = fabs(m) >= 100 ? 0 : fabs(m) >= 10 ? 1 : 2;
	const char *q = cs->unreliable ? "?" : "";

	if (cs->st.n_used > 1 && !isnan(ci))
		fsb_table_set(t, r, c, FSB_CELL_NUMBER | flags, m, "%s±%s%s", fsb_report_num(m, prec),
			      fsb_report_num(ci, prec), q);
	else
		fsb_table_set(t, r, c, FSB_CELL_NUMBER | flags, m, "%s%s", fsb_report_num(m, prec), q);
}

/* A ratio to the baseline's cell: "1.13*", "0.04", "—". */
static void set_norm(struct fsb_table *t, size_t r, size_t c, const struct fsb_norm *n, unsigned flags)
{
	if (isnan(n->ratio))
		fsb_table_set(t, r, c, FSB_CELL_NUMBER | FSB_CELL_MISSING | flags, NAN, "—");
	else
		fsb_table_set(t, r, c, fsb_report_ratio_flags(n->ratio, n->significant) | flags, n->ratio, "%s%s",
			      fsb_report_num(n->ratio, 2), n->significant ? "*" : n->unreliable ? "?" : "");
}

/* ---- less work --------------------------------------------------------------- */

size_t fsb_report_mark_less_work(const struct fsb_result *res, size_t phase, struct fsb_table *t, const size_t *rows,
				 size_t r0, const size_t *cols, size_t ncols)
{
	const char *name = fsb_grid_col_name(fsb_result_grid(res), phase);
	struct fsb_plaus_less *v;
	size_t marked = 0;

	if (phase == FSB_GRID_TOTAL || !res->nfs)
		return 0;
	v = fsb_xcalloc(res->nfs, sizeof(*v));
	fsb_plaus_less_work(res, phase, v);
	for (size_t i = 0; i < res->nfs; i++) {
		const struct fsb_plaus_less *p = &v[rows[i]];
		char why[400];

		if (p->why == FSB_LESS_NONE || r0 + i >= t->nrows)
			continue;
		for (size_t k = 0; k < ncols; k++) {
			struct fsb_cell *cell = fsb_table_cell(t, r0 + i, cols[k]);
			char *text = fsb_xasprintf("%s^", cell->text ? cell->text : "");

			free(cell->text);
			cell->text = text;
			cell->flags |= FSB_CELL_LESS_WORK;
		}
		fsb_plaus_say_less(p, why, sizeof(why));
		fsb_strv_addf(&t->notes, "^ %s %s: %s", res->fs[rows[i]]->name, name, why);
		marked++;
	}
	if (marked && t->caption && !strstr(t->caption, "^ = did less work")) {
		char *c = fsb_xasprintf("%s; ^ = did less work than the other filesystems (the notes say why)", t->caption);

		free(t->caption);
		t->caption = c;
	}
	free(v);
	return marked;
}

/* ---- how the probe ran --------------------------------------------------------- */

/* What "saved" holds besides the processes' writes: the probe's saves only
 * where it ran beside the timed phases — and in a file that does not say,
 * worded as before */
static const char *saved_words(const struct fsb_result *res)
{
	if (res->probe < 0 || fsb_result_probe(res) == FSB_PROBE_BESIDE)
		return ", and the stall probe's";
	return fsb_result_probe(res) == FSB_PROBE_ROUND ? "; the stall probe ran in a round of its own, not beside them"
							 : "; no stall probe ran";
}

const char *fsb_report_probe_words(const struct fsb_result *res)
{
	if (res->probe < 0)
		return NULL;
	switch (fsb_result_probe(res)) {
	case FSB_PROBE_ROUND:
		return "in a round of its own after the timed rounds: it never ran beside a timed phase";
	case FSB_PROBE_BESIDE:
		return "beside the timed phases: its saves are in their times and writes";
	default:
		return "not run (the run was told to run without it)";
	}
}

/* ---- the tables ------------------------------------------------------------- */

static void cols_add(struct fsb_grid_cols *c, size_t j)
{
	c->v = fsb_xrealloc(c->v, (c->n + 1) * sizeof(*c->v));
	c->v[c->n++] = j;
}

/* The columns of the writes tables: the totals' (and "total"), then the
 * built-in ones. */
static void write_phases(const struct fsb_result *res, const struct fsb_grid *g, struct fsb_grid_cols *out)
{
	(void)res;
	for (size_t k = 0; k < g->desktop.n; k++)
		cols_add(out, g->desktop.v[k]);
	if (out->n)
		cols_add(out, FSB_GRID_TOTAL);
	for (size_t k = 0; k < g->builtin.n; k++)
		cols_add(out, g->builtin.v[k]);
}

static void totals_phases(const struct fsb_result *res, const struct fsb_grid *g, struct fsb_grid_cols *out)
{
	(void)res;
	for (size_t k = 0; k < g->desktop.n; k++)
		cols_add(out, g->desktop.v[k]);
}

/* What a table of filesystems × phases starts from: the baseline, the rows
 * (the baseline first) and the columns (fill's); -ENOENT without a
 * baseline or a phase.  Close with lay_free. */
struct lay {
	const struct fsb_grid *g;
	const char *base;        /* the baseline's name */
	size_t b;                /* and row */
	size_t *rows;
	struct fsb_grid_cols ph;
};

static int lay_open(const struct fsb_result *res, const struct fsb_report_opts *o,
		    void (*fill)(const struct fsb_result *res, const struct fsb_grid *g, struct fsb_grid_cols *out),
		    struct lay *l)
{
	memset(l, 0, sizeof(*l));
	l->g = fsb_result_grid(res);
	l->b = fsb_cell_base(res, o);
	if (l->b == FSB_GRID_NONE)
		return -ENOENT;
	l->base = res->fs[l->b]->name;
	fill(res, l->g, &l->ph);
	if (!l->ph.n) {
		free(l->ph.v);
		return -ENOENT;
	}
	l->rows = rows_of(res, l->b);
	return 0;
}

static void lay_free(struct lay *l)
{
	free(l->rows);
	free(l->ph.v);
}

/* The name of the layout's column j ("total" too). */
static const char *lay_name(const struct lay *l, size_t j)
{
	return fsb_grid_col_name(l->g, l->ph.v[j]);
}

int fsb_report_disk_writes(const struct fsb_result *res, const struct fsb_report_opts *o, struct fsb_table *t)
{
	struct lay l;
	struct fsb_cellstats *base;

	if (!fsb_diskwork_present(res) || lay_open(res, o, write_phases, &l))
		return -ENOENT;
	fsb_table_init(t, "disk-writes", res->nfs + 2, 1 + 2 * l.ph.n, 2);
	t->title = fsb_xstrdup("Device writes");
	t->caption = fsb_xasprintf("MiB the device wrote during the phase and its sync%s, and normalized to %s "
				   "(> 1 = wrote more)%s", fsb_result_repeated(res) ? " (mean±95% CI)" : "", l.base,
				   fsb_result_repeated(res) ? "; * = significant (p < 0.05)" : "");
	fsb_table_set(t, 0, 0, FSB_CELL_HEADER, NAN, " ");
	fsb_table_set(t, 1, 0, FSB_CELL_HEADER, NAN, "Filesystem");
	base = fsb_xcalloc(l.ph.n, sizeof(*base));
	for (size_t j = 0; j < l.ph.n; j++) {
		fsb_table_set(t, 0, 1 + 2 * j, FSB_CELL_HEADER, NAN, "%s", lay_name(&l, j));
		fsb_table_span(t, 0, 1 + 2 * j, 2);
		fsb_table_set(t, 1, 1 + 2 * j, FSB_CELL_HEADER | FSB_CELL_NUMBER, NAN, "MiB");
		fsb_table_set(t, 1, 2 + 2 * j, FSB_CELL_HEADER | FSB_CELL_NUMBER, NAN, "×%s", l.base);
		fsb_cell_stats(res, l.b, l.ph.v[j], FSB_METRIC_WRITTEN, &base[j]);
	}
	for (size_t i = 0; i < res->nfs; i++) {
		unsigned bl = l.rows[i] == l.b ? FSB_CELL_BASELINE : 0;

		fsb_table_set(t, i + 2, 0, FSB_CELL_NAME | bl, NAN, "%s", res->fs[l.rows[i]]->name);
		for (size_t j = 0; j < l.ph.n; j++) {
			struct fsb_cellstats a;

			fsb_cell_stats(res, l.rows[i], l.ph.v[j], FSB_METRIC_WRITTEN, &a);
			if (!a.nok) {
				set_none(t, i + 2, 1 + 2 * j, &a, res);
				fsb_table_set(t, i + 2, 2 + 2 * j, FSB_CELL_NUMBER | FSB_CELL_DIM, NAN, " ");
			} else {
				struct fsb_norm n = fsb_cell_normalize(&a, &base[j], FSB_METRIC_WRITTEN, o);

				set_mean(t, i + 2, 1 + 2 * j, &a, MIB, bl);
				set_norm(t, i + 2, 2 + 2 * j, &n, bl | FSB_CELL_DIM);
			}
			fsb_cell_stats_free(&a);
		}
	}
	for (size_t j = 0; j < l.ph.n; j++) {
		fsb_report_mark_less_work(res, l.ph.v[j], t, l.rows, 2, (size_t[]){ 1 + 2 * j }, 1);
		fsb_cell_stats_free(&base[j]);
	}
	free(base);
	fsb_table_done(t);
	lay_free(&l);
	return 0;
}

/* One write-amplification cell: the mean of the runs' ratios, or for
 * "total" the total's device writes over the total's saved. */
static void set_amp(struct fsb_table *t, size_t r, size_t c, const struct fsb_result *res, size_t fs, size_t phase,
		    unsigned flags)
{
	struct fsb_cellstats a;

	if (phase == FSB_GRID_TOTAL) {
		struct fsb_amp amp;

		fsb_diskwork_amp(res, fs, &amp);
		if (isnan(amp.factor))
			fsb_table_set(t, r, c, FSB_CELL_NUMBER | FSB_CELL_MISSING | flags, NAN, "—");
		else
			fsb_table_set(t, r, c, FSB_CELL_NUMBER | flags, amp.factor, "%s", fsb_report_num(amp.factor, 2));
		return;
	}
	fsb_cell_stats(res, fs, phase, FSB_METRIC_WAMP, &a);
	if (a.st.n_used)
		set_mean(t, r, c, &a, 1, flags);
	else
		fsb_table_set(t, r, c, FSB_CELL_NUMBER | FSB_CELL_MISSING | flags, NAN, "—");
	fsb_cell_stats_free(&a);
}

int fsb_report_disk_amp(const struct fsb_result *res, const struct fsb_report_opts *o, struct fsb_table *t)
{
	struct lay l;

	if (!fsb_diskwork_present(res) || lay_open(res, o, write_phases, &l))
		return -ENOENT;
	fsb_table_init(t, "disk-amp", res->nfs + 1, 1 + l.ph.n, 1);
	t->title = fsb_xstrdup("Write amplification");
	t->caption = fsb_xasprintf("the device's writes / what the phase saved (its processes' writes that were "
				   "kept%s): 1.00 = the device wrote what was saved; — = it saved under %.0f MiB; "
				   "total: all the device wrote / all that was saved", saved_words(res),
				   FSB_WAMP_MIN_KIB / MIB);
	fsb_table_set(t, 0, 0, FSB_CELL_HEADER, NAN, "Filesystem");
	for (size_t j = 0; j < l.ph.n; j++)
		fsb_table_set(t, 0, 1 + j, FSB_CELL_HEADER | FSB_CELL_NUMBER, NAN, "%s", lay_name(&l, j));
	for (size_t i = 0; i < res->nfs; i++) {
		unsigned bl = l.rows[i] == l.b ? FSB_CELL_BASELINE : 0;

		fsb_table_set(t, i + 1, 0, FSB_CELL_NAME | bl, NAN, "%s", res->fs[l.rows[i]]->name);
		for (size_t j = 0; j < l.ph.n; j++)
			set_amp(t, i + 1, 1 + j, res, l.rows[i], l.ph.v[j], bl);
	}
	fsb_table_done(t);
	lay_free(&l);
	return 0;
}

/* A number of KiB as MiB, "—" when not recorded. */
static void set_mib(struct fsb_table *t, size_t r, size_t c, double kib, unsigned flags)
{
	double m = kib / MIB;

	if (isnan(kib))
		fsb_table_set(t, r, c, FSB_CELL_NUMBER | FSB_CELL_MISSING | flags, NAN, "—");
	else
		fsb_table_set(t, r, c, FSB_CELL_NUMBER | flags, m, "%s", fsb_report_num(m, m >= 100 ? 0 : 1));
}

int fsb_report_disk_total(const struct fsb_result *res, const struct fsb_report_opts *o, struct fsb_table *t)
{
	static const char *const heads[] = { "written MiB", "×", "saved MiB", "amplification", "flushes",
					     "discarded MiB" };
	struct fsb_cellstats b;
	struct lay l;

	if (!fsb_diskwork_present(res) || lay_open(res, o, totals_phases, &l))
		return -ENOENT;
	fsb_table_init(t, "disk-total", res->nfs + 1, 1 + FSB_ARRAY_SIZE(heads), 1);
	t->title = fsb_xstrdup("What the disk did, all phases");
	t->caption = fsb_xasprintf("per repetition of the phases (%zu: the totals' phases): MiB the device wrote and "
				   "normalized to %s (> 1 = wrote more%s), MiB the phases saved, their ratio, the "
				   "flush requests and the MiB discarded", l.ph.n, l.base,
				   fsb_result_repeated(res) ? "; * = significant (p < 0.05)" : "");
	fsb_table_set(t, 0, 0, FSB_CELL_HEADER, NAN, "Filesystem");
	for (size_t k = 0; k < FSB_ARRAY_SIZE(heads); k++)
		fsb_table_set(t, 0, 1 + k, FSB_CELL_HEADER | FSB_CELL_NUMBER, NAN, "%s", heads[k]);
	fsb_cell_stats(res, l.b, FSB_GRID_TOTAL, FSB_METRIC_WRITTEN, &b);
	for (size_t i = 0; i < res->nfs; i++) {
		unsigned bl = l.rows[i] == l.b ? FSB_CELL_BASELINE : 0;
		struct fsb_cellstats a;
		struct fsb_amp amp;

		fsb_table_set(t, i + 1, 0, FSB_CELL_NAME | bl, NAN, "%s", res->fs[l.rows[i]]->name);
		fsb_cell_stats(res, l.rows[i], FSB_GRID_TOTAL, FSB_METRIC_WRITTEN, &a);
		fsb_diskwork_amp(res, l.rows[i], &amp);
		if (a.nok) {
			struct fsb_norm n = fsb_cell_normalize(&a, &b, FSB_METRIC_WRITTEN, o);

			set_mean(t, i + 1, 1, &a, MIB, bl);
			set_norm(t, i + 1, 2, &n, bl);
		} else {
			set_none(t, i + 1, 1, &a, res);
			fsb_table_set(t, i + 1, 2, FSB_CELL_NUMBER | FSB_CELL_DIM, NAN, " ");
		}
		set_mib(t, i + 1, 3, amp.saved_kib, bl);
		if (isnan(amp.factor))
			fsb_table_set(t, i + 1, 4, FSB_CELL_NUMBER | FSB_CELL_MISSING | bl, NAN, "—");
		else
			fsb_table_set(t, i + 1, 4, FSB_CELL_NUMBER | bl, amp.factor, "%s", fsb_report_num(amp.factor, 2));
		if (isnan(amp.flushes))
			fsb_table_set(t, i + 1, 5, FSB_CELL_NUMBER | FSB_CELL_MISSING | bl, NAN, "—");
		else
			fsb_table_set(t, i + 1, 5, FSB_CELL_NUMBER | bl, amp.flushes, "%.0f", amp.flushes);
		set_mib(t, i + 1, 6, amp.discarded_kib, bl);
		fsb_cell_stats_free(&a);
	}
	fsb_cell_stats_free(&b);
	fsb_table_done(t);
	lay_free(&l);
	return 0;
}

int fsb_report_disk_chart(const struct fsb_result *res, const struct fsb_report_opts *o, struct fsb_chart *c)
{
	struct fsb_report_opts w = o ? *o : (struct fsb_report_opts){ 0 };
	const char *base = fsb_cell_baseline(res, o);
	int rc = fsb_result_grid(res)->desktop.n && base && fsb_diskwork_present(res) ? 0 : -ENOENT;

	if (rc)
		return rc;
	w.metric = FSB_METRIC_WRITTEN;
	rc = fsb_report_chart(res, FSB_GRID_TOTAL_NAME, &w, c);
	if (!rc) {
		free(c->title);
		c->title = fsb_xasprintf("all phases, device writes — relative to %s (> 1 = wrote more)", base);
	}
	return rc;
}

/* ---- the stalls ---------------------------------------------------------------- */

/* The phases whose runs have the probe's saves, in the result's order. */
static void stall_phases(const struct fsb_result *res, const struct fsb_grid *g, struct fsb_grid_cols *out)
{
	for (size_t j = 0; j < g->nph; j++) {
		bool any = false;

		for (size_t i = 0; i < res->nfs && !any && !g->col[j].feature; i++) {
			const struct fsb_phase_result *ph = fsb_grid_cell(g, i, j);

			for (size_t k = 0; ph && k < ph->nruns && !any; k++)
				any = ph->runs[k].status == FSB_RUN_OK && ph->runs[k].v[FSB_FIELD_stall_saves] > 0;
		}
		if (any)
			cols_add(out, j);
	}
}

/* The longest save and the mean saves of the successful runs of cell (fs, phase). */
static void stall_runs(const struct fsb_grid *g, size_t fs, size_t phase, double *longest, double *saves)
{
	const struct fsb_phase_result *ph = fsb_grid_cell(g, fs, phase);
	size_t n = 0;

	*longest = NAN;
	*saves = 0;
	for (size_t k = 0; ph && k < ph->nruns; k++) {
		const struct fsb_run *r = &ph->runs[k];

		if (r->status != FSB_RUN_OK || !(r->v[FSB_FIELD_stall_saves] > 0))
			continue;
		*saves += r->v[FSB_FIELD_stall_saves];
		n++;
		if (isnan(*longest) || r->v[FSB_FIELD_stall_max_us] > *longest)
			*longest = r->v[FSB_FIELD_stall_max_us];
	}
	*saves = n ? *saves / (double)n : NAN;
}

/* One row of the stall table: phase, filesystem, saves, p50, p99, longest,
 * p99 × the baseline's (b99). */
static void stall_row(struct fsb_table *t, size_t r, const struct lay *l, const struct fsb_result *res, size_t fs,
		      size_t j, const struct fsb_cellstats *b99, const struct fsb_report_opts *o)
{
	unsigned bl = fs == l->b ? FSB_CELL_BASELINE : 0;
	size_t phase = l->ph.v[j];
	struct fsb_cellstats p50, p99;
	double longest, saves;

	fsb_table_set(t, r, 0, FSB_CELL_NAME, NAN, "%s", fs == l->rows[0] ? lay_name(l, j) : "");
	fsb_table_set(t, r, 1, FSB_CELL_NAME | bl, NAN, "%s", res->fs[fs]->name);
	fsb_cell_stats(res, fs, phase, FSB_METRIC_STALL_P50, &p50);
	fsb_cell_stats(res, fs, phase, FSB_METRIC_STALL_P99, &p99);
	stall_runs(l->g, fs, phase, &longest, &saves);
	if (isnan(saves))
		fsb_table_set(t, r, 2, FSB_CELL_NUMBER | FSB_CELL_MISSING | bl, NAN, "—");
	else
		fsb_table_set(t, r, 2, FSB_CELL_NUMBER | bl, saves, "%.0f", saves);
	if (p50.st.n_used)
		set_mean(t, r, 3, &p50, 1000, bl);
	else
		set_none(t, r, 3, &p50, res);
	if (p99.st.n_used) {
		struct fsb_norm n = fsb_cell_normalize(&p99, b99, FSB_METRIC_STALL_P99, o);

		set_mean(t, r, 4, &p99, 1000, bl);
		set_norm(t, r, 6, &n, bl | FSB_CELL_DIM);
	} else {
		set_none(t, r, 4, &p99, res);
		fsb_table_set(t, r, 6, FSB_CELL_NUMBER | FSB_CELL_DIM, NAN, " ");
	}
	if (isnan(longest))
		fsb_table_set(t, r, 5, FSB_CELL_NUMBER | FSB_CELL_MISSING | bl, NAN, "—");
	else
		fsb_table_set(t, r, 5, FSB_CELL_NUMBER | bl, longest / 1000, "%s",
			      fsb_report_num(longest / 1000, longest >= 100000 ? 0 : 1));
	fsb_cell_stats_free(&p50);
	fsb_cell_stats_free(&p99);
}

/*
 * The stall figures come from the stall round's runs when the result has
 * them (model/diskwork.h): the tables and charts are made of cells, which
 * read a phase's runs, so they are made from a copy holding the stall runs
 * as its runs (*view, freed by the caller), normalized to the result's
 * own baseline.  Returns what to read: that copy, or res.
 */
static const struct fsb_result *stall_source(const struct fsb_result *res, const struct fsb_report_opts *o,
					     struct fsb_result **view, struct fsb_report_opts *w)
{
	*w = o ? *o : (struct fsb_report_opts){ 0 };
	*view = fsb_diskwork_stall_view(res);
	if (!*view)
		return res;
	w->baseline = fsb_cell_baseline(res, o);
	return *view;
}

static void stalls_caption(struct fsb_table *t, const struct fsb_result *res, const struct fsb_result *src,
			   const char *base)
{
	bool rep = fsb_result_repeated(src);

	t->caption = fsb_xasprintf("%s wrote %d KiB and fsynced it every %.0f ms on the same filesystem while the "
				   "phase ran: the time of one save in ms, the median and 99th percentile of a run%s, "
				   "the longest of any run; p99 × = normalized to %s (> 1 = waited longer)%s",
				   src != res ? "in the stall round after the timed rounds (untimed), the stall probe"
					      : "the stall probe",
				   FSB_PROBE_BYTES / 1024, FSB_PROBE_INTERVAL * 1000,
				   rep ? " (mean±95% CI over the runs)" : "", base, rep ? ", * = significant (p < 0.05)" : "");
}

int fsb_report_stalls(const struct fsb_result *res, const struct fsb_report_opts *o, struct fsb_table *t)
{
	static const char *const heads[] = { "Phase", "Filesystem", "saves", "p50 ms", "p99 ms", "longest ms", "p99 ×" };
	struct fsb_report_opts w;
	struct fsb_result *view;
	const struct fsb_result *src = stall_source(res, o, &view, &w);
	struct lay l;

	if (lay_open(src, &w, stall_phases, &l)) {
		fsb_result_free(view);
		return -ENOENT;
	}
	fsb_table_init(t, "stalls", 1 + l.ph.n * src->nfs, FSB_ARRAY_SIZE(heads), 1);
	t->title = fsb_xstrdup("Stalls: what a save waited during each phase");
	stalls_caption(t, res, src, l.base);
	fsb_report_heads(t, heads, NUMBERS_FROM(2));
	for (size_t j = 0; j < l.ph.n; j++) {
		struct fsb_cellstats b99;

		fsb_cell_stats(src, l.b, l.ph.v[j], FSB_METRIC_STALL_P99, &b99);
		for (size_t i = 0; i < src->nfs; i++)
			stall_row(t, 1 + j * src->nfs + i, &l, src, l.rows[i], j, &b99, &w);
		fsb_cell_stats_free(&b99);
	}
	fsb_table_done(t);
	lay_free(&l);
	fsb_result_free(view);
	return 0;
}

/* The phase whose saves waited longest: the highest mean p99 of any cell;
 * its name, or NULL. */
static const char *stalliest(const struct fsb_result *res, const struct fsb_grid_cols *ph)
{
	size_t best = FSB_GRID_NONE;
	double top = -1;

	for (size_t j = 0; j < ph->n; j++)
		for (size_t i = 0; i < res->nfs; i++) {
			struct fsb_cellstats cs;

			fsb_cell_stats(res, i, ph->v[j], FSB_METRIC_STALL_P99, &cs);
			if (cs.st.n_used && cs.st.mean > top) {
				top = cs.st.mean;
				best = ph->v[j];
			}
			fsb_cell_stats_free(&cs);
		}
	return fsb_grid_col_name(fsb_result_grid(res), best);
}

int fsb_report_stall_chart(const struct fsb_result *res, const struct fsb_report_opts *o, struct fsb_chart *c,
			   const char **which)
{
	const struct fsb_grid *g = fsb_result_grid(res);
	struct fsb_report_opts w;
	struct fsb_result *view;
	const struct fsb_result *src = stall_source(res, o, &view, &w);
	struct fsb_grid_cols ph = { 0 };
	const char *phase, *base = fsb_cell_baseline(res, o);
	int rc = -ENOENT;

	stall_phases(src, fsb_result_grid(src), &ph);
	/* *which is the caller's after ph and the copy are gone: res's name */
	phase = stalliest(src, &ph);
	phase = phase ? fsb_grid_col_name(g, fsb_grid_column(g, phase)) : NULL;
	w.metric = FSB_METRIC_STALL_P99;
	*which = phase;
	if (phase && base && !(rc = fsb_report_chart(src, phase, &w, c))) {
		free(c->title);
		c->title = fsb_xasprintf("%s, a save's p99 — relative to %s (> 1 = waited longer; the phase whose "
					 "saves waited longest%s)", phase, base, view ? ", in the stall round" : "");
	}
	free(ph.v);
	fsb_result_free(view);
	return rc;
}

/* ---- aged against fresh ---------------------------------------------------------- */

int fsb_report_disk_aging(const struct fsb_result *res, const struct fsb_report_opts *o, struct fsb_table *t)
{
	struct fsb_report_opts w = o ? *o : (struct fsb_report_opts){ 0 };
	struct fsb_age wr, amp;
	int kinds[FSB_AGE_READS], rc = -ENOENT;
	size_t nk = 0;

	w.metric = FSB_METRIC_WRITTEN;
	if (fsb_age_compute(res, &w, &wr))
		goto out0;
	w.metric = FSB_METRIC_WAMP;
	fsb_age_compute(res, &w, &amp);
	for (int k = FSB_AGE_FIRST_DESKTOP; k < FSB_AGE_READS; k++)
		if (wr.present[k])
			kinds[nk++] = k;
	if (!nk || !fsb_diskwork_present(res))
		goto out;
	fsb_table_init(t, "disk-aging", wr.nfs + 2, 1 + 2 * nk, 2);
	t->title = fsb_xstrdup("Device writes, aged against fresh");
	t->caption = fsb_xasprintf("the desktop phases of the aging group: their device writes aged / fresh on the "
				   "same filesystem (> 1 = wrote more after aging; * = significant, p < 0.05), and "
				   "their write amplification aged and fresh");
	fsb_table_set(t, 0, 0, FSB_CELL_HEADER, NAN, " ");
	fsb_table_set(t, 1, 0, FSB_CELL_HEADER, NAN, "Filesystem");
	for (size_t j = 0; j < nk; j++) {
		fsb_table_set(t, 0, 1 + 2 * j, FSB_CELL_HEADER, NAN, "%s", fsb_age_read_name(kinds[j]));
		fsb_table_span(t, 0, 1 + 2 * j, 2);
		fsb_table_set(t, 1, 1 + 2 * j, FSB_CELL_HEADER | FSB_CELL_NUMBER, NAN, "writes ×");
		fsb_table_set(t, 1, 2 + 2 * j, FSB_CELL_HEADER | FSB_CELL_NUMBER, NAN, "ampl. aged / fresh");
	}
	for (size_t i = 0; i < wr.nfs; i++) {
		fsb_table_set(t, i + 2, 0, FSB_CELL_NAME, NAN, "%s", wr.fs[i].fs->name);
		for (size_t j = 0; j < nk; j++) {
			const struct fsb_age_factor *f = &wr.fs[i].f[kinds[j]], *a = &amp.fs[i].f[kinds[j]];
			struct fsb_norm n = { .ratio = f->factor, .significant = f->significant,
					      .unreliable = f->unreliable };

			set_norm(t, i + 2, 1 + 2 * j, &n, 0);
			fsb_table_set(t, i + 2, 2 + 2 * j, FSB_CELL_NUMBER | FSB_CELL_DIM, NAN, "%s / %s",
				      fsb_report_num(a->aged, 2), fsb_report_num(a->fresh, 2));
		}
	}
	fsb_table_done(t);
	rc = 0;
out:
	fsb_age_free(&amp);
out0:
	fsb_age_free(&wr);
	return rc;
}

/* ---- the clone phase ------------------------------------------------------------- */

static const char *clone_word(enum fsb_clone_answer a)
{
	switch (a) {
	case FSB_CLONE_YES: return "clone";
	case FSB_CLONE_NO: return "no reflink";
	case FSB_CLONE_FAILED: return "fail";
	case FSB_CLONE_PENDING: return "…";
	case FSB_CLONE_NOT_RUN: break;
	}
	return "—";
}

int fsb_report_clone(const struct fsb_result *res, const struct fsb_report_opts *o, struct fsb_table *t)
{
	static const char *const heads[] = { "Filesystem", "clones", "seconds", "device MiB", "saved MiB" };
	size_t *rows;

	if (!fsb_diskwork_clone_present(res) || !res->nfs)
		return -ENOENT;
	rows = rows_of(res, fsb_cell_base(res, o));
	fsb_table_init(t, "clone", res->nfs + 1, FSB_ARRAY_SIZE(heads), 1);
	t->title = fsb_xstrdup("Clones (cp -a --reflink=always of what cp copied)");
	t->caption = fsb_xstrdup("clone = the filesystem shares the data of the copy until it changes (reflink); "
				 "no reflink = it cannot (cp: \"Operation not supported\"); a feature, in no total "
				 "and no verdict; the clone is removed afterwards, untimed");
	fsb_report_heads(t, heads, NUMBERS_FROM(2));
	for (size_t i = 0; i < res->nfs; i++) {
		struct fsb_clone c;
		unsigned f = 0;

		fsb_diskwork_clone(res, rows[i], &c);
		f = c.answer == FSB_CLONE_YES ? FSB_CELL_BETTER : c.answer == FSB_CLONE_FAILED ? FSB_CELL_FAILED
		    : c.answer == FSB_CLONE_PENDING ? FSB_CELL_PENDING : FSB_CELL_MISSING;
		fsb_table_set(t, i + 1, 0, FSB_CELL_NAME, NAN, "%s", res->fs[rows[i]]->name);
		fsb_table_set(t, i + 1, 1, f, NAN, "%s", clone_word(c.answer));
		if (c.why)
			fsb_strv_addf(&t->notes, "%s clone: %s", res->fs[rows[i]]->name, c.why);
		if (c.answer == FSB_CLONE_YES)
			fsb_table_set(t, i + 1, 2, FSB_CELL_NUMBER, c.real, "%s", fsb_report_num(c.real, c.real < 1 ? 3 : 2));
		set_mib(t, i + 1, 3, c.written_kib, 0);
		set_mib(t, i + 1, 4, c.saved_kib, 0);
	}
	fsb_table_done(t);
	free(rows);
	return 0;
}

/* ---- the words ------------------------------------------------------------------ */

/* "1.8 s", "240 ms", "3.2 ms" */
static const char *dur(double us, char *buf, size_t len)
{
	if (us >= 1e6)
		snprintf(buf, len, "%.1f s", us / 1e6);
	else if (us >= 1e4)
		snprintf(buf, len, "%.0f ms", us / 1e3);
	else
		snprintf(buf, len, "%.1f ms", us / 1e3);
	return buf;
}

/* "ext2, ext3 and ext4" of names */
static void say_list(struct fsb_buf *b, const struct fsb_strv *names)
{
	for (size_t i = 0; i < names->n; i++)
		fsb_buf_addf(b, "%s%s", i == 0 ? "" : i + 1 == names->n ? " and " : ", ", names->v[i]);
}

void fsb_report_clone_words(const struct fsb_result *res, struct fsb_strv *out)
{
	struct fsb_strv yes = { 0 }, no = { 0 };
	struct fsb_buf b = { 0 };

	for (size_t i = 0; i < res->nfs; i++) {
		struct fsb_clone c;

		fsb_diskwork_clone(res, i, &c);
		if (c.answer == FSB_CLONE_YES)
			fsb_strv_add(&yes, res->fs[i]->name);
		else if (c.answer == FSB_CLONE_NO)
			fsb_strv_add(&no, res->fs[i]->name);
	}
	if (yes.n) {
		say_list(&b, &yes);
		fsb_buf_addf(&b, " clone%s a copy (cp --reflink): it shares the data until it changes, and costs next "
			     "to no time, writes or room", yes.n == 1 ? "s" : "");
	}
	if (no.n) {
		fsb_buf_add(&b, yes.n ? "; " : "");
		say_list(&b, &no);
		fsb_buf_addf(&b, " cannot (no reflink): a copy is written in full");
	}
	if (b.len)
		fsb_strv_addf(out, "Clones: %s.", b.s);
	fsb_buf_free(&b);
	fsb_strv_free(&yes);
	fsb_strv_free(&no);
}

struct amp_row {
	const char *name;
	double factor;
};

static int by_factor(const void *a, const void *b)
{
	double x = ((const struct amp_row *)a)->factor, y = ((const struct amp_row *)b)->factor;

	return (x < y) - (x > y);
}

void fsb_report_amp_words(const struct fsb_result *res, const char *lead, struct fsb_strv *out)
{
	struct amp_row *v = fsb_xcalloc(res->nfs ? res->nfs : 1, sizeof(*v));
	struct fsb_buf b = { 0 };
	size_t n = 0;

	for (size_t i = 0; i < res->nfs; i++) {
		struct fsb_amp amp;

		fsb_diskwork_amp(res, i, &amp);
		if (!isnan(amp.factor))
			v[n++] = (struct amp_row){ res->fs[i]->name, amp.factor };
	}
	qsort(v, n, sizeof(*v), by_factor);
	for (size_t i = 1; i < n && i < 8; i++)
		fsb_buf_addf(&b, ", %s %s×", v[i].name, fsb_report_num(v[i].factor, 1));
	if (n > 8)
		fsb_buf_addf(&b, " and %zu more", n - 8);
	if (n)
		fsb_strv_addf(out, "%s, %s wrote %s× what they saved%s (write amplification: what a flash "
			      "disk wears).", lead ? lead : "Over the phases", v[0].name, fsb_report_num(v[0].factor, 1),
			      b.len ? b.s : "");
	fsb_buf_free(&b);
	free(v);
}

void fsb_report_stall_words(const struct fsb_result *res, struct fsb_strv *out)
{
	struct fsb_stall_worst w, *e = fsb_xcalloc(res->nfs ? res->nfs : 1, sizeof(*e));
	struct fsb_buf b = { 0 };
	char d1[32], d2[32];

	if (!fsb_diskwork_worst_stall(res, &w))
		goto out;
	fsb_diskwork_worst_stalls(res, e);
	fsb_buf_addf(&b, "During %s on %s, a save waited up to %s", w.phase, w.fs->name, dur(w.max_us, d1, sizeof(d1)));
	if (!isnan(w.p99_us))
		fsb_buf_addf(&b, " (99%% of that run's saves within %s)", dur(w.p99_us, d2, sizeof(d2)));
	if (res->nfs > 1) {
		size_t k = 0;

		fsb_buf_add(&b, "; the longest save on the others:");
		for (size_t i = 0; i < res->nfs && k < 8; i++)
			if (res->fs[i] != w.fs && e[i].fs)
				fsb_buf_addf(&b, "%s %s %s (%s)", k++ ? "," : "", e[i].fs->name,
					     dur(e[i].max_us, d1, sizeof(d1)), e[i].phase);
	}
	fsb_strv_addf(out, "%s.", b.s);
	fsb_buf_free(&b);
out:
	free(e);
}

void fsb_report_less_work_words(const struct fsb_result *res, struct fsb_strv *out)
{
	const struct fsb_grid *g = fsb_result_grid(res);
	struct fsb_plaus_less *v = fsb_xcalloc(res->nfs ? res->nfs : 1, sizeof(*v));
	char why[400];

	for (size_t j = 0; j < g->desktop.n + g->builtin.n; j++) {
		size_t c = j < g->desktop.n ? g->desktop.v[j] : g->builtin.v[j - g->desktop.n];

		fsb_plaus_less_work(res, c, v);
		for (size_t i = 0; i < res->nfs; i++)
			if (v[i].why != FSB_LESS_NONE) {
				fsb_plaus_say_less(&v[i], why, sizeof(why));
				fsb_strv_addf(out, "%s on %s %s: its times are not the same work's as the others'.",
					      g->col[c].name, res->fs[i]->name, why);
			}
	}
	free(v);
}

/* ---- the section ---------------------------------------------------------------- */

static void add_table(struct fsb_doc *d, enum fsb_block_role role, int rc, struct fsb_table *t)
{
	if (!rc)
		fsb_doc_add(d, FSB_BLOCK_TABLE, role)->table = *t;
}

static void add_chart(struct fsb_doc *d, enum fsb_block_role role, int rc, struct fsb_chart *c, const char *phase)
{
	struct fsb_block *b;
	bool any = false;

	if (rc)
		return;
	for (size_t i = 0; i < c->n; i++)
		any |= !isnan(c->bars[i].value) || (c->bars[i].flags & FSB_CELL_PENDING);
	if (!any) {
		fsb_chart_free(c);
		return;
	}
	b = fsb_doc_add(d, FSB_BLOCK_CHART, role);
	b->chart = *c;
	b->phase = fsb_xstrdup(phase);
}

static void add_words(struct fsb_doc *d, struct fsb_strv *lines)
{
	for (size_t i = 0; i < lines->n; i++) {
		struct fsb_block *b = fsb_doc_add(d, FSB_BLOCK_TEXT, FSB_ROLE_DISK_WORDS);

		b->text = fsb_xstrdup(lines->v[i]);
		b->level = 2;
	}
	fsb_strv_free(lines);
}

/* How to read the section: what was counted against what, and where the
 * probe ran (a file that does not say reads as before) */
static char *legend(const struct fsb_result *res)
{
	enum fsb_probe_mode m = fsb_result_probe(res);
	bool beside = res->probe < 0 || m == FSB_PROBE_BESIDE;
	const char *how = fsb_report_probe_words(res);

	return fsb_xasprintf("The device's own counters (/proc/diskstats of the target's device — an image's loop "
			     "device, not the disk under it — read after the phase's sync) against what the phase "
			     "saved: what its processes sent towards storage and kept (/proc/PID/io write_bytes less "
			     "cancelled_write_bytes of the process tree; a built-in phase: fsbench's own)%s.  Write "
			     "amplification = the device's writes / that: what a flash disk wears for what was "
			     "kept.%s%s%s", beside ? ", and the stall probe's saves" : "",
			     !how ? "" : m == FSB_PROBE_OFF ? "  The stall probe did not run" : "  The stall probe ran ",
			     how && m != FSB_PROBE_OFF ? how : "", how ? "." : "");
}

void fsb_doc_disk(struct fsb_doc *d, const struct fsb_result *res, const struct fsb_doc_opts *o)
{
	const struct fsb_report_opts *ro = &o->report;
	struct fsb_strv words = { 0 };
	struct fsb_table t;
	struct fsb_chart c;
	struct fsb_block *b;
	const char *phase = NULL;
	int rc;

	if (!fsb_diskwork_present(res) && !fsb_diskwork_clone_present(res))
		return;
	b = fsb_doc_add(d, FSB_BLOCK_HEADING, FSB_ROLE_SECTION);
	b->text = fsb_xstrdup("What the disk did");
	b->level = 2;
	b = fsb_doc_add(d, FSB_BLOCK_NOTE, FSB_ROLE_LEGEND);
	b->level = 2;
	b->text = legend(res);
	add_table(d, FSB_ROLE_DISK_TOTAL, fsb_report_disk_total(res, ro, &t), &t);
	add_chart(d, FSB_ROLE_DISK_CHART, fsb_report_disk_chart(res, ro, &c), &c, FSB_GRID_TOTAL_NAME);
	add_table(d, FSB_ROLE_DISK_WRITES, fsb_report_disk_writes(res, ro, &t), &t);
	add_table(d, FSB_ROLE_DISK_AMP, fsb_report_disk_amp(res, ro, &t), &t);
	add_table(d, FSB_ROLE_DISK_AGING, fsb_report_disk_aging(res, ro, &t), &t);
	add_table(d, FSB_ROLE_STALLS, fsb_report_stalls(res, ro, &t), &t);
	rc = fsb_report_stall_chart(res, ro, &c, &phase);
	add_chart(d, FSB_ROLE_STALL_CHART, rc, &c, phase);
	add_table(d, FSB_ROLE_CLONE, fsb_report_clone(res, ro, &t), &t);
	fsb_report_stall_words(res, &words);
	fsb_report_amp_words(res, NULL, &words);
	fsb_report_clone_words(res, &words);
	fsb_report_less_work_words(res, &words);
	add_words(d, &words);
}
