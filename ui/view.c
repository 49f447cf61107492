/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The report view: a result as a column of blocks — text lines, report.h
 * tables, report.h charts — scrolled as one page.  The run screen shows a
 * live snapshot (summary, chart, and the verdict at the end); the browser
 * shows a file the way `fsbench show` prints it, and comparisons.  Both
 * build the same tables from the same functions, only the drawing is curses.
 */
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "widgets.h"

static const enum fsb_metric metrics[] = {
	FSB_METRIC_DEAD, FSB_METRIC_REAL, FSB_METRIC_USR, FSB_METRIC_SYS, FSB_METRIC_SYNC,
};

static struct view_block *add_block(struct ui_view *v, enum view_block_kind kind)
{
	struct view_block *b;

	v->blocks = fsb_xrealloc(v->blocks, (v->nblocks + 1) * sizeof(*v->blocks));
	b = &v->blocks[v->nblocks++];
	memset(b, 0, sizeof(*b));
	b->kind = kind;
	return b;
}

static void add_text(struct ui_view *v, enum ui_role role, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void add_text(struct ui_view *v, enum ui_role role, const char *fmt, ...)
{
	struct view_block *b = add_block(v, VIEW_TEXT);
	struct fsb_buf buf = { 0 };
	va_list ap;

	va_start(ap, fmt);
	fsb_buf_vaddf(&buf, fmt, ap);
	va_end(ap);
	b->text = buf.s ? fsb_buf_steal(&buf) : fsb_xstrdup("");
	b->role = role;
}

static void add_table(struct ui_view *v, int rc, struct fsb_table *t, bool summary)
{
	struct view_block *b;

	if (rc)
		return;
	b = add_block(v, VIEW_TABLE);
	b->table = *t;
	b->summary = summary;
	add_text(v, UI_NORMAL, "%s", "");
}

static void clear_blocks(struct ui_view *v)
{
	for (size_t i = 0; i < v->nblocks; i++) {
		free(v->blocks[i].text);
		if (v->blocks[i].kind == VIEW_TABLE)
			fsb_table_free(&v->blocks[i].table);
		if (v->blocks[i].kind == VIEW_CHART)
			fsb_chart_free(&v->blocks[i].chart);
	}
	free(v->blocks);
	v->blocks = NULL;
	v->nblocks = 0;
	fsb_strv_free(&v->phases);
}

void view_free(struct ui_view *v)
{
	clear_blocks(v);
	free(v->baseline);
	free(v->chart);
	v->baseline = v->chart = NULL;
}

/* What the file is: at the top of a full view. */
static void header(struct ui_view *v, const struct fsb_result *res)
{
	const struct fsb_target_info *t = &res->target;
	struct fsb_buf b = { 0 };

	if (res->title)
		add_text(v, UI_HEADING, "%s", res->title);
	add_text(v, UI_VALUE, "%s — %s", res->path ? res->path : "result", fsb_result_status_name(res->status));
	fsb_buf_addf(&b, "started %s", res->started ? res->started : "?");
	if (res->finished)
		fsb_buf_addf(&b, ", finished %s", res->finished);
	if (res->profile)
		fsb_buf_addf(&b, ", profile %s", res->profile);
	fsb_buf_addf(&b, ", %ld repetition%s", res->repeat, res->repeat == 1 ? "" : "s");
	add_text(v, UI_NORMAL, "%s", b.s);
	fsb_buf_free(&b);
	if (t->kind) {
		char *target = fsb_report_target_line(t);

		add_text(v, UI_NORMAL, "Target: %s", target);
		free(target);
	}
	add_text(v, UI_NORMAL, "%s", "");
}

/* How it was measured: host, workload, command, versions; after the tables. */
static void details(struct ui_view *v, const struct fsb_result *res)
{
	const struct fsb_host *h = &res->host;
	struct fsb_strv versions = { 0 };

	add_text(v, UI_HEADING, "How it was measured");
	if (res->tool)
		add_text(v, UI_NORMAL, "  Tool: %s", res->tool);
	if (h->kernel || h->cpu) {
		char *host = fsb_report_host_line(h);

		add_text(v, UI_NORMAL, "  Host: %s", host);
		free(host);
	}
	for (size_t i = 0; i < res->target.reasons.n; i++)
		add_text(v, UI_NORMAL, "  Target: %s", res->target.reasons.v[i]);
	if (res->workload)
		add_text(v, UI_NORMAL, "  Workload: %s", res->workload);
	if (res->command)
		add_text(v, UI_NORMAL, "  Command: %s", res->command);
	fsb_report_versions(res, &versions);
	for (size_t i = 0; i < versions.n; i++)
		add_text(v, UI_DIM, "  %s %s", i ? "        " : "Versions:", versions.v[i]);
	fsb_strv_free(&versions);
	if (res->log)
		add_text(v, UI_DIM, "  Log: %s", res->log);
	add_text(v, UI_NORMAL, "%s", "");
}

static void verdict(struct ui_view *v, const struct fsb_result *res, const struct fsb_report_opts *o)
{
	struct fsb_strv lines = { 0 };

	fsb_report_verdict(res, o, &lines);
	if (lines.n) {
		add_text(v, UI_HEADING, "Verdict");
		for (size_t i = 0; i < lines.n; i++)
			add_text(v, i ? UI_NORMAL : UI_VALUE, "  %s", lines.v[i]);
		add_text(v, UI_NORMAL, "%s", "");
	}
	fsb_strv_free(&lines);
}

static void chart(struct ui_view *v, const struct fsb_result *res, const struct fsb_report_opts *o)
{
	struct fsb_chart c;

	if (!v->chart || fsb_report_chart(res, v->chart, o, &c))
		return;
	add_block(v, VIEW_CHART)->chart = c;
	add_text(v, UI_NORMAL, "%s", "");
}

static void phase_tables(struct ui_view *v, const struct fsb_result *res, const struct fsb_report_opts *o)
{
	struct fsb_strv phases = { 0 };
	struct fsb_table t;

	fsb_report_phases(res, false, &phases);
	if (phases.n)
		fsb_strv_add(&phases, "total");
	for (size_t j = 0; j < phases.n; j++) {
		add_table(v, fsb_report_phase(res, phases.v[j], o, &t), &t, false);
		if (v->raw && strcmp(phases.v[j], "total"))
			add_table(v, fsb_report_raw(res, phases.v[j], o, &t), &t, false);
	}
	fsb_strv_free(&phases);
	if (fsb_report_bonnie(res, o, false, &t) == 0) {
		add_table(v, 0, &t, false);
		add_table(v, fsb_report_bonnie(res, o, true, &t), &t, false);
		add_table(v, fsb_report_latency(res, &t), &t, false);
		fsb_report_phases(res, true, &phases);
		for (size_t j = 0; v->raw && j < phases.n; j++)
			add_table(v, fsb_report_raw(res, phases.v[j], o, &t), &t, false);
		fsb_strv_free(&phases);
	}
}

void view_rebuild(struct ui_ctx *ui, struct ui_view *v)
{
	struct fsb_report_opts o = { .metric = v->metric, .baseline = v->baseline };
	struct fsb_table t;
	int rc;

	(void)ui;
	clear_blocks(v);
	if (v->mode == VIEW_COMPARE) {
		if (!v->ncmp)
			return;
		add_text(v, UI_HEADING, "Comparing %zu result files", v->ncmp);
		for (size_t i = 0; i < v->ncmp; i++) {
			const struct fsb_result *r = v->cmp[i];

			add_text(v, UI_NORMAL, "  %s: %s, profile %s, %s %s", v->labels[i], r->started ? r->started : "?",
				 r->profile ? r->profile : "?", r->target.kind ? r->target.kind : "",
				 r->target.path ? r->target.path : "");
		}
		add_text(v, UI_NORMAL, "%s", "");
		rc = fsb_report_compare(v->cmp, (const char *const *)v->labels, v->ncmp, &o, &t);
		if (rc)
			add_text(v, UI_WARNING, "These files have no phase in common: nothing to compare.");
		add_table(v, rc, &t, false);
		return;
	}
	if (!v->res)
		return;
	if (v->mode == VIEW_FULL)
		header(v, v->res);
	rc = fsb_report_summary(v->res, &o, &t);
	if (rc == 0) {
		/* the chart can show any column of the summary */
		for (size_t c = 1; c < t.ncols; c++)
			fsb_strv_add(&v->phases, fsb_table_cell(&t, 0, c)->text);
	} else {
		fsb_report_phases(v->res, true, &v->phases);
	}
	if (v->phases.n && (!v->chart || !fsb_strv_contains(&v->phases, v->chart))) {
		free(v->chart);
		v->chart = fsb_xstrdup(fsb_strv_contains(&v->phases, "total") ? "total" : v->phases.v[0]);
	}
	add_table(v, rc, &t, true);
	chart(v, v->res, &o);
	if (v->mode == VIEW_FULL || v->verdict)
		verdict(v, v->res, &o);
	if (v->mode == VIEW_FULL) {
		phase_tables(v, v->res, &o);
		details(v, v->res);
	}
}

/* The filesystems the view can normalize to. */
static void baselines(const struct ui_view *v, struct fsb_strv *out)
{
	if (v->mode == VIEW_COMPARE) {
		for (size_t i = 0; i < v->ncmp; i++)
			for (size_t j = 0; j < v->cmp[i]->nfs; j++)
				if (!fsb_strv_contains(out, v->cmp[i]->fs[j]->name))
					fsb_strv_add(out, v->cmp[i]->fs[j]->name);
		return;
	}
	for (size_t j = 0; v->res && j < v->res->nfs; j++)
		fsb_strv_add(out, v->res->fs[j]->name);
}

void view_cycle_baseline(struct ui_ctx *ui, struct ui_view *v, int dir)
{
	struct fsb_strv names = { 0 };
	struct fsb_report_opts o = { .metric = v->metric, .baseline = v->baseline };
	const char *cur;
	size_t i = 0;

	baselines(v, &names);
	if (names.n < 2) {
		ui_message(ui, UI_WARNING, "there is only one filesystem to normalize to");
		fsb_strv_free(&names);
		return;
	}
	if (v->mode == VIEW_COMPARE)
		cur = v->baseline ? v->baseline : v->cmp[0]->baseline;
	else
		cur = fsb_report_baseline(v->res, &o);
	while (i < names.n && cur && strcmp(names.v[i], cur))
		i++;
	i = (i + names.n + (size_t)(dir > 0 ? 1 : names.n - 1)) % names.n;
	free(v->baseline);
	v->baseline = fsb_xstrdup(names.v[i]);
	fsb_strv_free(&names);
	view_rebuild(ui, v);
	ui_message(ui, UI_STATUS, "normalized to %s", v->baseline);
}

void view_cycle_metric(struct ui_ctx *ui, struct ui_view *v, int dir)
{
	size_t n = FSB_ARRAY_SIZE(metrics), i = 0;

	while (i < n && metrics[i] != v->metric)
		i++;
	i = (i + n + (size_t)(dir > 0 ? 1 : n - 1)) % n;
	v->metric = metrics[i];
	view_rebuild(ui, v);
	ui_message(ui, UI_STATUS, "metric: %s", fsb_metric_name(v->metric));
}

void view_cycle_chart(struct ui_ctx *ui, struct ui_view *v, int dir)
{
	size_t i = 0;

	if (!v->phases.n)
		return;
	while (i < v->phases.n && v->chart && strcmp(v->phases.v[i], v->chart))
		i++;
	if (i == v->phases.n)
		i = 0;
	else
		i = (i + v->phases.n + (size_t)(dir > 0 ? 1 : v->phases.n - 1)) % v->phases.n;
	free(v->chart);
	v->chart = fsb_xstrdup(v->phases.v[i]);
	view_rebuild(ui, v);
}

const struct ui_key view_keys[] = {
	{ .name = "Left Right h l", .help = "the phase the bar chart shows (the highlighted column)" },
	{ .name = "m M", .help = "metric of the summary and the chart: dead, real, usr, sys, sync" },
	{ .name = "b B", .help = "baseline: normalize to the next / previous filesystem" },
	{ .name = "< >", .help = "scroll wide tables sideways (the first column stays)" },
	{ .name = "Up Down j k", .help = "scroll" },
	{ .name = "PgUp PgDn", .help = "scroll a page" },
	{ .name = "Home End g G", .help = "top / bottom" },
	{ .name = NULL },
};

int view_key(struct ui_ctx *ui, struct ui_view *v, int key, int h)
{
	int page = h > 2 ? h - 2 : 1;

	switch (key) {
	case KEY_LEFT:
	case 'h':
		if (v->mode == VIEW_COMPARE)
			v->hscroll = v->hscroll > 8 ? v->hscroll - 8 : 0;
		else
			view_cycle_chart(ui, v, -1);
		break;
	case KEY_RIGHT:
	case 'l':
		if (v->mode == VIEW_COMPARE)
			v->hscroll = v->hscroll + 8 < v->hmax ? v->hscroll + 8 : v->hmax;
		else
			view_cycle_chart(ui, v, 1);
		break;
	case 'm':
	case 'M':
		view_cycle_metric(ui, v, key == 'm' ? 1 : -1);
		break;
	case 'b':
	case 'B':
		view_cycle_baseline(ui, v, key == 'b' ? 1 : -1);
		break;
	case '<':
	case KEY_SLEFT:
		v->hscroll = v->hscroll > 8 ? v->hscroll - 8 : 0;
		break;
	case '>':
	case KEY_SRIGHT:
		v->hscroll = v->hscroll + 8 < v->hmax ? v->hscroll + 8 : v->hmax;
		break;
	case KEY_UP:
	case 'k':
		v->scroll--;
		break;
	case KEY_DOWN:
	case 'j':
		v->scroll++;
		break;
	case KEY_PPAGE:
		v->scroll -= page;
		break;
	case KEY_NPAGE:
	case ' ':
		v->scroll += page;
		break;
	case KEY_HOME:
	case 'g':
		v->scroll = 0;
		break;
	case KEY_END:
	case 'G':
		v->scroll = v->lines;
		break;
	default:
		return 0;
	}
	return UI_HANDLED | UI_REDRAW;
}

static void text_wrap(struct ui_ctx *ui, const char *text, int w, struct fsb_strv *out)
{
	wrap_hanging(fsb_text_display(text, ui->utf8), w, out);
}

static int block_lines(struct ui_ctx *ui, const struct view_block *b, int w)
{
	static const struct ui_table_opts o = { .title = true, .caption = true, .notes = true };

	switch (b->kind) {
	case VIEW_TEXT: {
		struct fsb_strv l = { 0 };
		int n;

		if (fsb_text_width(fsb_text_display(b->text, ui->utf8)) <= (size_t)w)
			return 1;
		text_wrap(ui, b->text, w, &l);
		n = (int)l.n;
		fsb_strv_free(&l);
		return n;
	}
	case VIEW_TABLE:
		return table_lines(ui, &b->table, &o, w);
	case VIEW_CHART:
		return chart_lines(&b->chart);
	}
	return 0;
}

void ui_view_draw(struct ui_ctx *ui, struct ui_view *v, const struct ui_rect *r)
{
	int total = 0, vy = 0, hmax = 0;

	for (size_t i = 0; i < v->nblocks; i++)
		total += block_lines(ui, &v->blocks[i], r->w);
	/* the trailing blank line does not need to scroll into view */
	if (v->nblocks && v->blocks[v->nblocks - 1].kind == VIEW_TEXT && !*v->blocks[v->nblocks - 1].text)
		total--;
	v->lines = total;
	if (v->scroll > total - r->h)
		v->scroll = total - r->h;
	if (v->scroll < 0)
		v->scroll = 0;
	for (size_t i = 0; i < v->nblocks; i++) {
		const struct view_block *b = &v->blocks[i];
		int n = block_lines(ui, b, r->w), skip = v->scroll - vy, y0 = vy - v->scroll;
		struct ui_rect br;

		if (skip < 0)
			skip = 0;
		if (y0 < 0)
			y0 = 0;
		if (vy + n > v->scroll && y0 < r->h) {
			br = (struct ui_rect){ r->y + y0, r->x, r->h - y0, r->w };
			if (b->kind == VIEW_TEXT) {
				struct fsb_strv l = { 0 };

				text_wrap(ui, b->text, r->w, &l);
				for (int k = skip; k < (int)l.n && k - skip < br.h; k++)
					ui_put(br.y + k - skip, br.x, br.w, b->role, l.v[k]);
				fsb_strv_free(&l);
			} else if (b->kind == VIEW_TABLE) {
				struct ui_table_opts o = {
					.title = true, .caption = true, .notes = true,
					.hscroll = v->hscroll, .sel_row = -1, .focus_col = -1,
				};
				int hm = 0;

				if (b->summary && v->mode != VIEW_COMPARE) {
					for (size_t c = 1; c < b->table.ncols; c++)
						if (v->chart && strcmp(fsb_table_cell(&b->table, 0, c)->text, v->chart) == 0)
							o.focus_col = (int)c;
					o.run_row = v->run_fs;
					o.run_col = v->run_phase;
				}
				ui_draw_table(ui, &br, &b->table, &o, skip, &hm);
				if (hm > hmax)
					hmax = hm;
			} else {
				ui_draw_chart(ui, &br, &b->chart, skip);
			}
		}
		vy += n;
	}
	v->hmax = hmax;
	if (v->hscroll > hmax)
		v->hscroll = hmax;
	/* more above or below */
	if (v->scroll > 0)
		ui_put(r->y, r->x + r->w - 8, 8, UI_AXIS, ui->utf8 ? "  ▲ more" : "  ^ more");
	if (v->scroll + r->h < total)
		ui_put(r->y + r->h - 1, r->x + r->w - 8, 8, UI_AXIS, ui->utf8 ? "  ▼ more" : "  v more");
}
