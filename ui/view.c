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

static struct view_block *add_block(struct ui_view *v, enum view_block_kind kind)
{
	struct view_block *b;

	v->blocks = fsb_xrealloc(v->blocks, (v->nblocks + 1) * sizeof(*v->blocks));
	b = &v->blocks[v->nblocks++];
	memset(b, 0, sizeof(*b));
	b->kind = kind;
	return b;
}

static void add_line(struct ui_view *v, enum ui_role role, const char *prefix, const char *text)
{
	struct view_block *b = add_block(v, VIEW_TEXT);

	b->text = fsb_xasprintf("%s%s", prefix, text);
	b->role = role;
}

static void clear_blocks(struct ui_view *v)
{
	for (size_t i = 0; i < v->nblocks; i++)
		free(v->blocks[i].text);
	free(v->blocks);
	v->blocks = NULL;
	v->nblocks = 0;
	fsb_doc_free(&v->doc);
	fsb_strv_free(&v->phases);
}

void view_free(struct ui_view *v)
{
	clear_blocks(v);
	free(v->baseline);
	free(v->chart);
	v->baseline = v->chart = NULL;
	v->use = NULL;
	fsb_history_free(&v->history);
}

void view_load_history(struct ui_view *v, const char *file)
{
	struct fsb_err err = { 0 };

	fsb_history_free(&v->history);
	if (v->res)
		fsb_history_load(v->res, file, &v->history, &err);
	fsb_err_clear(&err);
}

static enum ui_role text_role(enum fsb_block_role role)
{
	switch (role) {
	case FSB_ROLE_IDENTITY:
		return UI_VALUE;
	case FSB_ROLE_WARNING:
		return UI_WARNING;
	case FSB_ROLE_LEGEND:
		return UI_DIM;
	default:
		return UI_NORMAL;
	}
}

/* How each block of the document looks on the screen; what is in it is
 * fsb_doc_result's (document.h). */
static const enum fsb_series_kind series_kinds[] = {
	FSB_SERIES_write_kib_s, FSB_SERIES_iops, FSB_SERIES_util_pct,
};

static enum fsb_series_kind series_kind(const struct ui_view *v)
{
	return series_kinds[(size_t)v->series % FSB_ARRAY_SIZE(series_kinds)];
}

static void add_doc_block(struct ui_ctx *ui, struct ui_view *v, const struct fsb_block *d)
{
	struct fsb_strv l = { 0 };

	switch (d->kind) {
	case FSB_BLOCK_HEADING:
		add_line(v, UI_HEADING, "", d->text);
		break;
	case FSB_BLOCK_TEXT:
	case FSB_BLOCK_NOTE:
		add_line(v, text_role(d->role), d->role == FSB_ROLE_FILES ? "  " : "", d->text);
		break;
	case FSB_BLOCK_KV:
		for (size_t k = 0; k < d->nkv; k++) {
			fsb_kv_lines(&d->kv[k], &l);
			for (size_t m = 0; m < l.n; m++)
				add_line(v, d->kv[k].list ? UI_DIM : UI_NORMAL, d->role == FSB_ROLE_TARGET ? "" : "  ",
					 l.v[m]);
			fsb_strv_free(&l);
		}
		break;
	case FSB_BLOCK_TABLE:
		add_block(v, VIEW_TABLE)->table = &d->table;
		v->blocks[v->nblocks - 1].summary = d->role == FSB_ROLE_SUMMARY;
		break;
	case FSB_BLOCK_CHART:
		add_block(v, VIEW_CHART)->chart = &d->chart;
		break;
	case FSB_BLOCK_SERIES: {
		size_t namew = 0;
		char *t = fsb_series_title(d->phase, series_kind(v));

		add_line(v, UI_DIM, "", t);
		free(t);
		for (size_t k = 0; k < d->nseries; k++)
			if (strlen(d->series[k].fs) > namew)
				namew = strlen(d->series[k].fs);
		for (size_t k = 0; k < d->nseries; k++) {
			t = fsb_series_line_text(&d->series[k], series_kind(v), namew, 40, ui->utf8);
			add_line(v, UI_NORMAL, "  ", t);
			free(t);
		}
		break;
	}
	case FSB_BLOCK_VERDICT:
		add_line(v, UI_HEADING, "", d->text ? d->text : "Verdict");
		for (size_t k = 0; k < d->lines.n; k++)
			add_line(v, k ? UI_NORMAL : UI_VALUE, "  ", d->lines.v[k]);
		break;
	}
}

/* The document's sections each mode shows: a live run and the browser's
 * preview only the top of it. */
static unsigned sections(const struct ui_view *v)
{
	if (v->mode == VIEW_FULL)
		return FSB_DOC_ALL;
	return FSB_DOC_SUMMARY | (v->verdict ? FSB_DOC_VERDICT : 0) | FSB_DOC_SERIES |
	       (v->side ? FSB_DOC_CHART_TABLE : 0);
}

const char *view_chart_phase(const struct ui_view *v)
{
	for (size_t i = 0; i < v->doc.n; i++)
		if (v->doc.v[i].role == FSB_ROLE_OVERVIEW)
			return v->doc.v[i].phase;
	return NULL;
}

/* With v->side, the only phase table a live view's sections hold: the one
 * for beside the chart, not among the lines (a table's gap goes with it). */
static bool is_side(const struct ui_view *v, const struct fsb_block *b)
{
	return v->side && b->kind == FSB_BLOCK_TABLE && b->role == FSB_ROLE_PHASE;
}

const struct fsb_table *view_side_table(const struct ui_view *v)
{
	for (size_t i = 0; i < v->doc.n; i++)
		if (is_side(v, &v->doc.v[i]))
			return &v->doc.v[i].table;
	return NULL;
}

void view_rebuild(struct ui_ctx *ui, struct ui_view *v)
{
	struct fsb_doc_opts o = {
		.report = { .metric = v->metric, .baseline = v->baseline, .history = &v->history },
		.raw = v->raw, .sections = sections(v), .chart = v->chart,
		.rec = { .use = v->use, .cfg = ui->cfg },
	};

	clear_blocks(v);
	if (v->mode == VIEW_COMPARE) {
		if (!v->ncmp)
			return;
		fsb_doc_compare(v->cmp, (const char *const *)v->labels, v->ncmp, &o, &v->doc);
	} else {
		if (!v->res)
			return;
		fsb_doc_result(v->res, &o, &v->doc);
		/* the chart can show what the document says it can */
		for (size_t i = 0; i < v->doc.chart_phases.n; i++)
			fsb_strv_add(&v->phases, v->doc.chart_phases.v[i]);
	}
	for (size_t i = 0; i < v->doc.n; i++) {
		const struct fsb_block *b = &v->doc.v[i];

		if (is_side(v, b))
			continue;
		add_doc_block(ui, v, b);
		if (fsb_doc_gap_after(&v->doc, i))
			add_line(v, UI_NORMAL, "", "");
	}
}

void view_cycle_baseline(struct ui_ctx *ui, struct ui_view *v, int dir)
{
	const struct fsb_strv *names = &v->doc.baselines;	/* the document's */
	struct fsb_report_opts o = { .metric = v->metric, .baseline = v->baseline };
	const char *cur;
	size_t i = 0;

	if (names->n < 2) {
		ui_message(ui, UI_WARNING, "there is only one filesystem to normalize to");
		return;
	}
	if (v->mode == VIEW_COMPARE)
		cur = v->baseline ? v->baseline : v->cmp[0]->baseline;
	else
		cur = fsb_cell_baseline(v->res, &o);
	while (i < names->n && cur && strcmp(names->v[i], cur))
		i++;
	i = (i + names->n + (size_t)(dir > 0 ? 1 : names->n - 1)) % names->n;
	free(v->baseline);
	v->baseline = fsb_xstrdup(names->v[i]);
	view_rebuild(ui, v);
	ui_message(ui, UI_STATUS, "normalized to %s", v->baseline);
}

void view_cycle_metric(struct ui_ctx *ui, struct ui_view *v, int dir)
{
	size_t n, i = 0;
	const enum fsb_metric *metrics = fsb_metric_choices(&n);	/* the model's one list */

	while (i < n && metrics[i] != v->metric)
		i++;
	i = (i + n + (size_t)(dir > 0 ? 1 : n - 1)) % n;
	v->metric = metrics[i];
	view_rebuild(ui, v);
	ui_message(ui, UI_STATUS, "metric: %s", fsb_metric_name(v->metric));
}

void view_cycle_chart(struct ui_ctx *ui, struct ui_view *v, int dir)
{
	const char *cur;
	size_t i = 0;

	if (!v->phases.n)
		return;
	cur = v->chart ? v->chart : view_chart_phase(v);
	while (i < v->phases.n && cur && strcmp(v->phases.v[i], cur))
		i++;
	if (i == v->phases.n)
		i = 0;
	else
		i = (i + v->phases.n + (size_t)(dir > 0 ? 1 : v->phases.n - 1)) % v->phases.n;
	cur = fsb_xstrdup(v->phases.v[i]);
	free(v->chart);
	v->chart = (char *)cur;
	view_rebuild(ui, v);
}

/* What the disk is for: the next use after the one shown (the view's
 * choice, else what the run was told, else the default). */
void view_cycle_use(struct ui_ctx *ui, struct ui_view *v, int dir)
{
	size_t n, i = 0;
	const struct fsb_use *uses = fsb_use_all(&n);
	const char *cur = v->use ? v->use : FSB_USE_DEFAULT;

	for (size_t k = 0; !v->use && k < v->doc.n; k++)
		if (v->doc.v[k].role == FSB_ROLE_RECOMMEND && v->doc.v[k].rec)
			cur = v->doc.v[k].rec->use->name;

	while (i < n && strcmp(uses[i].name, cur))
		i++;
	i = (i + n + (size_t)(dir > 0 ? 1 : n - 1)) % n;
	v->use = uses[i].name;
	view_rebuild(ui, v);
	ui_message(ui, UI_STATUS, "recommendation for %s (u U: another use)", uses[i].words);
}

bool view_has_series(const struct ui_view *v)
{
	for (size_t i = 0; i < v->doc.n; i++)
		if (v->doc.v[i].kind == FSB_BLOCK_SERIES)
			return true;
	return false;
}

void view_cycle_series(struct ui_ctx *ui, struct ui_view *v)
{
	v->series = (v->series + 1) % (int)FSB_ARRAY_SIZE(series_kinds);
	view_rebuild(ui, v);
	ui_message(ui, UI_STATUS, "device over time: %s", fsb_series_infos[series_kind(v)].desc);
}

/* The report view the current screen shows, or NULL. */
static struct ui_view *shown(struct ui_ctx *ui)
{
	const struct ui_screen_ops *ops = ui->ops[ui->cur];

	return ops->view ? ops->view(ui) : NULL;
}

static bool showing(struct ui_ctx *ui)
{
	return shown(ui) != NULL;
}

/* A result (not a comparison): Left Right pick the chart's phase. */
static bool charting(struct ui_ctx *ui)
{
	struct ui_view *v = shown(ui);

	return v && v->mode != VIEW_COMPARE;
}

static bool with_series(struct ui_ctx *ui)
{
	return charting(ui) && view_has_series(shown(ui));
}

const struct ui_key view_keys[] = {
	{ .name = "t", .help = "device over time: write throughput, IOPS, utilisation" },
	{ .name = "Left Right h l", .help = "the phase the bar chart shows (the highlighted column)" },
	{ .name = "m M", .help = "metric of the summary and the chart: dead, real, usr, sys, sync" },
	{ .name = "b B", .help = "baseline: normalize to the next / previous filesystem" },
	{ .name = "u U", .help = "what the disk is for: the recommendation for the next / previous use" },
	{ .name = "< >", .help = "scroll wide tables sideways (the first column stays)" },
	{ .name = "Up Down j k", .help = "scroll" },
	{ .name = "PgUp PgDn", .help = "scroll a page" },
	{ .name = "Home End g G", .help = "top / bottom" },
	/* key bar labels of keys above, after the screen's own */
	{ .keys = { KEY_RIGHT }, .name = "→", .bar = "Chart", .when = charting },
	{ .keys = { 'm' }, .name = "m", .bar = "Metric", .when = showing },
	{ .keys = { 'b' }, .name = "b", .bar = "Baseline", .when = showing },
	{ .keys = { 't' }, .name = "t", .bar = "Series", .when = with_series },
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
	case 't':
		view_cycle_series(ui, v);
		break;
	case 'u':
	case 'U':
		if (v->mode == VIEW_COMPARE)
			return 0;
		view_cycle_use(ui, v, key == 'u' ? 1 : -1);
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
		return table_lines(ui, b->table, &o, w);
	case VIEW_CHART:
		return chart_lines(b->chart);
	}
	return 0;
}

/* The wide character on the screen at y, x ('\0' when there is none). */
static wchar_t screen_char(int y, int x)
{
	cchar_t cc;
	wchar_t wch[CCHARW_MAX + 1] = { 0 };
	attr_t attrs;
	short pair;

	if (mvin_wch(y, x, &cc) == ERR || getcchar(&cc, wch, &attrs, &pair, NULL) == ERR)
		return L'\0';
	return wch[0];
}

static bool number_char(wchar_t c)
{
	return (c >= L'0' && c <= L'9') || c == L'.' || c == L'×' || c == L'%';
}

/* A "more" mark over the row's last 8 columns at y.  A number it would cut
 * goes whole: "39" left of the mark would read as another value than the
 * 391.21 under it. */
static void more_mark(int y, const struct ui_rect *r, const char *mark)
{
	int x = r->x + r->w - 8;

	if (number_char(screen_char(y, x)))
		for (int i = x - 1; i >= r->x && number_char(screen_char(y, i)); i--)
			mvaddch(y, i, ' ');
	ui_put(y, x, 8, UI_AXIS, mark);
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
					int c = fsb_table_find_col(b->table, view_chart_phase(v));

					o.focus_col = c > 0 ? c : -1;
					o.run_row = v->run_fs;
					o.run_col = v->run_phase;
				}
				ui_draw_table(ui, &br, b->table, &o, skip, &hm);
				if (hm > hmax)
					hmax = hm;
			} else {
				ui_draw_chart(ui, &br, b->chart, skip);
			}
		}
		vy += n;
	}
	v->hmax = hmax;
	if (v->hscroll > hmax)
		v->hscroll = hmax;
	/* more above or below */
	if (v->scroll > 0)
		more_mark(r->y, r, ui->utf8 ? "  ▲ more" : "  ^ more");
	if (v->scroll + r->h < total)
		more_mark(r->y + r->h - 1, r, ui->utf8 ? "  ▼ more" : "  v more");
}
