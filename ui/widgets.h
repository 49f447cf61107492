/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * widgets.h — what the screens are drawn with: clipped text, boxes, a
 * scrolling list, report.h's tables and charts, a progress bar, text
 * fields, dialogs and the report view (ui/view.c) that shows a result the
 * same way on the run screen and in the browser.
 *
 * Tables and charts are the ones of src/doc/report.h: column widths come from
 * fsb_table_widths(), bars from fsb_chart_bar(), text through
 * fsb_text_display(), colors from the cells' semantic flags.  Nothing here
 * computes a number of its own.
 *
 * Width: every character fsbench draws is one column wide (render.h), so a
 * string's width is fsb_text_width() of its display form.
 */
#ifndef FSB_UI_WIDGETS_H
#define FSB_UI_WIDGETS_H

#include "doc/document.h"
#include "doc/render.h"
#include "doc/report.h"
#include "model/history.h"
#include "ui.h"

/* ---- text -------------------------------------------------------------- */

/* The mark where text was cut: "…" with UTF-8; without it, which way the
 * text goes on: "<" its start is left out, ">" its end, "~" its middle (a
 * path shortened in the middle, a name broken over two lines). */
enum ui_cut { UI_CUT_START, UI_CUT_END, UI_CUT_MIDDLE };
const char *ui_cut_mark(bool utf8, enum ui_cut where);

/* Draw s (already in display form) at y, x in role, clipped to w columns,
 * text cut off marked (ui_cut_mark: its end) in the last one; returns
 * the columns used. */
int ui_put(int y, int x, int w, enum ui_role role, const char *s);
/* The same after fsb_text_display(s, utf8). */
int ui_putd(struct ui_ctx *ui, int y, int x, int w, enum ui_role role, const char *s);
int ui_putf(struct ui_ctx *ui, int y, int x, int w, enum ui_role role, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));
/* A path in w columns: when too long, the start's mark and its end, so the
 * file name shows. */
int ui_put_path(struct ui_ctx *ui, int y, int x, int w, enum ui_role role, const char *path);
/* Blank w columns in role. */
void ui_fill(int y, int x, int w, enum ui_role role);
/* A frame around r with title on its top line. */
void ui_box(struct ui_ctx *ui, const struct ui_rect *r, enum ui_role role, const char *title);
/* Wrap text into lines of at most w columns (display form); appends to out. */
void wrap_text(const char *text, int w, struct fsb_strv *out);
/* The same, continuation lines indented two columns more than the first
 * line's own indentation. */
void wrap_hanging(const char *text, int w, struct fsb_strv *out);
/* Bytes of s that fit in w columns. */
size_t fit_bytes(const char *s, int w);
/* Bytes of s from which its last w columns start (a character is a
 * column). */
size_t tail_bytes(const char *s, int w);

/* ---- a scrolling list ---------------------------------------------------- */

struct ui_list {
	int n;                   /* items */
	int cur;                 /* the highlighted one, -1 when n == 0 */
	int top;                 /* the first one shown */
};

/* Keep cur valid and visible in h rows. */
void list_clamp(struct ui_list *l, int h);

/* Text of lines rows shown shown at a time, from row *top: PgUp and PgDn
 * move it a page (shown - 1), and with UI_SCROLL_LINES Up and Down a row,
 * with UI_SCROLL_ENDS Home and End to either end; *top stays in range.
 * False, *top untouched, for another key or when everything is shown. */
enum { UI_SCROLL_LINES = 1, UI_SCROLL_ENDS = 2 };
bool ui_scroll_key(int key, int *top, int lines, int shown, unsigned keys);
/* Up/Down/j/k/PgUp/PgDn/Home/End/g/G move cur; skip(i) (may be NULL)
 * says which items the cursor jumps over.  Flags. */
int list_key(struct ui_list *l, int key, int h, bool (*skip)(void *arg, int i), void *arg);
/* Which item a click at screen row y hits in a list drawn at r, or -1. */
int list_hit(const struct ui_list *l, const struct ui_rect *r, int y);

/* ---- report tables -------------------------------------------------------- */

struct ui_table_opts {
	bool title, caption, notes;  /* which extra lines to draw */
	int hscroll;             /* columns scrolled past the first (frozen) column */
	int sel_row;             /* a body row (0 = first after the headers) to highlight, -1 none */
	bool sel_focus;          /* the highlight has the keyboard */
	int focus_col;           /* a column to highlight (the chart's phase), -1 none */
	const char *run_row, *run_col;   /* the cell being measured: row key, column key (fsb_table_find_row/_col) */
	const size_t *widths;    /* t's column widths from ui_table_widths(), or NULL:
	                          * a long table measured once, not at every frame */
};

/* Lines ui_draw_table() uses for t with o in w columns. */
int table_lines(const struct ui_ctx *ui, const struct fsb_table *t, const struct ui_table_opts *o, int w);
/* Width of t's text layout. */
int table_width(const struct ui_ctx *ui, const struct fsb_table *t);
/* Its column widths into widths[t->ncols] (for ui_table_opts.widths). */
void ui_table_widths(const struct ui_ctx *ui, const struct fsb_table *t, size_t *widths);
/*
 * Draw lines [skip, skip + r->h) of t's layout into r.  Returns the lines
 * drawn.  *hmax (may be NULL) receives how far it can scroll horizontally.
 */
int ui_draw_table(struct ui_ctx *ui, const struct ui_rect *r, const struct fsb_table *t,
		  const struct ui_table_opts *o, int skip, int *hmax);

/* ---- charts ---------------------------------------------------------------- */

/* Lines ui_draw_chart() uses: title, one per bar, the axis and its scale. */
int chart_lines(const struct fsb_chart *c);
int ui_draw_chart(struct ui_ctx *ui, const struct ui_rect *r, const struct fsb_chart *c, int skip);

/* ---- progress bar -------------------------------------------------------- */

/* [█████▌    ]  45%: fraction 0..1 in w columns. */
void ui_draw_progress(struct ui_ctx *ui, int y, int x, int w, double fraction);

/* ---- text fields ------------------------------------------------------------ */

void input_set(struct ui_input *in, const char *s);
/* Edit keys: printable characters, Backspace, Delete, Left, Right, Home,
 * End, Ctrl-A/E/U/K/W.  Flags (0: not an edit key). */
int input_key(struct ui_input *in, int key);
/* Draw the field in w columns; with focus the terminal cursor goes there. */
void ui_draw_input(struct ui_ctx *ui, int y, int x, int w, const struct ui_input *in, bool focus);

/* ---- dialogs ----------------------------------------------------------------- */

/* Open a question (default answer: no).  Add lines with dialog_line().
 * yes NULL: a notice, its one button no (done is called with false). */
struct ui_dialog *dialog_ask(struct ui_ctx *ui, enum ui_role frame, const char *title, const char *yes,
			     const char *no, int (*done)(struct ui_ctx *, struct ui_dialog *, bool));
/* Open a form; add fields with dialog_field(). */
struct ui_dialog *dialog_form(struct ui_ctx *ui, const char *title,
			      int (*done)(struct ui_ctx *, struct ui_dialog *, bool));
void dialog_line(struct ui_dialog *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void dialog_field(struct ui_dialog *d, const char *label, const char *value);
void dialog_close(struct ui_ctx *ui);
void ui_dialog_draw(struct ui_ctx *ui);
int dialog_key(struct ui_ctx *ui, int key);

/* The keys of a yes/no question (the confirm screen and ask dialogs):
 * arrows, Tab, h/l move the focus; y/n, Esc, q answer; Enter/Space take
 * the focused answer. */
enum yesno { YESNO_NONE, YESNO_MOVED, YESNO_YES, YESNO_NO };
enum yesno yesno_key(int key, bool *yes_focused);
int dialog_mouse(struct ui_ctx *ui, const MEVENT *m);

/* ---- the report view: one result (or a comparison) as blocks ----------------- */

enum view_block_kind { VIEW_TEXT, VIEW_TABLE, VIEW_CHART };

/* One line or one table or chart of the document as the view draws it. */
struct view_block {
	enum view_block_kind kind;
	char *text;              /* TEXT: one line, shown through fsb_text_display */
	enum ui_role role;       /* TEXT */
	const struct fsb_table *table;   /* TABLE: the document's */
	const struct fsb_chart *chart;   /* CHART: the document's */
	bool summary;            /* the summary table: its columns choose the chart */
};

enum view_mode {
	VIEW_LIVE,               /* the run screen: summary, chart, verdict at the end */
	VIEW_FULL,               /* a result file: header, summary, chart, verdict, every table */
	VIEW_COMPARE,            /* several result files: fsb_report_compare */
};

struct ui_view {
	enum view_mode mode;
	const struct fsb_result *res;        /* shown, borrowed (LIVE, FULL) */
	struct fsb_result *const *cmp;       /* COMPARE: the results, borrowed */
	const char *const *labels;
	size_t ncmp;
	enum fsb_metric metric;
	char *baseline;          /* chosen by the user, or NULL: the result's own */
	char *chart;             /* the chart's phase chosen by the user, or NULL: the document's */
	bool raw;                /* FULL: the per-repetition tables too */
	const char *use;         /* what the disk is for, chosen with u/U while viewing
				    (model/uses.h), or NULL: what the run was told, else
				    the default */
	bool verdict;            /* LIVE: the run is over, show the verdict */
	int series;              /* what the sparklines show (key t): 0 write throughput, 1 IOPS, 2 utilisation */
	const char *run_fs, *run_phase;   /* LIVE: the cell being measured */
	bool side;               /* LIVE: the overview chart's phase table is asked of the
				    document (FSB_DOC_CHART_TABLE) and kept out of the
				    blocks, for view_side_table */
	struct fsb_history history;  /* the earlier sessions of res's plan (model/history.h),
				    owned: loaded by view_load_history, freed by view_free */
	struct fsb_doc doc;      /* what is shown (document.h) */
	struct view_block *blocks;   /* how: the document's blocks as lines, tables, charts */
	size_t nblocks;
	struct fsb_strv phases;  /* the summary's columns: the chart can show these */
	int scroll, hscroll;     /* lines and columns scrolled */
	int lines;               /* total lines at the last draw */
	int hmax;                /* horizontal scroll range at the last draw */
};

/* Rebuild the blocks after the result, the metric, the baseline or the
 * chart changed. */
void view_rebuild(struct ui_ctx *ui, struct ui_view *v);
void view_free(struct ui_view *v);
/* The earlier sessions of v->res's plan next to file (NULL: next to
 * v->res's own file), for the verdict; none when it cannot be read. */
void view_load_history(struct ui_view *v, const char *file);
/* The phase of the chart shown (the document's overview), or NULL. */
const char *view_chart_phase(const struct ui_view *v);
/* With v->side: the document's table of that phase, for beside the chart
 * (valid until the next rebuild), or NULL. */
const struct fsb_table *view_side_table(const struct ui_view *v);
/* The baselines the user can pick: the result's filesystems. */
void view_cycle_baseline(struct ui_ctx *ui, struct ui_view *v, int dir);
void view_cycle_metric(struct ui_ctx *ui, struct ui_view *v, int dir);
/* What the disk is for (v->use): the next (dir > 0) or previous use after
 * the one shown, the recommendation rebuilt for it. */
void view_cycle_use(struct ui_ctx *ui, struct ui_view *v, int dir);
void view_cycle_chart(struct ui_ctx *ui, struct ui_view *v, int dir);
/* Does the view show what a device did over time (SERIES blocks)? */
bool view_has_series(const struct ui_view *v);
/* The sparklines' kind: write throughput → IOPS → utilisation. */
void view_cycle_series(struct ui_ctx *ui, struct ui_view *v);
/* Scrolling and the switches above from the keyboard (m M b B Left Right
 * < > Up Down PgUp PgDn Home End); flags, 0 when the key is not the view's. */
int view_key(struct ui_ctx *ui, struct ui_view *v, int key, int h);
void ui_view_draw(struct ui_ctx *ui, struct ui_view *v, const struct ui_rect *r);
/* The view's keys for the help overlays of the screens that show one, and
 * their key bar labels (→ Chart, m Metric, b Baseline, t Series) while
 * the screen's ops->view says one is shown. */
extern const struct ui_key view_keys[];

#endif
