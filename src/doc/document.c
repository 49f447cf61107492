/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The document of a result: what every output shows and in which order
 * (document.h).  The tables, charts and verdict are report*.c's; this file
 * only puts them in order with the words around them, once for all.
 */
#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "doc/document.h"
#include "model/opts.h"
#include "doc/machines.h"
#include "doc/report_crash.h"
#include "model/agefactor.h"
#include "model/kinds.h"
#include "model/stats.h"

static struct fsb_block *add(struct fsb_doc *d, enum fsb_block_kind kind, enum fsb_block_role role)
{
	struct fsb_block *b;

	d->v = fsb_xrealloc(d->v, (d->n + 1) * sizeof(*d->v));
	b = &d->v[d->n++];
	memset(b, 0, sizeof(*b));
	b->kind = kind;
	b->role = role;
	return b;
}

struct fsb_block *fsb_doc_add(struct fsb_doc *d, enum fsb_block_kind kind, enum fsb_block_role role)
{
	return add(d, kind, role);
}

struct fsb_kv *fsb_block_kv_add(struct fsb_block *b, const char *key)
{
	struct fsb_kv *e;

	b->kv = fsb_xrealloc(b->kv, (b->nkv + 1) * sizeof(*b->kv));
	e = &b->kv[b->nkv++];
	memset(e, 0, sizeof(*e));
	e->key = fsb_xstrdup(key);
	return e;
}

const struct fsb_block *fsb_doc_find(const struct fsb_doc *d, enum fsb_block_role role)
{
	for (size_t i = 0; i < d->n; i++)
		if (d->v[i].role == role)
			return &d->v[i];
	return NULL;
}

const struct fsb_kv *fsb_block_kv(const struct fsb_block *b, const char *key)
{
	for (size_t i = 0; b && i < b->nkv; i++)
		if (strcmp(b->kv[i].key, key) == 0)
			return &b->kv[i];
	return NULL;
}

/* A block of text; takes text (fsb_xasprintf's). */
static void add_text(struct fsb_doc *d, enum fsb_block_kind kind, enum fsb_block_role role, char *text)
{
	struct fsb_block *b = add(d, kind, role);

	b->text = text;
	b->level = 2;
}

static void add_table(struct fsb_doc *d, enum fsb_block_role role, const char *phase, int rc, struct fsb_table *t)
{
	struct fsb_block *b;

	if (rc)
		return;
	b = add(d, FSB_BLOCK_TABLE, role);
	b->table = *t;
	b->phase = fsb_xstrdup(phase);
}

void fsb_doc_add_text(struct fsb_doc *d, enum fsb_block_kind kind, enum fsb_block_role role, char *text)
{
	add_text(d, kind, role, text);
}

void fsb_doc_add_table(struct fsb_doc *d, enum fsb_block_role role, const char *phase, int rc, struct fsb_table *t)
{
	add_table(d, role, phase, rc, t);
}

/* A chart with nothing to draw is left out: the table under it says why. */
static void add_chart(struct fsb_doc *d, enum fsb_block_role role, const struct fsb_result *res,
		      const char *phase, const struct fsb_report_opts *o)
{
	struct fsb_chart c;
	bool any = false;

	if (fsb_report_chart(res, phase, o, &c))
		return;
	for (size_t i = 0; i < c.n; i++)
		any |= !isnan(c.bars[i].value) || (c.bars[i].flags & FSB_CELL_PENDING);
	if (!any) {
		fsb_chart_free(&c);
		return;
	}
	add(d, FSB_BLOCK_CHART, role)->chart = c;
	d->v[d->n - 1].phase = fsb_xstrdup(phase);
}

/* The device over the phase's time, when its runs recorded it (older
 * files did not: no block). */
static void add_series(struct fsb_doc *d, const struct fsb_result *res, const char *phase)
{
	struct fsb_series_line *lines;
	size_t n = fsb_series_lines(res, phase, &lines);
	struct fsb_block *b;

	if (!n)
		return;
	b = add(d, FSB_BLOCK_SERIES, FSB_ROLE_SERIES);
	b->series = lines;
	b->nseries = n;
	b->phase = fsb_xstrdup(phase);
}

/* A key/value entry into the last block (a KV block). */
static struct fsb_kv *kv(struct fsb_doc *d, const char *key, const char *value)
{
	struct fsb_block *b = &d->v[d->n - 1];
	struct fsb_kv *e;

	b->kv = fsb_xrealloc(b->kv, (b->nkv + 1) * sizeof(*b->kv));
	e = &b->kv[b->nkv++];
	memset(e, 0, sizeof(*e));
	e->key = fsb_xstrdup(key);
	if (value)
		fsb_strv_add(&e->values, value);
	return e;
}

static void header(struct fsb_doc *d, const struct fsb_result *res, const struct fsb_doc_opts *o)
{
	struct fsb_buf b = { 0 };
	const char *name = res->path ? res->path : o->label ? o->label : "result";
	char *target;

	if (res->title || o->label) {
		add_text(d, FSB_BLOCK_HEADING, FSB_ROLE_TITLE, fsb_xstrdup(res->title ? res->title : o->label));
		d->v[d->n - 1].level = 1;
	}
	add_text(d, FSB_BLOCK_TEXT, FSB_ROLE_IDENTITY,
		 fsb_xasprintf("%s — %s", name, fsb_result_status_name(res->status)));
	fsb_buf_addf(&b, "started %s", res->started ? res->started : "?");
	if (res->finished)
		fsb_buf_addf(&b, ", finished %s", res->finished);
	if (res->profile)
		fsb_buf_addf(&b, ", profile %s", res->profile);
	if (fsb_result_auto_repeated(res))
		fsb_buf_addf(&b, ", auto-repeat (at most %ld repetitions)", res->repeat);
	else
		fsb_buf_addf(&b, ", %ld repetition%s", res->repeat, res->repeat == 1 ? "" : "s");
	if (res->order && strcmp(res->order, "sequential"))
		fsb_buf_addf(&b, " in %s order (seed %lld)", res->order, res->order_seed);
	add_text(d, FSB_BLOCK_TEXT, FSB_ROLE_RUN, fsb_buf_steal(&b));
	target = fsb_report_target_line(&res->target);
	if (*target) {
		struct fsb_kv *e;

		add(d, FSB_BLOCK_KV, FSB_ROLE_TARGET);
		e = kv(d, "Target", target);
		for (size_t i = 0; i < res->target.reasons.n; i++)
			fsb_strv_add(&e->values, res->target.reasons.v[i]);
	}
	free(target);
}

/* What each filesystem's mkfs, mount, unmount and fsck took, for the
 * summary line and the details.  fsck is measured once a run, and not in
 * older files: the details leave it out where it was not. */
static const struct {
	const char *verb, *noun;
	size_t off;
	bool optional;
} bookkeeping_steps[] = {
	{ "to make", "mkfs", offsetof(struct fsb_fs_result, mkfs_s), false },
	{ "to mount", "mount", offsetof(struct fsb_fs_result, mount_s), false },
	{ "to unmount", "umount", offsetof(struct fsb_fs_result, umount_s), false },
	{ "to check (fsck)", "fsck", offsetof(struct fsb_fs_result, fsck_s), true },
};

static const struct fsb_secs *step_secs(const struct fsb_fs_result *fs, size_t k)
{
	return (const struct fsb_secs *)((const char *)fs + bookkeeping_steps[k].off);
}

/*
 * One line when a filesystem stands out: its mean mkfs, mount or unmount
 * time is over 1 s and over 3 × the median of the others' (seed 000's
 * author noticed filesystems that take seconds to mount or unmount).
 */
static void bookkeeping_note(struct fsb_doc *d, const struct fsb_result *res)
{
	struct fsb_buf b = { 0 };

	for (size_t k = 0; k < FSB_ARRAY_SIZE(bookkeeping_steps); k++)
		for (size_t i = 0; i < res->nfs; i++) {
			double mine = fsb_secs_mean(step_secs(res->fs[i], k)), others[res->nfs], med;
			size_t n = 0;

			/* under a second never stands out: the others are not
			 * gathered for it (thousands of filesystems stay linear) */
			if (isnan(mine) || mine <= 1)
				continue;
			for (size_t j = 0; j < res->nfs; j++)
				if (j != i && step_secs(res->fs[j], k)->n)
					others[n++] = fsb_secs_mean(step_secs(res->fs[j], k));
			if (!n)
				continue;
			med = fsb_stats_median(others, n);
			if (mine <= 3 * med)
				continue;
			fsb_buf_addf(&b, "%s%s took %.1f s %s", b.len ? "; " : "", res->fs[i]->name, mine,
				     bookkeeping_steps[k].verb);
			if (med > 0)
				fsb_buf_addf(&b, ", %.0f× the median of the others (%.2f s)", mine / med, med);
			else
				fsb_buf_addf(&b, ", the others well under a second");
		}
	if (b.len)
		add_text(d, FSB_BLOCK_NOTE, FSB_ROLE_BOOKKEEPING, fsb_xasprintf("Bookkeeping: %s.", b.s));
	fsb_buf_free(&b);
}

static void summary(struct fsb_doc *d, const struct fsb_result *res, const struct fsb_doc_opts *o)
{
	const struct fsb_report_opts *ro = &o->report;
	struct fsb_table t;
	const char *chart = o->chart;
	const char *base = fsb_cell_baseline(res, ro);

	if (!chart && fsb_result_grid(res)->desktop.n)
		chart = FSB_GRID_TOTAL_NAME;
	add_table(d, FSB_ROLE_SUMMARY, NULL, fsb_report_summary(res, ro, &t), &t);
	bookkeeping_note(d, res);
	if (chart) {
		size_t n = d->n;
		/* judged as the verdict judges, or by the cells' own test (report_int.h) */
		const struct fsb_chart *c = NULL;

		add_chart(d, FSB_ROLE_OVERVIEW, res, chart, ro);
		if (d->n > n && d->v[d->n - 1].chart.level > 0)
			c = &d->v[d->n - 1].chart;
		char *how = c ? fsb_xasprintf(" by the verdict's test (%s), faint when it is not; whiskers: its "
					      "%.3g%% interval of the ratio", fsb_report_judged_how(c->noise), c->level * 100)
			      : fsb_xasprintf(" (p < 0.05, %s)%s", ro->nonparametric ? "Mann-Whitney" : "Welch's t-test",
					      fsb_result_repeated(res) ? ", faint when it is not; whiskers: 95% "
					      "confidence interval of the ratio (Fieller)" : "");

		add_text(d, FSB_BLOCK_NOTE, FSB_ROLE_LEGEND,
			 fsb_xasprintf("Bars: the phase's %s relative to %s (1.00); longer is slower.  Solid when the "
				       "difference is significant%s.", fsb_metric_name(ro->metric),
				       base ? base : "the baseline", how));
		free(how);
		if (o->sections & FSB_DOC_CHART_TABLE)
			add_table(d, FSB_ROLE_PHASE, chart, fsb_report_phase(res, chart, ro, &t), &t);
	}
}

/* The runs left out because other programs disturbed them, in words; no
 * block at all when there is none (older files show as before). */
static void set_aside(struct fsb_doc *d, const struct fsb_result *res)
{
	struct fsb_strv runs = { 0 }, cells = { 0 }, again = { 0 };
	struct fsb_buf b = { 0 };
	size_t n = fsb_report_set_aside(res, &runs), u = fsb_report_unreliable(res, &cells);
	size_t r = fsb_report_replaced(res, &again);

	if (!n && !u && !r)
		return;
	if (n)
		fsb_buf_addf(&b, "%zu run%s set aside as disturbed by other programs (left out of means, "
			     "intervals and tests): ", n, n == 1 ? "" : "s");
	for (size_t i = 0; i < runs.n; i++)
		fsb_buf_addf(&b, "%s%s", i ? "; " : "", runs.v[i]);
	if (n)
		fsb_buf_add(&b, ".");
	if (u)
		fsb_buf_addf(&b, "%sEvery run of %zu cell%s was disturbed, so %s marked \"?\" as unreliable: ",
			     n ? "  " : "", u, u == 1 ? "" : "s", u == 1 ? "its value is" : "their values are");
	for (size_t i = 0; i < cells.n; i++)
		fsb_buf_addf(&b, "%s%s", i ? "; " : "", cells.v[i]);
	if (u)
		fsb_buf_add(&b, ".");
	if (r)
		fsb_buf_addf(&b, "%s%zu run%s again when the machine was quiet, in place of a disturbed one: ",
			     n || u ? "  " : "", r, r == 1 ? " was run" : "s were run");
	for (size_t i = 0; i < again.n; i++)
		fsb_buf_addf(&b, "%s%s", i ? "; " : "", again.v[i]);
	if (r)
		fsb_buf_add(&b, ".");
	add_text(d, FSB_BLOCK_NOTE, FSB_ROLE_WARNING, fsb_buf_steal(&b));
	fsb_strv_free(&runs);
	fsb_strv_free(&cells);
	fsb_strv_free(&again);
}

/* Per phase, the smallest difference this run could detect, as the
 * verdict's intervals (or, where they cannot judge, the runs' own 95%
 * ones) put it; only for results since issue 10 (older files show as
 * before). */
static void noise_floor(struct fsb_doc *d, const struct fsb_result *res, const struct fsb_doc_opts *o)
{
	const struct fsb_grid *g = fsb_result_grid(res);
	size_t ncols = g->desktop.n ? g->desktop.n + 1 : 0, n = 0, judged = 0;
	double f[ncols ? ncols : 1], lv[ncols ? ncols : 1], level = NAN;
	const char *name[ncols ? ncols : 1];
	enum fsb_verdict_noise noise = FSB_NOISE_NONE;
	struct fsb_buf b = { 0 };

	if (!res->order || !fsb_result_repeated(res))
		return;
	/* the desktop phases, then their total */
	for (size_t j = 0; j < ncols; j++) {
		name[j] = fsb_grid_col_name(g, j < g->desktop.n ? g->desktop.v[j] : FSB_GRID_TOTAL);
		f[j] = fsb_report_noise_floor(res, name[j], &o->report, &lv[j], &noise);
		if (!isnan(f[j]) && !isnan(lv[j])) {
			judged++;
			level = lv[j];
		}
	}
	for (size_t j = 0; j < ncols; j++) {
		if (isnan(f[j]))
			continue;
		fsb_buf_addf(&b, "%s%s ", n++ ? ", " : "", name[j]);
		/* two rounds can leave an interval of a factor of hundreds:
		 * "±56000%" reads as a misprint, "×561" as what it is */
		if (f[j] < 1)
			fsb_buf_addf(&b, "±%.0f%%", f[j] * 100);
		else if (!isfinite(f[j]))	/* an interval without bound: no "×inf" */
			fsb_buf_add(&b, FSB_REPORT_UNMEASURABLE);
		else
			fsb_buf_addf(&b, f[j] < 9 ? "×%.1f" : "×%.0f", 1 + f[j]);
		if (judged && isnan(lv[j]))
			fsb_buf_add(&b, " (by its runs' 95% intervals)");
	}
	if (n) {
		char *line = judged
			? fsb_xasprintf("Noise floor, the smallest difference from %s this run could detect (the "
					"verdict's %.3g%% intervals: %s): %s%s.  Smaller differences are no "
					"measurable difference.", fsb_cell_baseline(res, &o->report), level * 100,
					fsb_report_judged_how(noise), b.s,
					strstr(b.s, "×") ? " (×: a factor, either way)" : "")
			: fsb_xasprintf("Noise floor, the smallest difference from %s these repetitions could "
					"detect (95%% confidence intervals): %s.  Smaller differences are no "
					"measurable difference.", fsb_cell_baseline(res, &o->report), b.s);

		add_text(d, FSB_BLOCK_NOTE, FSB_ROLE_LEGEND, line);
	}
	fsb_buf_free(&b);
}

/* Under the verdict: what to put on the disk, for its use (model/recommend.h). */
static void recommendation(struct fsb_doc *d, const struct fsb_result *res, const struct fsb_doc_opts *o)
{
	const struct fsb_recommendation *rec;
	struct fsb_block *b;
	struct fsb_table t;

	if (!o->rec.cfg)
		return;
	b = add(d, FSB_BLOCK_VERDICT, FSB_ROLE_RECOMMEND);
	b->rec = fsb_xcalloc(1, sizeof(*b->rec));
	fsb_recommend(res, &o->report, &o->rec, b->rec);
	b->text = b->rec->use_default
		? fsb_xasprintf("Recommendation for %s (the default use; %s for another)", b->rec->use->words,
				fsb_opt_say(FSB_SAY_USE, NULL))
		: b->rec->use_recorded
		? fsb_xasprintf("Recommendation for %s (the run was told so; %s for another)", b->rec->use->words,
				fsb_opt_say(FSB_SAY_USE, NULL))
		: fsb_xasprintf("Recommendation for %s", b->rec->use->words);
	fsb_report_recommendation(res, &o->report, &o->rec, b->rec, &b->lines);
	/* b may move: the table is read from the judgement it points to */
	rec = b->rec;
	add_table(d, FSB_ROLE_CRITERIA, NULL, fsb_report_criteria(rec, &t), &t);
}

static void verdict(struct fsb_doc *d, const struct fsb_result *res, const struct fsb_doc_opts *o)
{
	struct fsb_table t;
	struct fsb_block *b;

	add_table(d, FSB_ROLE_AUTO, NULL, fsb_report_auto(res, &o->report, &t), &t);
	b = add(d, FSB_BLOCK_VERDICT, FSB_ROLE_VERDICT);
	fsb_report_verdict(res, &o->report, &b->lines);
	if (!b->lines.n) {
		fsb_strv_free(&b->lines);
		d->n--;
	} else {
		/* the same judgement the lines word (report_verdict.c asks
		 * the same function with the same options), for outputs that
		 * want fields */
		b->verdict = fsb_xcalloc(1, sizeof(*b->verdict));
		fsb_verdict_compute(res, &o->report, b->verdict);
	}
	if (res->quiet)	/* under the verdict, with the runs it disturbed */
		add_text(d, FSB_BLOCK_NOTE, FSB_ROLE_WARNING, fsb_xasprintf("Before the run, %s", res->quiet));
	set_aside(d, res);
	noise_floor(d, res, o);
	recommendation(d, res, o);
}

/* One phase's tables (column col, "total" too): its chart (not the
 * total's: that is the overview), its table, with raw its repetitions and
 * statistics. */
static void phase(struct fsb_doc *d, const struct fsb_result *res, size_t col, bool builtin,
		  const struct fsb_doc_opts *o)
{
	const struct fsb_report_opts *ro = &o->report;
	const char *name = fsb_grid_col_name(fsb_result_grid(res), col);
	bool total = col == FSB_GRID_TOTAL;
	struct fsb_table t;

	if (!total)
		add_chart(d, FSB_ROLE_PHASE_CHART, res, name, ro);
	if (!builtin)
		add_table(d, FSB_ROLE_PHASE, name, fsb_report_phase(res, name, ro, &t), &t);
	if (!total)
		add_series(d, res, name);
	if (o->raw && !total)
		add_table(d, FSB_ROLE_RAW, name, fsb_report_raw(res, name, ro, &t), &t);
	if (o->raw)
		add_table(d, FSB_ROLE_STATS, name, fsb_report_stats(res, name, ro, &t), &t);
	if (o->raw && !total)
		add_table(d, FSB_ROLE_SERIES_STATS, name, fsb_report_series(res, name, &t), &t);
}

static void phases(struct fsb_doc *d, const struct fsb_result *res, const struct fsb_doc_opts *o)
{
	const struct fsb_report_opts *ro = &o->report;
	const struct fsb_grid *g = fsb_result_grid(res);
	struct fsb_table t;

	if (g->desktop.n)
		add_text(d, FSB_BLOCK_HEADING, FSB_ROLE_SECTION, fsb_xstrdup("Phases"));
	for (size_t j = 0; j < g->desktop.n; j++)
		phase(d, res, g->desktop.v[j], false, o);
	if (g->desktop.n)
		phase(d, res, FSB_GRID_TOTAL, false, o);
	if (fsb_report_bonnie(res, ro, false, &t))
		return;
	add_text(d, FSB_BLOCK_HEADING, FSB_ROLE_SECTION, fsb_xstrdup("Built-in I/O phases"));
	add_table(d, FSB_ROLE_BONNIE, NULL, 0, &t);
	add_table(d, FSB_ROLE_BONNIE, NULL, fsb_report_bonnie(res, ro, true, &t), &t);
	for (size_t j = 0; j < g->builtin.n; j++)
		phase(d, res, g->builtin.v[j], true, o);
	add_table(d, FSB_ROLE_LATENCY, NULL, fsb_report_latency(res, &t), &t);
}

/* Aged against fresh (model/agefactor.h): only for a result with aging runs. */
static void aging(struct fsb_doc *d, const struct fsb_result *res, const struct fsb_doc_opts *o)
{
	struct fsb_age a;
	struct fsb_strv words = { 0 };
	struct fsb_table t;
	struct fsb_chart c;

	if (fsb_age_compute(res, &o->report, &a))
		goto out;
	add_text(d, FSB_BLOCK_HEADING, FSB_ROLE_SECTION, fsb_xstrdup("Aging"));
	add_text(d, FSB_BLOCK_NOTE, FSB_ROLE_LEGEND,
		 fsb_xasprintf("Each filesystem read its tree cold after aging (grep -r: every file whole; a stat "
			       "walk), then the tree was copied out, the filesystem made afresh, the tree copied back "
			       "with cp -a and read again; the desktop phases that ran on the aged filesystem ran on the fresh "
			       "one too.  Aging factor = aged / fresh on the same filesystem, %s; "
			       "> 1 = slower after aging; when its 95%% interval holds 1 there is no measurable aging.",
			       fsb_report_metric_words(a.metric)));
	add_table(d, FSB_ROLE_AGING, NULL, fsb_report_aging(&a, &o->report, &t), &t);
	add_table(d, FSB_ROLE_AGING, NULL, fsb_report_aging_desktop(&a, &o->report, &t), &t);
	for (int k = 0; k < FSB_AGE_READS; k++)
		if (!fsb_report_aging_chart(&a, k, &c)) {
			add(d, FSB_BLOCK_CHART, FSB_ROLE_AGING_CHART)->chart = c;
			d->v[d->n - 1].phase = fsb_xstrdup(fsb_age_read_phase(k, true));
		}
	add_table(d, FSB_ROLE_AGING_LAYOUT, NULL, fsb_report_aging_layout(&a, &t), &t);
	fsb_report_aging_words(&a, &words);
	for (size_t i = 0; i < words.n; i++)
		add_text(d, FSB_BLOCK_TEXT, FSB_ROLE_AGING_WORDS, fsb_xstrdup(words.v[i]));
	if (o->raw)
		add_table(d, FSB_ROLE_RAW, "aging", fsb_report_aging_runs(res, &t), &t);
out:
	fsb_strv_free(&words);
	fsb_age_free(&a);
}

/* A live run's view has no phase tables; what the device did still shows. */
static void series_only(struct fsb_doc *d, const struct fsb_result *res)
{
	struct fsb_strv names = { 0 };
	size_t at = d->n;

	fsb_result_phases(res, &names);
	add_text(d, FSB_BLOCK_HEADING, FSB_ROLE_SECTION, fsb_xstrdup("Device over time"));
	for (size_t j = 0; j < names.n; j++)
		add_series(d, res, names.v[j]);
	fsb_strv_free(&names);
	if (d->n == at + 1) {
		free(d->v[at].text);
		d->n = at;
	}
}

/* --raw: the share of the run's wall time outside the phases, and what
 * each filesystem's mkfs, mount and unmount took, repetition by repetition. */
static void bookkeeping_details(struct fsb_doc *d, const struct fsb_result *res)
{
	double wall, real, share = fsb_result_bookkeeping(res, &wall, &real);
	struct fsb_kv *e;
	bool fsck = false;

	if (!isnan(share)) {
		e = kv(d, "Bookkeeping", NULL);
		fsb_strv_addf(&e->values, "%.1f%% of the wall time (%.0f s of %.0f s outside the phases: workload, mkfs, mount, "
			"unmount, cache drops, result writes)", share * 100, wall - real < 0 ? 0 : wall - real, wall);
	}
	for (size_t i = 0; i < res->nfs && !fsck; i++)
		fsck = res->fs[i]->fsck != NULL;
	e = kv(d, fsck ? "mkfs / mount / umount / fsck" : "mkfs / mount / umount", NULL);
	for (size_t i = 0; i < res->nfs; i++) {
		const struct fsb_fs_result *fs = res->fs[i];
		struct fsb_buf b = { 0 };

		for (size_t k = 0; k < FSB_ARRAY_SIZE(bookkeeping_steps); k++) {
			const struct fsb_secs *t = step_secs(fs, k);

			if (bookkeeping_steps[k].optional && !fs->fsck)
				continue;
			fsb_buf_addf(&b, "%s%s", k ? "; " : "", bookkeeping_steps[k].noun);
			for (size_t r = 0; r < t->n; r++)
				fsb_buf_addf(&b, "%s%.2f", r ? ", " : " ", t->v[r]);
			fsb_buf_add(&b, t->n ? " s" : bookkeeping_steps[k].optional ? " failed (see the log)"
									       : " not recorded");
			if (bookkeeping_steps[k].optional && fs->fsck_data)
				fsb_buf_addf(&b, " (%s)", fs->fsck_data);
		}
		fsb_strv_addf(&e->values, "%s: %s", res->fs[i]->name, b.s);
		fsb_buf_free(&b);
	}
	if (!e->values.n)
		fsb_strv_add(&e->values, "no filesystem");
}

/* With raw: every run in the order it ran, when, and what disturbed it. */
static void order(struct fsb_doc *d, const struct fsb_result *res, const struct fsb_doc_opts *o)
{
	struct fsb_table t;

	if (o->raw)
		add_table(d, FSB_ROLE_RAW, NULL, fsb_report_order(res, &t), &t);
}

/* How a run in rounds ended, in one line: "3 rounds; settled after round 3". */
static char *rounds_line(const struct fsb_result *res)
{
	long n = res->rounds;
	char b[32];

	if (res->budget_s > 0 && res->budget_s % 60 == 0 && res->budget_s < 3600)
		snprintf(b, sizeof(b), "%lld-minute", res->budget_s / 60);
	else
		fsb_format_budget((double)res->budget_s, b, sizeof(b));
	switch (res->ended) {
	case FSB_ENDED_SETTLED:
		return fsb_xasprintf("%ld round%s; settled after round %ld", n, n == 1 ? "" : "s", n);
	case FSB_ENDED_BUDGET:
		return fsb_xasprintf("%ld round%s; the %s budget was spent before the verdict settled", n,
				     n == 1 ? "" : "s", b);
	case FSB_ENDED_CAP:
		return fsb_xasprintf("%ld rounds, the most this run planned; the verdict had not settled", n);
	default:
		return fsb_xasprintf("%ld round%s; stopped after round %ld, as asked%s", n, n == 1 ? "" : "s", n,
				     res->budget_s > 0 ? ", before the verdict settled" : "");
	}
}

/* "How it was measured": the tool, baseline, host, workload, rounds, the
 * commands and versions, the log; with raw the bookkeeping. */
static void details(struct fsb_doc *d, const struct fsb_result *res, const struct fsb_doc_opts *o)
{
	struct fsb_kv *e;
	char *host = fsb_report_host_line(&res->host);

	add_text(d, FSB_BLOCK_HEADING, FSB_ROLE_SECTION, fsb_xstrdup("How it was measured"));
	add(d, FSB_BLOCK_KV, FSB_ROLE_DETAILS);
	if (res->tool)
		kv(d, "Tool", res->tool);
	if (res->baseline) {
		const char *used = fsb_cell_baseline(res, &o->report);

		if (used && strcmp(used, res->baseline) && !o->report.baseline) {
			char *said = fsb_xasprintf("%s (the run's, %s, could not be ranked: every run of it was "
						   "disturbed)", used, res->baseline);

			kv(d, "Baseline", said);
			free(said);
		} else
			kv(d, "Baseline", res->baseline);
	}
	if (*host)
		kv(d, "Host", host);
	free(host);
	if (res->workload)
		kv(d, "Workload", res->workload);
	if (res->rounds > 0 && res->ended != FSB_ENDED_NONE) {
		char *line = rounds_line(res);

		kv(d, "Rounds", line);
		free(line);
	}
	if (fsb_report_probe_words(res))
		kv(d, "Stall probe", fsb_report_probe_words(res));
	if (res->command || o->command) {
		e = kv(d, res->command && strchr(res->command, '\n') ? "Commands" : "Command", NULL);
		e->code = true;
		fsb_strv_split(&e->values, res->command ? res->command : "(not recorded)", '\n');
		if (o->command)
			fsb_strv_add(&e->values, o->command);
	}
	e = kv(d, "Program versions", NULL);
	e->list = true;
	fsb_report_versions(res, &e->values);
	if (!e->values.n)
		fsb_strv_add(&e->values, "not recorded");
	if (res->log)
		kv(d, "Log", res->log);
	if (o->raw)
		bookkeeping_details(d, res);
}

/* "How to reproduce": what someone needs to run it again — each phase's
 * command as recorded, each filesystem's mkfs and mount options. */
static void reproduce(struct fsb_doc *d, const struct fsb_result *res)
{
	const struct fsb_grid *g = fsb_result_grid(res);
	struct fsb_kv *e;

	add_text(d, FSB_BLOCK_HEADING, FSB_ROLE_SECTION, fsb_xstrdup("How to reproduce"));
	add_text(d, FSB_BLOCK_NOTE, FSB_ROLE_REPRODUCE,
		 fsb_xstrdup("The phases in the order they ran (fsbench fills in ${…}: see fsbench.conf), "
			     "then how each filesystem was made and mounted."));
	add(d, FSB_BLOCK_KV, FSB_ROLE_REPRODUCE);
	for (size_t j = 0; j < g->nph; j++) {
		/* as the first filesystem that ran it recorded it */
		const struct fsb_phase_result *ph = fsb_grid_cell(g, g->col[j].first, j);

		e = kv(d, g->col[j].name, NULL);
		e->code = true;
		if (ph && (ph->kind == FSB_PHASE_BUILTIN || ph->kind == FSB_PHASE_CRASH))
			fsb_strv_addf(&e->values, "(built in) %s", ph->label ? ph->label : "");
		else
			fsb_strv_add(&e->values, ph && ph->command ? ph->command : "(not recorded)");
	}
	for (size_t i = 0; i < res->nfs; i++) {
		const struct fsb_fs_result *fs = res->fs[i];

		e = kv(d, fs->name, NULL);
		e->code = true;
		fsb_strv_addf(&e->values, "%s%s%s", fs->type ? fs->type : "?", fs->mkfs ? ": " : "",
			      fs->mkfs ? fs->mkfs : "");
		if (fs->mount_options && *fs->mount_options)
			fsb_strv_addf(&e->values, "mount -o %s", fs->mount_options);
		if (fs->mkfs_version)
			fsb_strv_add(&e->values, fs->mkfs_version);
		fsb_strv_addf(&e->values, "status: %s",
			      fs->status == FSB_FS_OK ? "ok" : fs->error ? fs->error : "not run");
	}
	if (!d->v[d->n - 1].nkv)
		d->n--;
}

void fsb_doc_result(const struct fsb_result *res, const struct fsb_doc_opts *opts, struct fsb_doc *doc)
{
	unsigned s = opts->sections ? opts->sections : FSB_DOC_ALL;
	/* the verdicts every table of the result is judged by, made once */
	struct fsb_doc_opts oo = *opts;
	const struct fsb_doc_opts *o = &oo;
	struct fsb_judges J;

	fsb_report_judges_init(&J, res, &opts->report);
	oo.report.judges = &J;
	memset(doc, 0, sizeof(*doc));
	if (s & FSB_DOC_HEADER)
		header(doc, res, o);
	if (s & FSB_DOC_SUMMARY)
		summary(doc, res, o);
	if (s & FSB_DOC_VERDICT)
		verdict(doc, res, o);
	if (s & FSB_DOC_PHASES) {
		phases(doc, res, o);
		fsb_doc_disk(doc, res, o);
		aging(doc, res, o);
		fsb_doc_crash(doc, res, o);
		order(doc, res, o);
	} else if (s & FSB_DOC_SERIES) {
		series_only(doc, res);
	}
	if (s & FSB_DOC_DETAILS) {
		details(doc, res, o);
		reproduce(doc, res);
	}
	/* what a front end may chart: any column of the summary, else the
	 * phases (the built-in ones included) */
	for (size_t i = 0; i < doc->n && !doc->chart_phases.n; i++)
		if (doc->v[i].role == FSB_ROLE_SUMMARY)
			for (size_t c = 1; c < doc->v[i].table.ncols; c++)
				fsb_strv_add(&doc->chart_phases, fsb_table_cell(&doc->v[i].table, 0, c)->text);
	if (!doc->chart_phases.n)
		fsb_cell_phases(res, true, &doc->chart_phases);
	for (size_t j = 0; j < res->nfs; j++)
		fsb_strv_add(&doc->baselines, res->fs[j]->name);
	fsb_report_judges_free(&J);
}

int fsb_doc_compare(struct fsb_result *const *results, const char *const *labels, size_t n,
		    const struct fsb_doc_opts *o, struct fsb_doc *doc)
{
	struct fsb_names seen = { 0 };
	struct fsb_table t;
	int rc;

	memset(doc, 0, sizeof(*doc));
	add_text(doc, FSB_BLOCK_HEADING, FSB_ROLE_TITLE, fsb_xasprintf("Comparing %zu result files", n));
	doc->v[0].level = 1;
	for (size_t i = 0; i < n; i++) {
		const struct fsb_result *r = results[i];

		struct fsb_buf b = { 0 };
		const char *sep = ": ";

		/* an imported file knows no start, profile or target: what is
		 * unknown is left out, never shown as "?" or an empty item */
		fsb_buf_add(&b, labels[i]);
		if (r->started && *r->started) {
			fsb_buf_addf(&b, "%s%s", sep, r->started);
			sep = ", ";
		}
		if (r->profile && *r->profile) {
			fsb_buf_addf(&b, "%sprofile %s", sep, r->profile);
			sep = ", ";
		}
		if (r->target.kind != FSB_TARGET_KIND_NONE || (r->target.path && *r->target.path)) {
			fsb_buf_add(&b, sep);
			if (r->target.kind != FSB_TARGET_KIND_NONE)
				fsb_buf_add(&b, fsb_target_kind_word(r->target.kind));
			if (r->target.kind != FSB_TARGET_KIND_NONE && r->target.path && *r->target.path)
				fsb_buf_add(&b, " ");
			if (r->target.path && *r->target.path)
				fsb_buf_add(&b, r->target.path);
		}
		add_text(doc, FSB_BLOCK_TEXT, FSB_ROLE_FILES, fsb_buf_steal(&b));
	}
	rc = fsb_report_compare(results, labels, n, &o->report, &t);
	if (rc)
		add_text(doc, FSB_BLOCK_NOTE, FSB_ROLE_WARNING,
			 fsb_xstrdup("These files have no phase in common: nothing to compare."));
	add_table(doc, FSB_ROLE_COMPARE, NULL, rc, &t);
	if (!rc)
		fsb_doc_machines(results, labels, n, o, doc);
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < results[i]->nfs; j++)
			if (!fsb_names_add(&seen, results[i]->fs[j]->name, 1))
				fsb_strv_add(&doc->baselines, results[i]->fs[j]->name);
	fsb_names_free(&seen);
	return rc ? -ENOENT : 0;
}

void fsb_doc_free(struct fsb_doc *doc)
{
	for (size_t i = 0; i < doc->n; i++) {
		struct fsb_block *b = &doc->v[i];

		free(b->text);
		free(b->phase);
		for (size_t k = 0; k < b->nkv; k++) {
			free(b->kv[k].key);
			fsb_strv_free(&b->kv[k].values);
		}
		free(b->kv);
		fsb_strv_free(&b->lines);
		if (b->verdict) {
			fsb_verdict_free(b->verdict);
			free(b->verdict);
		}
		if (b->rec) {
			fsb_recommend_free(b->rec);
			free(b->rec);
		}
		if (b->kind == FSB_BLOCK_TABLE)
			fsb_table_free(&b->table);
		if (b->kind == FSB_BLOCK_CHART)
			fsb_chart_free(&b->chart);
		fsb_series_lines_free(b->series, b->nseries);
	}
	fsb_strv_free(&doc->chart_phases);
	fsb_strv_free(&doc->baselines);
	free(doc->v);
	memset(doc, 0, sizeof(*doc));
}

const char *fsb_block_role_name(enum fsb_block_role role)
{
	static const char *const names[] = {
		[FSB_ROLE_TITLE] = "title", [FSB_ROLE_IDENTITY] = "identity", [FSB_ROLE_RUN] = "run",
		[FSB_ROLE_TARGET] = "target", [FSB_ROLE_SECTION] = "section", [FSB_ROLE_SUMMARY] = "summary",
		[FSB_ROLE_OVERVIEW] = "overview", [FSB_ROLE_LEGEND] = "legend", [FSB_ROLE_AUTO] = "auto",
		[FSB_ROLE_VERDICT] = "verdict", [FSB_ROLE_PHASE] = "phase", [FSB_ROLE_PHASE_CHART] = "phase-chart",
		[FSB_ROLE_RAW] = "raw", [FSB_ROLE_STATS] = "stats", [FSB_ROLE_BONNIE] = "bonnie",
		[FSB_ROLE_LATENCY] = "latency", [FSB_ROLE_DETAILS] = "details", [FSB_ROLE_REPRODUCE] = "reproduce",
		[FSB_ROLE_FILES] = "files", [FSB_ROLE_COMPARE] = "compare", [FSB_ROLE_WARNING] = "warning",
		[FSB_ROLE_SERIES] = "series", [FSB_ROLE_SERIES_STATS] = "series-stats",
		[FSB_ROLE_BOOKKEEPING] = "bookkeeping", [FSB_ROLE_DEVICE] = "device",
		[FSB_ROLE_DEVICE_FACTS] = "device-facts", [FSB_ROLE_DEVICE_VERDICT] = "device-verdict",
		[FSB_ROLE_DEVICE_CONTENT] = "device-content", [FSB_ROLE_DEVICE_SIGS] = "device-signatures",
		[FSB_ROLE_RECOMMEND] = "recommendation",
		[FSB_ROLE_DEVICE_LIST] = "device-list",
		[FSB_ROLE_MACHINES] = "machines", [FSB_ROLE_MACHINES_RATIOS] = "machines-ratios",
		[FSB_ROLE_MACHINES_AGREE] = "machines-agree",
		[FSB_ROLE_AGING] = "aging", [FSB_ROLE_AGING_CHART] = "aging-chart",
		[FSB_ROLE_AGING_LAYOUT] = "aging-layout", [FSB_ROLE_AGING_WORDS] = "aging-words",
		[FSB_ROLE_CRASH] = "crash", [FSB_ROLE_CRASH_WORDS] = "crash-words",
		[FSB_ROLE_DISK_TOTAL] = "disk-total", [FSB_ROLE_DISK_CHART] = "disk-chart",
		[FSB_ROLE_DISK_WRITES] = "disk-writes", [FSB_ROLE_DISK_AMP] = "disk-amp",
		[FSB_ROLE_DISK_AGING] = "disk-aging", [FSB_ROLE_STALLS] = "stalls",
		[FSB_ROLE_STALL_CHART] = "stall-chart", [FSB_ROLE_CLONE] = "clone",
		[FSB_ROLE_DISK_WORDS] = "disk-words", [FSB_ROLE_CRITERIA] = "criteria",
	};

	return (size_t)role < FSB_ARRAY_SIZE(names) && names[role] ? names[role] : "block";
}
