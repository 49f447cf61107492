/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Screen 5, Browse: the result files of the results directory, newest
 * first, filterable.  Enter opens one in the same tables and charts as the
 * run screen (plus every per-phase and bonnie table, the verdict); Space
 * marks files and c compares the marked ones side by side
 * (fsb_report_compare); d deletes one after asking.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "model/browse.h"
#include "widgets.h"

enum mode { MODE_LIST, MODE_VIEW, MODE_COMPARE };

struct browse_state {
	enum mode mode;
	struct fsb_browse b;
	char scan_error[1024];
	size_t *idx;             /* the entries the filter lets through */
	size_t nidx;
	struct fsb_strv marked;  /* paths of marked files */
	struct ui_list list;
	struct ui_rect list_r;
	struct fsb_table table;  /* the list as a report table (src/doc/browse_table.c) */
	bool have_table;
	size_t widths[FSB_BROWSE_NCOLS];  /* its column widths, measured once per filter */
	bool have_widths;
	int hscroll;             /* columns scrolled sideways, at width hscroll_w */
	int hscroll_w;           /* the list's width when last drawn */
	struct ui_input filter;
	bool filtering;          /* the filter field has the keyboard */
	struct ui_view view;     /* MODE_VIEW and MODE_COMPARE */
	struct ui_view preview;  /* tall terminals: the highlighted file's summary under the list */
	struct fsb_result *preview_res;  /* the highlighted file, parsed for the preview */
	char *preview_of;        /* its path */
	struct fsb_result *opened;  /* MODE_VIEW: the open file, parsed when opened */
	struct fsb_result **cmp; /* MODE_COMPARE: the marked files, parsed */
	size_t ncmp;
	const char **labels;
	char *delete_path;       /* the file the delete question is about */
};

static struct browse_state *S(struct ui_ctx *ui)
{
	return ui_state(ui, UI_SCR_BROWSE);
}

static void *browse_init(struct ui_ctx *ui)
{
	struct browse_state *s = fsb_xcalloc(1, sizeof(*s));

	(void)ui;
	s->list.cur = -1;
	s->view.metric = FSB_METRIC_DEAD;
	s->preview.mode = VIEW_LIVE;
	s->preview.verdict = true;
	s->preview.metric = FSB_METRIC_DEAD;
	return s;
}

static void close_view(struct browse_state *s)
{
	view_free(&s->view);
	s->view.res = NULL;
	s->view.cmp = NULL;
	s->view.ncmp = 0;
	for (size_t i = 0; i < s->ncmp; i++)
		fsb_result_free(s->cmp[i]);
	free(s->cmp);
	fsb_result_free(s->opened);
	free(s->labels);
	s->cmp = NULL;
	s->ncmp = 0;
	s->opened = NULL;
	s->labels = NULL;
	s->mode = MODE_LIST;
}

static void drop_preview(struct browse_state *s)
{
	view_free(&s->preview);
	s->preview.res = NULL;
	fsb_result_free(s->preview_res);
	s->preview_res = NULL;
	free(s->preview_of);
	s->preview_of = NULL;
}

static void browse_fini(struct ui_ctx *ui)
{
	struct browse_state *s = S(ui);

	close_view(s);
	drop_preview(s);
	if (s->have_table)
		fsb_table_free(&s->table);
	fsb_browse_free(&s->b);
	fsb_strv_free(&s->marked);
	free(s->idx);
	free(s->delete_path);
	free(s);
}

static const struct fsb_browse_entry *cur_entry(struct browse_state *s)
{
	if (s->list.cur < 0 || (size_t)s->list.cur >= s->nidx)
		return NULL;
	return &s->b.v[s->idx[s->list.cur]];
}

/* The filtered index and the table, keeping the cursor on the same file. */
static void refilter(struct browse_state *s, const char *keep)
{
	free(s->idx);
	s->idx = fsb_xcalloc(s->b.n + 1, sizeof(*s->idx));
	s->nidx = 0;
	for (size_t i = 0; i < s->b.n; i++)
		if (fsb_browse_match(&s->b.v[i], s->filter.buf))
			s->idx[s->nidx++] = i;
	if (s->have_table)
		fsb_table_free(&s->table);
	fsb_report_browse(&s->b, s->idx, s->nidx, &s->table);
	s->have_table = true;
	s->have_widths = false;
	s->list.n = (int)s->nidx;
	for (size_t i = 0; keep && i < s->nidx; i++)
		if (strcmp(s->b.v[s->idx[i]].path, keep) == 0)
			s->list.cur = (int)i;
	list_clamp(&s->list, s->list_r.h > 0 ? s->list_r.h : 10);
}

static void rescan(struct ui_ctx *ui)
{
	struct browse_state *s = S(ui);
	const struct fsb_browse_entry *e = cur_entry(s);
	char *keep = e ? fsb_xstrdup(e->path) : NULL;
	struct fsb_err err = { 0 };

	close_view(s);
	drop_preview(s);
	fsb_browse_free(&s->b);
	s->scan_error[0] = '\0';
	if (fsb_browse_scan(ui->results_dir, &s->b, &err))
		snprintf(s->scan_error, sizeof(s->scan_error), "%s", err.msg);
	refilter(s, keep);
	if (!keep)
		s->list.cur = s->list.n ? 0 : -1;
	free(keep);
}

static void open_entry(struct ui_ctx *ui, const struct fsb_browse_entry *e)
{
	struct browse_state *s = S(ui);
	struct fsb_result *res = NULL;
	struct fsb_err err = { 0 };

	if (!e->readable) {
		ui_message(ui, UI_ERROR, "%s cannot be read: %s", e->name, e->error ? e->error : "?");
		return;
	}
	/* the index lists, the file is the truth: it is parsed now */
	if (fsb_result_read(e->path, &res, &err)) {
		ui_message(ui, UI_ERROR, "%s cannot be read: %s", e->name, err.msg);
		return;
	}
	close_view(s);
	s->opened = res;
	s->mode = MODE_VIEW;
	s->view.mode = VIEW_FULL;
	s->view.res = res;
	s->view.scroll = s->view.hscroll = 0;
	view_load_history(&s->view, NULL);
	view_rebuild(ui, &s->view);
}

static int browse_enter(struct ui_ctx *ui)
{
	struct browse_state *s = S(ui);

	ui_like_clear(ui);	/* back from a target pick: no result's plan waits any more */
	rescan(ui);
	if (ui->open_path) {
		for (size_t i = 0; i < s->nidx; i++)
			if (strcmp(s->b.v[s->idx[i]].path, ui->open_path) == 0) {
				s->list.cur = (int)i;
				open_entry(ui, &s->b.v[s->idx[i]]);
			}
		free(ui->open_path);
		ui->open_path = NULL;
	}
	return UI_REDRAW;
}

static void browse_leave(struct ui_ctx *ui)
{
	close_view(S(ui));
	S(ui)->filtering = false;
}

/* ---- keys -------------------------------------------------------------------------------- */

static int do_open(struct ui_ctx *ui, int key)
{
	struct browse_state *s = S(ui);
	const struct fsb_browse_entry *e = cur_entry(s);

	(void)key;
	if (s->mode != MODE_LIST)
		return 0;
	if (!e) {
		ui_message(ui, UI_STATUS, "no result file here yet: run a benchmark first");
		return UI_REDRAW;
	}
	open_entry(ui, e);
	return UI_REDRAW;
}

/* "Run this plan here": the highlighted result's plan, to a target and
 * the confirmation (ui/like.c). */
static int do_like(struct ui_ctx *ui, int key)
{
	struct browse_state *s = S(ui);
	const struct fsb_browse_entry *e = cur_entry(s);

	(void)key;
	if (s->mode == MODE_COMPARE || !e)
		return 0;
	return ui_like_pick(ui, e->path);
}

static int do_mark(struct ui_ctx *ui, int key)
{
	struct browse_state *s = S(ui);
	const struct fsb_browse_entry *e = cur_entry(s);
	struct fsb_strv keep = { 0 };

	(void)key;
	if (s->mode != MODE_LIST || !e)
		return 0;
	if (fsb_strv_contains(&s->marked, e->path)) {
		for (size_t i = 0; i < s->marked.n; i++)
			if (strcmp(s->marked.v[i], e->path))
				fsb_strv_add(&keep, s->marked.v[i]);
		fsb_strv_free(&s->marked);
		s->marked = keep;
	} else {
		fsb_strv_add(&s->marked, e->path);
	}
	if (s->list.cur + 1 < s->list.n)
		s->list.cur++;
	ui_message(ui, UI_STATUS, "%zu marked%s", s->marked.n, s->marked.n >= 2 ? ": c compares them" : "");
	return UI_REDRAW;
}

static int do_compare(struct ui_ctx *ui, int key)
{
	struct browse_state *s = S(ui);
	size_t n = 0;

	(void)key;
	if (s->mode != MODE_LIST)
		return 0;
	if (s->marked.n < 2) {
		ui_message(ui, UI_WARNING, "mark two or more files with Space, then c compares them");
		return UI_REDRAW;
	}
	close_view(s);
	s->cmp = fsb_xcalloc(s->marked.n, sizeof(*s->cmp));
	s->labels = fsb_xcalloc(s->marked.n, sizeof(*s->labels));
	/* in list order: newest first */
	for (size_t i = 0; i < s->b.n; i++)
		if (s->b.v[i].readable && fsb_strv_contains(&s->marked, s->b.v[i].path) &&
		    fsb_result_read(s->b.v[i].path, &s->cmp[n], NULL) == 0) {
			s->labels[n++] = s->b.v[i].name;
			s->ncmp = n;
		}
	if (n < 2) {
		ui_message(ui, UI_WARNING, "fewer than two of the marked files can be read");
		close_view(s);
		return UI_REDRAW;
	}
	s->mode = MODE_COMPARE;
	s->view.mode = VIEW_COMPARE;
	s->view.cmp = s->cmp;
	s->view.labels = s->labels;
	s->view.ncmp = n;
	s->view.scroll = s->view.hscroll = 0;
	view_rebuild(ui, &s->view);
	return UI_REDRAW;
}

static int delete_answer(struct ui_ctx *ui, struct ui_dialog *d, bool yes)
{
	struct browse_state *s = S(ui);
	char *log;

	(void)d;
	if (!yes || !s->delete_path)
		return UI_REDRAW;
	if (unlink(s->delete_path) < 0) {
		ui_message(ui, UI_ERROR, "cannot delete %s: %s", s->delete_path, strerror(errno));
		return UI_REDRAW;
	}
	log = fsb_xasprintf("%.*s.log", (int)(strlen(s->delete_path) - 8), s->delete_path);
	unlink(log);
	free(log);
	ui_message(ui, UI_STATUS, "deleted %s", s->delete_path);
	rescan(ui);
	return UI_REDRAW;
}

static int do_delete(struct ui_ctx *ui, int key)
{
	struct browse_state *s = S(ui);
	const struct fsb_browse_entry *e = cur_entry(s);
	struct ui_dialog *d;

	(void)key;
	if (s->mode != MODE_LIST || !e)
		return 0;
	free(s->delete_path);
	s->delete_path = fsb_xstrdup(e->path);
	d = dialog_ask(ui, UI_DANGER, "Delete a result file?", "Delete", "Keep", delete_answer);
	dialog_line(d, "%s", e->path);
	if (e->log)
		dialog_line(d, "and its log %s", e->log);
	dialog_line(d, "%s", "");
	dialog_line(d, "This cannot be undone.");
	return UI_REDRAW;
}

static int do_filter(struct ui_ctx *ui, int key)
{
	struct browse_state *s = S(ui);

	(void)key;
	if (s->mode != MODE_LIST)
		return 0;
	s->filtering = true;
	return UI_REDRAW;
}

static int do_rescan(struct ui_ctx *ui, int key)
{
	(void)key;
	rescan(ui);
	ui_message(ui, UI_STATUS, "%zu result files in %s", S(ui)->b.n, ui->results_dir);
	return UI_REDRAW;
}

static int do_back(struct ui_ctx *ui, int key)
{
	struct browse_state *s = S(ui);

	(void)key;
	if (s->mode != MODE_LIST) {
		close_view(s);
		return UI_REDRAW;
	}
	if (s->filter.len && key == 27) {
		input_set(&s->filter, "");
		refilter(s, NULL);
		return UI_REDRAW;
	}
	return ui_back(ui);
}

static int do_raw(struct ui_ctx *ui, int key)
{
	struct browse_state *s = S(ui);

	(void)key;
	if (s->mode != MODE_VIEW)
		return 0;
	s->view.raw = !s->view.raw;
	view_rebuild(ui, &s->view);
	ui_message(ui, UI_STATUS, "per-repetition tables %s", s->view.raw ? "shown" : "hidden");
	return UI_REDRAW;
}

static int browse_key(struct ui_ctx *ui, int key)
{
	struct browse_state *s = S(ui);

	if (s->filtering) {
		switch (key) {
		case '\n':
		case '\r':
		case KEY_ENTER:
		case KEY_DOWN:
			s->filtering = false;
			return UI_HANDLED | UI_REDRAW;
		case 27:
			s->filtering = false;
			input_set(&s->filter, "");
			refilter(s, NULL);
			return UI_HANDLED | UI_REDRAW;
		}
		if (input_key(&s->filter, key)) {
			refilter(s, NULL);
			s->list.cur = s->list.n ? 0 : -1;
			return UI_HANDLED | UI_REDRAW;
		}
		return UI_HANDLED;
	}
	if (s->mode != MODE_LIST)
		return view_key(ui, &s->view, key, LINES - 4);
	switch (key) {
	case '<':
	case KEY_SLEFT:
	case KEY_LEFT:
		s->hscroll = s->hscroll > 8 ? s->hscroll - 8 : 0;
		return UI_HANDLED | UI_REDRAW;
	case '>':
	case KEY_SRIGHT:
	case KEY_RIGHT:
		s->hscroll += 8;
		return UI_HANDLED | UI_REDRAW;
	}
	return list_key(&s->list, key, s->list_r.h > 0 ? s->list_r.h : 10, NULL, NULL);
}

static int browse_mouse(struct ui_ctx *ui, const MEVENT *m, const struct ui_rect *body)
{
	struct browse_state *s = S(ui);
	int i;

	(void)body;
	if (s->mode != MODE_LIST)
		return 0;
	i = list_hit(&s->list, &s->list_r, m->y);
	if (i < 0)
		return 0;
	s->list.cur = i;
	if (m->bstate & BUTTON1_DOUBLE_CLICKED)
		return do_open(ui, '\n');
	if (m->x < s->list_r.x + 2)
		return do_mark(ui, ' ');
	return UI_HANDLED | UI_REDRAW;
}

/* ---- drawing ------------------------------------------------------------------------------ */

static void draw_detail(struct ui_ctx *ui, const struct ui_rect *r, const struct fsb_browse_entry *e)
{
	struct fsb_strv lines = { 0 };
	int y = r->y + 1;

	ui_box(ui, r, UI_FRAME, e ? e->name : "");
	if (!e)
		return;
	/* the index's fields: no parse for a line of text */
	if (!e->readable) {
		fsb_strv_addf(&lines, "cannot be read: %s", e->error ? e->error : "?");
	} else {
		if (*e->title)
			fsb_strv_addf(&lines, "%s", e->title);
		fsb_strv_addf(&lines, "%s, started %s%s%s, %s", fsb_result_status_name(e->status),
			      *e->started ? e->started : "?", *e->finished ? ", finished " : "", e->finished, e->tool);
		if (*e->kernel || *e->cpu)
			fsb_strv_addf(&lines, "host %s%s%s%s%s", e->host, *e->host ? ", " : "", e->kernel,
				      *e->cpu ? ", " : "", e->cpu);
		if (*e->workload)
			fsb_strv_addf(&lines, "workload: %s", e->workload);
		if (*e->command)
			fsb_strv_addf(&lines, "%s", e->command);
	}
	fsb_strv_addf(&lines, "%s", e->path);
	for (size_t i = 0; i < lines.n && y < r->y + r->h - 1; i++)
		ui_putd(ui, y++, r->x + 2, r->w - 4, i + 1 == lines.n ? UI_DIM : UI_NORMAL, lines.v[i]);
	fsb_strv_free(&lines);
	/* room for more: the summary and chart of the highlighted file */
	if (e->readable && r->y + r->h - 1 - y > 8) {
		struct browse_state *s = S(ui);

		/* only the highlighted file is parsed, when it becomes highlighted */
		if (!s->preview_of || strcmp(s->preview_of, e->path)) {
			drop_preview(s);
			s->preview_of = fsb_xstrdup(e->path);
			if (fsb_result_read(e->path, &s->preview_res, NULL))
				s->preview_res = NULL;
			s->preview.res = s->preview_res;
			s->preview.scroll = 0;
			if (s->preview_res)
				view_rebuild(ui, &s->preview);
		}
		if (s->preview_res)
			ui_view_draw(ui, &s->preview, &(struct ui_rect){ y + 1, r->x + 2, r->y + r->h - 2 - y, r->w - 4 });
	}
}

static void draw_list(struct ui_ctx *ui, const struct ui_rect *body)
{
	struct browse_state *s = S(ui);
	int y = body->y, dh = body->h >= 36 ? body->h / 2 + 2 : 7, lh, hmax = 0;
	struct ui_table_opts head = { .sel_row = -1, .focus_col = -1 };
	struct ui_table_opts rows = { .sel_row = -1, .sel_focus = true, .focus_col = -1 };
	const struct fsb_browse_entry *e;

	{
		bool filter = s->filter.len || s->filtering;
		char count[64], shown[48];
		int n = ui_put(y, 1, body->w - 2, UI_HEADING, "Results "), rest;

		snprintf(count, sizeof(count), ": %zu file%s", s->b.n, s->b.n == 1 ? "" : "s");
		snprintf(shown, sizeof(shown), ", %zu shown  ", s->nidx);
		/* the directory gives way (its end shows) to the counts and the
		 * filter being typed, which a long path pushed off the screen */
		rest = 3 + (int)strlen(count) + (filter ? (int)strlen(shown) + 7 + 24 : 0);
		n += ui_put(y, 1 + n, body->w - 2 - n, UI_DIM, "in ");
		n += ui_put_path(ui, y, 1 + n, body->w - 2 - n - rest + 3, UI_DIM, ui->results_dir);
		n += ui_put(y, 1 + n, body->w - 2 - n, UI_DIM, count);
		if (filter) {
			n += ui_put(y, 1 + n, body->w - 2 - n, UI_DIM, shown);
			n += ui_put(y, 1 + n, body->w - 2 - n, UI_LABEL, "filter ");
			ui_draw_input(ui, y, 1 + n, 24, &s->filter, s->filtering);
		}
	}
	y++;
	if (s->scan_error[0])
		ui_putd(ui, y++, 1, body->w - 2, UI_ERROR, s->scan_error);
	lh = body->y + body->h - y - dh;
	if (!s->b.n) {
		ui_putd(ui, y + 1, 3, body->w - 4, UI_DIM, "No result files yet.  Every run writes one here; go back (q) and start one.");
		ui_hint(ui, "q: back");
		return;
	}
	/* the header row stays, the rows scroll under it; 10,000 rows are
	 * measured once, not twice a frame */
	if (!s->have_widths) {
		ui_table_widths(ui, &s->table, s->widths);
		s->have_widths = true;
	}
	head.widths = rows.widths = s->widths;
	/* a sideways scroll was for the old width: in a resized window the
	 * list starts at its left edge again, instead of keeping columns
	 * scrolled out that now fit */
	if (s->hscroll_w != body->w)
		s->hscroll = 0;
	s->hscroll_w = body->w;
	head.hscroll = rows.hscroll = s->hscroll;
	ui_draw_table(ui, &(struct ui_rect){ y, body->x + 3, 1, body->w - 4 }, &s->table, &head, 0, &hmax);
	if (s->hscroll > hmax)
		s->hscroll = hmax;
	s->list_r = (struct ui_rect){ y + 1, body->x, lh - 1, body->w };
	list_clamp(&s->list, s->list_r.h);
	/* rows [top, top + h) of the table: skip its header line and the rows above */
	rows.sel_row = s->list.cur;
	ui_draw_table(ui, &(struct ui_rect){ y + 1, body->x + 3, s->list_r.h, body->w - 4 }, &s->table, &rows,
		      1 + s->list.top, NULL);
	for (int i = 0; i < s->list_r.h && s->list.top + i < s->list.n; i++) {
		const struct fsb_browse_entry *m = &s->b.v[s->idx[s->list.top + i]];

		if (s->list.top + i == s->list.cur)
			ui_put(s->list_r.y + i, body->x, 1, UI_CURSOR, ui->utf8 ? "▶" : ">");
		if (fsb_strv_contains(&s->marked, m->path))
			ui_put(s->list_r.y + i, body->x + 1, 1, UI_MARK, ui->utf8 ? "✓" : "*");
	}
	e = cur_entry(s);
	draw_detail(ui, &(struct ui_rect){ body->y + body->h - dh, body->x, dh, body->w }, e);
	if (e)
		ui_hint(ui, "Enter: open · Space: mark (%zu) · c: compare marked · /: filter · d: delete", s->marked.n);
	else
		ui_hint(ui, "no file matches the filter · /: filter · c: compare marked (%zu) · q: back", s->marked.n);
}

static void browse_draw(struct ui_ctx *ui, const struct ui_rect *body)
{
	struct browse_state *s = S(ui);

	if (s->mode == MODE_LIST) {
		draw_list(ui, body);
		return;
	}
	ui_view_draw(ui, &s->view, &(struct ui_rect){ body->y, body->x + 1, body->h, body->w - 2 });
	ui_hint(ui, "%s · m: metric (%s) · b: baseline · q: list",
		s->mode == MODE_VIEW ? "Left/Right: chart · p: repetitions" : "Left/Right: scroll sideways",
		fsb_metric_name(s->view.metric));
}

static bool in_list(struct ui_ctx *ui)
{
	return S(ui)->mode == MODE_LIST;
}

/* A file is highlighted: what acts on one is offered only then (an empty
 * directory, or a filter that matches nothing, has none to open, mark,
 * rerun or delete). */
static bool on_file(struct ui_ctx *ui)
{
	return in_list(ui) && cur_entry(S(ui));
}

static bool in_result(struct ui_ctx *ui)
{
	return S(ui)->mode == MODE_VIEW;
}

/* The report view, when a result or a comparison is open. */
static struct ui_view *browse_view(struct ui_ctx *ui)
{
	return S(ui)->mode != MODE_LIST ? &S(ui)->view : NULL;
}

static const struct ui_key browse_keys[] = {
	{ .keys = { '\n', '\r', KEY_ENTER }, .name = "Enter", .bar = "Open", .help = "open the highlighted result: every table and chart", .fn = do_open, .when = on_file },
	{ .keys = { ' ' }, .name = "Space", .bar = "Mark", .help = "mark / unmark for comparison", .fn = do_mark, .when = on_file },
	{ .keys = { 'c' }, .name = "c", .bar = "Compare", .help = "compare the marked files side by side", .fn = do_compare, .when = in_list },
	{ .keys = { '/' }, .name = "/", .bar = "Filter", .help = "filter by any text: date, status, profile, target, filesystem, phase", .fn = do_filter, .when = in_list },
	{ .keys = { 'L' }, .name = "L", .bar = "Rerun", .help = "run this plan here: the result's filesystems, phases, profile and repetitions on a target you pick next, then the confirmation", .fn = do_like, .when = on_file },
	{ .keys = { 'd', KEY_DC }, .name = "d Del", .bar = "Delete", .help = "delete the highlighted result file (asks first)", .fn = do_delete, .when = on_file },
	{ .keys = { 'R', KEY_F(5) }, .name = "R F5", .help = "read the directory again", .fn = do_rescan },
	{ .keys = { 'p' }, .name = "p", .bar = "Raw", .help = "open result: show / hide the per-repetition tables", .fn = do_raw, .when = in_result },
	{ .keys = { 'q', 27 }, .name = "q Esc", .bar = "Back", .help = "back: from a result to the list, from the list to the previous screen", .fn = do_back },
	{ .name = "Up Down j k", .help = "move (also PgUp PgDn Home End g G); Left Right: scroll sideways" },
	{ .name = NULL },
};

const struct ui_screen_ops ui_scr_browse = {
	.name = "Browse",
	.about = "Past result files, newest first.  Open one to see it as `fsbench show` prints it, drawn with the same tables and bar charts as the run screen; mark several to compare them side by side, normalized to the baseline of the first file that has it.",
	.keys = browse_keys,
	.more_keys = view_keys,
	.view = browse_view,
	.init = browse_init,
	.fini = browse_fini,
	.enter = browse_enter,
	.leave = browse_leave,
	.draw = browse_draw,
	.key = browse_key,
	.mouse = browse_mouse,
};
